import { RequireSuperUser } from '@claims/shared-kernel';
import { Flex, Spin } from 'antd';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { MasterList } from '../components/MasterList';
import { MasterView } from '../components/MasterView';
import { clinicalAttributeRoutes } from './clinical-attributes/routes';
import { docgroupRoutes } from './docgroups/routes';
import { HospitalEditor } from './hospitals/HospitalEditor';
import { HospitalList } from './hospitals/HospitalList';
import { HospitalView } from './hospitals/HospitalView';
import { KeywordEditor } from './keywords/KeywordEditor';
import { KEYWORD_SCREENS } from './keywords/keywordScreens';
import { procedureRoutes } from './procedures/routes';
import { testUnitRoutes } from './test-units/routes';

/**
 * The master-data screens, exposed as mfe_masters/Routes; paths are relative to the root. Each master's folder
 * answers its <Route> elements (its heavier screens load on first visit).
 */
export default function MastersRoutes() {
  return (
    <Suspense
      fallback={
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin aria-label="Loading" />
        </Flex>
      }
    >
      <Routes>
        {/* The hospital screens send anyone but a super user to the claims page (spec 2 §6); the editor only the provider's. */}
        <Route
          path="hospitals"
          element={
            <RequireSuperUser>
              <HospitalList />
            </RequireSuperUser>
          }
        />
        <Route
          path="hospitals/view/:code"
          element={
            <RequireSuperUser>
              <HospitalView />
            </RequireSuperUser>
          }
        />
        <Route path="hospitals/create" element={<HospitalEditor />} />
        <Route path="hospitals/edit/:code" element={<HospitalEditor />} />
        {KEYWORD_SCREENS.flatMap(({ master, list, view }) => [
          <Route key={`${master.module}-list`} path={master.module} element={<MasterList key={master.module} config={list} />} />,
          <Route key={`${master.module}-view`} path={`${master.module}/view/:code`} element={<MasterView config={view} />} />,
          <Route key={`${master.module}-create`} path={`${master.module}/create`} element={<KeywordEditor master={master} />} />,
          <Route key={`${master.module}-edit`} path={`${master.module}/edit/:code`} element={<KeywordEditor master={master} />} />,
        ])}
        {procedureRoutes()}
        {docgroupRoutes()}
        {clinicalAttributeRoutes()}
        {testUnitRoutes()}
        <Route path="*" element={<Navigate to="/pageNotFound" replace />} />
      </Routes>
    </Suspense>
  );
}
