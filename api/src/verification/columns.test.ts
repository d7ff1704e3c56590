import { describe, expect, it } from '@jest/globals';
import { readingBlocks } from './columns';
import { attribute, docFromText } from './fixtures';
import { PhraseIndex } from './match';
import { buildClaimText } from './text';
import type { ClinicalAttributeMaster } from './types';
import { displayValue, ValueReader } from './values';

/** The words of each block of a page laid out from text lines (a monospace grid: see docFromText). */
const blocksOf = (page: string): string[] => {
  const words = docFromText('page.pdf', [page]).pages[0].words;
  return readingBlocks(words).map((block) => block.map((i) => words[i].text).join(' '));
};
const readValue = (attr: ClinicalAttributeMaster, page: string) => {
  const text = buildClaimText([docFromText('page.pdf', [page])]);
  const [first] = new ValueReader(text, new PhraseIndex(text)).candidates(attr, null);
  return first ? displayValue(first.value) : null;
};

const TWO_COLUMNS = [
  'CITY HOSPITAL LABORATORY REPORT',
  '',
  'Haemoglobin 11.2 g/dL              Random blood sugar 182 mg/dL',
  'Total leucocyte count 9800         ESR 28 mm/hr',
  'Platelet count 2.1 lakhs           Serum creatinine 1.1 mg/dL',
  'Size of fibroid 4.2 cm             Stone size 8 mm',
  '',
  'Signature of pathologist',
].join('\n');

describe('columns', () => {
  it('reads a two-column page column by column', () => {
    expect(blocksOf(TWO_COLUMNS)).toEqual([
      'CITY HOSPITAL LABORATORY REPORT',
      'Haemoglobin 11.2 g/dL Total leucocyte count 9800 Platelet count 2.1 lakhs Size of fibroid 4.2 cm',
      'Random blood sugar 182 mg/dL ESR 28 mm/hr Serum creatinine 1.1 mg/dL Stone size 8 mm',
      'Signature of pathologist',
    ]);
  });

  it('takes a value from its own column, never across the gutter', () => {
    expect(readValue(attribute('Haemoglobin'), TWO_COLUMNS)).toBe(11.2);
    expect(readValue(attribute('ESR'), TWO_COLUMNS)).toBe(28);
    // 'Total leucocyte count 9800' stays on its side; the stone size is its own column's
    expect(readValue(attribute('Stone size'), TWO_COLUMNS)).toBe(8);
  });

  it('reads running text in two columns column by column', () => {
    const page = [
      'The patient was admitted with pain in        and was taken up for surgery on the',
      'the right lower abdomen and fever since      next day under general anaesthesia and',
      'two days and was found to have acute         recovered well after the operation and',
      'appendicitis on ultrasound of the abdomen    was discharged in a stable condition',
    ].join('\n');
    const blocks = blocksOf(page);
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toContain('found to have acute appendicitis on ultrasound');
  });

  it('reads a column whose values stand under their labels beside a column of other numbers', () => {
    const page = [
      'CT SCAN REPORT',
      'Study: NCCT KUB',
      '',
      'MEASUREMENTS                             OTHER PARAMETERS',
      'Mild hydroureteronephrosis above the     Bleeding time 2 min 30 s',
      'calculus.                                Blood group B positive',
      'No perinephric collection.               Pulse 84 /min',
      'Size of calculus                         ESR 32 mm/1st hr',
      '9 mm                                     Sr. Sodium 138 mEq/L',
      '                                         Height 158 cm',
      'IMPRESSION',
      'Ureteric calculus.',
    ].join('\n');
    expect(blocksOf(page)).toContain(
      'MEASUREMENTS Mild hydroureteronephrosis above the calculus. No perinephric collection. Size of calculus 9 mm',
    );
    expect(readValue(attribute('Calculus Size', { alias: ['Size of calculus'] }), page)).toBe(9);
  });

  it('never cuts a table into its columns', () => {
    const lab = [
      'Test                     Result     Unit          Reference range',
      'Haemoglobin              11.2       g/dL          13.0 - 17.0',
      'Total Leucocyte Count    9800       cells/cumm    4000 - 11000',
      'Platelet Count           2.1        lakhs/cumm    1.5 - 4.5',
      'Mean Corpuscular Volume  88         fL            80 - 100',
    ].join('\n');
    expect(blocksOf(lab)).toHaveLength(1);
    const urine = [
      'Colour                   Pale yellow         Pale yellow',
      'Appearance               Clear               Clear',
      'pH                       6.0                 4.6 - 8.0',
      'Specific gravity         1.015               1.005 - 1.030',
      'Protein                  Nil                 Nil',
      'Pus cells                2-3 /hpf            0 - 5',
    ].join('\n');
    expect(blocksOf(urine)).toHaveLength(1);
    const form = [
      'Diagnosis              Acute appendicitis',
      'Procedure              Appendicectomy',
      'Size of calculus       22 mm',
      'Stay                   3 days',
    ].join('\n');
    expect(blocksOf(form)).toHaveLength(1);
  });

  it('cuts a table in each column of a two-column page only at the gutter', () => {
    const page = [
      'Haemoglobin   11.2  g/dL   13-17          Random sugar    182  mg/dL  70-140',
      'Platelets     2.1   lakhs  1.5-4.5        ESR             28   mm/hr  0-20',
      'TLC           9800  /cumm  4000-11000     Creatinine      1.1  mg/dL  0.6-1.2',
      'MCV           88    fL     80-100         Urea            30   mg/dL  15-40',
    ].join('\n');
    expect(blocksOf(page)).toEqual([
      'Haemoglobin 11.2 g/dL 13-17 Platelets 2.1 lakhs 1.5-4.5 TLC 9800 /cumm 4000-11000 MCV 88 fL 80-100',
      'Random sugar 182 mg/dL 70-140 ESR 28 mm/hr 0-20 Creatinine 1.1 mg/dL 0.6-1.2 Urea 30 mg/dL 15-40',
    ]);
  });
});
