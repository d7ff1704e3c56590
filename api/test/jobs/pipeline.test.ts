/**
 * Claims verified through the queue by the real adjudicator (src/verification): a small PDF made with
 * pdf-lib is read (its text layer, stored with word positions) and judged against the protocol rules.
 */
import { jest } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { ProcedureVerification, RuleStatement } from '@claims/shared-kernel/contract';
import { claimDocuments, keywordMasters, rules } from '../../src/db/schema';
import { enqueueVerification, startVerificationWorker, UNREADABLE_DOCUMENTS_ERROR_CODE } from '../../src/jobs';
import { createDocumentReader, verifyClaim, type DocumentFile, type VerificationInput } from '../../src/verification';
import { claimRow, databaseOn, documentStore, DRIVERS, EMPTY_SELECTIONS, insertClaim, type TestDatabase } from '../../testing/jobs';

jest.setTimeout(120_000);

const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

async function pdfOf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  lines.forEach((line, i) => {
    page.drawText(line, { x: 50, y: 780 - i * 24, size: 12, font });
  });
  return pdf.save();
}

const DISCHARGE = ['DISCHARGE SUMMARY', 'Diagnosis: Senile cataract of the right eye', 'Procedure done: Phacoemulsification with IOL'];
const NO_DIAGNOSIS = ['DISCHARGE SUMMARY', 'Procedure done: Phacoemulsification with IOL'];

/** A document master and a document rule on top of support.seedBasics; starhealth's own rule also wants a drug. */
async function seedRules(database: TestDatabase, procedureId: number, ruleId: number) {
  const { db } = database;
  await db.insert(keywordMasters).values([
    { kind: 'document', name: 'Discharge Summary', alias: ['discharge summary'] },
    { kind: 'drugs', name: 'Moxifloxacin', alias: ['vigamox'] },
  ]);
  const documentRule: RuleStatement = {
    booleanOperator: 'AND',
    statements: [
      { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'document', numberOfValues: 1, valuesToFind: ['Discharge Summary'] },
    ],
  };
  await db.update(rules).set({ documentRule }).where(eq(rules.id, ruleId));
  const [override] = await db
    .insert(rules)
    .values({
      org: 'starhealth',
      procedureId,
      caseType: 'PRE_AUTH',
      version: 1,
      procedureRule: {
        booleanOperator: 'AND',
        statements: [{ operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'drugs', numberOfValues: 1, valuesToFind: ['Moxifloxacin'] }],
      },
      selections: EMPTY_SELECTIONS,
    })
    .returning({ id: rules.id });
  return { overrideId: override.id };
}

const leaves = (node: RuleStatement | null | undefined): RuleStatement[] =>
  !node ? [] : node.statements ? node.statements.flatMap(leaves) : [node];

describe.each(DRIVERS)('claims verified through the queue by the adjudicator on %s', (driver) => {
  let ruleId = 0;
  let overrideId = 0;
  const on = databaseOn(driver, async (database, basics) => {
    ruleId = basics.ruleId;
    ({ overrideId } = await seedRules(database, basics.procedureId, basics.ruleId));
  });
  const { it } = on;

  it('reads the PDF, advances the statuses and stores the verification in the claim page shape; a re-run reads nothing again', async () => {
    const { db } = on.database;
    const claimId = await insertClaim(db, { documents: [{ fileName: 'discharge.pdf', data: await pdfOf(DISCHARGE) }] });
    await enqueueVerification(db, claimId);

    const statuses: string[] = [];
    const realReader = createDocumentReader();
    let reads = 0;
    const reader = {
      async read(file: DocumentFile) {
        reads += 1;
        statuses.push((await claimRow(db, claimId)).status);
        return realReader.read(file);
      },
      close: () => realReader.close(),
    };
    const verify = async (input: VerificationInput) => {
      statuses.push((await claimRow(db, claimId)).status);
      return verifyClaim(input);
    };
    const worker = startVerificationWorker({ db, store: documentStore, concurrency: 1, reader, verify, pollMs: 25, log: quiet });
    await worker.drain();

    const claim = await claimRow(db, claimId);
    expect(statuses).toEqual(['OCR_PENDING', 'TO_BE_ADJUDICATED']);
    expect(claim).toMatchObject({ status: 'ADJUDICATED', adjudicationResult: 'ACCEPTED', rerunStatus: null, errorCode: null });
    expect(claim.lastVerifiedOn).toBeInstanceOf(Date);

    const [doc] = await db.select().from(claimDocuments).where(eq(claimDocuments.claimId, claimId));
    expect(doc.pages).toBe(1);
    expect(doc.readPages?.[0].source).toBe('text');
    const cataract = doc.readPages?.[0].words.find((w) => w.text === 'cataract');
    expect(cataract).toMatchObject({ x: expect.any(Number), y: expect.any(Number), width: expect.any(Number), height: expect.any(Number) });
    const readAt = doc.readAt!.getTime();

    const details = claim.adjudicationDetails as Record<string, ProcedureVerification>;
    expect(Object.keys(details)).toEqual(['P1']);
    expect(details.P1).toMatchObject({ ruleId, ruleVersion: 2, primary: true, adjudicationResult: 'ACCEPTED' });
    for (const tree of [details.P1.procedureRule, details.P1.diagnosisRule, details.P1.documentRule]) {
      expect(tree?.conditionResult).toBe(true);
      for (const leaf of leaves(tree)) expect(leaf.conditionResult).toBe(true);
    }
    const diagnosis = details.P1.diagnoses?.find((d) => d.found);
    expect(diagnosis).toMatchObject({ name: 'Cataract', ICD_code: 'H25', documentUrl: `/claims/${claimId}/documents/${doc.id}` });
    expect(diagnosis?.position).toMatchObject({ pageNumber: 1, pageWidth: 595, pageHeight: 842 });

    await enqueueVerification(db, claimId, { rerun: true });
    await worker.drain();
    await worker.stop();
    const again = await claimRow(db, claimId);
    expect(again).toMatchObject({ status: 'ADJUDICATED', adjudicationResult: 'ACCEPTED', rerunStatus: null });
    expect(again.lastVerifiedOn!.getTime()).toBeGreaterThan(claim.lastVerifiedOn!.getTime());
    // The first verification had nothing to replace; the re-run keeps the verdict it replaced.
    expect(claim.previousVerification).toBeNull();
    expect(again.previousVerification).toEqual({
      adjudicationResult: 'ACCEPTED',
      lastVerifiedOn: claim.lastVerifiedOn!.toISOString(),
      adjudicationDetails: claim.adjudicationDetails,
    });
    expect(reads).toBe(1);
    const [docAfter] = await db.select().from(claimDocuments).where(eq(claimDocuments.claimId, claimId));
    expect(docAfter.readAt!.getTime()).toBe(readAt);
  });

  it('with its own reader: REJECTED names the failing statement, an insurer override is used, unreadable files suspend, deleted files keep the result', async () => {
    const { db } = on.database;
    const rejected = await insertClaim(db, { documents: [{ data: await pdfOf(NO_DIAGNOSIS) }] });
    const insurer = await insertClaim(db, { org: 'starhealth', documents: [{ data: await pdfOf(DISCHARGE) }] });
    const unreadable = await insertClaim(db, {
      documents: [{ fileName: 'broken.pdf', data: new TextEncoder().encode('not a pdf at all') }],
    });
    const deleted = await insertClaim(db, { deleteAfterAdjudication: true, documents: [{ data: await pdfOf(DISCHARGE) }] });
    for (const id of [rejected, insurer, unreadable, deleted]) await enqueueVerification(db, id);

    const worker = startVerificationWorker({ db, store: documentStore, concurrency: 1, pollMs: 25, log: quiet });
    await worker.drain();
    await worker.stop();

    const r = await claimRow(db, rejected);
    expect(r).toMatchObject({ status: 'ADJUDICATED', adjudicationResult: 'REJECTED' });
    expect(r.rejectionReasons.join(' ')).toContain('Cataract');
    expect(leaves(r.adjudicationDetails?.P1.diagnosisRule)[0].conditionResult).toBe(false);

    const i = await claimRow(db, insurer);
    expect(i.adjudicationDetails?.P1).toMatchObject({ ruleId: overrideId, ruleVersion: 1 });
    expect(i.adjudicationResult).toBe('REJECTED');
    expect(i.rejectionReasons.join(' ')).toContain('Moxifloxacin');

    const u = await claimRow(db, unreadable);
    expect(u).toMatchObject({
      status: 'SUSPENDED',
      adjudicationResult: 'SUSPENDED',
      adjudicationReason: 'broken.pdf could not be read: it is not a PDF, PNG or JPEG file.',
      errorCode: UNREADABLE_DOCUMENTS_ERROR_CODE,
      errorMessage: 'Unreadable documents: broken.pdf (not a PDF, PNG or JPEG file (declared as application/pdf))',
    });
    const [broken] = await db.select().from(claimDocuments).where(eq(claimDocuments.claimId, unreadable));
    expect(broken.readError).toBeTruthy();

    const d = await claimRow(db, deleted);
    expect(d).toMatchObject({ status: 'ADJUDICATED', adjudicationResult: 'ACCEPTED' });
    const [gone] = await db.select().from(claimDocuments).where(eq(claimDocuments.claimId, deleted));
    expect(gone.storageKey).toBeNull();
    expect(gone.readPages?.[0].words.length).toBeGreaterThan(0);

    // A re-run of the claim whose files are gone still verifies, from what was read.
    await enqueueVerification(db, deleted, { rerun: true });
    const rerunWorker = startVerificationWorker({ db, store: documentStore, concurrency: 1, pollMs: 25, log: quiet });
    await rerunWorker.drain();
    await rerunWorker.stop();
    expect(await claimRow(db, deleted)).toMatchObject({ status: 'ADJUDICATED', adjudicationResult: 'ACCEPTED', rerunStatus: null });
  });
});
