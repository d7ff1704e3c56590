import type { VerificationProgress } from '@claims/shared-kernel';
import { Alert } from 'antd';
import type { ReactNode } from 'react';
import Steps from 'antd/es/steps';
import { STAGES, stageText } from './progress';

export const RUNNING_TITLE = 'Verification in progress';

const CURRENT: Record<VerificationProgress['stage'], number> = { queued: 0, reading: 1, verifying: 2 };

/** Where a running verification is (queued, reading documents n of m, verifying); the page updates itself when it ends. */
export function VerificationProgressNotice({ progress, action }: { progress: VerificationProgress | null; action?: ReactNode }) {
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
            <Steps size="small" current={CURRENT[progress.stage]} style={{ marginTop: 8 }} items={STAGES.map((title) => ({ title }))} />
          )}
        </>
      }
    />
  );
}
