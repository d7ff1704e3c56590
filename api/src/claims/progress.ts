/** Where a claim's verification stands while it is queued or running (the claim page shows it until the result arrives). */
import { and, eq, inArray } from 'drizzle-orm';
import type { VerificationProgress } from '@claims/shared-kernel/contract';
import type { DbOrTx } from '../db';
import { jobs } from '../db/schema';
import { VERIFY_JOB } from '../jobs/enqueue';
import type { DocumentMeta } from './mapping';

/**
 * queued: a verify job waits for a worker; reading: a worker runs it and a document is still unread;
 * verifying: every document is read and the rules are applied. Null when no job of the claim is queued or running.
 */
export async function verificationProgress(
  db: DbOrTx,
  claimId: number,
  documents: Pick<DocumentMeta, 'readAt'>[],
): Promise<VerificationProgress | null> {
  const active = await db
    .select({ status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.kind, VERIFY_JOB), eq(jobs.claimId, claimId), inArray(jobs.status, ['queued', 'running'])));
  if (active.length === 0) return null;
  const documentsTotal = documents.length;
  const documentsRead = documents.filter((d) => d.readAt).length;
  const running = active.some((job) => job.status === 'running');
  return { stage: !running ? 'queued' : documentsRead < documentsTotal ? 'reading' : 'verifying', documentsRead, documentsTotal };
}
