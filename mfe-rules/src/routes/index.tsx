import { Navigate, Route, Routes } from 'react-router-dom';
import { RuleList } from './rules/RuleList';
import { RuleView } from './rules/RuleView';

/** The procedure protocol screens, exposed as mfe_rules/Routes; paths are relative to the root. */
export default function RulesRoutes() {
  return (
    <Routes>
      <Route path="rules" element={<RuleList />} />
      <Route path="rules/view/:id" element={<RuleView />} />
      <Route path="*" element={<Navigate to="/pageNotFound" replace />} />
    </Routes>
  );
}
