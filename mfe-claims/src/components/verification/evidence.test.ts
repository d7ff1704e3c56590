import { absent, and, anyOf, claimOf, compare, evidence, found, LAB, procedure, SUMMARY } from '../../testing/claimBuilder';
import { documentOf, evidenceItems, evidencePages, placeOfEvidence, placeOfItem, targetOf } from './evidence';

const BOX = { x: 106, y: 68, width: 90, height: 10, pageWidth: 595, pageHeight: 842 };

describe('targetOf', () => {
  const documents = [SUMMARY, LAB];

  it("opens the item's document at its page with its box", () => {
    expect(targetOf(documents, placeOfItem(found('Senile cataract', evidence(LAB, 1))))).toEqual({
      documentId: LAB.id,
      pageNumber: 1,
      box: BOX,
    });
    expect(targetOf(documents, placeOfEvidence(evidence(SUMMARY, 3)))).toEqual({ documentId: SUMMARY.id, pageNumber: 3, box: BOX });
  });

  it('finds the document by its address, else by its file name', () => {
    expect(documentOf(documents, { documentUrl: LAB.original_document_url })).toBe(LAB);
    expect(documentOf(documents, { documentUrl: '/elsewhere/1', referenceToDocument: 'discharge_summary.pdf' })).toBe(SUMMARY);
    expect(documentOf(documents, { referenceToDocument: 'Confirmed finding' })).toBeNull();
  });

  it('opens page 1 of the document for an item without a position, and nothing without a document', () => {
    const noPosition = { ...found('Discharge Summary', null), documentUrl: SUMMARY.original_document_url };
    expect(targetOf(documents, placeOfItem(noPosition))).toEqual({ documentId: SUMMARY.id, pageNumber: 1 });
    expect(targetOf(documents, placeOfItem(found('IOL power', null, { referenceToDocument: 'Confirmed finding' })))).toBeNull();
  });
});

describe('evidenceItems', () => {
  it('lists the found items with a position in display order: procedures, then groups, then items', () => {
    const claim = claimOf({
      adjudicationResult: 'REJECTED',
      procedureCodes: ['OPH001', 'GYN010'],
      adjudicationDetails: {
        GYN010: procedure('REJECTED', {
          procedures: [found('Hysterectomy', evidence(LAB, 1))],
          diagnoses: [],
          document: [],
        }),
        OPH001: procedure('REJECTED', {
          diagnoses: [absent('Glaucoma'), found('Senile cataract', evidence(SUMMARY, 2)), found('Myopia', null)],
          clinicalAttribute: [found('Haemoglobin', evidence(LAB, 1), { valueFound: 9.1, unitFound: 'g/dL' })],
        }),
      },
    });
    expect(evidenceItems(claim).map((e) => [e.key, e.target.documentId, e.target.pageNumber])).toEqual([
      ['OPH001/procedures/0', SUMMARY.id, 2],
      ['OPH001/diagnoses/1', SUMMARY.id, 2],
      ['OPH001/clinicalAttribute/0', LAB.id, 1],
      ['OPH001/document/0', SUMMARY.id, 1],
      ['GYN010/procedures/0', LAB.id, 1],
    ]);
  });

  it('is empty for a claim not verified yet', () => {
    expect(evidenceItems(claimOf({ adjudicationDetails: null, adjudicationResult: null }))).toEqual([]);
  });
});

describe('evidencePages', () => {
  it("marks the pages of found items and of rule leaves' evidence per document", () => {
    const claim = claimOf({
      adjudicationDetails: {
        OPH001: procedure('REJECTED', {
          clinicalTermsRule: and(
            compare('VALUE_GREATER_THAN', 'Haemoglobin', { value: 10 }, { ok: false, valueFound: 9, evidence: [evidence(LAB, 1)] }),
          ),
          evidence: [found('A-scan', evidence(SUMMARY, 5)), absent('Keratometry')],
          documentRule: and(anyOf('document', ['Discharge Summary'], ['Discharge Summary'], { evidence: [evidence(SUMMARY, 1)] })),
        }),
      },
    });
    const pages = evidencePages(claim);
    expect([...pages.keys()].sort()).toEqual([SUMMARY.id, LAB.id]);
    expect([...pages.get(SUMMARY.id)!].sort()).toEqual([1, 2, 5]);
    expect([...pages.get(LAB.id)!]).toEqual([1]);
  });
});
