import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { MasterList } from '../../components/MasterList';
import { MasterView } from '../../components/MasterView';
import { TestUnitEditor } from './TestUnitEditor';
import { TEST_UNITS, testUnitList, testUnitView } from './testUnitScreens';

const path = TEST_UNITS.module;

/** The test units' routes, path clinicalUnit (spec 3 §2.1, §2.6): list, view, create and edit. */
export function testUnitRoutes(): ReactElement[] {
  return [
    <Route key={`${path}-list`} path={path} element={<MasterList key={path} config={testUnitList} />} />,
    <Route key={`${path}-view`} path={`${path}/view/:code`} element={<MasterView config={testUnitView} />} />,
    <Route key={`${path}-create`} path={`${path}/create`} element={<TestUnitEditor />} />,
    <Route key={`${path}-edit`} path={`${path}/edit/:code`} element={<TestUnitEditor />} />,
  ];
}
