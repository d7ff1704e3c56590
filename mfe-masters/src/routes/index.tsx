import { Navigate, Route, Routes } from 'react-router-dom';
import { MasterList } from '../components/MasterList';
import { MasterView } from '../components/MasterView';
import { HospitalEditor } from './hospitals/HospitalEditor';
import { HospitalList } from './hospitals/HospitalList';
import { HospitalView } from './hospitals/HospitalView';
import { KeywordEditor } from './keywords/KeywordEditor';
import { KEYWORD_SCREENS } from './keywords/keywordScreens';

/** The master-data screens, exposed as mfe_masters/Routes; paths are relative to the root. */
export default function MastersRoutes() {
  return (
    <Routes>
      <Route path="hospitals" element={<HospitalList />} />
      <Route path="hospitals/view/:code" element={<HospitalView />} />
      <Route path="hospitals/create" element={<HospitalEditor />} />
      <Route path="hospitals/edit/:code" element={<HospitalEditor />} />
      {KEYWORD_SCREENS.flatMap(({ master, list, view }) => [
        <Route key={`${master.module}-list`} path={master.module} element={<MasterList key={master.module} config={list} />} />,
        <Route key={`${master.module}-view`} path={`${master.module}/view/:code`} element={<MasterView config={view} />} />,
        <Route key={`${master.module}-create`} path={`${master.module}/create`} element={<KeywordEditor master={master} />} />,
        <Route key={`${master.module}-edit`} path={`${master.module}/edit/:code`} element={<KeywordEditor master={master} />} />,
      ])}
      <Route path="*" element={<Navigate to="/pageNotFound" replace />} />
    </Routes>
  );
}
