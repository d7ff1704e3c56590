import { describe, expect, it } from '@jest/globals';
import { ENTITY_GROUPS, type RuleStatement } from '@claims/shared-kernel/contract';
import type { Evaluated } from './evaluate';
import { attribute, docFromText, emptyMasters, keyword, ruleOf } from '../../testing/verification/fixtures';
import { verdictOf, worstOf } from './result';
import type { ReadDocument, RuleDefinition, VerificationInput } from './types';
import { DEFAULT_FRAUD_MARKERS, verifyClaim as publicVerifyClaim } from './index';
import { verifyClaim } from './verify';

const masters = emptyMasters({
  procedures: [
    { id: 1, name: 'Cataract Surgery', alias: ['Phacoemulsification'], procedure_code: 'OPH001' },
    { id: 2, name: 'Appendectomy', alias: [], procedure_code: 'GEN002' },
  ],
  documents: [keyword('Discharge Summary'), keyword('Histopathology Report'), keyword('Bill')],
  diagnoses: [keyword('Senile cataract', ['Cataract'], { ICD_code: 'H25.9' }), keyword('Hypertension')],
  evidence: [keyword('Lens opacity')],
  drugs: [keyword('Moxifloxacin')],
  tissues: [keyword('Appendix')],
  preExistingDiseases: [keyword('Diabetes mellitus', ['DM'])],
  clinicalAttributes: [attribute('Hemoglobin', { alias: ['Hb'] })],
});

const summary = docFromText('summary.pdf', [
  'DISCHARGE SUMMARY\nProcedure: Phacoemulsification with IOL, right eye\nDiagnosis: Senile cataract\nLens opacity grade 3\nHb: 12.1\nK/c/o DM on oral drugs\nRx: Moxifloxacin eye drops',
]);

const any = (entityName: RuleStatement['entityName'], valuesToFind: string[]): RuleStatement => ({
  operator: 'ANY_OF_N_VALUES_IS_PRESENT',
  entityName,
  valuesToFind,
  numberOfValues: 1,
});
const and = (...statements: RuleStatement[]): RuleStatement => ({ booleanOperator: 'AND', statements });

const cataractRule = (extra: Partial<RuleDefinition> = {}) =>
  ruleOf({
    id: 7,
    version: 3,
    procedureRule: and(any('procedures', ['Cataract Surgery'])),
    diagnosisRule: and(any('diagnoses', ['Cataract', 'Senile cataract'])),
    documentRule: and(any('document', ['Discharge Summary'])),
    clinicalTermsRule: and({ operator: 'VALUE_GREATER_THAN', valueToCompare: { id: 0, name: 'Hemoglobin' }, value: 10 }),
    ...extra,
  });

const claim = (
  rules: VerificationInput['rules'],
  documents: ReadDocument[] = [summary],
  extra: Partial<VerificationInput> = {},
): VerificationInput => ({
  claim: { id: 1, caseType: 'PRE_AUTH', procedureCodes: Object.keys(rules), hospitalCode: 'H1', organization: 'vitraya' },
  documents,
  masters,
  rules,
  ...extra,
});

describe('verdicts', () => {
  it('ACCEPTED when all four rules hold', () => {
    const result = verifyClaim(claim({ OPH001: cataractRule() }));
    expect(result).toMatchObject({ adjudicationResult: 'ACCEPTED', adjudicationReason: null, rejectionReasons: [] });
    const detail = result.adjudicationDetails.OPH001;
    expect(detail).toMatchObject({ ruleId: 7, ruleVersion: 3, primary: true, adjudicationResult: 'ACCEPTED' });
    for (const tree of ['procedureRule', 'diagnosisRule', 'documentRule', 'clinicalTermsRule'] as const)
      expect(detail[tree]?.conditionResult).toBe(true);
    expect(detail.clinicalTermsRule?.statements?.[0]).toMatchObject({ conditionResult: true, valueFound: 12.1 });
  });

  it('QUERY naming the missing documents when only the document rule fails', () => {
    const rule = cataractRule({ documentRule: and(any('document', ['Discharge Summary']), any('document', ['Histopathology Report'])) });
    const result = verifyClaim(claim({ OPH001: rule }));
    expect(result.adjudicationResult).toBe('QUERY');
    expect(result.adjudicationReason).toBe('Required Document not found: Histopathology Report');
    expect(result.rejectionReasons).toEqual(['Document not found: any 1 of Histopathology Report']);
  });

  it("QUERY 'Required Document not found' when the failing document rule names no document", () => {
    const leaf: Evaluated = {
      statement: { operator: 'VALUE_IN', conditionResult: false },
      children: [],
      failure: 'Unsupported rule operator: VALUE_IN',
      missingDocuments: null,
    };
    const verdict = verdictOf({ procedureRule: null, diagnosisRule: null, clinicalTermsRule: null, documentRule: leaf });
    expect(verdict).toMatchObject({ adjudicationResult: 'QUERY', adjudicationReason: 'Required Document not found' });
  });

  it('REJECTED naming the failing statements, before any document query', () => {
    const rule = cataractRule({
      diagnosisRule: and(any('diagnoses', ['Glaucoma', 'Myopia'])),
      documentRule: and(any('document', ['Histopathology Report'])),
    });
    const result = verifyClaim(claim({ OPH001: rule }));
    expect(result.adjudicationResult).toBe('REJECTED');
    expect(result.adjudicationReason).toBe('Diagnosis not found: any 1 of Glaucoma, Myopia');
    expect(result.rejectionReasons).toEqual([
      'Diagnosis not found: any 1 of Glaucoma, Myopia',
      'Document not found: any 1 of Histopathology Report',
    ]);
  });

  it('joins the alternatives of a failing OR', () => {
    const rule = cataractRule({
      clinicalTermsRule: { booleanOperator: 'OR', statements: [any('evidence', ['Vitreous haemorrhage']), any('drugs', ['Atropine'])] },
    });
    expect(verifyClaim(claim({ OPH001: rule })).adjudicationReason).toBe(
      'Evidence not found: any 1 of Vitreous haemorrhage OR Drug not found: any 1 of Atropine',
    );
  });

  it("QUERY 'Protocol not configured' without a rule", () => {
    const result = verifyClaim(claim({ OPH001: null }));
    expect(result).toMatchObject({
      adjudicationResult: 'QUERY',
      adjudicationReason: 'Protocol not configured for Cataract Surgery (PRE_AUTH)',
    });
    expect(result.adjudicationDetails.OPH001).toMatchObject({ ruleId: null, procedureRule: null, documentRule: null });
    const unknown = verifyClaim(claim({ XYZ9: null }));
    expect(unknown.adjudicationReason).toBe('Protocol not configured for XYZ9 (PRE_AUTH)');
  });

  it('SUSPENDED when no document can be read', () => {
    const broken: ReadDocument = { documentId: 9, fileName: 'scan.pdf', url: '/x', pages: [], error: 'not a readable PDF' };
    const result = verifyClaim(claim({ OPH001: cataractRule() }, [broken]));
    expect(result).toMatchObject({
      adjudicationResult: 'SUSPENDED',
      adjudicationReason: 'scan.pdf could not be read: the PDF is damaged.',
      technicalDetail: 'Unreadable documents: scan.pdf (not a readable PDF)',
    });
    expect(result.adjudicationDetails.OPH001.adjudicationResult).toBe('SUSPENDED');
    expect(verifyClaim(claim({ OPH001: cataractRule() }, [])).adjudicationResult).toBe('SUSPENDED');
    const two = verifyClaim(claim({ OPH001: cataractRule(), GEN002: null }, [broken]));
    expect(two).toMatchObject({
      adjudicationResult: 'SUSPENDED',
      adjudicationReason: 'scan.pdf could not be read: the PDF is damaged.',
    });
    const stranger: ReadDocument = {
      documentId: 10,
      fileName: 'setup.pdf',
      url: '/y',
      pages: [],
      error: 'not a PDF, PNG or JPEG file (declared as application/pdf)',
    };
    expect(verifyClaim(claim({ OPH001: cataractRule() }, [broken, stranger]))).toMatchObject({
      adjudicationResult: 'SUSPENDED',
      adjudicationReason: 'None of the documents could be read: scan.pdf and setup.pdf.',
      technicalDetail:
        'Unreadable documents: scan.pdf (not a readable PDF), setup.pdf (not a PDF, PNG or JPEG file (declared as application/pdf))',
    });
  });

  it('notes unreadable documents in a plain sentence but judges on the readable ones; the read errors go to the technical detail', () => {
    const download: ReadDocument = {
      documentId: 9,
      fileName: 'download_5.pdf',
      url: '/x',
      pages: [],
      error: 'not a PDF, PNG or JPEG file (declared as application/pdf)',
    };
    const result = verifyClaim(claim({ OPH001: cataractRule() }, [summary, download]));
    expect(result).toMatchObject({
      adjudicationResult: 'ACCEPTED',
      adjudicationReason: 'download_5.pdf could not be read: it is not a PDF, PNG or JPEG file.',
      technicalDetail: 'Unreadable documents: download_5.pdf (not a PDF, PNG or JPEG file (declared as application/pdf))',
    });
    const photo: ReadDocument = {
      documentId: 10,
      fileName: 'photo.png',
      url: '/y',
      pages: [],
      error: 'not a readable PNG image (damaged header)',
    };
    const odd: ReadDocument = {
      documentId: 11,
      fileName: 'odd.pdf',
      url: '/z',
      pages: [],
      error: 'the PDF could not be read (worker died)',
    };
    expect(verifyClaim(claim({ OPH001: cataractRule() }, [summary, photo])).adjudicationReason).toBe(
      'photo.png could not be read: the image is damaged.',
    );
    expect(verifyClaim(claim({ OPH001: cataractRule() }, [summary, odd])).adjudicationReason).toBe('odd.pdf could not be read.');
    expect(verifyClaim(claim({ OPH001: cataractRule() }, [summary, download, photo, odd])).adjudicationReason).toBe(
      'download_5.pdf, photo.png and odd.pdf could not be read.',
    );
    expect(verifyClaim(claim({ OPH001: cataractRule() }, [summary])).technicalDetail).toBeUndefined();
  });

  it('the claim takes the worst result of its procedures', () => {
    expect(worstOf(['ACCEPTED', 'QUERY'])).toBe('QUERY');
    expect(worstOf(['QUERY', 'REJECTED', 'ACCEPTED'])).toBe('REJECTED');
    expect(worstOf(['REJECTED', 'SUSPENDED'])).toBe('SUSPENDED');
    expect(worstOf(['ACCEPTED'])).toBe('ACCEPTED');
    const appendix = ruleOf({ id: 8, diagnosisRule: and(any('diagnoses', ['Appendicitis'])) });
    const both = verifyClaim(claim({ OPH001: appendix, GEN002: appendix }));
    expect(both.adjudicationReason).toBe('Diagnosis not found: any 1 of Appendicitis');
    const result = verifyClaim(claim({ OPH001: cataractRule(), GEN002: appendix }));
    expect(result.adjudicationResult).toBe('REJECTED');
    expect(result.adjudicationReason).toBe('GEN002: Diagnosis not found: any 1 of Appendicitis');
    expect(result.rejectionReasons).toEqual(['GEN002: Diagnosis not found: any 1 of Appendicitis']);
    expect(result.adjudicationDetails.OPH001).toMatchObject({ primary: true, adjudicationResult: 'ACCEPTED' });
    expect(result.adjudicationDetails.GEN002).toMatchObject({ primary: false, adjudicationResult: 'REJECTED' });
  });
});

describe('fraud markers', () => {
  it('default to a short list of phrases, exported with verifyClaim', () => {
    expect(publicVerifyClaim).toBe(verifyClaim);
    expect(DEFAULT_FRAUD_MARKERS).toEqual(expect.arrayContaining(['tampered', 'overwritten', 'duplicate bill', 'suspicious fraud case']));
  });

  it('surface in the adjudication reason without changing the verdict', () => {
    const tampered = docFromText('bill.pdf', ['BILL\nRoom rent 4,000 (amount overwritten)\nRemarks: suspicious fraud case'], 2);
    const result = verifyClaim(claim({ OPH001: cataractRule() }, [summary, tampered]));
    expect(result.adjudicationResult).toBe('ACCEPTED');
    expect(result.adjudicationReason).toBe('Fraud markers found: overwritten, suspicious fraud case');
    expect(result.adjudicationDetails.OPH001.adjudicationReason).toBe(result.adjudicationReason);
    const custom = verifyClaim(claim({ OPH001: cataractRule() }, [summary, tampered], { fraudMarkers: ['room rent'] }));
    expect(custom.adjudicationReason).toBe('Fraud markers found: room rent');
  });

  it('are not found where the documents deny them', () => {
    const clean = docFromText('bill.pdf', ['BILL\nRoom rent 4,000\nRemarks: no tampering or overwriting seen; not a duplicate bill.'], 2);
    expect(verifyClaim(claim({ OPH001: cataractRule() }, [summary, clean])).adjudicationReason).toBeNull();
  });
});

describe('entity groups', () => {
  it('lists what the rule mentions (found or absent) and every other entity found', () => {
    const rule = cataractRule({ diagnosisRule: and(any('diagnoses', ['Senile cataract', 'Glaucoma'])) });
    const detail = verifyClaim(claim({ OPH001: rule })).adjudicationDetails.OPH001;
    for (const group of ENTITY_GROUPS) expect(Array.isArray(detail[group])).toBe(true);

    const [cataract, glaucoma] = detail.diagnoses!;
    expect(cataract).toMatchObject({
      name: 'Senile cataract',
      standardName: 'Senile cataract',
      found: true,
      ICD_code: 'H25.9',
      documentUrl: '/claims/1/documents/1',
      referenceToDocument: 'summary.pdf',
      foundDocumentAliases: ['Senile cataract', 'Cataract'],
    });
    // 'Senile cataract' starts at column 11 of line 2 of the monospace grid: x = 40 + 11 × 6, y = 40 + 2 × 14
    expect(cataract.position).toEqual({ x: 106, y: 68, width: 90, height: 10, pageNumber: 1, pageWidth: 595, pageHeight: 842 });
    expect(glaucoma).toMatchObject({ name: 'Glaucoma', found: false, position: null, documentUrl: null });
    expect(detail.diagnoses).toHaveLength(2);

    expect(detail.procedures?.map((p) => [p.name, p.found])).toEqual([['Cataract Surgery', true]]);
    expect(detail.evidence?.map((e) => e.name)).toEqual(['Lens opacity']);
    expect(detail.drug?.map((e) => e.name)).toEqual(['Moxifloxacin']);
    expect(detail.tissue).toEqual([]);
    expect(detail.pre_existing_diseases?.map((e) => [e.name, e.foundDocumentAliases])).toEqual([['Diabetes mellitus', ['DM']]]);
    expect(detail.document?.[0]).toMatchObject({ name: 'Discharge Summary', found: true, referenceToDocument: 'summary.pdf' });
    expect(detail.clinicalAttribute?.[0]).toMatchObject({ name: 'Hemoglobin', found: true, valueFound: 12.1, unitFound: null });
  });
});

describe('answers to procedure questions', () => {
  const bothProcedures = (facts: VerificationInput['facts']) =>
    claim(
      {
        OPH001: cataractRule({ diagnosisRule: and(any('diagnoses', ['Hypertension'])) }),
        GEN002: cataractRule({ diagnosisRule: and(any('diagnoses', ['Hypertension'])) }),
      },
      [summary],
      { facts },
    );

  it("count where their question's procedure is judged, and only there", () => {
    const result = verifyClaim(bothProcedures({ byProcedure: { OPH001: { answers: { diagnosis: ['Hypertension'] } } } }));
    expect(result.adjudicationDetails.OPH001.diagnosisRule?.conditionResult).toBe(true);
    expect(result.adjudicationDetails.GEN002.diagnosisRule?.conditionResult).toBe(false);
  });

  it('a number answered for a question naming an attribute is its value for that procedure, over the documents', () => {
    const measured = { "What is the patient's Hb today?": { value: 9, unit: null } };
    const result = verifyClaim(bothProcedures({ byProcedure: { GEN002: { measurements: measured } } }));
    expect(result.adjudicationDetails.GEN002.clinicalTermsRule?.statements?.[0]).toMatchObject({ conditionResult: false, valueFound: 9 });
    expect(result.adjudicationDetails.OPH001.clinicalTermsRule?.statements?.[0]).toMatchObject({ conditionResult: true, valueFound: 12.1 });
  });

  it('claim-wide answers (kept by entity type) count for every procedure', () => {
    const result = verifyClaim(bothProcedures({ answers: { diagnosis: ['Hypertension'] } }));
    for (const code of ['OPH001', 'GEN002']) expect(result.adjudicationDetails[code].diagnosisRule?.conditionResult).toBe(true);
  });
});
