import type { ScreenRoute } from '@claims/shared-kernel/ui';
import { lazy } from 'react';

// Every screen loads on first visit; the rule editor's three rows share one component, as their <Route>s did.
const RuleListScreen = lazy(() => import('./rules/RuleList').then((m) => ({ default: m.RuleList })));
const RuleViewScreen = lazy(() => import('./rules/RuleView').then((m) => ({ default: m.RuleView })));
const RuleEditorScreen = lazy(() => import('./rule-editor/RuleEditorScreen'));
const QuestionListScreen = lazy(() => import('./questions/QuestionList'));
const QuestionCreateScreen = lazy(() => import('./questions/QuestionEditor').then((m) => ({ default: m.QuestionCreateScreen })));
const QuestionEditScreen = lazy(() => import('./questions/QuestionEditor').then((m) => ({ default: m.QuestionEditScreen })));

/**
 * The procedure protocol area's route table: its router and its declaration's segments are made from it.
 * /rules/:code is the rule editor's edit and override page; the question editor takes ?procedureId&type&org.
 */
export const ROUTES: readonly ScreenRoute[] = [
  { path: 'rules', screen: RuleListScreen },
  { path: 'rules/view/:id', screen: RuleViewScreen },
  { path: 'rules/create', screen: RuleEditorScreen },
  { path: 'rules/edit/:code', screen: RuleEditorScreen },
  { path: 'rules/:code', screen: RuleEditorScreen },
  { path: 'procedureQuestions', screen: QuestionListScreen },
  { path: 'procedureQuestions/create', screen: QuestionCreateScreen },
  { path: 'procedureQuestions/edit', screen: QuestionEditScreen },
];
