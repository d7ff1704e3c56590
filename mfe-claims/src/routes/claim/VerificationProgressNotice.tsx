import type { VerificationProgress } from '@claims/shared-kernel';
import { Alert, theme } from 'antd';
import type { ReactNode } from 'react';
import Steps from 'antd/es/steps';
import { STAGES, stageText } from './progress';

export const RUNNING_TITLE = 'Verification in progress';

const CURRENT: Record<VerificationProgress['stage'], number> = { queued: 0, reading: 1, verifying: 2 };

/** Where a running verification is (queued, reading documents n of m, verifying); the page updates itself when it ends. */
export function VerificationProgressNotice({ progress, action }: { progress: VerificationProgress | null; action?: ReactNode }) {
  const { token } = theme.useToken();
  const stage = stageText(progress);
  return (
    <Alert
      type="info"
      showIcon
      title={RUNNING_TITLE}
      action={action}
      description={
        <>
          {stage && <div data-testid="verification-stage">{stage}</div>}
          {progress && (
            // Stacked: the notice shares the claim page's side column with its action, where three steps side by side
            // left each title a few pixels and broke it one letter per line at 1280 and 1440 px.
            <Steps
              size="small"
              orientation="vertical"
              current={CURRENT[progress.stage]}
              style={{ marginTop: token.marginXS }}
              items={STAGES.map((title) => ({ title: <span style={{ whiteSpace: 'nowrap' }}>{title}</span> }))}
            />
          )}
        </>
      }
    />
  );
}
