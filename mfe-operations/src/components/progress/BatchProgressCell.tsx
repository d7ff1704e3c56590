import type { BatchProgress, BatchRow } from '@claims/shared-kernel';
import { Flex, Typography, theme } from 'antd';
import Progress from 'antd/es/progress';
import { doneCount, isProcessing, rateText, timeLeftText } from './batchProgress';

/**
 * A batch's progress in the grid: the share of its claims with an outcome, and while it is processing the
 * recent rate and the time left at that rate.
 */
export function BatchProgressCell({ batch, progress }: { batch: BatchRow; progress: BatchProgress | undefined }) {
  const { token } = theme.useToken();
  const total = batch.total_claims_count;
  const done = doneCount(batch.processing);
  const percent = total ? Math.floor((done / total) * 100) : 0;
  const live = isProcessing(batch) && progress;
  return (
    <Flex vertical style={{ minWidth: 180 }} aria-label={`Progress of ${batch.batchName}`} role="group">
      <Progress percent={percent} size="small" status={live ? 'active' : undefined} />
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {`${done} of ${total} verified`}
        {live ? ` · ${timeLeftText(progress.etaSeconds)}` : ''}
        {live && progress.ratePerMinute ? ` · ${rateText(progress.ratePerMinute)}` : ''}
      </Typography.Text>
    </Flex>
  );
}
