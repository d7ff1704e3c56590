import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';

const QuestionList = lazy(() => import('./QuestionList'));
const QuestionEditor = lazy(() => import('./QuestionEditor'));

/**
 * The procedure protocol question routes (spec 2 §2.1): the list, and the editor for create and for edit
 * (?procedureId&type&org). Loaded on first visit.
 */
export function questionRoutes(): ReactElement[] {
  return [
    <Route key="questions" path="procedureQuestions" element={<QuestionList />} />,
    <Route key="questions-create" path="procedureQuestions/create" element={<QuestionEditor mode="create" />} />,
    <Route key="questions-edit" path="procedureQuestions/edit" element={<QuestionEditor mode="edit" />} />,
  ];
}
