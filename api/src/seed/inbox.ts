/**
 * The insurer inbox of the first start: a manifest per console insurer (CSV for two, an .xlsx for the third) with
 * claims from the synthetic generator and their documents beside it, one row naming a document that is not there. The
 * console's first Refresh takes them up: new DOWNLOADED claims, and one DOWNLOAD_FAILED with its error. They go in as an
 * operator's upload does, so the inbox may be a folder or the S3 bucket.
 */
import ExcelJS from 'exceljs';
import { MANIFEST_COLUMNS } from '@claims/shared-kernel/contract';
import { toCsv } from '../http/csv';
import type { InboxConnector, InboxFile } from '../inbox/connector';
import { catalog } from './synthetic/catalog';
import { generateClaim, type Scenario } from './synthetic/generator';

type ManifestRecord = Record<(typeof MANIFEST_COLUMNS)[number], string>;

const INBOX_ORGS = [
  { org: 'vitraya', prefix: 'INB-VT', format: 'csv' },
  { org: 'starhealth', prefix: 'INB-SH', format: 'csv' },
  { org: 'maxbupa', prefix: 'INB-MB', format: 'xlsx' },
] as const;
const CLAIMS_PER_INSURER = 4;
const SCENARIOS: Scenario[] = ['accept', 'reject', 'query-document', 'accept'];
/** Generator seeds of their own, so the inbox's claims differ from the seeded ones. */
const SEED_BASE = 9_000_000;

async function xlsx(records: ManifestRecord[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Claims');
  sheet.addRow([...MANIFEST_COLUMNS]);
  for (const record of records) sheet.addRow(MANIFEST_COLUMNS.map((c) => record[c]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Puts the inbox's manifests and documents into the insurers' inboxes; answers how many rows it wrote. */
export async function seedInbox(inbox: InboxConnector): Promise<number> {
  let rows = 0;
  for (const [insurerIndex, { org, prefix, format }] of INBOX_ORGS.entries()) {
    const documents: InboxFile[] = [];
    const records: ManifestRecord[] = [];
    for (let i = 0; i < CLAIMS_PER_INSURER; i++) {
      const claim = await generateClaim(SEED_BASE + insurerIndex * 100 + i, {
        organization: org,
        scenario: SCENARIOS[i],
        imagePages: 0,
        corruptExtra: false,
      });
      const intimation = `${prefix}-${String(i + 1).padStart(4, '0')}`;
      const names: string[] = [];
      for (const document of claim.documents) {
        const name = `${intimation}-${document.fileName}`;
        documents.push({ fileName: name, data: document.data });
        names.push(name);
      }
      const procedure = catalog.procedures.find((p) => p.procedure_code === claim.procedureCodes[0]);
      records.push({
        intimation_number: intimation,
        caseType: claim.caseType,
        patient_name: claim.patientName,
        hospital_code: claim.hospitalCode,
        insurer_illness_name: claim.expected.entities.find((e) => e.type === 'diagnoses' && e.present)?.name ?? '',
        insurer_procedure_name: procedure?.name ?? '',
        insurer_claim_status: claim.caseType === 'PRE_AUTH' ? 'Pre-auth requested' : 'Claim submitted',
        insurer_documents: names.join(';'),
      });
    }
    // The bad row: its discharge summary never arrived.
    if (insurerIndex === 1) {
      records.push({ ...records[0], intimation_number: `${prefix}-9999`, insurer_documents: `${prefix}-9999-discharge-summary.pdf` });
    }
    const data =
      format === 'xlsx'
        ? await xlsx(records)
        : Buffer.from(
            toCsv(
              [...MANIFEST_COLUMNS],
              records.map((r) => MANIFEST_COLUMNS.map((c) => r[c])),
            ),
          );
    await inbox.drop(org, { fileName: `seed-claims.${format}`, data }, documents);
    rows += records.length;
  }
  return rows;
}
