import type { Claim, VerificationProgress } from '@claims/shared-kernel';

/** How often the page asks for the claim while its verification runs. */
export const POLL_INTERVAL_MS = 2000;

/** A verification is queued or running: the page follows it until the result arrives. */
export const verificationRunning = (claim: Claim | undefined): boolean =>
  !!claim && (!!claim.progress || claim.rerunStatus === 'INPROGRESS');

export const STAGES = ['Queued', 'Reading documents', 'Verifying'] as const;

/** The stage a running verification is at, in words ('Reading documents 2 of 5'); null before the api says. */
export function stageText(progress: VerificationProgress | null): string | null {
  if (!progress) return null;
  switch (progress.stage) {
    case 'queued':
      return 'Queued for verification';
    case 'reading':
      return `Reading documents ${progress.documentsRead} of ${progress.documentsTotal}`;
    case 'verifying':
      return 'Verifying against the rules';
  }
}
