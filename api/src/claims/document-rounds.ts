/**
 * Document rounds (issue 24 §1-§2): a reviewer of the provider asks for the documents a QUERY claim lacks, the
 * claim's organisation adds documents to the same claim, and the claim is verified again at once with all of
 * them. Each round keeps who asked for what (and a note), who added which files, and the verdict before the
 * documents were added and after the verification they started (recordRoundVerdicts, called where the
 * verification stores its verdict). While a request is open the claim's review clock is paused.
 */
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdjudicationResult } from '@claims/shared-kernel/constants';
import { type DocumentRequestBody, type DocumentRound, type DocumentRounds, missingDocumentsOf } from '@claims/shared-kernel/contract';
import type { AuthContext } from '../auth/tokens';
import type { Db, DbOrTx } from '../db';
import { claimDocuments, claims, documentRounds } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { iso } from '../http/time';
import { enqueueVerification, INTERACTIVE_PRIORITY } from '../jobs/enqueue';
import { auditClaims } from '../audit/operations';
import { pauseClock, resumeClock } from '../review/clock';
import type { DocumentStore } from '../storage/store';
import type { ClaimRow } from './mapping';
import { type ClaimHolding, type MultipartForm, recordClaimDocuments, withStoredDocuments } from './upload';
import { lockIdleClaim } from './verification';

type RoundRow = typeof documentRounds.$inferSelect;

/**
 * The claim has a document request not answered yet ('Documents requested' in the lists, and their filter). The
 * names are written out qualified: drizzle writes a selected field's columns without their table, and an unqualified
 * "id" inside the subquery would be the round's own.
 */
export const documentsRequestedSql = sql<boolean>`exists (
  select 1 from document_rounds open_round where open_round.claim_id = "claims"."id" and open_round.answered_at is null)`;

const toRound = (row: RoundRow): DocumentRound => ({
  id: row.id,
  requestedBy: row.requestedBy,
  requestedAt: iso(row.requestedAt),
  documents: row.documents,
  note: row.note,
  answeredBy: row.answeredBy,
  answeredAt: iso(row.answeredAt),
  files: row.files,
  verdictBefore: row.verdictBefore,
  verdictAfter: row.verdictAfter,
  verifiedAt: iso(row.verifiedAt),
});

/** The claim's rounds, oldest first (the claim page reads them with the claim). */
export async function roundsOf(db: DbOrTx, claimId: number): Promise<DocumentRound[]> {
  const rows = await db.select().from(documentRounds).where(eq(documentRounds.claimId, claimId)).orderBy(asc(documentRounds.id));
  return rows.map(toRound);
}

/** Whether the user added documents to the claim (an insurer's user then sees it while it is verified again). */
export async function addedDocumentsBy(db: DbOrTx, claimId: number, username: string): Promise<boolean> {
  const [added] = await db
    .select({ id: documentRounds.id })
    .from(documentRounds)
    .where(and(eq(documentRounds.claimId, claimId), eq(documentRounds.answeredBy, username)))
    .limit(1);
  return !!added;
}

/** GET /claims/{id}/documentRequests: the claim's rounds, oldest first, and what its verdict found missing. */
export async function listDocumentRounds(db: DbOrTx, row: ClaimRow): Promise<DocumentRounds> {
  return { missingDocuments: missingDocumentsOf(row.adjudicationDetails), rounds: await roundsOf(db, row.id) };
}

const openRoundOf = async (tx: DbOrTx, claimId: number): Promise<RoundRow | undefined> =>
  (
    await tx
      .select()
      .from(documentRounds)
      .where(and(eq(documentRounds.claimId, claimId), isNull(documentRounds.answeredAt)))
  )[0];

/**
 * POST /claims/{id}/documentRequests: a request on a QUERY claim (409 on any other verdict, and while another
 * request of the claim is open); the claim's review clock pauses at `now` until documents are added.
 */
export async function requestDocuments(
  db: Db,
  auth: AuthContext,
  row: ClaimRow,
  body: z.output<typeof DocumentRequestBody>,
  now: Date,
): Promise<DocumentRound> {
  return db.transaction(async (tx) => {
    // The claim's row lock makes two requests for one claim take turns: the second sees the first's open request.
    const [claim] = await tx
      .select({ status: claims.status, adjudicationResult: claims.adjudicationResult })
      .from(claims)
      .where(eq(claims.id, row.id))
      .for('update');
    if (claim.status !== 'ADJUDICATED' || claim.adjudicationResult !== 'QUERY') {
      const verdict = claim.adjudicationResult ? `its verdict is ${claim.adjudicationResult}` : 'it has no verdict yet';
      throw conflict(`Documents are requested for QUERY claims only: claim ${row.id} is ${claim.status} and ${verdict}`);
    }
    const open = await openRoundOf(tx, row.id);
    if (open) {
      throw conflict(
        `Claim ${row.id} already has an open document request (by ${open.requestedBy ?? 'unknown'}): documents must be added before another is sent`,
      );
    }
    const [round] = await tx
      .insert(documentRounds)
      .values({ claimId: row.id, requestedBy: auth.username, requestedAt: now, documents: body.documents, note: body.note })
      .returning();
    await pauseClock(tx, row.id, now);
    await auditClaims(tx, auth.username, 'documentRequest', [
      { id: row.id, before: {}, after: { documentRound: round.id, documentsRequested: body.documents, note: body.note } },
    ]);
    return toRound(round);
  });
}

/** The claim's documents so far, which count against the limits per claim when more are added. */
export async function claimHolding(db: DbOrTx, claimId: number): Promise<ClaimHolding> {
  const [holding] = await db
    .select({ files: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${claimDocuments.size}), 0)::bigint` })
    .from(claimDocuments)
    .where(eq(claimDocuments.claimId, claimId));
  return { files: Number(holding.files), bytes: Number(holding.bytes) };
}

/**
 * POST /claims/{id}/documents: the documents join the claim (stored and checked as at creation), the open request
 * (if any) is answered with them, or else a round of documents added without a request is recorded, and the claim
 * is verified again at once with all its documents (what was read before is reused; the new ones are read). 409
 * while a verification of the claim runs: the new documents would miss it.
 */
export async function addDocuments(
  db: Db,
  store: DocumentStore,
  auth: AuthContext,
  row: ClaimRow,
  form: MultipartForm,
  requestId: string,
  now: Date,
): Promise<DocumentRound> {
  const unexpected = Object.keys(form.fields);
  if (unexpected.length) throw badRequest(`${unexpected[0]}: unexpected field (only documents are added)`);
  if (!form.files.length) throw badRequest('documents: at least one document is required');
  return withStoredDocuments(store, form.files, (stored) =>
    db.transaction(async (tx) => {
      await lockIdleClaim(tx, row.id, { joinWaiting: true });
      const [claim] = await tx.select({ adjudicationResult: claims.adjudicationResult }).from(claims).where(eq(claims.id, row.id));
      const files = await recordClaimDocuments(tx, row.id, stored);
      const answer = { answeredBy: auth.username, answeredAt: now, files, verdictBefore: claim.adjudicationResult };
      const open = await openRoundOf(tx, row.id);
      const [round] = open
        ? await tx.update(documentRounds).set(answer).where(eq(documentRounds.id, open.id)).returning()
        : await tx
            .insert(documentRounds)
            .values({ claimId: row.id, ...answer })
            .returning();
      if (open) await resumeClock(tx, row.id, now);
      await auditClaims(tx, auth.username, 'documentsAdded', [
        { id: row.id, before: {}, after: { documentRound: round.id, documentsAdded: files.map((file) => file.fileName) } },
      ]);
      await tx.update(claims).set({ lastModifiedBy: auth.username }).where(eq(claims.id, row.id));
      await enqueueVerification(tx, row.id, { priority: INTERACTIVE_PRIORITY, rerun: true, requestedBy: auth.username, requestId });
      return toRound(round);
    }),
  );
}

/**
 * Where a verification stores its verdict (in the same transaction): the rounds whose documents it is the first
 * verification after get it as their verdict after.
 */
export async function recordRoundVerdicts(tx: DbOrTx, claimId: number, verdict: AdjudicationResult): Promise<void> {
  await tx
    .update(documentRounds)
    .set({ verdictAfter: verdict, verifiedAt: sql`now()` })
    .where(and(eq(documentRounds.claimId, claimId), isNotNull(documentRounds.answeredAt), isNull(documentRounds.verifiedAt)));
}
