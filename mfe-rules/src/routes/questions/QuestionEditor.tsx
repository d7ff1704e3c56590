import { LoadState, ScreenLoading } from '@claims/shared-kernel/ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Result } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { procedureQuestionsQuery } from '../../api/questions';
import { useInsurer } from '../rules/useInsurer';
import { QuestionForm } from './QuestionForm';
import { EDIT_TYPES, type EditType, listPath } from './questionDraft';
import { useQuestionEditor } from './useQuestionEditor';

export const NOT_AN_EDITOR = 'Procedure questions are created and edited by the named question editors only.';
export const INCOMPLETE_LINK = 'This edit link is incomplete: it needs a procedureId and a type (onlyEditProcedure or notEditProcedure).';

const isEditType = (type: string | null): type is EditType => EDIT_TYPES.some((t) => t === type);

function BackToList({ org }: { org: string }) {
  const navigate = useNavigate();
  return <Button onClick={() => navigate(listPath(org))}>Back to Procedure Questions</Button>;
}

/** /procedureQuestions/edit?procedureId&type&org: the procedure's questions loaded from the server (GET /ppq/{procedureId}). */
function EditLoader({ org }: { org: string }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const procedureId = Number(params.get('procedureId'));
  const type = params.get('type');
  const valid = Number.isInteger(procedureId) && procedureId > 0 && isEditType(type);
  const query = useQuery({ ...procedureQuestionsQuery(procedureId, org), enabled: valid });
  if (!valid)
    return (
      <Flex vertical gap={12} align="start">
        <Alert type="error" showIcon title={INCOMPLETE_LINK} />
        <BackToList org={org} />
      </Flex>
    );
  const focusId = (location.state as { questionId?: unknown } | null)?.questionId;
  return (
    <LoadState query={query} empty={<BackToList org={org} />}>
      {(questions) => (
        <QuestionForm
          key={`${procedureId}-${type}-${org}`}
          org={org}
          mode={type}
          stored={{ procedureId, questions, focusId: typeof focusId === 'number' ? focusId : undefined }}
        />
      )}
    </LoadState>
  );
}

/**
 * /procedureQuestions/create and /procedureQuestions/edit (spec 2 §2.1, §2.11): for the named question editors
 * only (the server refuses anyone else's writes too).
 */
export default function QuestionEditor({ mode }: { mode: 'create' | 'edit' }) {
  const { insurer } = useInsurer();
  const { canEdit, checking, failure } = useQuestionEditor();
  if (failure) return <Alert type="error" showIcon title={failure.message} action={<BackToList org={insurer} />} />;
  if (checking) return <ScreenLoading />;
  if (!canEdit)
    return (
      <Result
        status="403"
        title="You are not authorized to perform this action"
        subTitle={NOT_AN_EDITOR}
        extra={<BackToList org={insurer} />}
      />
    );
  return mode === 'create' ? <QuestionForm org={insurer} mode="create" /> : <EditLoader org={insurer} />;
}

export const QuestionCreateScreen = () => <QuestionEditor mode="create" />;
export const QuestionEditScreen = () => <QuestionEditor mode="edit" />;
