import type { LeafOperator, RuleStatement } from '@claims/shared-kernel';
import { allOf, and, anyOf, compare, evidence, LAB, or, procedure } from '../../testing/claimBuilder';
import { foundValues, PROTOCOL_NOT_CONFIGURED, type Remedy, suspendedSentence, whyNotAccepted } from './whyNotAccepted';

/** A REJECTED procedure whose only failing tree is `tree` (as its clinical terms rule). */
const rejectedWith = (tree: RuleStatement) => procedure('REJECTED', { clinicalTermsRule: tree });
const texts = (remedies: Remedy[]) => remedies.map((r) => (r.kind === 'change' ? r.text : r));
const only = (tree: RuleStatement, severalDocuments = false) => texts(whyNotAccepted(rejectedWith(tree), { severalDocuments }));

describe('whyNotAccepted', () => {
  it('has nothing to say about an accepted procedure', () => {
    expect(whyNotAccepted(procedure('ACCEPTED'))).toEqual([]);
  });

  describe('presence of documents and entities', () => {
    it('names a single missing document', () => {
      const query = procedure('QUERY', { documentRule: and(anyOf('document', ['Discharge Summary'], [])) });
      expect(texts(whyNotAccepted(query))).toEqual(['Discharge Summary not found in any document']);
    });

    it('lists alternatives of which none was found', () => {
      expect(only(and(anyOf('diagnoses', ['Senile cataract', 'Cataract', 'Lens opacity'], [])))).toEqual([
        'None of these diagnoses found: Senile cataract, Cataract, Lens opacity',
      ]);
    });

    it('says how many of a list are needed and which were found', () => {
      expect(only(and(anyOf('evidence', ['Slit lamp', 'A-scan', 'Keratometry'], ['A-scan'], { need: 2 })))).toEqual([
        'Needs 2 of: Slit lamp, A-scan, Keratometry; found 1 (A-scan)',
      ]);
      expect(only(and(anyOf('evidence', ['Slit lamp', 'A-scan'], [], { need: 2 })))).toEqual(['Needs 2 of: Slit lamp, A-scan; found none']);
    });

    it('names what is missing of a list needed whole, and a single value plainly', () => {
      expect(only(and(allOf('drugs', ['Moxifloxacin', 'Prednisolone', 'Tropicamide'], ['Moxifloxacin'])))).toEqual([
        'Needs all of: Moxifloxacin, Prednisolone, Tropicamide; missing Prednisolone, Tropicamide',
      ]);
      expect(only(and(allOf('tissues', ['Lens'], [])))).toEqual(['Lens not found in any document']);
    });

    it('says where the rule looks when it looks only in some documents', () => {
      expect(only(and(anyOf('evidence', ['Biometry'], [], { inclusion: ['Lab Report', 'OT Notes'] })))).toEqual([
        'Biometry not found in any document (the rule looks only in Lab Report, OT Notes)',
      ]);
    });

    it('says when a leaf has nothing to look for', () => {
      expect(only(and(anyOf('diagnoses', ['  '], [])))).toEqual(['The rule lists no diagnoses to look for']);
    });
  });

  describe('clinical attribute comparisons', () => {
    const haemoglobinAt = evidence(LAB, 3);
    const haemoglobin = (operator: LeafOperator, rule: Pick<RuleStatement, 'value' | 'range'>) =>
      compare(operator, 'Haemoglobin', rule, { ok: false, valueFound: 9.1, unitFound: 'g/dL', evidence: [haemoglobinAt] });

    it('says what was found, where, and what the rule needs, linked to the evidence', () => {
      const [remedy] = whyNotAccepted(rejectedWith(and(haemoglobin('VALUE_GREATER_THAN_EQUAL_TO', { value: 10 }))));
      expect(remedy).toEqual({
        kind: 'change',
        text: 'Haemoglobin found 9.1 g/dL on page 3; the rule needs at least 10 g/dL',
        evidence: haemoglobinAt,
      });
    });

    it('names the document when the claim has several', () => {
      expect(only(and(haemoglobin('VALUE_GREATER_THAN_EQUAL_TO', { value: 10 })), true)).toEqual([
        'Haemoglobin found 9.1 g/dL on page 3 of lab_report.png; the rule needs at least 10 g/dL',
      ]);
    });

    it.each<[LeafOperator, Pick<RuleStatement, 'value' | 'range'>, string]>([
      ['VALUE_GREATER_THAN', { value: 10 }, 'more than 10 g/dL'],
      ['VALUE_LESS_THAN', { value: '8' }, 'less than 8 g/dL'],
      ['VALUE_LESS_THAN_EQUAL_TO', { value: 8 }, 'at most 8 g/dL'],
      ['VALUE_EQUAL_TO', { value: 12 }, 'exactly 12 g/dL'],
      ['VALUE_NOT_EQUAL_TO', { value: 9.1 }, 'anything but 9.1 g/dL'],
      ['VALUE_IN_RANGE', { range: [11, 16] }, 'between 11 and 16 g/dL'],
      ['VALUE_IN_RANGE', { range: [11, null] }, 'at least 11 g/dL'],
      ['VALUE_IN_RANGE', { range: [null, 8] }, 'at most 8 g/dL'],
      ['VALUE_IN_RANGE', {}, 'a value within its normal range'],
      ['VALUE_IN', { value: ['10', '11', '12'] }, 'one of 10, 11, 12'],
      ['VALUE_IN', { value: '10, 11' }, 'one of 10, 11'],
      ['VALUE_NOT_IN', { value: ['9.1', '9.2'] }, 'none of 9.1, 9.2'],
      ['VALUE_GREATER_THAN', { value: null }, 'more than a value the rule does not configure'],
    ])('words %s %j as "%s"', (operator, rule, words) => {
      expect(only(and(haemoglobin(operator, rule)))).toEqual([`Haemoglobin found 9.1 g/dL on page 3; the rule needs ${words}`]);
    });

    it('words text values without a unit', () => {
      const hiv = compare(
        'VALUE_NOT_EQUAL_TO',
        'HIV',
        { value: 'Reactive' },
        { ok: false, valueFound: 'Reactive', evidence: [evidence(LAB, 1)] },
      );
      expect(only(and(hiv))).toEqual(['HIV found Reactive on page 1; the rule needs anything but Reactive']);
    });

    it('says an attribute was not found, whatever the operator', () => {
      const axial = compare('VALUE_IN_RANGE', 'Axial length', { range: [20, 26] }, { ok: false });
      expect(only(and(axial))).toEqual(['Axial length not found in any document; the rule needs between 20 and 26']);
    });

    it('reads the attribute of older rules from valuesToFind', () => {
      const older: RuleStatement = {
        operator: 'VALUE_LESS_THAN',
        valuesToFind: ['IOP'],
        value: 21,
        conditionResult: false,
        valueFound: null,
      };
      expect(only(and(older))).toEqual(['IOP not found in any document; the rule needs less than 21']);
    });
  });

  describe('groups', () => {
    const noDiagnosis = anyOf('diagnoses', ['Senile cataract'], []);
    const noSummary = anyOf('document', ['Discharge Summary'], []);
    const lowHb = compare('VALUE_GREATER_THAN_EQUAL_TO', 'Haemoglobin', { value: 10 }, { ok: false, valueFound: 9.1, unitFound: 'g/dL' });

    it('needs every failing statement of an AND, and ignores the ones that hold', () => {
      const passing = anyOf('evidence', ['A-scan'], ['A-scan']);
      expect(only(and(noDiagnosis, passing, and(lowHb)))).toEqual([
        'Senile cataract not found in any document',
        'Haemoglobin found 9.1 g/dL; the rule needs at least 10 g/dL',
      ]);
    });

    it('offers the alternatives of an OR as one of them would do', () => {
      expect(whyNotAccepted(rejectedWith(and(or(noDiagnosis, lowHb))))).toEqual([
        {
          kind: 'oneOf',
          options: [
            { kind: 'change', text: 'Senile cataract not found in any document' },
            { kind: 'change', text: 'Haemoglobin found 9.1 g/dL; the rule needs at least 10 g/dL' },
          ],
        },
      ]);
    });

    it('keeps an alternative that needs several things together, and flattens nested ORs', () => {
      const remedies = whyNotAccepted(rejectedWith(or(and(noDiagnosis, lowHb), or(noSummary, anyOf('drugs', ['Atropine'], [])))));
      expect(remedies).toEqual([
        {
          kind: 'oneOf',
          options: [
            {
              kind: 'allOf',
              items: [
                { kind: 'change', text: 'Senile cataract not found in any document' },
                { kind: 'change', text: 'Haemoglobin found 9.1 g/dL; the rule needs at least 10 g/dL' },
              ],
            },
            { kind: 'change', text: 'Discharge Summary not found in any document' },
            { kind: 'change', text: 'Atropine not found in any document' },
          ],
        },
      ]);
    });

    it('reads an OR of one failing alternative as that alternative', () => {
      expect(only(or(and(noSummary)))).toEqual(['Discharge Summary not found in any document']);
    });

    it('goes through the trees in order: procedure, diagnosis, document, clinical terms', () => {
      const failing = procedure('REJECTED', {
        procedureRule: and(anyOf('procedures', ['Phacoemulsification'], [])),
        diagnosisRule: and(noDiagnosis),
        documentRule: and(noSummary),
        clinicalTermsRule: and(lowHb),
      });
      expect(texts(whyNotAccepted(failing))).toEqual([
        'Phacoemulsification not found in any document',
        'Senile cataract not found in any document',
        'Discharge Summary not found in any document',
        'Haemoglobin found 9.1 g/dL; the rule needs at least 10 g/dL',
      ]);
    });
  });

  describe('results the trees do not explain', () => {
    it('says plainly that no protocol is configured', () => {
      const unconfigured = procedure('QUERY', {
        ruleId: null,
        ruleVersion: null,
        adjudicationReason: 'Protocol not configured for Hysterectomy (PRE_AUTH)',
        procedureRule: null,
        diagnosisRule: null,
        documentRule: null,
        clinicalTermsRule: null,
      });
      expect(texts(whyNotAccepted(unconfigured))).toEqual([PROTOCOL_NOT_CONFIGURED]);
    });

    it('says plainly that a suspended claim could not be read', () => {
      const suspended = procedure('SUSPENDED', { adjudicationReason: 'No document could be read: scan.pdf (empty file)' });
      expect(texts(whyNotAccepted(suspended))).toEqual([
        'The documents could not be read, so nothing was verified (No document could be read: scan.pdf (empty file)); upload readable documents and run verification again.',
      ]);
      expect(suspendedSentence(null)).toBe(
        'The documents could not be read, so nothing was verified; upload readable documents and run verification again.',
      );
    });

    it("falls back to the adjudicator's reasons", () => {
      const unexplained = procedure('REJECTED', { rejectionReasons: ['Procedure rule not satisfied'] });
      expect(texts(whyNotAccepted(unexplained))).toEqual(['Procedure rule not satisfied']);
      expect(texts(whyNotAccepted(procedure('QUERY', { adjudicationReason: 'Required Document not found' })))).toEqual([
        'Required Document not found',
      ]);
    });
  });
});

describe('foundValues', () => {
  it('reads the found values in the rule order, names with commas included', () => {
    expect(foundValues(['Fracture, femur', 'Fracture', 'Plate'], 'Fracture, femur, Plate')).toEqual(['Fracture, femur', 'Plate']);
    expect(foundValues(['A', 'B'], null)).toEqual([]);
    expect(foundValues(['A', 'B'], '')).toEqual([]);
  });
});
