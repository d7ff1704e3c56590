import { isDemoOrg, isProviderOrg, LIMITS, useSession } from '@claims/shared-kernel';
import type { Claim, ClaimQuestions, ProcedureQuestion } from '@claims/shared-kernel';
import { LoadState } from '@claims/shared-kernel/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Form, Tag, Typography, theme } from 'antd';
import Descriptions from 'antd/es/descriptions';
import { useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { claimKeys, claimQuery } from '../../api/claims';
import { answerClaimQuestions, claimQuestionsQuery } from '../../api/questions';
import { AnswerControl } from './AnswerControl';

export const NO_QUESTIONS = 'This claim has no questions to answer.';
export const READ_ONLY_NOTE = "Answering is for super users and the provider's organisation; the answers are shown as given.";

type Answers = Record<string, string[]>;

/** Answering re-runs the verification: the same right as Run Verification (the api's requireRerunRight). */
const mayAnswer = (organization: string | null, role: string | null): boolean =>
  isProviderOrg(organization) || isDemoOrg(organization) || role === 'super_user';

/** The questions by procedure, in the order the server gives them. */
function byProcedure(questions: ProcedureQuestion[]) {
  const groups = new Map<string, { title: string; questions: ProcedureQuestion[] }>();
  for (const question of questions) {
    const { procedure_code: code, procedure_name: name } = question.procedure;
    const group = groups.get(code) ?? { title: `${code} - ${name}`, questions: [] };
    group.questions.push(question);
    groups.set(code, group);
  }
  return [...groups.values()];
}

/** The answers kept for the questions asked, without the ones left empty. */
const answered = (answers: Answers, questions: ProcedureQuestion[]): Answers =>
  Object.fromEntries(questions.map((q) => [String(q.id), answers[String(q.id)] ?? []] as const).filter(([, values]) => values.length > 0));

function ClaimHeading({ claim }: { claim: Claim }) {
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: 'case', label: 'Case No.', children: claim.referenceClaimId },
        {
          key: 'procedures',
          label: 'Procedures',
          children: (
            <Flex wrap gap={4}>
              {claim.procedureCodes.map((code, index) => (
                <Tag key={code}>{claim.procedureName[index] ? `${code} - ${claim.procedureName[index]}` : code}</Tag>
              ))}
            </Flex>
          ),
        },
      ]}
    />
  );
}

function QuestionsForm({ claimId, org, data, claimPage }: { claimId: number; org?: string; data: ClaimQuestions; claimPage: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canAnswer = useSession((s) => mayAnswer(s.organization, s.role));
  const [answers, setAnswers] = useState<Answers>(() => answered(data.answers, data.questions));
  const submission = useMutation({
    mutationFn: () => answerClaimQuestions(claimId, { answers: answered(answers, data.questions) }, org),
    onSuccess: () => {
      // The claim is queued again: its page and the lists show the new state.
      void queryClient.invalidateQueries({ queryKey: claimKeys.all });
      void navigate(claimPage);
    },
  });
  const busy = submission.isPending;

  return (
    <Form layout="vertical" onFinish={() => submission.mutate()}>
      <Flex vertical gap="middle">
        {!canAnswer && <Alert type="info" showIcon title={READ_ONLY_NOTE} />}
        {byProcedure(data.questions).map((group) => (
          <Card key={group.title} size="small" title={group.title}>
            {group.questions.map((question) => (
              <Form.Item
                key={question.id}
                label={question.question}
                extra={question.questionType === 'multi' ? `Up to ${LIMITS.multiSelectMax} selections` : undefined}
              >
                <AnswerControl
                  question={question}
                  value={answers[String(question.id)] ?? []}
                  onChange={(value) => setAnswers((all) => ({ ...all, [String(question.id)]: value }))}
                  disabled={!canAnswer || busy}
                />
              </Form.Item>
            ))}
          </Card>
        ))}
        {submission.error && (
          <Alert
            type="error"
            showIcon
            title="The answers could not be saved"
            description={submission.error.message}
            closable={{ onClose: () => submission.reset() }}
          />
        )}
        <Flex gap={8}>
          <Button onClick={() => navigate(claimPage)}>Back</Button>
          {canAnswer && (
            <Button type="primary" htmlType="submit" loading={busy}>
              Submit
            </Button>
          )}
        </Flex>
      </Flex>
    </Form>
  );
}

/**
 * /questions/{claimId}: the procedure protocol questions the claim's procedures ask (its organisation's),
 * answered and sent; the server keeps the answers as facts and verifies the claim again, on its page.
 */
export function QuestionsScreen() {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const claimId = Number(useParams().claimId);
  const org = useSearchParams()[0].get('org') ?? undefined;
  const valid = Number.isInteger(claimId) && claimId > 0;
  const claim = useQuery({ ...claimQuery(claimId, org), enabled: valid });
  const questions = useQuery({ ...claimQuestionsQuery(claimId, org), enabled: valid });
  if (!valid) return <Navigate to="/pageNotFound" replace />;
  const claimPage = `/claims/${claimId}${org ? `?${new URLSearchParams({ org })}` : ''}`;

  return (
    <Flex vertical gap="middle" style={{ padding: token.padding, maxWidth: 1000 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        Procedure Protocol Questions
      </Typography.Title>
      <LoadState query={claim}>{(data) => <ClaimHeading claim={data} />}</LoadState>
      <LoadState query={questions} isEmpty={() => false}>
        {(data) =>
          data.questions.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_QUESTIONS}>
              <Button type="primary" onClick={() => navigate(claimPage)}>
                Go to the claim page
              </Button>
            </Empty>
          ) : (
            <QuestionsForm claimId={claimId} org={org} data={data} claimPage={claimPage} />
          )
        }
      </LoadState>
    </Flex>
  );
}
