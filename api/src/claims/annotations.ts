/**
 * Annotations (spec 1 'Annotation', §3, §5): the flat record stored per claim, checked against the claim it
 * annotates with the same rules the screens apply (names given; page and PDF numbers inside the claim's
 * documents), the paged list and the xlsx report.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import {
  ANNOTATION_ENTITIES,
  type Annotation,
  type AnnotationBody,
  annotationEntriesWithIndex,
  annotationEntryProblems,
  type AnnotationEntryField,
  annotationSlotKey,
  type AnnotationSlots,
  parseAnnotationSlotKey,
} from '@claims/shared-kernel/contract';
import type { AuthContext } from '../auth/tokens';
import type { Db } from '../db';
import { annotations, claims } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { firstRowCarriesTotal, newestFirst, type Page } from '../http/paging';
import { selectPage } from '../db/sql';
import { formatIn } from '../http/time';
import { documentsOf, loadVisibleClaim } from './access';
import type { ClaimRow, DocumentMeta } from './mapping';

type AnnotationRow = typeof annotations.$inferSelect;
/** The body after validation (claim_id a number). */
type AnnotationInput = z.output<typeof AnnotationBody>;

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
  'organization',
  'total_count',
  'page_number',
]);
const MAX_SLOTS = 400;
const MAX_SLOT_LENGTH = 2000;

/** The flat record: fixed fields, then the slots; absent optional fields are left out rather than null. */
export function toAnnotation(row: AnnotationRow): Annotation {
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
    organization: row.org,
    claim_id: row.claimId,
    reference_claim_id: row.referenceClaimId,
    procedure_code: row.procedureCode,
    expected_result: row.expectedResult,
  };
}

const SLOT_OF_FIELD: Record<AnnotationEntryField, string> = {
  name: 'name',
  page: 'page_number',
  endPage: 'page_number',
  pdf: 'pdf_number',
};

/** What a limit refusal adds to the screen's words: the claim's real counts. */
function limitDetail(field: AnnotationEntryField, pdf: string, documents: DocumentMeta[]): string {
  const counted = (n: number | null | undefined, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  if (field === 'pdf') return ` (the claim has ${counted(documents.length, 'PDF')})`;
  return ` (PDF ${pdf} has ${counted(documents[Number(pdf) - 1]?.pages, 'page')})`;
}

/**
 * The entity slots of a record, checked: only the record's slot names, no entry without a name, page and PDF
 * numbers that exist among the claim's documents (400 naming the slot). Empty slots are dropped.
 */
export function checkedSlots(body: Record<string, unknown>, documents: DocumentMeta[]): Record<string, string | number> {
  const slots: AnnotationSlots = {};
  for (const [key, value] of Object.entries(body)) {
    if (FIXED_FIELDS.has(key)) continue;
    if (!parseAnnotationSlotKey(key)) throw badRequest(`${key}: not an annotation field`);
    if (typeof value === 'string' && value.length > MAX_SLOT_LENGTH) throw badRequest(`${key}: too long`);
    if (value === null || value === undefined || String(value).trim() === '') continue;
    slots[key] = value as string | number;
  }
  if (Object.keys(slots).length > MAX_SLOTS) throw badRequest('Too many annotation fields');
  for (const entity of ANNOTATION_ENTITIES) {
    for (const { index, entry } of annotationEntriesWithIndex(slots, entity)) {
      const [problem] = annotationEntryProblems(entity, entry, documents, { requireNumbers: false });
      if (!problem) continue;
      const slot = annotationSlotKey(entity.kind, SLOT_OF_FIELD[problem.field], index);
      const detail = problem.kind === 'limit' ? limitDetail(problem.field, entry.pdf, documents) : '';
      throw badRequest(`${slot}: ${problem.message}${detail}`);
    }
  }
  return slots as Record<string, string | number>;
}

/** The claim's procedure the record is about: one of its codes (400 otherwise), with its name. */
function procedureOf(claim: ClaimRow, body: AnnotationInput): { code: string; name: string | null } {
  const position = claim.procedureCodes.indexOf(body.procedure_code);
  if (position < 0) throw badRequest(`procedure_code: ${body.procedure_code} is not a procedure of this claim`);
  return { code: body.procedure_code, name: body.procedure_name ?? claim.procedureNames[position] ?? null };
}

/** The verdict the annotation compares with: the procedure's own result, else the claim's. */
function verificationResultOf(claim: ClaimRow, code: string): string | null {
  return claim.adjudicationDetails?.[code]?.adjudicationResult ?? claim.adjudicationResult;
}

async function claimAndDocuments(db: Db, auth: AuthContext, claimId: number) {
  const claim = await loadVisibleClaim(db, auth, claimId);
  const documents = (await documentsOf(db, [claim.id])).get(claim.id) ?? [];
  return { claim, documents };
}

/** POST /annotation: one annotation per claim; a second answers 409 (the screen offers View Annotation then). */
export async function createAnnotation(db: Db, auth: AuthContext, body: AnnotationInput): Promise<Annotation> {
  const { claim, documents } = await claimAndDocuments(db, auth, body.claim_id);
  if (body.reference_claim_id !== claim.referenceClaimId)
    throw badRequest(`reference_claim_id: claim ${claim.id} is ${claim.referenceClaimId}, not ${body.reference_claim_id}`);
  const procedure = procedureOf(claim, body);
  const slots = checkedSlots(body, documents);
  const alreadyAnnotated = conflict(`Claim ${claim.referenceClaimId} is already annotated: edit its annotation instead`);
  if (claim.annotationId !== null) throw alreadyAnnotated;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(annotations)
      .values({
        claimId: claim.id,
        org: claim.org,
        referenceClaimId: claim.referenceClaimId,
        procedureCode: procedure.code,
        procedureName: procedure.name,
        username: auth.username,
        expectedResult: body.expected_result,
        verificationResult: body.verification_result ?? verificationResultOf(claim, procedure.code),
        caseType: body.case_type ?? claim.caseType,
        remarks: body.remarks?.trim() || null,
        slots,
      })
      .returning();
    // Two saves at once: only the first finds the claim unannotated; the other rolls back.
    const marked = await tx
      .update(claims)
      .set({ annotated: true, annotationId: created.id })
      .where(and(eq(claims.id, claim.id), isNull(claims.annotationId)))
      .returning({ id: claims.id });
    if (!marked.length) throw alreadyAnnotated;
    return created;
  });
  return toAnnotation(row);
}

async function annotationRow(db: Db, id: number): Promise<AnnotationRow> {
  const [row] = await db.select().from(annotations).where(eq(annotations.id, id));
  if (!row) throw notFound(`Annotation ${id} not found`);
  return row;
}

export async function readAnnotation(db: Db, id: number): Promise<Annotation> {
  return toAnnotation(await annotationRow(db, id));
}

/** PUT /annotation/{id}: the record's fields and slots replaced (the screen renumbers the slots from 1). */
export async function updateAnnotation(db: Db, auth: AuthContext, id: number, body: AnnotationInput): Promise<Annotation> {
  const existing = await annotationRow(db, id);
  if (body.claim_id !== existing.claimId) throw badRequest(`claim_id: annotation ${existing.id} belongs to claim ${existing.claimId}`);
  const { claim, documents } = await claimAndDocuments(db, auth, existing.claimId);
  const procedure = procedureOf(claim, body);
  const slots = checkedSlots(body, documents);
  const [row] = await db
    .update(annotations)
    .set({
      procedureCode: procedure.code,
      procedureName: body.procedure_name ?? (procedure.code === existing.procedureCode ? existing.procedureName : procedure.name),
      expectedResult: body.expected_result,
      verificationResult: body.verification_result ?? existing.verificationResult,
      caseType: body.case_type ?? existing.caseType,
      remarks: body.remarks?.trim() || null,
      slots,
      lastModifiedBy: auth.username,
      lastModifiedOn: new Date(),
    })
    .where(eq(annotations.id, existing.id))
    .returning();
  return toAnnotation(row);
}

/** GET /annotation: newest first, the first row carrying the total. */
export async function listAnnotations(db: Db, page: Page) {
  const { rows, total } = await selectPage(
    db,
    db.select().from(annotations).$dynamic(),
    newestFirst(annotations.annotatedOn, annotations.id),
    page,
  );
  return firstRowCarriesTotal(rows.map(toAnnotation), total, page.page_number);
}

const REPORT_COLUMNS = [
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
] as const;

/** GET /annotation/generateReport: every annotation, one row each, with a column per slot any of them uses. */
export async function annotationReport(db: Db, zone: string): Promise<Buffer> {
  const rows = await db.select().from(annotations).orderBy(desc(annotations.annotatedOn), desc(annotations.id));
  const slotNames = [...new Set(rows.flatMap((r) => Object.keys(r.slots)))].sort();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Annotations');
  sheet.addRow([...REPORT_COLUMNS, ...slotNames]);
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
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
