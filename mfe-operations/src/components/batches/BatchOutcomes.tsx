import type { BatchOutcome, BatchRow } from '@claims/shared-kernel';
import { Button, Flex, Typography, theme } from 'antd';

export interface OutcomeInfo {
  key: BatchOutcome;
  label: string;
  count: (processing: BatchRow['processing']) => number;
}

/** The counts an expanded batch row shows, each with the adjType that loads its claims (spec 3 §2.7). */
export const BATCH_OUTCOME_INFO: readonly OutcomeInfo[] = [
  { key: 'accepted', label: 'Accepted', count: (p) => p.accepted },
  { key: 'rejected', label: 'Rejected', count: (p) => p.rejected },
  { key: 'query', label: 'Query', count: (p) => p.query },
  { key: 'inProgress', label: 'In Progress/To be Verified', count: (p) => p.inProgress + p.toBeVerified },
  { key: 'failed', label: 'Failed', count: (p) => p.verificationFailed },
];

/** The expanded part of a batch row: one clickable count per outcome. */
export function BatchOutcomeCounts({ batch, onOpen }: { batch: BatchRow; onOpen: (outcome: OutcomeInfo) => void }) {
  const { token } = theme.useToken();
  const processing = batch.processing ?? { accepted: 0, rejected: 0, query: 0, toBeVerified: 0, inProgress: 0, verificationFailed: 0 };
  return (
    <Flex gap={24} wrap style={{ paddingInline: token.padding }} role="group" aria-label={`Outcomes of ${batch.batchName}`}>
      {BATCH_OUTCOME_INFO.map((outcome) => (
        <Flex key={outcome.key} vertical align="center">
          <Typography.Text type="secondary">{outcome.label}</Typography.Text>
          <Button
            type="link"
            aria-label={`${outcome.label} claims of ${batch.batchName}`}
            onClick={() => onOpen(outcome)}
            style={{ fontSize: token.fontSizeLG, fontWeight: token.fontWeightStrong }}
          >
            {outcome.count(processing)}
          </Button>
        </Flex>
      ))}
    </Flex>
  );
}
