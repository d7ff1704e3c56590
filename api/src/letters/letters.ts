/**
 * A claim's decision letters (issue 24 §4): made from its stored verdict, their bytes kept in the document store
 * beside the claim's documents and their record (who, when, the verdict then) in decision_letters, so that each
 * downloads again exactly as it was made. Access is the claim's own (loadVisibleClaim).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { DecisionLetter } from '@claims/shared-kernel/contract';
import type { AuthContext } from '../auth/tokens';
import type { Db, DbOrTx } from '../db';
import { decisionLetters, hospitals, organizations } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { loadVisibleClaim } from '../claims/access';
import type { ClaimRow } from '../claims/mapping';
import { type DocumentStore, newDocumentKey } from '../storage/store';
import { letterContent, type LetterDecision } from './content';
import { renderLetter } from './render';
import { currentDecisions } from './decisions';

type LetterRow = typeof decisionLetters.$inferSelect;

const toLetter = (row: LetterRow): DecisionLetter => ({
  id: row.id,
  claimId: row.claimId,
  fileName: row.fileName,
  size: row.size,
  adjudicationResult: row.adjudicationResult,
  createdBy: row.createdBy,
  createdOn: row.createdAt.toISOString(),
});

/** A file name people can keep: the case number's safe characters and the letter's instant in the display zone's digits. */
const fileNameOf = (claim: ClaimRow, madeAt: Date): string => {
  const caseNo = claim.referenceClaimId.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60) || String(claim.id);
  return `decision-letter-${caseNo}-${madeAt.toISOString().replace(/[-:]/g, '').slice(0, 15)}.pdf`;
};

async function namesOf(db: DbOrTx, claim: ClaimRow): Promise<{ insurer: string; hospital: string | null }> {
  const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.code, claim.org));
  const [hospital] = claim.hospitalCode
    ? await db.select({ name: hospitals.name }).from(hospitals).where(eq(hospitals.hospitalCode, claim.hospitalCode))
    : [];
  return {
    insurer: org?.name ?? claim.org,
    hospital: claim.hospitalCode ? `${claim.hospitalCode}${hospital?.name ? ` ${hospital.name}` : ''}` : null,
  };
}

/** POST /claims/{id}/letters: a letter of the claim's verdict as it stands, stored and recorded; 409 before any verdict. */
export async function makeLetter(
  db: Db,
  store: DocumentStore,
  auth: AuthContext,
  claimId: number,
  requestedOrg: string | undefined,
  zone: string,
  madeAt: Date,
): Promise<DecisionLetter> {
  const claim = await loadVisibleClaim(db, auth, claimId, requestedOrg);
  if (!claim.adjudicationResult) throw conflict(`Claim ${claimId} has no verdict yet: a letter is made once it is verified`);
  const [names, decisions] = await Promise.all([namesOf(db, claim), currentDecisions(db, claim.id)]);
  const content = letterContent(
    {
      claim,
      ...names,
      decisions: decisions satisfies Record<string, LetterDecision>,
      madeBy: auth.username,
      madeAt,
      zone,
    },
    claim.org,
  );
  const bytes = await renderLetter(content);
  const key = newDocumentKey();
  await store.put(key, bytes);
  try {
    const [row] = await db
      .insert(decisionLetters)
      .values({
        claimId: claim.id,
        fileName: fileNameOf(claim, madeAt),
        size: bytes.byteLength,
        storageKey: key,
        adjudicationResult: claim.adjudicationResult,
        createdBy: auth.username,
        createdAt: madeAt,
      })
      .returning();
    return toLetter(row);
  } catch (error) {
    // The record was not written: the file must not stay in the store without it.
    await store.delete(key);
    throw error;
  }
}

/** GET /claims/{id}/letters: the claim's letters, newest first. */
export async function listLetters(db: DbOrTx, auth: AuthContext, claimId: number, requestedOrg?: string): Promise<DecisionLetter[]> {
  const claim = await loadVisibleClaim(db, auth, claimId, requestedOrg);
  const rows = await db
    .select()
    .from(decisionLetters)
    .where(eq(decisionLetters.claimId, claim.id))
    .orderBy(desc(decisionLetters.createdAt), desc(decisionLetters.id));
  return rows.map(toLetter);
}

/** GET /claims/{id}/letters/{letterId}: where a letter of a claim the caller may see is stored, or 404. */
export async function letterFile(db: DbOrTx, auth: AuthContext, claimId: number, letterId: number, requestedOrg?: string) {
  const claim = await loadVisibleClaim(db, auth, claimId, requestedOrg);
  const [row] = await db
    .select()
    .from(decisionLetters)
    .where(and(eq(decisionLetters.id, letterId), eq(decisionLetters.claimId, claim.id)));
  if (!row) throw notFound(`Letter ${letterId} not found for claim ${claimId}`);
  return { fileName: row.fileName, storageKey: row.storageKey };
}
