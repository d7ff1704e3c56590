import { describe, expect, it } from '@jest/globals';
import { catalog, resolveRule } from './catalog';
import { evaluateProcedure, mentionKey, worstResult, type ClaimFacts, type PlantedValue } from './oracle';

const rule = resolveRule(catalog.rules, 'vitraya', 'id002', 'SETTLEMENT')!;

function facts(
  over: Partial<{ documents: string[]; mentions: [string, string[]][]; values: [string, PlantedValue][]; readable: boolean }> = {},
): ClaimFacts {
  return {
    readable: over.readable ?? true,
    documents: new Set(over.documents ?? ['Discharge Summary', 'Final Bill', 'Histopathology Report', 'Lab Report']),
    mentions: new Map(
      (
        over.mentions ?? [
          [mentionKey('procedures', 'Total Abdominal Hysterectomy'), ['Discharge Summary']],
          [mentionKey('diagnoses', 'Leiomyoma of Uterus'), ['Discharge Summary']],
        ]
      ).map(([k, d]) => [k, new Set(d)]),
    ),
    values: new Map(over.values ?? [['Fibroid Size', { value: 32, document: 'Radiology Report' }]]),
  };
}
const evaluate = (f: ClaimFacts) => evaluateProcedure(rule, 'Total Abdominal Hysterectomy', 'SETTLEMENT', f);

describe('expected verdicts', () => {
  it('accepts when all four trees hold', () => {
    expect(evaluate(facts())).toEqual({ result: 'ACCEPTED', reasonIncludes: [], failedTrees: [], missingDocuments: [] });
  });

  it('queries the missing documents when only the document rule fails', () => {
    const e = evaluate(facts({ documents: ['Discharge Summary', 'Lab Report'] }));
    expect(e.result).toBe('QUERY');
    expect(e.reasonIncludes).toEqual(['Final Bill', 'Histopathology Report']);
  });

  it('rejects a value outside the rule and a diagnosis found only where the rule may not look', () => {
    expect(evaluate(facts({ values: [['Fibroid Size', { value: 25, document: 'Radiology Report' }]] })).failedTrees).toEqual([
      'clinicalTermsRule',
    ]);
    const onlyInClaimForm = facts({
      mentions: [
        [mentionKey('procedures', 'Total Abdominal Hysterectomy'), ['Discharge Summary']],
        [mentionKey('diagnoses', 'Leiomyoma of Uterus'), ['Claim Form']],
      ],
    });
    expect(evaluate(onlyInClaimForm).result).toBe('REJECTED');
  });

  it('rejects rather than queries when a document and a clinical rule both fail', () => {
    const e = evaluate(facts({ documents: ['Discharge Summary'], values: [] }));
    expect(e.result).toBe('REJECTED');
    expect(e.failedTrees).toEqual(['documentRule', 'clinicalTermsRule']);
  });

  it('queries an unconfigured protocol and suspends unreadable claims', () => {
    expect(evaluateProcedure(null, 'Circumcision', 'PRE_AUTH', facts()).result).toBe('QUERY');
    expect(evaluateProcedure(null, 'Circumcision', 'PRE_AUTH', facts()).reasonIncludes).toEqual(['Protocol not configured']);
    expect(evaluate(facts({ readable: false })).result).toBe('SUSPENDED');
  });

  it('takes the worst result in the order SUSPENDED, REJECTED, QUERY, ACCEPTED', () => {
    expect(worstResult(['ACCEPTED', 'QUERY'])).toBe('QUERY');
    expect(worstResult(['QUERY', 'REJECTED', 'ACCEPTED'])).toBe('REJECTED');
    expect(worstResult(['REJECTED', 'SUSPENDED'])).toBe('SUSPENDED');
  });
});
