import { formatInZone, isProviderOrg, useSession } from '@claims/shared-kernel';
import type { Claim, ClaimReview } from '@claims/shared-kernel';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Select, Typography } from 'antd';
import Descriptions from 'antd/es/descriptions';
import { useState } from 'react';
import { claimKeys } from '../../api/claims';
import { assignClaims, reviewQueueQuery } from '../../api/review';
import { DueTime } from '../my-queue/MyQueueScreen';

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** '2 days 3 hours', '5 hours 20 minutes', 'under a minute': a closed review's turnaround, to the minute under a day. */
export function turnaroundText(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = [days ? plural(days, 'day') : '', hours ? plural(hours, 'hour') : '', !days && minutes ? plural(minutes, 'minute') : ''];
  return parts.filter(Boolean).join(' ') || 'under a minute';
}

/**
 * The claim's review on the claim page (docs/review-work.md): who holds it, when it is due (Overdue once past, Paused
 * while the claim waits for documents or answers), and once closed when and its turnaround. A provider super user
 * reassigns an open review to a reviewer of the organisation that reviews it (POST /review/assign, as My Queue does).
 * Nothing shows before the review starts unless someone already holds the claim.
 */
export function ReviewPanel({ claim }: { claim: Claim }) {
  const review = claim.review;
  const supervisor = useSession((s) => isProviderOrg(s.organization) && s.role === 'super_user');
  if (!review || (!review.dueAt && !review.assignedTo)) return null;
  const open = review.closedAt === null;
  return (
    <Flex vertical gap={8} aria-label="Review" role="region">
      <Typography.Text strong>Review</Typography.Text>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'holder', label: 'Assigned to', children: review.assignedTo ?? 'Nobody' },
          { key: 'due', label: 'Due', children: <DueTime dueAt={review.dueAt} overdue={review.overdue} paused={review.paused} /> },
          ...(review.closedAt
            ? [
                { key: 'closed', label: 'Closed', children: formatInZone(review.closedAt, 'DD-MM-YYYY HH:mm') },
                ...(review.turnaroundSeconds === null
                  ? []
                  : [{ key: 'turnaround', label: 'Turnaround', children: turnaroundText(review.turnaroundSeconds) }]),
              ]
            : []),
        ]}
      />
      {supervisor && open && <Reassign claimId={claim.id} review={review} />}
    </Flex>
  );
}

/** A provider super user gives the claim to another reviewer of its reviewing organisation (the server checks it too). */
function Reassign({ claimId, review }: { claimId: number; review: ClaimReview }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // The super user's queue lists every reviewer with their load, as My Queue's reassignment offers them.
  const queue = useQuery(reviewQueueQuery(null));
  const [reviewer, setReviewer] = useState<string | undefined>(undefined);
  const assign = useMutation({
    mutationFn: (to: string) => assignClaims({ claimIds: [claimId], reviewer: to }),
    onSuccess: (_answer, to) => {
      void message.success(`Claim assigned to ${to}`);
      setReviewer(undefined);
      void queryClient.invalidateQueries({ queryKey: claimKeys.all });
    },
  });
  const reviewers = (queue.data?.reviewers ?? []).filter((r) => r.organization === review.reviewingOrg && r.username !== review.assignedTo);
  return (
    <Flex gap="small" align="center" wrap>
      <Select
        aria-label="Reassign to"
        placeholder="Reassign to"
        style={{ minWidth: 240 }}
        loading={queue.isPending}
        value={reviewer}
        onChange={setReviewer}
        options={reviewers.map((r) => ({ value: r.username, label: `${r.username} (${r.open} open, ${r.overdue} overdue)` }))}
        notFoundContent={queue.isPending ? undefined : `No other reviewer of ${review.reviewingOrg}`}
        showSearch
      />
      <Button type="primary" disabled={!reviewer} loading={assign.isPending} onClick={() => reviewer && assign.mutate(reviewer)}>
        Reassign
      </Button>
      {queue.error && <Alert type="error" showIcon title={queue.error.message} />}
      {assign.error && <Alert type="error" showIcon title={assign.error.message} />}
    </Flex>
  );
}
