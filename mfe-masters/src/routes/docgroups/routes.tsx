import { RequireSuperUser } from '@claims/shared-kernel';
import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { MasterList } from '../../components/MasterList';
import { MasterView } from '../../components/MasterView';
import { DOCGROUPS_PATH, docgroupList, docgroupView } from './docgroupScreens';

/** The editor with its configuration dialog loads on first visit. */
const DocgroupEditor = lazy(() => import('./DocgroupEditor'));

/**
 * This master's <Route> elements (keyed), placed by the remote's routes component. Every document segregation
 * screen sends anyone but a super user to the claims page (spec 2 §6); the api refuses their writes as well.
 */
export function docgroupRoutes(): ReactElement[] {
  const guarded = (element: ReactElement) => <RequireSuperUser>{element}</RequireSuperUser>;
  return [
    <Route key="docgroups-list" path={DOCGROUPS_PATH} element={guarded(<MasterList config={docgroupList} />)} />,
    <Route key="docgroups-view" path={`${DOCGROUPS_PATH}/view/:code`} element={guarded(<MasterView config={docgroupView} />)} />,
    <Route key="docgroups-create" path={`${DOCGROUPS_PATH}/create`} element={<DocgroupEditor />} />,
    <Route key="docgroups-edit" path={`${DOCGROUPS_PATH}/edit/:code`} element={<DocgroupEditor />} />,
  ];
}
