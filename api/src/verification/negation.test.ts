import { describe, expect, it } from '@jest/globals';
import { docFromText, emptyMasters, keyword, ruleOf } from '../../testing/verification/fixtures';
import { PhraseIndex } from './match';
import { negationOf } from './negation';
import { buildClaimText } from './text';
import { verifyClaim } from './verify';

/** For each place the phrase is found on the page: the negating words with the mention, or 'affirmed'. */
const mentions = (page: string, phrase: string): string[] => {
  const text = buildClaimText([docFromText('doc.pdf', [page])]);
  return new PhraseIndex(text).find(phrase).map((hit) => {
    const negation = negationOf(text, hit);
    return negation ? negation.tokens.map((t) => text.tokens[t].word.text).join(' ') : 'affirmed';
  });
};

describe('negated mentions', () => {
  it('are negated by a trigger before them in the sentence', () => {
    expect(mentions('USG abdomen: No evidence of cholelithiasis.', 'Cholelithiasis')).toEqual(['No evidence of cholelithiasis.']);
    expect(mentions('Biopsy negative for malignancy', 'Malignancy')).toEqual(['negative for malignancy']);
    expect(mentions('Absence of free fluid in pelvis', 'Free fluid')).toEqual(['Absence of free fluid']);
    expect(mentions('Patient denies chest pain', 'Chest pain')).toEqual(['denies chest pain']);
    expect(mentions('Margins free of tumour', 'Tumor')).toEqual(['free of tumour']);
    expect(mentions('Discharged without complications', 'Complications')).toEqual(['without complications']);
  });

  it('are negated by a trigger after them', () => {
    expect(mentions('Inguinal hernia ruled out.', 'Inguinal hernia')).toEqual(['Inguinal hernia ruled out.']);
    expect(mentions('Gall stones were not seen', 'Gall stones')).toEqual(['Gall stones were not seen']);
    expect(mentions('Malignancy excluded on biopsy', 'Malignancy')).toEqual(['Malignancy excluded']);
  });

  it('read the negation of a label from its value, in a line or a table row', () => {
    expect(mentions('Hernia: absent', 'Hernia')).toEqual(['Hernia: absent']);
    expect(mentions('Hernia           Not seen', 'Hernia')).toEqual(['Hernia Not seen']);
    expect(mentions('HBsAg: Negative', 'HBsAg')).toEqual(['HBsAg: Negative']);
  });

  it('run over a list after the trigger, not over a list before a trigger after it', () => {
    expect(mentions('No fever, cough or cold', 'Cold')).toEqual(['No fever, cough or cold']);
    expect(mentions('Cholelithiasis, hernia ruled out', 'Cholelithiasis')).toEqual(['affirmed']);
  });

  it('end at the end of the sentence, at "but" and its kin, and at a new line that starts a new item', () => {
    expect(mentions('No hernia. Cholelithiasis noted', 'Cholelithiasis')).toEqual(['affirmed']);
    expect(mentions('No hernia but cholelithiasis present', 'Cholelithiasis')).toEqual(['affirmed']);
    expect(mentions('Findings: No free fluid\nDiagnosis: Cholelithiasis', 'Cholelithiasis')).toEqual(['affirmed']);
    expect(mentions('No complications\nCholelithiasis', 'Cholelithiasis')).toEqual(['affirmed']);
    expect(mentions('Diagnosis: Cholelithiasis\nPast history: nil', 'Cholelithiasis')).toEqual(['affirmed']);
  });

  it('go on across a line break inside a sentence', () => {
    expect(mentions('USG shows no evidence of\nCholelithiasis', 'Cholelithiasis')).toEqual(['no evidence of Cholelithiasis']);
  });

  it('reach only a few words from the trigger', () => {
    expect(mentions('No history of any prior abdominal surgery or cholelithiasis', 'Cholelithiasis')).toEqual(['affirmed']);
  });

  it('are not made by phrases that only hold a trigger word', () => {
    expect(mentions('Malignancy cannot be ruled out', 'Malignancy')).toEqual(['affirmed']);
    expect(mentions('Appendicitis - to be ruled out', 'Appendicitis')).toEqual(['affirmed']);
    expect(mentions('Gram negative sepsis', 'Sepsis')).toEqual(['affirmed']);
    expect(mentions('Bill No 42 Cholelithiasis', 'Cholelithiasis')).toEqual(['affirmed']);
    expect(mentions('No change in the cholelithiasis', 'Cholelithiasis')).toEqual(['affirmed']);
  });
});

describe('a negated mention in a verdict', () => {
  const masters = emptyMasters({ diagnoses: [keyword('Cholelithiasis', ['Gall stones'])], documents: [keyword('Discharge Summary')] });
  const verify = (page: string) =>
    verifyClaim({
      claim: { id: 1, caseType: 'SETTLEMENT', procedureCodes: ['P1'], hospitalCode: null, organization: 'vitraya' },
      documents: [docFromText('summary.pdf', [page])],
      masters,
      rules: {
        P1: ruleOf({
          diagnosisRule: {
            operator: 'ANY_OF_N_VALUES_IS_PRESENT',
            entityName: 'diagnoses',
            valuesToFind: ['Cholelithiasis'],
            numberOfValues: 1,
          },
        }),
      },
    });

  it('is no finding: the item is not found and shows where the documents say it is absent', () => {
    const result = verify('DISCHARGE SUMMARY\nUSG abdomen: No evidence of gall stones.');
    expect(result.adjudicationResult).toBe('REJECTED');
    const [item] = result.adjudicationDetails.P1.diagnoses ?? [];
    expect(item).toMatchObject({
      name: 'Cholelithiasis',
      found: false,
      position: null,
      negatedAt: {
        text: 'No evidence of gall stones.',
        mention: 'gall stones.',
        referenceToDocument: 'summary.pdf',
        position: { pageNumber: 1 },
      },
    });
  });

  it('does not hide a mention that affirms it elsewhere', () => {
    const result = verify('DISCHARGE SUMMARY\nNo evidence of gall stones on first scan.\nDiagnosis: Cholelithiasis');
    expect(result.adjudicationResult).toBe('ACCEPTED');
    const [item] = result.adjudicationDetails.P1.diagnoses ?? [];
    expect(item.found).toBe(true);
    expect(item.negatedAt).toBeUndefined();
    expect(item.foundDocumentAliases).toEqual(['Cholelithiasis']);
  });
});
