/**
 * POST /claims (spec 1 §3, §7): a claim from the upload form, stored with its documents and, unless
 * told not to adjudicate, queued for verification. requestAdditoinalInput (the spec's spelling) tells the
 * screen that questions are asked for one of its procedures: the documents are then read at once and the
 * verification waits for the answers (POST /claims/{id}/questions).
 */
import { eq, inArray } from 'drizzle-orm';
import { isDemoOrg } from '@claims/shared-kernel/constants';
import { ClaimCreateFields, type ClaimCreateResponse } from '@claims/shared-kernel/contract';
import type { AuthContext } from '../auth/tokens';
import type { Db } from '../db';
import { claims, hospitals, procedures } from '../db/schema';
import { describeZodError } from '../http/error-handler';
import { badRequest } from '../http/errors';
import { enqueueVerification, INTERACTIVE_PRIORITY } from '../jobs/enqueue';
import type { DocumentStore } from '../storage/store';
import { questionsAskedFor } from './questions';
import { type MultipartForm, recordClaimDocuments, withStoredDocuments } from './upload';

export async function createClaim(
  db: Db,
  store: DocumentStore,
  auth: AuthContext,
  org: string,
  form: MultipartForm,
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
        .returning({ id: claims.id });
      await recordClaimDocuments(tx, claim.id, stored);
      // With questions to answer, the documents are read meanwhile and the verification waits for the answers.
      if (fields.adjudicate)
        await enqueueVerification(tx, claim.id, { priority: INTERACTIVE_PRIORITY, requestedBy: auth.username, adjudicate: !asksQuestions });
      return claim.id;
    }),
  );
  return { id, requestAdditoinalInput: asksQuestions };
}
