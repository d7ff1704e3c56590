/**
 * One manifest row checked: the claim it describes and its documents read from the inbox, or why it cannot be
 * downloaded (error_code and error_message of a DOWNLOAD_FAILED claim, which the console's Error Response dialog shows).
 */
import { CASE_TYPES, type CaseType } from '@claims/shared-kernel/constants';
import { DOWNLOAD_ERROR_CODES, type UploadLimits } from '@claims/shared-kernel/contract';
import { MEGABYTE } from '../config';
import { sniffType, type UploadType } from '../claims/upload';
import { isDocumentName, type InboxConnector } from './connector';
import { documentNames, type ManifestRow } from './manifest';

/** What a manifest row says about its claim (spec 3 §3.3 insurer-side fields). */
export interface InboxClaimFields {
  referenceClaimId: string;
  intimationNumber: string | null;
  caseType: CaseType;
  patientName: string;
  hospitalCode: string | null;
  insurerIllnessName: string | null;
  insurerProcedureName: string | null;
  insurerClaimStatus: string | null;
}

export interface InboxDocumentFile {
  fileName: string;
  contentType: UploadType;
  data: Uint8Array;
}

export type CheckedRow =
  | { ok: true; fields: InboxClaimFields; documents: InboxDocumentFile[] }
  | { ok: false; fields: InboxClaimFields; errorCode: string; errorMessage: string };

/** A row located in the inbox: its key is unique per insurer (the intimation number, or manifest and line). */
export interface InboxRow extends ManifestRow {
  manifest: string;
  key: string;
}

export const rowKey = (manifest: string, row: ManifestRow): string => row.fields.intimation_number ?? `${manifest}#${row.line}`;

const MAX_FIELD_LENGTH = 500;

/** 'PRE_AUTH', 'Pre Authorization', 'preauth', 'SETTLEMENT', 'Settlement' ... */
function caseTypeOf(value: string | undefined): CaseType | null {
  const squashed = (value ?? '').toLowerCase().replace(/[\s_-]+/g, '');
  return (
    CASE_TYPES.find((c) => [c.code, c.label, c.short].some((name) => name.toLowerCase().replace(/[\s_-]+/g, '') === squashed))?.code ?? null
  );
}

function fieldsOf(row: InboxRow): InboxClaimFields {
  const f = row.fields;
  return {
    referenceClaimId: f.intimation_number ?? row.key,
    intimationNumber: f.intimation_number ?? null,
    caseType: caseTypeOf(f.caseType) ?? 'SETTLEMENT',
    patientName: f.patient_name ?? '',
    hospitalCode: f.hospital_code ?? null,
    insurerIllnessName: f.insurer_illness_name ?? null,
    insurerProcedureName: f.insurer_procedure_name ?? null,
    insurerClaimStatus: f.insurer_claim_status ?? null,
  };
}

const megabytes = (bytes: number): string => `${Number((bytes / MEGABYTE).toFixed(2))} MB`;

/** The first problem of the row's own fields, or null. */
function fieldProblem(row: InboxRow, knownHospitals: ReadonlySet<string>): string | null {
  const f = row.fields;
  const tooLong = Object.entries(f).find(([, value]) => (value ?? '').length > MAX_FIELD_LENGTH);
  if (tooLong) return `${tooLong[0]} is longer than ${MAX_FIELD_LENGTH} characters`;
  if (!f.intimation_number) return 'intimation_number is empty';
  if (!f.caseType) return 'caseType is empty';
  if (!caseTypeOf(f.caseType)) return `caseType '${f.caseType}' is neither PRE_AUTH nor SETTLEMENT`;
  if (f.hospital_code && !knownHospitals.has(f.hospital_code)) return `hospital_code '${f.hospital_code}' is not a known hospital`;
  if (!documentNames(f.insurer_documents).length) return 'insurer_documents names no document';
  return null;
}

/**
 * Checks the row and reads its documents: each must be in the inbox, a PDF, PNG or JPEG by its first bytes, within
 * the upload limits of POST /claims (per file, per claim, files per claim). The first problem fails the row.
 */
export async function checkRow(
  inbox: InboxConnector,
  org: string,
  row: InboxRow,
  knownHospitals: ReadonlySet<string>,
  limits: UploadLimits,
): Promise<CheckedRow> {
  const fields = fieldsOf(row);
  const where = `${row.manifest}, row ${row.line}`;
  const fail = (code: string, problem: string): CheckedRow => ({
    ok: false,
    fields,
    errorCode: code,
    errorMessage: `${where}: ${problem}`,
  });

  const problem = fieldProblem(row, knownHospitals);
  if (problem) return fail(DOWNLOAD_ERROR_CODES.invalidRow, problem);
  const names = [...new Set(documentNames(row.fields.insurer_documents))];
  if (names.length > limits.maxFiles) {
    return fail(DOWNLOAD_ERROR_CODES.tooLarge, `${names.length} documents; a claim may have at most ${limits.maxFiles}`);
  }
  const documents: InboxDocumentFile[] = [];
  let total = 0;
  for (const name of names) {
    if (!isDocumentName(name)) return fail(DOWNLOAD_ERROR_CODES.invalidRow, `'${name}' is not a document name in the inbox`);
    const found = await inbox.readDocument(org, row.manifest, name, limits.maxFileBytes);
    if (found.kind === 'missing') return fail(DOWNLOAD_ERROR_CODES.missingDocument, `document '${name}' was not found in the inbox`);
    if (found.kind === 'tooLarge') {
      return fail(DOWNLOAD_ERROR_CODES.tooLarge, `document '${name}' is larger than ${megabytes(limits.maxFileBytes)}, the limit per file`);
    }
    const contentType = sniffType(found.data);
    if (!contentType) return fail(DOWNLOAD_ERROR_CODES.unsupportedDocument, `document '${name}' is not a PNG, JPEG or PDF file`);
    total += found.data.length;
    if (total > limits.maxClaimBytes) {
      return fail(DOWNLOAD_ERROR_CODES.tooLarge, `the documents come to more than ${megabytes(limits.maxClaimBytes)}, the limit per claim`);
    }
    documents.push({ fileName: name.split(/[/\\]/).pop() ?? name, contentType, data: found.data });
  }
  return { ok: true, fields, documents };
}
