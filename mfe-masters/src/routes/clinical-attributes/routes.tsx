import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { MasterList } from '../../components/MasterList';
import { MasterView } from '../../components/MasterView';
import { CLINICAL_ATTRIBUTES, clinicalAttributeList, clinicalAttributeView } from './clinicalAttributeScreens';

/** The editor with its wizards and drag and drop loads on first visit. */
const ClinicalAttributeEditor = lazy(() => import('./ClinicalAttributeEditor').then((m) => ({ default: m.ClinicalAttributeEditor })));

const path = CLINICAL_ATTRIBUTES.module;

/** Spec 3 §2.1 lists /clinicals among the list screens beside /clinicalAttribute: both show the clinical attributes. */
const CLINICALS_PATH = 'clinicals';

/** The clinical attributes' routes (spec 3 §2.1, §2.3): list (at both of its paths), view, create and edit. */
export function clinicalAttributeRoutes(): ReactElement[] {
  return [
    <Route key={`${path}-list`} path={path} element={<MasterList key={path} config={clinicalAttributeList} />} />,
    <Route key={CLINICALS_PATH} path={CLINICALS_PATH} element={<MasterList key={CLINICALS_PATH} config={clinicalAttributeList} />} />,
    <Route key={`${path}-view`} path={`${path}/view/:code`} element={<MasterView config={clinicalAttributeView} />} />,
    <Route key={`${path}-create`} path={`${path}/create`} element={<ClinicalAttributeEditor />} />,
    <Route key={`${path}-edit`} path={`${path}/edit/:code`} element={<ClinicalAttributeEditor />} />,
  ];
}
