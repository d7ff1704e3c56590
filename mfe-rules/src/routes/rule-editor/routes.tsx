import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';

const RuleEditorScreen = lazy(() => import('./RuleEditorScreen'));

/** The rule editor's routes: /rules/create, /rules/edit/:code and /rules/:code (the edit and override page). */
export function ruleEditorRoutes(): ReactElement[] {
  return [
    <Route key="rules-create" path="rules/create" element={<RuleEditorScreen />} />,
    <Route key="rules-edit" path="rules/edit/:code" element={<RuleEditorScreen />} />,
    <Route key="rules-code" path="rules/:code" element={<RuleEditorScreen />} />,
  ];
}
