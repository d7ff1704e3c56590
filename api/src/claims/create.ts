/**
 * POST /claims (spec 1 §3, §7): a claim from the upload form, stored with its documents and, unless
 * told not to adjudicate, queued for verification. requestAdditoinalInput (the spec's spelling) tells the
 * screen that questions are asked for one of its procedures, so it offers them (/questions/{id}); the claim
 * is verified from its documents meanwhile, and again with the answers (POST /claims/{id}/questions).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { isDemoOrg } from '@claims/shared-kernel/constants';
import { ClaimCreateFields, type ClaimCreateResponse } from '@claims/shared-kernel/contract';
import { auditClaims, claimFields } from '../audit/operations';
import type { AuthContext } from '../auth/tokens';
import type { Db, DbOrTx } from '../db';
import { claims, hospitals, procedures } from '../db/schema';
import { describeZodError } from '../http/error-handler';
import { badRequest, conflict } from '../http/errors';
import { enqueueVerification, INTERACTIVE_PRIORITY } from '../jobs/enqueue';
import type { DocumentStore } from '../storage/store';
import { questionsAskedFor } from './questions';
import { type MultipartForm, recordClaimDocuments, withStoredDocuments } from './upload';

/** 409 naming the claim that already has this case number in the organisation. */
async function refuseDuplicateCase(db: DbOrTx, org: string, referenceClaimId: string): Promise<void> {
  const [existing] = await db
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.org, org), eq(claims.referenceClaimId, referenceClaimId)))
    .limit(1);
  if (existing) throw conflict(`referenceClaimId: Case No. ${referenceClaimId} already exists: claim ${existing.id}`);
}

export async function createClaim(
  db: Db,
  store: DocumentStore,
  auth: AuthContext,
  org: string,
  form: MultipartForm,
  /** The request's id (X-Request-Id), kept on the verification job so the worker's lines for it carry it. */
  requestId: string,
): Promise<ClaimCreateResponse> {
  const raw = form.fields;
  const parsed = ClaimCreateFields.safeParse({
    ...raw,
    procedureName: raw.procedureName === undefined ? [] : [raw.procedureName].flat(),
  });
  if (!parsed.success) throw badRequest(describeZodError(parsed.error));
  const fields = parsed.data;
  if (!fields.patientName && !isDemoOrg(org)) throw badRequest('patientName: Patient Name is required');
  if (!form.files.length) throw badRequest('documents: at least one document is required');

  const wanted = [...new Set(fields.procedureName)];
  const found = await db
    .select({ id: procedures.id, code: procedures.procedureCode, name: procedures.name, snomed: procedures.snomedctCode })
    .from(procedures)
    .where(inArray(procedures.procedureCode, wanted));
  const missing = wanted.filter((code) => !found.some((p) => p.code === code));
  if (missing.length) throw badRequest(`procedureName: unknown procedure code ${missing.map((c) => `'${c}'`).join(', ')}`);
  const chosen = wanted.map((code) => found.find((p) => p.code === code)!);
  if (fields.hospitalCode) {
    const [hospital] = await db.select({ id: hospitals.id }).from(hospitals).where(eq(hospitals.hospitalCode, fields.hospitalCode));
    if (!hospital) throw badRequest(`hospitalCode: unknown hospital '${fields.hospitalCode}'`);
  }

  await refuseDuplicateCase(db, org, fields.referenceClaimId);

  const asksQuestions =
    (
      await questionsAskedFor(
        db,
        org,
        chosen.map((p) => p.code),
      )
    ).length > 0;

  const id = await withStoredDocuments(store, form.files, (stored) =>
    db.transaction(async (tx) => {
      // One case number per organisation: the lock makes two creations of the same number wait for each other.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`claim-case:${org}:${fields.referenceClaimId}`}))`);
      await refuseDuplicateCase(tx, org, fields.referenceClaimId);
      const [claim] = await tx
        .insert(claims)
        .values({
          org,
          referenceClaimId: fields.referenceClaimId,
          caseType: fields.caseType,
          patientName: fields.patientName,
          procedureCodes: chosen.map((p) => p.code),
          procedureNames: chosen.map((p) => p.name),
          snomedCodes: chosen.map((p) => p.snomed),
          hospitalCode: fields.hospitalCode || null,
          status: fields.adjudicate ? 'TO_BE_OCRED' : 'OPEN',
          deleteAfterAdjudication: fields.delete_after_adjudication,
          createdBy: auth.username,
          lastModifiedBy: auth.username,
        })
        .returning();
      await auditClaims(tx, auth.username, 'create', [{ id: claim.id, before: null, after: claimFields(claim) }]);
      await recordClaimDocuments(tx, claim.id, stored);
      // Questions never hold the verification back: the answers, when they come, verify the claim again.
      if (fields.adjudicate)
        await enqueueVerification(tx, claim.id, { priority: INTERACTIVE_PRIORITY, requestedBy: auth.username, requestId });
      return claim.id;
    }),
  );
  return { id, requestAdditoinalInput: asksQuestions };
}
