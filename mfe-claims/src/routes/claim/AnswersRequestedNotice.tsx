import type { Claim } from '@claims/shared-kernel';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { claimQuestionsQuery } from '../../api/questions';
import { ANSWERS_REQUESTED } from '../claims/claimFilter';

export const ANSWERS_REQUESTED_HINT =
  'The claim is verified from its documents without waiting; answering its procedure questions verifies it again with the answers.';
export const ANSWER_QUESTIONS = 'Answer questions';

/**
 * 'Answers requested' on the claim page (issue 24 §3): the claim was verified without the answers to its procedure
 * questions; the questions waiting are listed, and those who may answer (the right of a re-run) are led to them.
 */
export function AnswersRequestedNotice({ claim, org, mayAnswer }: { claim: Claim; org: string | undefined; mayAnswer: boolean }) {
  // The questions are a help to the notice: while they load, or if they cannot be had, the notice stands without them.
  const { data } = useQuery(claimQuestionsQuery(claim.id, org));
  const waiting = (data?.questions ?? []).filter((question) => !data?.answers[String(question.id)]?.length);
  return (
    <Alert
      type="info"
      showIcon
      title={ANSWERS_REQUESTED}
      description={
        <Flex vertical gap={4}>
          <Typography.Text>{ANSWERS_REQUESTED_HINT}</Typography.Text>
          {waiting.length > 0 && (
            <ul aria-label="Questions waiting for answers" style={{ margin: 0 }}>
              {waiting.map((question) => (
                <li key={question.id}>{question.question}</li>
              ))}
            </ul>
          )}
        </Flex>
      }
      action={
        mayAnswer && (
          <Link to={`/questions/${claim.id}?${new URLSearchParams({ org: org ?? claim.organization })}`}>{ANSWER_QUESTIONS}</Link>
        )
      }
    />
  );
}
