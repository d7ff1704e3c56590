/** The reviewers' current decisions on a claim's procedures, as a letter states them: the newest record of each procedure. */
import { desc, eq } from 'drizzle-orm';
import { DECISION_LABELS } from '@claims/shared-kernel/contract';
import type { DbOrTx } from '../db';
import { claimDecisions } from '../db/schema';
import type { LetterDecision } from './content';

export async function currentDecisions(db: DbOrTx, claimId: number): Promise<Record<string, LetterDecision>> {
  const rows = await db.select().from(claimDecisions).where(eq(claimDecisions.claimId, claimId)).orderBy(desc(claimDecisions.id));
  const current: Record<string, LetterDecision> = {};
  for (const row of rows) {
    if (current[row.procedureCode]) continue;
    current[row.procedureCode] = {
      decision: DECISION_LABELS[row.decision],
      reason: row.reasonDescription,
      note: row.note,
      decidedBy: row.decidedBy,
      decidedAt: row.decidedAt,
    };
  }
  return current;
}
