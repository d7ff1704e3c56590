import { describe, expect, it } from '@jest/globals';
import { readingBlocks } from './columns';
import { attribute, docFromText } from '../../testing/verification/fixtures';
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

  it('reads a column of short test names over their results beside a column of labelled values', () => {
    // A line across both columns above them (no whitespace row to cut at); on the left two lines of prose and
    // 'PLT' over '0.62 lakhs/cumm', the other column's 'Serum albumin 3.2 g/dL' at PLT's height.
    const page = [
      'Sample: EDTA whole blood, collected on 17/08/2024 at 09:20 in the ward',
      'HAEMATOLOGY                     BIOCHEMISTRY',
      'Method: automated analyser.     Blood group B positive',
      'Results verified.               Weight 64 kg',
      'PLT                             Serum albumin 3.2 g/dL',
      '0.62 lakhs/cumm                 Height 158 cm',
      'TLC',
      '5600 cells/cumm                 Clotting time 5 min',
    ].join('\n');
    expect(blocksOf(page)).toEqual([
      'Sample: EDTA whole blood, collected on 17/08/2024 at 09:20 in the ward',
      'HAEMATOLOGY Method: automated analyser. Results verified. PLT 0.62 lakhs/cumm TLC 5600 cells/cumm',
      'BIOCHEMISTRY Blood group B positive Weight 64 kg Serum albumin 3.2 g/dL Height 158 cm Clotting time 5 min',
    ]);
    expect(readValue(attribute('PLT'), page)).toBe(0.62);
    expect(readValue(attribute('Serum albumin'), page)).toBe(3.2);
  });

  it('keeps a title over the gutter whole, however its words fall about it', () => {
    // A scan's title in larger letters, the gap between its words over the gutter of the patient block below
    // (the OCR boxes of a lab report of the real-world corpus, value-below 1 seed 3: text, x, y, width, height).
    const boxes: [string, number, number, number, number][] = [
      ['Shree', 267, 87, 126, 34],
      ['Narayan', 424, 88, 177, 42],
      ['Heart', 634, 88, 124, 33],
      ['Institute', 792, 88, 230, 33],
      ['SN', 153, 117, 48, 33],
      ['Near', 266, 141, 51, 17],
      ['Paldi', 334, 140, 63, 18],
      ['Cross', 414, 141, 63, 17],
      ['Roads,', 495, 140, 74, 21],
      ['Ahmedabad', 589, 140, 118, 18],
      ['-', 741, 151, 5, 2],
      ['Tel', 778, 140, 37, 18],
      ['079-2658', 833, 141, 104, 17],
      ['4400', 954, 141, 51, 17],
      ['LAB', 670, 269, 66, 29],
      ['REPORT', 764, 269, 139, 29],
      ['Patient', 124, 333, 99, 20],
      ['Name', 242, 335, 57, 18],
      [':', 412, 340, 3, 13],
      ['Mrs.', 437, 335, 52, 18],
      ['Nandini', 512, 334, 100, 19],
      ['Khan', 631, 334, 55, 19],
      ['Age', 786, 335, 43, 23],
      ['/', 847, 335, 11, 20],
      ['Sex', 877, 335, 41, 18],
      [':', 1076, 340, 3, 13],
      ['49', 1101, 335, 26, 18],
      ['Yrs', 1145, 335, 41, 18],
      ['/', 1206, 335, 11, 20],
      ['Female', 1237, 334, 84, 19],
      ['UHID', 123, 370, 57, 18],
      ['UH990905', 438, 370, 115, 18],
      ['IP', 788, 370, 26, 18],
      ['No', 832, 370, 26, 18],
      ['IP/24/8654', 1102, 370, 145, 20],
      ['Date', 123, 405, 57, 18],
      ['of', 197, 404, 27, 19],
      ['Admission', 241, 403, 131, 21],
      [':', 412, 410, 3, 13],
      ['15/03/2024', 439, 405, 144, 20],
      ['Date', 787, 405, 57, 18],
      ['of', 861, 404, 27, 19],
      ['Discharge', 906, 403, 131, 25],
      [':', 1076, 410, 3, 13],
      ['19/03/2024', 1103, 405, 144, 20],
      ['Consultant', 124, 439, 144, 19],
      [':', 412, 445, 3, 13],
      ['Dr.', 438, 440, 36, 18],
      ['P.', 498, 440, 21, 18],
      ['Kulkarni,', 542, 439, 126, 22],
      ['DNB', 691, 440, 41, 18],
      ['Sample:', 123, 489, 96, 24],
      ['EDTA', 243, 490, 56, 18],
      ['whole', 315, 489, 73, 19],
      ['blood', 407, 489, 69, 19],
      ['Collected:', 540, 489, 141, 19],
      ['15/03/2024', 705, 490, 145, 20],
      ['09:12', 883, 490, 70, 18],
      ['Test', 123, 547, 62, 20],
      ['Results', 206, 547, 111, 20],
      ['PLT', 134, 587, 37, 17],
      ['Total', 797, 586, 63, 18],
      ['WBC', 876, 587, 38, 17],
      ['count', 931, 588, 62, 16],
      ['0.62', 150, 626, 64, 21],
      ['lakhs/cumm', 237, 625, 168, 24],
      ['5600', 814, 626, 65, 21],
      ['cells/cumm', 901, 625, 168, 24],
      ['ESR', 145, 705, 44, 20],
      ['18', 224, 705, 26, 20],
      ['mm/1st', 270, 705, 89, 22],
      ['hr', 380, 705, 28, 20],
      ['Serum', 145, 741, 74, 20],
      ['Bilirubin', 239, 741, 136, 20],
      ['(Total)', 399, 741, 98, 24],
      ['0.7', 537, 741, 42, 20],
      ['mg/dL', 599, 741, 76, 26],
      ['Serum', 145, 778, 74, 20],
      ['Potassium', 239, 778, 137, 20],
      ['4.2', 411, 778, 43, 20],
      ['mEq/L', 474, 778, 75, 26],
      ['Serum', 145, 815, 74, 20],
      ['Sodium', 239, 815, 90, 20],
      ['138', 365, 815, 42, 20],
      ['mEq/L', 426, 815, 76, 26],
      ['----', 632, 893, 50, 2],
      ['End', 704, 882, 40, 19],
      ['of', 763, 882, 26, 19],
      ['Report', 808, 883, 84, 23],
      ['----', 915, 893, 50, 2],
    ];
    const words = boxes.map(([text, x, y, width, height]) => ({ text, x, y, width, height }));
    const blocks = readingBlocks(words).map((block) => block.map((i) => words[i].text).join(' '));
    expect(blocks.find((block) => block.includes('LAB'))).toContain('LAB REPORT');
  });

  it("counts a label after an abbreviation ('S. TSH') over its value as a labelled line", () => {
    const page = [
      'HAEMATOLOGY                       BIOCHEMISTRY',
      'Method: automated analyser.       Weight 64 kg',
      'Results verified.                 Pulse 84 /min',
      'S. TSH                            T4 8.6 ug/dL',
      '  2.4 mIU/L                       Blood group B positive',
      '                                  Temp 98.6 F',
      '                                  Clotting time 5 min',
    ].join('\n');
    expect(readValue(attribute('TSH'), page)).toBe(2.4);
  });

  it("counts a test named by a letter and a number ('T4') as a label", () => {
    const page = [
      'HAEMATOLOGY                       BIOCHEMISTRY',
      'Method: automated analyser.       Height 158 cm',
      'Results verified.                 Urine albumin Nil',
      'Thyroid stimulating hormone       T4 8.6 ug/dL',
      '  2.4 mIU/L                       Blood group B positive',
      '                                  RR 18 /min',
      '                                  Temp 98.6 F',
    ].join('\n');
    expect(readValue(attribute('TSH', { alias: ['Thyroid stimulating hormone'] }), page)).toBe(2.4);
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

  it('does not carry the columns of a header block into the table under it', () => {
    // The patient block's two columns and the table's short names and results leave one band free from the
    // top to 'SGPT (ALT)': the header row 'Test Result Unit Ref. Range' ends it, so the table stays whole.
    const page = [
      'Patient Name : Mrs. Meena Iyer         Age / Sex : 37 Yrs / Female',
      'UHID : UH835099                        IP No : IP/24/4485',
      'Date of Admission 11/04/2024           Date of Discharge 13/04/2024',
      'Consultant : Dr. S. Rao, MD',
      'Test                                   Result  Unit   Ref. Range',
      'S. TSH                                 2.4     mIU/L',
      'SGPT (ALT)                             28      U/L    <40',
      'Serum Potassium Level Test Value       4.2     mEq/L  3.5-5.1',
    ].join('\n');
    const blocks = blocksOf(page);
    expect(blocks.slice(0, 2)).toEqual([
      'Patient Name : Mrs. Meena Iyer UHID : UH835099 Date of Admission 11/04/2024',
      'Age / Sex : 37 Yrs / Female IP No : IP/24/4485 Date of Discharge 13/04/2024',
    ]);
    expect(blocks.slice(2).join(' ')).toContain('S. TSH 2.4 mIU/L SGPT (ALT) 28 U/L <40');
    expect(readValue(attribute('TSH'), page)).toBe(2.4);
  });
});
