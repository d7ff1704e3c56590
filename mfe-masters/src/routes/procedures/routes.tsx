import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { MasterList } from '../../components/MasterList';
import { MasterView } from '../../components/MasterView';
import { ProcedureEditor } from './ProcedureEditor';
import { PROCEDURES, procedureList, procedureView } from './procedureScreens';

const path = PROCEDURES.module;

/** The procedures master's routes (spec 2 §2.1, §2.4): list, view, create and edit. */
export function procedureRoutes(): ReactElement[] {
  return [
    <Route key={`${path}-list`} path={path} element={<MasterList key={path} config={procedureList} />} />,
    <Route key={`${path}-view`} path={`${path}/view/:code`} element={<MasterView config={procedureView} />} />,
    <Route key={`${path}-create`} path={`${path}/create`} element={<ProcedureEditor />} />,
    <Route key={`${path}-edit`} path={`${path}/edit/:code`} element={<ProcedureEditor />} />,
  ];
}
