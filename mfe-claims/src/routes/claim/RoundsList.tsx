import { formatInZone } from '@claims/shared-kernel';
import type { DocumentRound } from '@claims/shared-kernel';
import { Card, Flex, Typography } from 'antd';
import { VERIFIED_FORMAT } from './verifiedText';

export const WAITING_FOR_DOCUMENTS = 'Waiting for the documents';
export const VERIFYING_AGAIN = 'Being verified again';

const at = (instant: string | null) => formatInZone(instant, VERIFIED_FORMAT);

/** What one round says, line by line: requested (by whom, when, what), answered (which files), verified again (before → after). */
export function roundLines(round: DocumentRound): { key: string; text: string; detail?: string }[] {
  const lines: { key: string; text: string; detail?: string }[] = [];
  if (round.requestedAt) {
    lines.push({
      key: 'requested',
      text: `Requested by ${round.requestedBy} on ${at(round.requestedAt)}: ${round.documents.join(', ')}`,
      ...(round.note ? { detail: round.note } : {}),
    });
  }
  if (!round.answeredAt) return [...lines, { key: 'waiting', text: WAITING_FOR_DOCUMENTS }];
  lines.push({
    key: 'answered',
    text: `Documents added by ${round.answeredBy} on ${at(round.answeredAt)}: ${round.files.map((file) => file.fileName).join(', ')}`,
  });
  const before = round.verdictBefore ?? 'not verified';
  lines.push({
    key: 'verified',
    text: round.verdictAfter ? `Verified again on ${at(round.verifiedAt)}: ${before} → ${round.verdictAfter}` : VERIFYING_AGAIN,
  });
  return lines;
}

/** The claim's document rounds, oldest first. */
export function RoundsList({ rounds }: { rounds: DocumentRound[] }) {
  return (
    <Flex vertical gap={8} role="list" aria-label="Rounds">
      {rounds.map((round, index) => (
        <Card key={round.id} size="small" role="listitem" title={`Round ${index + 1}`}>
          <Flex vertical gap={4}>
            {roundLines(round).map((line) => (
              <Flex key={line.key} vertical data-line={line.key}>
                <Typography.Text>{line.text}</Typography.Text>
                {line.detail && <Typography.Text type="secondary">{line.detail}</Typography.Text>}
              </Flex>
            ))}
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
