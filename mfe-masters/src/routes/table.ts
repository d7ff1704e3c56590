import type { KeywordModule } from '@claims/shared-kernel';
import type { ScreenRoute } from '@claims/shared-kernel/ui';
import { lazy } from 'react';

// Every screen loads on first visit; an editor's create and edit rows share one component, as a <Route> pair did.
const HospitalListScreen = lazy(() => import('./hospitals/HospitalList').then((m) => ({ default: m.HospitalList })));
const HospitalViewScreen = lazy(() => import('./hospitals/HospitalView').then((m) => ({ default: m.HospitalView })));
const HospitalEditorScreen = lazy(() => import('./hospitals/HospitalEditor').then((m) => ({ default: m.HospitalEditor })));
const ProcedureListScreen = lazy(() => import('./procedures/procedureScreens').then((m) => ({ default: m.ProcedureListScreen })));
const ProcedureViewScreen = lazy(() => import('./procedures/procedureScreens').then((m) => ({ default: m.ProcedureViewScreen })));
const ProcedureEditorScreen = lazy(() => import('./procedures/ProcedureEditor').then((m) => ({ default: m.ProcedureEditor })));
const DocgroupListScreen = lazy(() => import('./docgroups/docgroupScreens').then((m) => ({ default: m.DocgroupListScreen })));
const DocgroupViewScreen = lazy(() => import('./docgroups/docgroupScreens').then((m) => ({ default: m.DocgroupViewScreen })));
const DocgroupEditorScreen = lazy(() => import('./docgroups/DocgroupEditor'));
const ClinicalAttributeListScreen = lazy(() =>
  import('./clinical-attributes/clinicalAttributeScreens').then((m) => ({ default: m.ClinicalAttributeListScreen })),
);
const ClinicalsListScreen = lazy(() =>
  import('./clinical-attributes/clinicalAttributeScreens').then((m) => ({ default: m.ClinicalsListScreen })),
);
const ClinicalAttributeViewScreen = lazy(() =>
  import('./clinical-attributes/clinicalAttributeScreens').then((m) => ({ default: m.ClinicalAttributeViewScreen })),
);
const ClinicalAttributeEditorScreen = lazy(() =>
  import('./clinical-attributes/ClinicalAttributeEditor').then((m) => ({ default: m.ClinicalAttributeEditor })),
);
const TestUnitListScreen = lazy(() => import('./test-units/testUnitScreens').then((m) => ({ default: m.TestUnitListScreen })));
const TestUnitViewScreen = lazy(() => import('./test-units/testUnitScreens').then((m) => ({ default: m.TestUnitViewScreen })));
const TestUnitEditorScreen = lazy(() => import('./test-units/TestUnitEditor').then((m) => ({ default: m.TestUnitEditor })));
const DecisionReasonListScreen = lazy(() =>
  import('./decision-reasons/decisionReasonScreens').then((m) => ({ default: m.DecisionReasonListScreen })),
);
const DecisionReasonViewScreen = lazy(() =>
  import('./decision-reasons/decisionReasonScreens').then((m) => ({ default: m.DecisionReasonViewScreen })),
);
const DecisionReasonEditorScreen = lazy(() =>
  import('./decision-reasons/DecisionReasonEditor').then((m) => ({ default: m.DecisionReasonEditor })),
);

/** A keyword master's list, view and editor screens (the generic ones, with its field labels). */
function keywordScreens(module: KeywordModule) {
  const screen = (role: 'list' | 'view' | 'editor') =>
    lazy(() => import('./keywords/keywordScreens').then((m) => ({ default: m.KEYWORD_ROUTE_SCREENS[module][role] })));
  return { list: screen('list'), view: screen('view'), editor: screen('editor') };
}
const procedureGroup = keywordScreens('procedureGroup');
const diagnoses = keywordScreens('diagnoses');
const tissues = keywordScreens('tissues');
const drugs = keywordScreens('drugs');
const document = keywordScreens('document');
const evidence = keywordScreens('evidence');

/**
 * The masters area's route table, one block per listed kind of MASTER_KINDS (a test checks that they agree):
 * list, view, create and edit. Its router and its declaration's segments are made from it. The hospital and
 * document segregation lists and views send anyone but a super user away (spec 2 §6); their editors let only the
 * provider's super users write.
 */
export const ROUTES: readonly ScreenRoute[] = [
  { path: 'procedures', screen: ProcedureListScreen },
  { path: 'procedures/view/:code', screen: ProcedureViewScreen },
  { path: 'procedures/create', screen: ProcedureEditorScreen },
  { path: 'procedures/edit/:code', screen: ProcedureEditorScreen },

  { path: 'procedureGroup', screen: procedureGroup.list },
  { path: 'procedureGroup/view/:code', screen: procedureGroup.view },
  { path: 'procedureGroup/create', screen: procedureGroup.editor },
  { path: 'procedureGroup/edit/:code', screen: procedureGroup.editor },

  { path: 'diagnoses', screen: diagnoses.list },
  { path: 'diagnoses/view/:code', screen: diagnoses.view },
  { path: 'diagnoses/create', screen: diagnoses.editor },
  { path: 'diagnoses/edit/:code', screen: diagnoses.editor },

  { path: 'tissues', screen: tissues.list },
  { path: 'tissues/view/:code', screen: tissues.view },
  { path: 'tissues/create', screen: tissues.editor },
  { path: 'tissues/edit/:code', screen: tissues.editor },

  { path: 'drugs', screen: drugs.list },
  { path: 'drugs/view/:code', screen: drugs.view },
  { path: 'drugs/create', screen: drugs.editor },
  { path: 'drugs/edit/:code', screen: drugs.editor },

  { path: 'document', screen: document.list },
  { path: 'document/view/:code', screen: document.view },
  { path: 'document/create', screen: document.editor },
  { path: 'document/edit/:code', screen: document.editor },

  { path: 'evidence', screen: evidence.list },
  { path: 'evidence/view/:code', screen: evidence.view },
  { path: 'evidence/create', screen: evidence.editor },
  { path: 'evidence/edit/:code', screen: evidence.editor },

  { path: 'hospitals', screen: HospitalListScreen, superUserOnly: true },
  { path: 'hospitals/view/:code', screen: HospitalViewScreen, superUserOnly: true },
  { path: 'hospitals/create', screen: HospitalEditorScreen },
  { path: 'hospitals/edit/:code', screen: HospitalEditorScreen },

  { path: 'docgroups', screen: DocgroupListScreen, superUserOnly: true },
  { path: 'docgroups/view/:code', screen: DocgroupViewScreen, superUserOnly: true },
  { path: 'docgroups/create', screen: DocgroupEditorScreen },
  { path: 'docgroups/edit/:code', screen: DocgroupEditorScreen },

  { path: 'clinicalAttribute', screen: ClinicalAttributeListScreen },
  { path: 'clinicalAttribute/view/:code', screen: ClinicalAttributeViewScreen },
  { path: 'clinicalAttribute/create', screen: ClinicalAttributeEditorScreen },
  { path: 'clinicalAttribute/edit/:code', screen: ClinicalAttributeEditorScreen },

  { path: 'clinicalUnit', screen: TestUnitListScreen },
  { path: 'clinicalUnit/view/:code', screen: TestUnitViewScreen },
  { path: 'clinicalUnit/create', screen: TestUnitEditorScreen },
  { path: 'clinicalUnit/edit/:code', screen: TestUnitEditorScreen },

  { path: 'decisionReasons', screen: DecisionReasonListScreen },
  { path: 'decisionReasons/view/:code', screen: DecisionReasonViewScreen },
  { path: 'decisionReasons/create', screen: DecisionReasonEditorScreen },
  { path: 'decisionReasons/edit/:code', screen: DecisionReasonEditorScreen },

  /** Spec 3 §2.1 lists /clinicals among the list screens beside /clinicalAttribute. */
  { path: 'clinicals', screen: ClinicalsListScreen },
];
