/**
 * Annotations and error flags, on PGlite and PostgreSQL: an annotation user annotates a claim, flags are kept per
 * procedure and entity, the annotation users are listed to annotation users only; and at the edges: the record
 * checked against the claim's real documents with the screen's words, one annotation per claim (also two saves at
 * once), edits renumbered, the report a real xlsx workbook, error flags checked against the claim's found items,
 * and every call refused to insurer and demo users before anything is looked up, while the provider gets 404 for
 * what does not exist.
 */
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import type { Annotation, Claim, ErrorAnnotations, ErrorCategory, ProcedureVerification } from '@claims/shared-kernel/contract';
import { buildApp } from '../../src/app';
import { claimDocuments, claims } from '../../src/db/schema';
import { formatIn } from '../../src/http/time';
import { DATABASES } from '../../testing/databases';
import { BASE, schemaDrifts, testConfig } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

async function pdfWithPages(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([300, 200]);
  return pdf.save();
}

const item = (name: string, found = true) => ({ name, found });
const DETAILS: Record<string, ProcedureVerification> = {
  P1: {
    ruleId: 1,
    primary: true,
    adjudicationResult: 'REJECTED',
    procedures: [item('Cataract Surgery')],
    diagnoses: [item('Cataract'), item('Glaucoma', false)],
    evidence: [],
    document: [item('Discharge Summary')],
  },
};

describe.each(DATABASES)('annotations on %s', (_name, open) => {
  const { app, testDb, as, errorLog, fixture } = apiSuite(open, {
    users: ['vitraya.admin', 'vitraya.reviewer', 'starhealth.reviewer', 'starhealth.admin', 'demo.reviewer'],
  });

  describe('annotation', () => {
    test('an annotation user annotates a claim; others may not', async () => {
      const claimId = fixture['VT-ACC-1'];
      const body = {
        claim_id: claimId,
        reference_claim_id: 'VT-ACC-1',
        procedure_code: 'P1',
        procedure_name: 'Cataract Surgery',
        expected_result: 'accept',
        remarks: 'as verified',
        procedure_name_1: 'Cataract Surgery',
        procedure_page_number_1: '2',
        diagnosis_name_1: 'Cataract',
      };
      const created = await app.inject({ method: 'POST', url: `${BASE}/annotation`, headers: as('vitraya.reviewer'), payload: body });
      expect(created.statusCode).toBe(201);
      const annotation = created.json();
      expect(annotation).toMatchObject({ ...body, username: 'vitraya.reviewer', verification_result: 'ACCEPTED' });
      const claim = (await app.inject({ method: 'GET', url: `${BASE}/claims/${claimId}`, headers: as('vitraya.reviewer') })).json<Claim>();
      expect(claim).toMatchObject({ annotated: true, annotation_id: annotation.id });
      const list = (
        await app.inject({ method: 'GET', url: `${BASE}/annotation?limit=10&page_number=1`, headers: as('vitraya.admin') })
      ).json();
      expect(list[0]).toMatchObject({ id: annotation.id, total_count: 1 });

      const edited = await app.inject({
        method: 'PUT',
        url: `${BASE}/annotation/${annotation.id}`,
        headers: as('vitraya.admin'),
        payload: { ...body, expected_result: 'docQuery', procedure_name_1: 'Cataract Surgery', diagnosis_name_1: undefined },
      });
      expect(edited.json()).toMatchObject({ expected_result: 'docQuery' });
      expect(edited.json()).not.toHaveProperty('diagnosis_name_1');

      const badSlot = await app.inject({
        method: 'POST',
        url: `${BASE}/annotation`,
        headers: as('vitraya.reviewer'),
        payload: { ...body, colour_1: 'x' },
      });
      expect(badSlot.statusCode).toBe(400);
      expect(badSlot.json()).toEqual({ detail: 'colour_1: not an annotation field' });
      const insurer = await app.inject({ method: 'POST', url: `${BASE}/annotation`, headers: as('starhealth.admin'), payload: body });
      expect(insurer.statusCode).toBe(403);
    });

    test('error flags are kept per procedure and entity with a known category', async () => {
      const claimId = fixture['VT-ACC-1'];
      const categories = (
        await app.inject({ method: 'GET', url: `${BASE}/annotationErrorCategory`, headers: as('vitraya.reviewer') })
      ).json();
      expect(categories[0]).toEqual({
        id: expect.any(Number),
        category: expect.any(String),
        colour: expect.any(String),
        iconText: expect.any(String),
      });
      const errors = { P1: { diagnoses: [{ keyword: 0, category: categories[0].id, comment: 'Cataract is on page 3, not 1' }] } };
      const saved = await app.inject({
        method: 'POST',
        url: `${BASE}/claims/${claimId}/annotation`,
        headers: as('vitraya.reviewer'),
        payload: { errors },
      });
      expect(saved.json()).toEqual({ claim_id: claimId, errors });
      expect(
        (await app.inject({ method: 'GET', url: `${BASE}/claims/${claimId}/annotation`, headers: as('vitraya.reviewer') })).json().errors,
      ).toEqual(errors);
      const unknown = await app.inject({
        method: 'PUT',
        url: `${BASE}/claims/${claimId}/annotation`,
        headers: as('vitraya.reviewer'),
        payload: { errors: { P1: { diagnoses: [{ keyword: 0, category: 9999, comment: 'x' }] } } },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().detail).toMatch(/^errors\.P1\.diagnoses: unknown error category 9999/);
    });
  });

  describe('security edges', () => {
    test('the annotation users are listed only to annotation users', async () => {
      const refused = await app.inject({ method: 'GET', url: `${BASE}/annotation/getUsers`, headers: as('starhealth.reviewer') });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: expect.stringMatching(/only annotation users/) });
      const fewer = await buildApp({ ...testConfig(), annotationUsers: ['vitraya.admin'] }, { database: testDb.database, logger: false });
      try {
        const provider = await fewer.inject({ method: 'GET', url: `${BASE}/annotation/getUsers`, headers: as('vitraya.reviewer') });
        expect(provider.statusCode).toBe(403);
        const annotator = await fewer.inject({ method: 'GET', url: `${BASE}/annotation/getUsers`, headers: as('vitraya.admin') });
        expect(annotator.json()).toEqual(['vitraya.admin']);
      } finally {
        await fewer.close();
      }
    });
  });

  test('every answer of the calls above passed its schema', () => {
    expect(schemaDrifts(errorLog)).toEqual([]);
  });

  /**
   * A provider claim with two PDFs (3 pages, then 1 page), verified with DETAILS. The page counts are those
   * the reading of the documents records.
   */
  async function claimWithDocuments(reference = `ANN-${Math.random()}`): Promise<Claim> {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      patientName: 'Asha',
      referenceClaimId: reference,
      caseType: 'SETTLEMENT',
      procedureName: 'P1',
      adjudicate: 'false',
    }))
      form.append(key, value);
    for (const [name, pages] of [
      ['discharge.pdf', 3],
      ['bill.pdf', 1],
    ] as const)
      form.append('documents', new Blob([await pdfWithPages(pages)], { type: 'application/pdf' }), name);
    const created = await app.inject({ method: 'POST', url: `${BASE}/claims`, headers: as('vitraya.admin'), payload: form });
    expect(created.statusCode).toBe(200);
    const { id } = created.json<{ id: number }>();
    const db = testDb.database.db;
    const documents = await db.select({ id: claimDocuments.id }).from(claimDocuments).where(eq(claimDocuments.claimId, id));
    const sorted = documents.map((d) => d.id).sort((a, b) => a - b);
    await db.update(claimDocuments).set({ pages: 3 }).where(eq(claimDocuments.id, sorted[0]));
    await db.update(claimDocuments).set({ pages: 1 }).where(eq(claimDocuments.id, sorted[1]));
    await db
      .update(claims)
      .set({ status: 'ADJUDICATED', adjudicationResult: 'REJECTED', adjudicationDetails: DETAILS })
      .where(eq(claims.id, id));
    return (await app.inject({ method: 'GET', url: `${BASE}/claims/${id}`, headers: as('vitraya.admin') })).json<Claim>();
  }

  const recordOf = (claim: Claim, slots: Record<string, string | number | null> = {}) => ({
    claim_id: claim.id,
    reference_claim_id: claim.referenceClaimId,
    procedure_code: 'P1',
    expected_result: 'reject',
    remarks: 'Glaucoma is on the bill',
    ...slots,
  });
  const FULL_SLOTS = {
    procedure_name_1: 'Cataract Surgery',
    procedure_alias_1: 'Phaco',
    procedure_page_number_1: 2,
    procedure_pdf_number_1: 1,
    procedure_written_type_1: 'Printed',
    diagnosis_name_1: 'Cataract',
    diagnosis_name_2: 'Glaucoma',
    diagnosis_page_number_2: 1,
    diagnosis_pdf_number_2: 2,
    diagnosis_written_type_2: 'Hand Written',
    evidence_name_1: 'Slit lamp examination',
    evidence_name_alias_1: 'SLE',
    document_name_1: 'Discharge Summary',
    document_page_number_1: '1 - 3',
    document_pdf_number_1: 1,
    clinical_attribute_name_1: 'Haemoglobin',
    clinical_attribute_name_alias_1: 'Hb',
    clinical_attribute_value_1: '9.1',
    clinical_attribute_unit_1: 'g/dL',
    clinical_attribute_doc_name_1: 'discharge.pdf',
    clinical_attribute_page_number_1: 3,
    clinical_attribute_pdf_number_1: 1,
  };

  const post = (payload: unknown, user = 'vitraya.reviewer') =>
    app.inject({ method: 'POST', url: `${BASE}/annotation`, headers: as(user), payload: payload as InjectOptions['payload'] });
  const put = (id: number, payload: unknown, user = 'vitraya.reviewer') =>
    app.inject({ method: 'PUT', url: `${BASE}/annotation/${id}`, headers: as(user), payload: payload as InjectOptions['payload'] });

  describe('the annotation record', () => {
    test('is stored with every entity slot, marks the claim annotated, and reads back whole', async () => {
      const claim = await claimWithDocuments();
      const created = await post(recordOf(claim, FULL_SLOTS));
      expect(created.statusCode).toBe(201);
      const annotation = created.json<Annotation>();
      expect(annotation).toEqual({
        ...recordOf(claim, FULL_SLOTS),
        id: expect.any(Number),
        annotated_on: expect.any(String),
        username: 'vitraya.reviewer',
        organization: 'vitraya',
        procedure_name: 'Cataract Surgery',
        verification_result: 'REJECTED',
        case_type: 'SETTLEMENT',
      });
      const read = await app.inject({ method: 'GET', url: `${BASE}/annotation/${annotation.id}`, headers: as('vitraya.admin') });
      expect(read.json()).toEqual(annotation);
      const after = (await app.inject({ method: 'GET', url: `${BASE}/claims/${claim.id}`, headers: as('vitraya.admin') })).json<Claim>();
      expect(after).toMatchObject({ annotated: true, annotation_id: annotation.id });
      const list = await app.inject({ method: 'GET', url: `${BASE}/annotation?limit=500&page_number=1`, headers: as('vitraya.admin') });
      expect(list.json<Annotation[]>().find((a) => a.id === annotation.id)).toMatchObject(annotation);
    });

    test('a claim is annotated once: a second save answers 409, also when two arrive at once', async () => {
      const claim = await claimWithDocuments();
      const answers = await Promise.all([post(recordOf(claim)), post(recordOf(claim))]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((a) => a.statusCode === 409)?.json()).toEqual({
        detail: `Claim ${claim.referenceClaimId} is already annotated: edit its annotation instead`,
      });
      const again = await post(recordOf(claim));
      expect(again.statusCode).toBe(409);
      const winner = answers.find((a) => a.statusCode === 201)!.json<Annotation>();
      const after = (await app.inject({ method: 'GET', url: `${BASE}/claims/${claim.id}`, headers: as('vitraya.admin') })).json<Claim>();
      expect(after.annotation_id).toBe(winner.id);
    });

    test.each<[string, Record<string, string | number>, string]>([
      [
        'a PDF number beyond the claim',
        { procedure_name_1: 'Cataract Surgery', procedure_page_number_1: 1, procedure_pdf_number_1: 3 },
        'procedure_pdf_number_1: Entered pdf number is more than the total no of pdf (the claim has 2 PDFs)',
      ],
      [
        'a page beyond its PDF',
        { diagnosis_name_1: 'Cataract', diagnosis_page_number_1: 2, diagnosis_pdf_number_1: 2 },
        'diagnosis_page_number_1: Entered page number is more than the total no of pages (PDF 2 has 1 page)',
      ],
      [
        "a document's end page beyond its PDF",
        { document_name_1: 'Discharge Summary', document_page_number_1: '2 - 4', document_pdf_number_1: 1 },
        'document_page_number_1: Entered end page number is more than the total no of pages (PDF 1 has 3 pages)',
      ],
      [
        "a document's end before its start",
        { document_name_1: 'Discharge Summary', document_page_number_1: '3 - 2', document_pdf_number_1: 1 },
        'document_page_number_1: Enter Correct Number',
      ],
      [
        'a page that is not a number',
        { evidence_name_1: 'USG', evidence_page_number_1: 'two', evidence_pdf_number_1: 1 },
        'evidence_page_number_1: Enter Correct Number',
      ],
      [
        'PDF 0',
        { evidence_name_1: 'USG', evidence_page_number_1: 1, evidence_pdf_number_1: 0 },
        'evidence_pdf_number_1: Enter Correct PDF',
      ],
      [
        'an entry without a name',
        { diagnosis_alias_2: 'glaucoma', diagnosis_page_number_2: 1 },
        'diagnosis_name_2: Select name for diagnosis',
      ],
      [
        'a clinical attribute without a name',
        { clinical_attribute_value_1: '9.1' },
        'clinical_attribute_name_1: Select name for clinical attribute',
      ],
      ['a field the record does not have', { procedure_colour_1: 'red' }, 'procedure_colour_1: not an annotation field'],
      ['slot number 0', { procedure_name_0: 'Cataract Surgery' }, 'procedure_name_0: not an annotation field'],
      ['another procedure', { procedure_code: 'P2' }, 'procedure_code: P2 is not a procedure of this claim'],
    ])('refuses %s with 400 and a detail naming the slot', async (_case, slots, detail) => {
      const claim = await claimWithDocuments();
      const refused = await post(recordOf(claim, slots));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ detail });
      const unchanged = (
        await app.inject({ method: 'GET', url: `${BASE}/claims/${claim.id}`, headers: as('vitraya.admin') })
      ).json<Claim>();
      expect(unchanged).toMatchObject({ annotated: false, annotation_id: null });
    });

    test('malformed records answer 400 naming the field, a claim that does not exist 404', async () => {
      const claim = await claimWithDocuments();
      const cases: [unknown, RegExp][] = [
        [{ ...recordOf(claim), claim_id: 'abc' }, /^claim_id: /],
        [{ ...recordOf(claim), expected_result: 'maybe' }, /^expected_result: /],
        [{ ...recordOf(claim), reference_claim_id: 'SOMEONE-ELSE' }, /^reference_claim_id: claim \d+ is ANN-/],
        [{ ...recordOf(claim), procedure_name_1: { nested: true } }, /^procedure_name_1: /],
        [{ ...recordOf(claim), remarks: 'x'.repeat(2001) }, /^remarks: /],
        [{ ...recordOf(claim), procedure_name_1: 'x'.repeat(2001) }, /^procedure_name_1: too long/],
        [[], /./],
      ];
      for (const [payload, detail] of cases) {
        const refused = await post(payload);
        expect({ payload, status: refused.statusCode }).toEqual({ payload, status: 400 });
        expect(refused.json().detail).toMatch(detail);
      }
      const missing = await post({ ...recordOf(claim), claim_id: 424242 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Claim 424242 not found' });
    });

    test('an edit replaces the record with its slots renumbered, checked like a new one', async () => {
      const claim = await claimWithDocuments();
      const { id } = (await post(recordOf(claim, FULL_SLOTS))).json<Annotation>();
      const edited = await put(id, {
        ...recordOf(claim),
        expected_result: 'docQuery',
        remarks: '',
        diagnosis_name_1: 'Glaucoma',
        diagnosis_page_number_1: 1,
        diagnosis_pdf_number_1: 2,
      });
      expect(edited.statusCode).toBe(200);
      const record = edited.json<Annotation>();
      expect(record).toMatchObject({ id, expected_result: 'docQuery', diagnosis_name_1: 'Glaucoma', diagnosis_pdf_number_1: 2 });
      expect(record).not.toHaveProperty('remarks');
      expect(record).not.toHaveProperty('procedure_name_1');
      expect(record).not.toHaveProperty('diagnosis_name_2');

      const outside = await put(id, {
        ...recordOf(claim),
        diagnosis_name_1: 'Glaucoma',
        diagnosis_page_number_1: 2,
        diagnosis_pdf_number_1: 2,
      });
      expect(outside.statusCode).toBe(400);
      expect(outside.json().detail).toBe(
        'diagnosis_page_number_1: Entered page number is more than the total no of pages (PDF 2 has 1 page)',
      );
      const other = await claimWithDocuments();
      const moved = await put(id, recordOf(other));
      expect(moved.statusCode).toBe(400);
      expect(moved.json().detail).toBe(`claim_id: annotation ${id} belongs to claim ${claim.id}`);
      expect((await put(424242, recordOf(claim))).statusCode).toBe(404);
      const reread = await app.inject({ method: 'GET', url: `${BASE}/annotation/${id}`, headers: as('vitraya.admin') });
      expect(reread.json()).toEqual(record);
    });

    test('writing is for the annotation users: another provider user reads but may not save', async () => {
      const claim = await claimWithDocuments();
      const { id } = (await post(recordOf(claim))).json<Annotation>();
      const fewer = await buildApp(
        { ...testConfig(), annotationUsers: ['vitraya.reviewer'] },
        { database: testDb.database, logger: false },
      );
      try {
        const read = await fewer.inject({ method: 'GET', url: `${BASE}/annotation/${id}`, headers: as('vitraya.admin') });
        expect(read.statusCode).toBe(200);
        for (const call of [
          { method: 'PUT' as const, url: `${BASE}/annotation/${id}` },
          { method: 'POST' as const, url: `${BASE}/annotation` },
        ]) {
          const refused = await fewer.inject({ ...call, headers: as('vitraya.admin'), payload: recordOf(claim) });
          expect(refused.statusCode).toBe(403);
          expect(refused.json()).toEqual({ detail: 'You are not authorized to perform this action: only annotation users annotate' });
        }
      } finally {
        await fewer.close();
      }
    });
  });

  describe('the annotation report', () => {
    test('is an xlsx workbook named Annotate_data_{date}.xlsx with a row per annotation', async () => {
      const claim = await claimWithDocuments('ANN-REPORT-1');
      await post(recordOf(claim, FULL_SLOTS));
      const response = await app.inject({ method: 'GET', url: `${BASE}/annotation/generateReport`, headers: as('vitraya.reviewer') });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const today = formatIn(new Date(), testConfig().displayTimeZone, 'DD-MM-YYYY');
      expect(response.headers['content-disposition']).toContain(`filename="Annotate_data_${today}.xlsx"`);
      expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');

      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Annotations')!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header.slice(0, 10)).toEqual([
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
      ]);
      expect(header).toEqual(expect.arrayContaining(['document_page_number_1', 'clinical_attribute_value_1']));
      const rows: unknown[][] = [];
      sheet.eachRow((row, number) => number > 1 && rows.push((row.values as unknown[]).slice(1)));
      const ours = rows.find((row) => row[0] === 'ANN-REPORT-1')!;
      expect(ours.slice(0, 10)).toEqual([
        'ANN-REPORT-1',
        claim.id,
        'P1',
        'Cataract Surgery',
        'SETTLEMENT',
        'REJECTED',
        'reject',
        'vitraya.reviewer',
        today,
        'Glaucoma is on the bill',
      ]);
      expect(ours[header.indexOf('document_page_number_1')]).toBe('1 - 3');
    });
  });

  describe('error flags', () => {
    let categories: ErrorCategory[];
    beforeAll(async () => {
      categories = (await app.inject({ method: 'GET', url: `${BASE}/annotationErrorCategory`, headers: as('vitraya.reviewer') })).json();
    });
    const flagsUrl = (claimId: number, query = '') => `${BASE}/claims/${claimId}/annotation${query}`;
    const save = (claimId: number, errors: unknown, method: 'POST' | 'PUT' = 'POST', query = '') =>
      app.inject({
        method,
        url: flagsUrl(claimId, query),
        headers: as('vitraya.reviewer'),
        payload: { errors } as InjectOptions['payload'],
      });

    test('are saved, replaced and read back per procedure and group, empty groups dropped', async () => {
      const claim = await claimWithDocuments();
      const empty = await app.inject({ method: 'GET', url: flagsUrl(claim.id), headers: as('vitraya.reviewer') });
      expect(empty.json()).toEqual({ claim_id: claim.id, errors: {} });
      const first = { P1: { diagnoses: [{ keyword: 0, category: categories[0].id, comment: 'Cataract is the other eye' }] } };
      expect((await save(claim.id, first)).json()).toEqual({ claim_id: claim.id, errors: first });
      const second = {
        P1: {
          diagnoses: [],
          document: [{ keyword: 0, category: categories[1].id, comment: '  Wrong page  ' }],
        },
      };
      const replaced = await save(claim.id, second, 'PUT', '?org=vitraya');
      expect(replaced.statusCode).toBe(200);
      const expected = { P1: { document: [{ keyword: 0, category: categories[1].id, comment: 'Wrong page' }] } };
      expect(replaced.json()).toEqual({ claim_id: claim.id, errors: expected });
      const read = await app.inject({ method: 'GET', url: flagsUrl(claim.id), headers: as('vitraya.admin') });
      expect(read.json<ErrorAnnotations>().errors).toEqual(expected);
      expect((await save(claim.id, {}, 'PUT')).json()).toEqual({ claim_id: claim.id, errors: {} });
    });

    test('refuse flags that do not fit the claim or are malformed with 400 naming the place', async () => {
      const claim = await claimWithDocuments();
      const category = categories[0].id;
      const flag = (keyword: number, comment = 'wrong') => ({ keyword, category, comment });
      const cases: [unknown, string | RegExp][] = [
        [{ P1: { diagnoses: [flag(2)] } }, 'errors.P1.diagnoses: keyword 2 is not an item of this group (it has 2)'],
        [{ P1: { evidence: [flag(0)] } }, 'errors.P1.evidence: keyword 0 is not an item of this group (it has 0)'],
        [{ P1: { diagnoses: [flag(0), flag(0)] } }, 'errors.P1.diagnoses: keyword 0 is flagged twice'],
        [{ P1: { diagnoses: [flag(1)] } }, 'errors.P1.diagnoses: keyword 1 was not found, so it has nothing to flag'],
        [{ P1: { colour: [flag(0)] } }, 'errors.P1.colour: not an entity group'],
        [{ P2: { diagnoses: [flag(0)] } }, 'errors.P2: not a procedure of this claim'],
        [{ P1: { diagnoses: [{ keyword: 0, category: 424242, comment: 'x' }] } }, 'errors.P1.diagnoses: unknown error category 424242'],
        [{ P1: { diagnoses: [flag(0, '   ')] } }, /^errors\.P1\.diagnoses\.0\.comment: /],
        [{ P1: { diagnoses: [flag(-1)] } }, /^errors\.P1\.diagnoses\.0\.keyword: /],
        [{ P1: { diagnoses: [{ keyword: 0, category: 'Other', comment: 'x' }] } }, /^errors\.P1\.diagnoses\.0\.category: /],
        [{ P1: { diagnoses: 'all of them' } }, /^errors\.P1\.diagnoses: /],
        [null, /^errors: /],
      ];
      for (const [errors, detail] of cases) {
        const refused = await save(claim.id, errors);
        expect({ errors, status: refused.statusCode }).toEqual({ errors, status: 400 });
        expect(refused.json().detail).toMatch(detail);
      }
      const read = await app.inject({ method: 'GET', url: flagsUrl(claim.id), headers: as('vitraya.reviewer') });
      expect(read.json().errors).toEqual({});
    });

    test('a claim that does not exist, or not in the organisation named, answers 404', async () => {
      const claim = await claimWithDocuments();
      const flags = { P1: { diagnoses: [{ keyword: 0, category: categories[0].id, comment: 'x' }] } };
      for (const call of [
        { method: 'GET' as const, url: flagsUrl(424242) },
        { method: 'POST' as const, url: flagsUrl(424242), payload: { errors: flags } },
        { method: 'GET' as const, url: flagsUrl(claim.id, '?org=starhealth') },
        { method: 'PUT' as const, url: flagsUrl(claim.id, '?org=starhealth'), payload: { errors: flags } },
      ]) {
        const response = await app.inject({ ...call, headers: as('vitraya.reviewer') });
        expect({ url: call.url, status: response.statusCode }).toEqual({ url: call.url, status: 404 });
        expect(response.json().detail).toMatch(/^Claim \d+ not found$/);
      }
    });
  });

  describe('permissions', () => {
    test('insurer and demo users are refused every annotation and error-flag call alike, whatever the id', async () => {
      const provider = await claimWithDocuments();
      const annotation = (await post(recordOf(provider))).json<Annotation>();
      const own = fixture['SH-ADJ-1'];
      const flags = { errors: { P1: { diagnoses: [{ keyword: 0, category: 1, comment: 'x' }] } } };
      const calls: InjectOptions[] = [
        { method: 'GET', url: `${BASE}/annotation?limit=10&page_number=1` },
        { method: 'GET', url: `${BASE}/annotation/${annotation.id}` },
        { method: 'GET', url: `${BASE}/annotation/424242` },
        { method: 'GET', url: `${BASE}/annotation/generateReport` },
        { method: 'GET', url: `${BASE}/annotationErrorCategory` },
        { method: 'POST', url: `${BASE}/annotation`, payload: recordOf(provider) },
        { method: 'PUT', url: `${BASE}/annotation/${annotation.id}`, payload: { ...recordOf(provider), expected_result: 'accept' } },
        { method: 'PUT', url: `${BASE}/annotation/424242`, payload: { nonsense: true } },
        ...[provider.id, own, 424242].flatMap((id): InjectOptions[] => [
          { method: 'GET', url: `${BASE}/claims/${id}/annotation` },
          { method: 'POST', url: `${BASE}/claims/${id}/annotation`, payload: flags },
          { method: 'PUT', url: `${BASE}/claims/${id}/annotation`, payload: flags },
        ]),
      ];
      for (const user of ['starhealth.reviewer', 'starhealth.admin', 'demo.reviewer']) {
        for (const call of calls) {
          const response = await app.inject({ ...call, headers: as(user) });
          expect({ user, url: call.url, method: call.method, status: response.statusCode }).toEqual({
            user,
            url: call.url,
            method: call.method,
            status: 403,
          });
          expect(response.json()).toEqual({ detail: expect.stringMatching(/^You are not authorized to perform this action/) });
        }
      }
      const untouched = await app.inject({ method: 'GET', url: `${BASE}/annotation/${annotation.id}`, headers: as('vitraya.admin') });
      expect(untouched.json()).toEqual(annotation);
    });

    test('the provider gets 404 for an annotation that does not exist', async () => {
      const response = await app.inject({ method: 'GET', url: `${BASE}/annotation/424242`, headers: as('vitraya.reviewer') });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Annotation 424242 not found' });
      const bad = await app.inject({ method: 'GET', url: `${BASE}/annotation/abc`, headers: as('vitraya.reviewer') });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toMatch(/^params id: /);
    });
  });
});
