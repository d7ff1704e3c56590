import { Flex, Spin } from 'antd';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { questionRoutes } from './questions/routes';
import { ruleEditorRoutes } from './rule-editor/routes';
import { RuleList } from './rules/RuleList';
import { RuleView } from './rules/RuleView';

/**
 * The procedure protocol screens, exposed as mfe_rules/Routes; paths are relative to the root. The editor and the
 * question screens answer their own <Route> elements (loaded on first visit).
 */
export default function RulesRoutes() {
  return (
    <Suspense
      fallback={
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin aria-label="Loading" />
        </Flex>
      }
    >
      <Routes>
        <Route path="rules" element={<RuleList />} />
        <Route path="rules/view/:id" element={<RuleView />} />
        {ruleEditorRoutes()}
        {questionRoutes()}
        <Route path="*" element={<Navigate to="/pageNotFound" replace />} />
      </Routes>
    </Suspense>
  );
}
