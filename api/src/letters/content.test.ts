import type { ProcedureVerification } from '@claims/shared-kernel/contract';
import { evidenceOf, type LetterInput, letterContent, missingOf, reasonsOf, sentence } from './content';

const procedure = (overrides: Partial<ProcedureVerification>): ProcedureVerification => ({
  ruleId: 4,
  primary: true,
  adjudicationResult: 'ACCEPTED',
  ...overrides,
});

const input = (details: Record<string, ProcedureVerification>, codes = Object.keys(details)): LetterInput => ({
  claim: {
    id: 8,
    referenceClaimId: 'CASE-8',
    patientName: '',
    caseType: 'PRE_AUTH',
    procedureCodes: codes,
    procedureNames: codes.map(() => ''),
    adjudicationResult: 'REJECTED',
    adjudicationDetails: details,
    createdOn: new Date('2026-01-31T19:00:00Z'),
    lastVerifiedOn: null,
  },
  insurer: 'Bajaj',
  hospital: null,
  decisions: {},
  madeBy: 'bajaj.reviewer',
  madeAt: new Date('2026-02-01T00:00:00Z'),
  zone: 'Asia/Kolkata',
});

describe('the words of a decision letter', () => {
  it('makes each reason a sentence', () => {
    expect(sentence('haemoglobin found 9 g/dL; the rule needs at least 10 g/dL')).toBe(
      'Haemoglobin found 9 g/dL; the rule needs at least 10 g/dL.',
    );
    expect(sentence('Already one.')).toBe('Already one.');
    expect(
      reasonsOf(procedure({ adjudicationResult: 'REJECTED', rejectionReasons: ['a', 'a', 'b'], adjudicationReason: 'ignored' })),
    ).toEqual(['A.', 'B.']);
    expect(reasonsOf(procedure({ adjudicationResult: 'SUSPENDED', adjudicationReason: 'No readable document' }))).toEqual([
      'No readable document.',
    ]);
  });

  it("names what a QUERY misses from its document rule, or from the verdict's reason", () => {
    expect(
      missingOf(procedure({ adjudicationResult: 'QUERY', adjudicationReason: 'Required Document not found: Lab Report; X-ray' })),
    ).toEqual(['Lab Report', 'X-ray']);
    expect(
      missingOf(
        procedure({
          adjudicationResult: 'QUERY',
          document: [
            { name: 'Bill', found: true },
            { name: 'Lab Report', found: false },
          ],
        }),
      ),
    ).toEqual(['Lab Report']);
    expect(missingOf(procedure({ adjudicationResult: 'QUERY', adjudicationReason: 'Protocol not configured for P9 (PRE_AUTH)' }))).toEqual(
      [],
    );
    expect(missingOf(procedure({ adjudicationResult: 'REJECTED', document: [{ name: 'Lab Report', found: false }] }))).toEqual([]);
  });

  it('lists the evidence found once per place, and a satisfied reading with its value', () => {
    const place = { x: 0, y: 0, width: 1, height: 1, pageNumber: 3, pageWidth: 10, pageHeight: 10 };
    const evidence = evidenceOf(
      procedure({
        diagnoses: [
          { name: 'Cataract', standardName: 'Senile cataract', found: true, referenceToDocument: 'a.pdf', position: place },
          { name: 'Cataract', standardName: 'Senile cataract', found: true, referenceToDocument: 'a.pdf', position: place },
          { name: 'Glaucoma', found: false },
        ],
        clinicalTermsRule: {
          booleanOperator: 'AND',
          statements: [
            {
              operator: 'VALUE_GREATER_THAN',
              valueToCompare: { id: 1, name: 'Haemoglobin' },
              conditionResult: true,
              valueFound: 11,
              unitFound: 'g/dL',
              evidence: [{ ...place, referenceToDocument: 'lab.pdf', pageNumber: 1 }],
            },
          ],
        },
      }),
    );
    expect(evidence).toEqual(['Senile cataract: a.pdf, page 3', 'Haemoglobin 11 g/dL: lab.pdf, page 1']);
  });

  it('states the identity in the display zone and a procedure without a verification as such', () => {
    const content = letterContent(input({}, ['P9']), 'bajaj');
    expect(content.identity).toContainEqual(['Received', '01-02-2026 00:30 IST']);
    expect(content.identity).toContainEqual(['Patient', '-']);
    expect(content.identity).toContainEqual(['Case type', 'Pre Authorization']);
    expect(content.procedures).toEqual([
      {
        heading: 'P9',
        verdict: 'Not verified',
        decision: null,
        reasons: [],
        evidence: [],
        missing: [],
        rule: 'No verification is recorded.',
      },
    ]);
    expect(content.footer).toBe('Made by bajaj.reviewer on 01-02-2026 05:30 IST.');
  });
});
