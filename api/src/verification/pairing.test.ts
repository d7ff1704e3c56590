import { describe, expect, it } from '@jest/globals';
import { attribute, docFromText } from '../../testing/verification/fixtures';
import { PhraseIndex } from './match';
import { buildClaimText } from './text';
import type { ClinicalAttributeMaster, ClinicalUnitMaster } from './types';
import { displayValue, ValueReader } from './values';

const MM: ClinicalUnitMaster = {
  id: 1,
  name: 'mm',
  alias: [
    { keyword: 'mm', conversion_unit: 1 },
    { keyword: 'cm', conversion_unit: 10 },
  ],
};
const GDL: ClinicalUnitMaster = { id: 2, name: 'g/dL', alias: [{ keyword: 'g/dl', conversion_unit: 1 }] };
const calculus = attribute('Size of calculus', { units: [MM] });
const hb = attribute('Haemoglobin', { alias: ['Hb'], units: [GDL] });

const read = (attr: ClinicalAttributeMaster, page: string, source: 'text' | 'ocr' = 'text') => {
  const text = buildClaimText([docFromText('doc.pdf', [page], 1, source)]);
  const [first] = new ValueReader(text, new PhraseIndex(text)).candidates(attr, null);
  return first ? { value: displayValue(first.value), unit: first.unit, source: first.source } : null;
};

describe('a value under its label', () => {
  it('pairs a label with nothing after it with the value under it', () => {
    expect(read(calculus, ['Size of calculus', '22 mm'].join('\n'))).toEqual({ value: 22, unit: 'mm', source: 'below' });
    // a form: labels in a row of boxes, values in the boxes under them
    const form = ['Haemoglobin          Size of calculus      Blood group', '10.8 g/dL            1.4 cm                B positive'].join(
      '\n',
    );
    expect(read(calculus, form)).toMatchObject({ value: 14, unit: 'mm' });
    expect(read(hb, form)).toMatchObject({ value: 10.8, unit: 'g/dL' });
  });

  it('reads on where a sentence carries the value to the next line', () => {
    const page = [
      'Ultrasound of the abdomen shows a calculus in the right kidney; size of calculus',
      '22 mm, with mild hydronephrosis.',
    ].join('\n');
    expect(read(calculus, page)).toMatchObject({ value: 22, source: 'below' });
  });

  it('does not take a value too far below, another label, or a value when the label has one', () => {
    expect(read(calculus, ['Size of calculus', '', '', '', '22 mm'].join('\n'))).toBeNull();
    expect(read(calculus, ['Size of calculus', 'Haemoglobin 10.8'].join('\n'))).toBeNull();
    expect(read(calculus, ['Size of calculus: 9 mm', '22 mm'].join('\n'))).toMatchObject({ value: 9, source: 'right' });
    // a table row whose result cell is empty has no value, whatever the next row holds
    const table = ['Test              Result    Unit', 'Size of calculus            mm', 'Haemoglobin       10.8      g/dL'].join('\n');
    expect(read(calculus, table)).toBeNull();
  });

  it('reads a table value where its label ends a line and the value starts the next', () => {
    // Tabular: a cell under the label further down is another test's ('ESR 18 mm/1st hr'), not this one's.
    const tabularHb = attribute('Haemoglobin', { alias: ['Hb'], units: [GDL], tabular: true });
    const page = ['Test Results', '  On evaluation, Haemoglobin', '    11.6 g/dL', '  ESR 18 mm/1st hr', '  Serum Sodium 138 mEq/L'].join(
      '\n',
    );
    expect(read(tabularHb, page)).toEqual({ value: 11.6, unit: 'g/dL', source: 'below' });
    // a header row of labels over a row of values keeps each value under its own label
    const form = ['Platelet Count      Haemoglobin', '2.5 lakhs           10.8 g/dL'].join('\n');
    expect(read(tabularHb, form)).toMatchObject({ value: 10.8, unit: 'g/dL' });
  });

  it('keeps to its own column on a two-column page', () => {
    const page = [
      'Haemoglobin 11.2 g/dL              ESR 28 mm/hr',
      'Size of calculus                   Serum creatinine 1.1 mg/dL',
      '8 mm                               Random sugar 140 mg/dL',
      'Platelets 2.1 lakhs                Urea 30 mg/dL',
    ].join('\n');
    expect(read(calculus, page)).toMatchObject({ value: 8 });
  });
});

describe('a label glued to its value', () => {
  it('splits a short name from the number OCR ran into it', () => {
    expect(read(hb, 'Hb12.5g/dL', 'ocr')).toEqual({ value: 12.5, unit: 'g/dL', source: 'right' });
    expect(read(hb, 'HB:11', 'ocr')).toMatchObject({ value: 11 });
    expect(read(hb, 'HB11 g/dL', 'ocr')).toMatchObject({ value: 11, unit: 'g/dL' });
    const ef = attribute('Ejection Fraction', {
      alias: ['EF'],
      units: [{ id: 5, name: '%', alias: [{ keyword: '%', conversion_unit: 1 }] }],
    });
    expect(read(ef, 'EF-45%', 'ocr')).toMatchObject({ value: 45, unit: '%' });
    expect(read(ef, 'EF-45 beats', 'ocr')).toBeNull();
    const volume = attribute('Prostate volume', { units: [{ id: 3, name: 'cc', alias: [{ keyword: 'cc', conversion_unit: 1 }] }] });
    expect(read(volume, 'PROSTATE VOLUME46 CC', 'ocr')).toMatchObject({ value: 46, unit: 'cc' });
  });

  it("splits a long name from a number whose first digit OCR read as a letter ('Haemoglobinl1.6')", () => {
    expect(read(hb, 'Haemoglobinl1.6 g/dL', 'ocr')).toMatchObject({ value: 11.6, unit: 'g/dL' });
    expect(read(hb, 'HaemoglobinO.9 g/dL', 'ocr')).toMatchObject({ value: 0.9 });
    // a letter that is the name's own goes on: 'Haemoglobinlevel' is no name glued to a number
    expect(read(hb, 'Haemoglobinlevel 11.6 g/dL', 'ocr')).toBeNull();
  });

  it('leaves codes whole', () => {
    const ca = attribute('Calcium', { alias: ['Ca'] });
    expect(read(ca, 'CA125 raised', 'ocr')).toBeNull();
    expect(read(ca, 'CA-125 35', 'ocr')).toBeNull();
    const t = attribute('Thyroid', { alias: ['T'] });
    expect(read(t, 'T3 normal', 'ocr')).toBeNull();
  });
});
