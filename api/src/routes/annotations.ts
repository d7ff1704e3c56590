/**
 * Annotation (spec 1 §2 'Annotation', §3, §7): the flat annotation record, its list and report, the
 * annotation users and the error categories (a claim's error flags are in claim-annotations.ts).
 * Provider's organisation only; writing annotations is for the configured annotation users.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import ExcelJS from 'exceljs';
import { Annotation, AnnotationBody, AnnotationUsers, ErrorCategory, IdParams, PageQuery } from '@claims/shared-kernel/contract';
import { isProvider, NOT_AUTHORIZED, requireProvider } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import { loadVisibleClaim } from '../claims/access';
import { annotations, claims, errorCategories } from '../db/schema';
import { badRequest, forbidden, notFound } from '../http/errors';
import { firstRowCarriesTotal, newestFirst, offsetOf } from '../http/paging';
import { attachmentDisposition, fileContent, MEDIA, replies } from '../http/replies';
import { formatIn } from '../http/time';

type AnnotationRow = typeof annotations.$inferSelect;
const FIXED_FIELDS = new Set([
  'claim_id',
  'reference_claim_id',
  'procedure_code',
  'procedure_name',
  'expected_result',
  'verification_result',
  'case_type',
  'remarks',
  'id',
  'annotated_on',
  'username',
  'total_count',
  'page_number',
]);
/** procedure_name_1, diagnosis_alias_2, clinical_attribute_value_1, document_page_number_3 ... */
const SLOT_NAME = /^(procedure|diagnosis|evidence|document|clinical_attribute)_[a-z_]+_\d{1,2}$/;
const MAX_SLOTS = 400;

/** The flat record: fixed fields, then the slots; absent optional fields are left out rather than null. */
function toAnnotation(row: AnnotationRow): Annotation {
  const optional = {
    procedure_name: row.procedureName,
    verification_result: row.verificationResult,
    case_type: row.caseType,
    remarks: row.remarks,
  };
  return {
    ...row.slots,
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v != null)),
    id: row.id,
    annotated_on: row.annotatedOn.toISOString(),
    username: row.username,
    claim_id: row.claimId,
    reference_claim_id: row.referenceClaimId,
    procedure_code: row.procedureCode,
    expected_result: row.expectedResult,
  };
}

function slotsOf(body: Record<string, unknown>): Record<string, string | number | null> {
  const slots: Record<string, string | number | null> = {};
  for (const [key, value] of Object.entries(body)) {
    if (FIXED_FIELDS.has(key)) continue;
    if (!SLOT_NAME.test(key)) throw badRequest(`${key}: not an annotation field`);
    if (typeof value === 'string' && value.length > 2000) throw badRequest(`${key}: too long`);
    slots[key] = value as string | number | null;
  }
  if (Object.keys(slots).length > MAX_SLOTS) throw badRequest('Too many annotation fields');
  return slots;
}

const annotationRoutes: FastifyPluginAsyncZod = async (app) => {
  const zone = app.config.displayTimeZone;

  function requireAnnotator(auth: AuthContext): void {
    requireProvider(auth);
    if (!app.config.annotationUsers.includes(auth.username)) throw forbidden(`${NOT_AUTHORIZED}: only annotation users annotate`);
  }

  /** Only those who annotate learn who the annotators are (the claims list asks to switch annotation mode on). */
  app.get('/annotation/getUsers', {
    schema: { response: replies({ 200: AnnotationUsers }) },
    config: {
      access: (auth) => {
        if (!isProvider(auth) || !app.config.annotationUsers.includes(auth.username))
          throw forbidden(`${NOT_AUTHORIZED}: only annotation users may see who annotates`);
      },
    },
    handler: async () => app.config.annotationUsers,
  });

  app.get('/annotationErrorCategory', {
    schema: { response: replies({ 200: z.array(ErrorCategory) }) },
    handler: async () =>
      (await app.db.select().from(errorCategories).orderBy(errorCategories.id)).map((c) => ({
        id: c.id,
        category: c.category,
        colour: c.colour,
        iconText: c.iconText,
      })),
  });

  app.get('/annotation', {
    schema: { querystring: PageQuery, response: replies({ 200: z.array(Annotation) }) },
    config: { access: requireProvider },
    handler: async (request) => {
      const [{ total }] = await app.db.select({ total: count() }).from(annotations);
      const rows = await app.db
        .select()
        .from(annotations)
        .orderBy(...newestFirst(annotations.annotatedOn, annotations.id))
        .limit(request.query.limit)
        .offset(offsetOf(request.query));
      return firstRowCarriesTotal(rows.map(toAnnotation), total, request.query.page_number);
    },
  });

  app.get('/annotation/generateReport', {
    schema: { response: replies({ 200: fileContent('Every annotation, one row each', [MEDIA.xlsx]) }) },
    config: { access: requireProvider },
    handler: async (request, reply) => {
      const rows = await app.db.select().from(annotations).orderBy(desc(annotations.annotatedOn));
      const slotNames = [...new Set(rows.flatMap((r) => Object.keys(r.slots)))].sort();
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Annotations');
      const fixed = [
        'Case ID',
        'Claim ID',
        'Procedure Code',
        'Procedure name',
        'Case Type',
        'Verification Result',
        'Expected Result',
        'Analyst',
        'Date',
        'Remarks',
      ];
      sheet.addRow([...fixed, ...slotNames]);
      for (const row of rows) {
        sheet.addRow([
          row.referenceClaimId,
          row.claimId,
          row.procedureCode,
          row.procedureName,
          row.caseType,
          row.verificationResult,
          row.expectedResult,
          row.username,
          formatIn(row.annotatedOn, zone, 'DD-MM-YYYY'),
          row.remarks,
          ...slotNames.map((name) => row.slots[name] ?? ''),
        ]);
      }
      sheet.getRow(1).font = { bold: true };
      const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', attachmentDisposition(`Annotate_data_${formatIn(new Date(), zone, 'DD-MM-YYYY')}.xlsx`))
        .send(buffer);
    },
  });

  app.get('/annotation/:id', {
    schema: { params: IdParams, response: replies({ 200: Annotation }) },
    config: { access: requireProvider },
    handler: async (request) => {
      const [row] = await app.db.select().from(annotations).where(eq(annotations.id, request.params.id));
      if (!row) throw notFound(`Annotation ${request.params.id} not found`);
      return toAnnotation(row);
    },
  });

  app.post('/annotation', {
    schema: { body: AnnotationBody, response: replies({ 201: Annotation }) },
    config: { access: requireAnnotator },
    handler: async (request, reply) => {
      const { auth } = request;
      const body = request.body;
      const claim = await loadVisibleClaim(app.db, auth, body.claim_id);
      if (!claim.procedureCodes.includes(body.procedure_code))
        throw badRequest(`procedure_code: ${body.procedure_code} is not a procedure of this claim`);
      const slots = slotsOf(body);
      const row = await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(annotations)
          .values({
            claimId: claim.id,
            org: claim.org,
            referenceClaimId: body.reference_claim_id,
            procedureCode: body.procedure_code,
            procedureName: body.procedure_name ?? null,
            username: auth.username,
            expectedResult: body.expected_result,
            verificationResult: body.verification_result ?? claim.adjudicationResult,
            caseType: body.case_type ?? claim.caseType,
            remarks: body.remarks ?? null,
            slots,
          })
          .returning();
        await tx.update(claims).set({ annotated: true, annotationId: created.id }).where(eq(claims.id, claim.id));
        return created;
      });
      return reply.code(201).send(toAnnotation(row));
    },
  });

  /** Edits replace the entity slots (they are renumbered from 1 by the screen). */
  app.put('/annotation/:id', {
    schema: { params: IdParams, body: AnnotationBody, response: replies({ 200: Annotation }) },
    config: { access: requireAnnotator },
    handler: async (request) => {
      const { auth } = request;
      const [existing] = await app.db.select().from(annotations).where(eq(annotations.id, request.params.id));
      if (!existing) throw notFound(`Annotation ${request.params.id} not found`);
      const body = request.body;
      if (body.claim_id !== existing.claimId) throw badRequest(`claim_id: annotation ${existing.id} belongs to claim ${existing.claimId}`);
      const [row] = await app.db
        .update(annotations)
        .set({
          procedureCode: body.procedure_code,
          procedureName: body.procedure_name ?? existing.procedureName,
          expectedResult: body.expected_result,
          verificationResult: body.verification_result ?? existing.verificationResult,
          caseType: body.case_type ?? existing.caseType,
          remarks: body.remarks ?? null,
          slots: slotsOf(body),
          lastModifiedBy: auth.username,
          lastModifiedOn: new Date(),
        })
        .where(eq(annotations.id, existing.id))
        .returning();
      return toAnnotation(row);
    },
  });
};

export default annotationRoutes;
