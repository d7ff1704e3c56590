/** Generate Report (spec 3 §7): one sheet, a row per claim of the chosen batches, saved as batch_data_{date}.xlsx. */
import { asc, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { caseTypeLabel } from '@claims/shared-kernel/constants';
import type { DbOrTx } from '../db';
import { claims } from '../db/schema';
import { OUTCOME } from '../claims/queries';
import { formatIn } from '../http/time';
import { batchesByName, type BatchRecord } from './lookup';

const OUTCOME_LABEL = {
  accepted: 'Accepted',
  rejected: 'Rejected',
  query: 'Query',
  inProgress: 'In Progress',
  toBeVerified: 'To be Verified',
  failed: 'Failed',
} as const;

export const batchReportName = (zone: string): string => `batch_data_${formatIn(new Date(), zone, 'DD-MM-YYYY')}.xlsx`;

export async function batchReport(db: DbOrTx, rows: BatchRecord[], zone: string): Promise<Buffer> {
  const claimRows = await db
    .select({ claim: claims, outcome: OUTCOME })
    .from(claims)
    .where(
      inArray(
        claims.batchId,
        rows.map((b) => b.id),
      ),
    )
    .orderBy(asc(claims.batchId), asc(claims.id));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Batches');
  sheet.columns = [
    { header: 'Batch', key: 'batch', width: 24 },
    { header: 'Batch Status', key: 'batchStatus', width: 18 },
    { header: 'Intimation Number', key: 'intimation', width: 22 },
    { header: 'Case Type', key: 'caseType', width: 18 },
    { header: 'Hospital Code', key: 'hospital', width: 16 },
    { header: 'Procedure Codes', key: 'codes', width: 24 },
    { header: 'Status', key: 'status', width: 20 },
    { header: 'Outcome', key: 'outcome', width: 14 },
    { header: 'Verification Result', key: 'result', width: 16 },
    { header: 'Reason', key: 'reason', width: 40 },
    { header: 'Error', key: 'error', width: 30 },
    { header: 'Assigned To', key: 'assignedTo', width: 20 },
    { header: 'Created On', key: 'created', width: 20 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const { claim, outcome } of claimRows) {
    const batch = rows.find((b) => b.id === claim.batchId);
    sheet.addRow({
      batch: batch?.batchName,
      batchStatus: batch?.status,
      intimation: claim.intimationNumber ?? claim.referenceClaimId,
      caseType: caseTypeLabel(claim.caseType),
      hospital: claim.hospitalCode ?? '',
      codes: claim.procedureCodes.join(', '),
      status: claim.status,
      outcome: OUTCOME_LABEL[outcome],
      result: claim.adjudicationResult ?? '',
      reason: claim.adjudicationReason ?? '',
      error: claim.errorMessage ?? '',
      assignedTo: claim.assignedTo ?? '',
      created: formatIn(claim.createdOn, zone, 'DD-MM-YYYY HH:mm'),
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The report of the organisation's batches of these names (404 naming any not found). */
export async function namedBatchReport(db: DbOrTx, org: string, names: string[], zone: string): Promise<Buffer> {
  return batchReport(db, await batchesByName(db, org, names), zone);
}
