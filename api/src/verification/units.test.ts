import { describe, expect, it } from '@jest/globals';
import { attribute, docFromText, emptyMasters, ruleOf } from '../../testing/verification/fixtures';
import { PhraseIndex } from './match';
import { buildClaimText } from './text';
import type { ClinicalAttributeMaster, ClinicalUnitMaster } from './types';
import { foreignUnitAt, unitAt, unitNotation } from './units';
import { displayValue, ValueReader } from './values';
import { verifyClaim } from './verify';

const LAKHS: ClinicalUnitMaster = {
  id: 1,
  name: 'lakhs/cumm',
  alias: [
    { keyword: 'lakhs/cumm', conversion_unit: 1 },
    { keyword: 'cells/cumm', conversion_unit: 0.00001 },
    { keyword: 'x10^3/uL', conversion_unit: 0.01 },
  ],
};
const CELLS: ClinicalUnitMaster = {
  id: 2,
  name: 'cells/cumm',
  alias: [
    { keyword: 'cells/cumm', conversion_unit: 1 },
    { keyword: 'x10^3/uL', conversion_unit: 1000 },
  ],
};
const platelets = attribute('Platelet Count', {
  alias: ['Platelets'],
  units: [LAKHS],
  number_range: { lower_limit: 0.05, upper_limit: 10 },
});
const wbc = attribute('Total Leucocyte Count', { alias: ['TLC'], units: [CELLS] });

const read = (attr: ClinicalAttributeMaster, [line]: string[]) => {
  const text = buildClaimText([docFromText('lab.pdf', [line])]);
  const [first] = new ValueReader(text, new PhraseIndex(text)).candidates(attr, null);
  return first
    ? { value: displayValue(first.value), unit: first.unit, foreign: 'foreignUnit' in first.value ? first.value.foreignUnit : undefined }
    : null;
};

describe('unit notation', () => {
  it('writes superscripts, micro signs, cubic millimetres and multiplier words one way', () => {
    expect(unitNotation('x10³/µL')).toBe('10^3/ul');
    expect(unitNotation('×10^3/μL')).toBe('10^3/ul');
    expect(unitNotation('¢m')).toBe('cm');
    expect(unitNotation('x 107 3/ul')).toBe('10^3/ul');
    expect(unitNotation('x1079/L')).toBe('10^3/ul');
    expect(unitNotation('x10^9/L')).toBe('10^3/ul');
    expect(unitNotation('10e3/uL')).toBe('10^3/ul');
    expect(unitNotation('thou/mm3')).toBe('10^3/ul');
    expect(unitNotation('K/uL')).toBe('10^3/ul');
    expect(unitNotation('/cu mm')).toBe('/ul');
    expect(unitNotation('cells/cumm')).toBe('/ul');
    expect(unitNotation('Lakhs/cumm')).toBe('10^5/ul');
    expect(unitNotation('x10¹²/L')).toBe('10^6/ul');
    expect(unitNotation('/mcL')).toBe('/ul');
    // the superscript come down to the line, as OCR and some writers leave it
    expect(unitNotation('x103/uL')).toBe('10^3/ul');
    expect(unitNotation('x109/L')).toBe('10^3/ul');
    expect(unitNotation('10/uL')).toBe('10/ul');
    // a length stays a length
    expect(unitNotation('mm')).toBe('mm');
    expect(unitNotation('g/dL')).toBe('g/dl');
  });

  it("matches the masters' keywords written another way", () => {
    expect(unitAt(['x10³/µL'], platelets)?.keyword.factor).toBe(0.01);
    expect(unitAt(['x', '10^9/L'], platelets)).toMatchObject({ keyword: { factor: 0.01 }, words: 2 });
    expect(unitAt(['/cu', 'mm'], wbc)).toMatchObject({ keyword: { factor: 1 }, words: 2 });
    expect(unitAt(['thou/mm3'], wbc)?.keyword.factor).toBe(1000);
  });

  it('reads a count written with its multiplier alone in the unit that multiplier stands for', () => {
    expect(read(platelets, ['Platelets 0.62 lakhs'])).toMatchObject({ value: 0.62, unit: 'lakhs/cumm' });
    expect(read(platelets, ['Platelet Count 2.1 Lakh.'])).toMatchObject({ value: 2.1, unit: 'lakhs/cumm' });
    expect(read(wbc, ['TLC 5.6 thousand'])).toMatchObject({ value: 5600, unit: 'cells/cumm' });
    // a multiplier none of the attribute's units has stays a unit the masters do not define
    expect(read(wbc, ['TLC 0.56 lakhs'])).toMatchObject({ value: 0.56, foreign: 'lakhs' });
  });

  it("reads 'x103/uL' as a count's unit, not a second dimension", () => {
    expect(read(platelets, ['Platelet count 240 x103/uL'])).toMatchObject({ value: 2.4, unit: 'lakhs/cumm' });
    // a unit the master lacks is reported, not read as '240 x 103' in '/uL'
    const lakhsOnly = attribute('Platelet Count', { alias: ['Platelets'], units: [{ id: 9, name: 'lakhs/cumm', alias: [] }] });
    expect(read(lakhsOnly, ['Platelet count 240 x109/L'])).toMatchObject({ value: 240, foreign: 'x109/L' });
  });

  it('converts values written in those notations', () => {
    expect(read(platelets, ['Platelet Count 250 x10^9/L'])).toMatchObject({ value: 2.5, unit: 'lakhs/cumm' });
    expect(read(platelets, ['Platelets: 250 x10³/µL'])).toMatchObject({ value: 2.5, unit: 'lakhs/cumm' });
    expect(read(platelets, ['Platelets 1,50,000 /cu mm'])).toMatchObject({ value: 1.5, unit: 'lakhs/cumm' });
    expect(read(wbc, ['TLC 8.2 thou/mm3'])).toMatchObject({ value: 8200, unit: 'cells/cumm' });
    expect(read(wbc, ['TLC 7.4 x 10^9/L'])).toMatchObject({ value: 7400, unit: 'cells/cumm' });
    const stone = attribute('Calculus Size', {
      alias: ['Stone size'],
      units: [
        {
          id: 3,
          name: 'mm',
          alias: [
            { keyword: 'mm', conversion_unit: 1 },
            { keyword: 'cm', conversion_unit: 10 },
          ],
        },
      ],
    });
    expect(read(stone, ['Stone size: 2.4 ¢m'])).toMatchObject({ value: 24, unit: 'mm' });
  });

  it('tells a unit the masters do not define from other words', () => {
    expect(foreignUnitAt(['g/L'], platelets)).toEqual({ text: 'g/L', words: 1 });
    expect(foreignUnitAt(['x', '10^6/mL'], platelets)).toEqual({ text: 'x 10^6/mL', words: 2 });
    expect(foreignUnitAt(['c/o', 'fever'], platelets)).toBeNull();
    expect(foreignUnitAt(['on', 'admission'], platelets)).toBeNull();
    expect(foreignUnitAt(['M'], platelets)).toBeNull();
    // a power of ten OCR could not read ('x10³' as 'x10%' or 'x 1073') is a unit, which one unknown
    expect(foreignUnitAt(['x10%/uL'], wbc)).toEqual({ text: 'x10%/uL', words: 1 });
    expect(foreignUnitAt(['x', '1073/ul'], platelets)).toEqual({ text: 'x 1073/ul', words: 2 });
    // the times sign read twice, the l of the litre as a 1: a unit all the same, never none
    expect(foreignUnitAt(['x', 'x', '1073/1'], platelets)).toEqual({ text: 'x x 1073/1', words: 3 });
    expect(read(platelets, ['Platelets 70 x x 1073/1'])).toEqual({ value: 70, unit: 'x x 1073/1', foreign: 'x x 1073/1' });
    // a power of ten whose volume OCR lost: a unit all the same; a second dimension stays one
    expect(read(wbc, ['TLC 5.6 x 103'])).toEqual({ value: 5.6, unit: 'x 103', foreign: 'x 103' });
    expect(foreignUnitAt(['x', '103', 'mm'], platelets)).toBeNull();
    expect(foreignUnitAt(['x', '103', '/uL'], platelets)).toEqual({ text: 'x 103 /uL', words: 3 });
    expect(foreignUnitAt(['x', '10?', '/mL'], platelets)).toEqual({ text: 'x 10? /mL', words: 3 });
    expect(foreignUnitAt(['100/min'], platelets)).toBeNull();
    // an attribute without units has no foreign ones
    expect(foreignUnitAt(['mm'], attribute('Grade'))).toBeNull();
  });

  it("reads a count's unreadable power as the attribute's one unit that puts the value in its range", () => {
    // 240 x10^3/uL is 2.4 lakhs, inside 0.05-10; 240 lakhs (x10^5, lakhs/cumm) is not
    expect(read(platelets, ['Platelet Count 240 x10%/uL'])).toEqual({ value: 2.4, unit: 'lakhs/cumm', foreign: undefined });
    // x10^9/L is the same quantity as x10^3/uL
    expect(read(platelets, ['Platelet Count 240 x10%/L'])).toEqual({ value: 2.4, unit: 'lakhs/cumm', foreign: undefined });
    // 5 lakhs and 5 x10^3/uL (0.05 lakhs) both lie in the range: which power it was stays unknown
    expect(read(platelets, ['Platelet Count 5 x10%/uL'])).toEqual({ value: 5, unit: 'x10%/uL', foreign: 'x10%/uL' });
    // no power puts 99999 in the range; a per-millilitre count is not one per microlitre
    expect(read(platelets, ['Platelet Count 99999 x10%/uL'])).toMatchObject({ foreign: 'x10%/uL' });
    expect(read(platelets, ['Platelet Count 240 x10%/mL'])).toMatchObject({ foreign: 'x10%/mL' });
    const ranged = attribute('Total Leucocyte Count', {
      alias: ['TLC'],
      units: [CELLS],
      number_range: { lower_limit: 500, upper_limit: 60000 },
    });
    expect(read(ranged, ['TLC 5.6 x10%/uL'])).toEqual({ value: 5600, unit: 'cells/cumm', foreign: undefined });
  });

  it('reports a value in an undefined unit with that unit, and never compares it as its own', () => {
    expect(read(platelets, ['Platelet Count 250 x10^6/mL'])).toEqual({ value: 250, unit: 'x10^6/mL', foreign: 'x10^6/mL' });
    expect(read(wbc, ['TLC 5.6 x10%/uL'])).toEqual({ value: 5.6, unit: 'x10%/uL', foreign: 'x10%/uL' });
    const masters = emptyMasters({ clinicalAttributes: [platelets] });
    const verification = verifyClaim({
      claim: { id: 1, caseType: 'SETTLEMENT', procedureCodes: ['P1'], hospitalCode: null, organization: 'x' },
      documents: [docFromText('lab.pdf', ['Platelet Count 250 x10^6/mL'])],
      masters,
      rules: {
        P1: ruleOf({
          clinicalTermsRule: {
            operator: 'VALUE_GREATER_THAN_EQUAL_TO',
            valueToCompare: { id: platelets.id, name: 'Platelet Count' },
            value: 1,
          },
        }),
      },
    });
    expect(verification.adjudicationResult).toBe('REJECTED');
    expect(JSON.stringify(verification.adjudicationDetails)).toContain('"unitFound":"x10^6/mL"');
    expect(verification.adjudicationReason).toContain('Platelet Count is 250 x10^6/mL');
  });

  it("takes an OCRed 'p' or 'H' for the micro sign only where the attribute defines the micro unit and no pico one", () => {
    const creatinine = attribute('Serum Creatinine', {
      units: [
        {
          id: 3,
          name: 'mg/dL',
          alias: [
            { keyword: 'mg/dL', conversion_unit: 1 },
            { keyword: 'umol/L', conversion_unit: 0.0113 },
          ],
        },
      ],
    });
    expect(unitAt(['pmol/l'], creatinine, { ocr: true })?.keyword.key).toBe('umol/l');
    expect(unitAt(['(pmol/L)'], creatinine, { ocr: true })?.keyword.key).toBe('umol/l');
    // the micro sign read as an 'H' where a micro prefix stands
    expect(unitAt(['Hmol/L'], creatinine, { ocr: true })?.keyword.key).toBe('umol/l');
    expect(unitAt(['Humol/L'], creatinine, { ocr: true })?.keyword.key).toBe('umol/l');
    expect(unitAt(['Hmol/L'], creatinine)).toBeNull();
    // A text layer says what it says: 'pmol/l' there is not the attribute's unit.
    expect(unitAt(['pmol/l'], creatinine)).toBeNull();
    const withPico = attribute('Insulin', {
      units: [
        {
          id: 4,
          name: 'pmol/L',
          alias: [
            { keyword: 'pmol/L', conversion_unit: 1 },
            { keyword: 'umol/L', conversion_unit: 1e6 },
          ],
        },
      ],
    });
    expect(unitAt(['pmol/l'], withPico, { ocr: true })?.keyword.key).toBe('pmol/l');
    expect(unitAt(['pg/ml'], creatinine, { ocr: true })).toBeNull();
    const scanned = buildClaimText([docFromText('lab.png', ['Serum Creatinine 690 pmol/l'], 1, 'ocr')]);
    const [value] = new ValueReader(scanned, new PhraseIndex(scanned)).candidates(creatinine, null);
    expect(value && displayValue(value.value)).toBeCloseTo(7.797, 3);
    expect(value?.unit).toBe('mg/dL');
  });

  it("folds OCR's spellings of a unit onto the attribute's own units, and only those", () => {
    const tsh = attribute('TSH', {
      units: [
        {
          id: 5,
          name: 'mIU/L',
          alias: [
            { keyword: 'mIU/L', conversion_unit: 1 },
            { keyword: 'uIU/mL', conversion_unit: 1 },
          ],
        },
      ],
    });
    const key = (parts: string[], attr: ClinicalAttributeMaster) => unitAt(parts, attr, { ocr: true })?.keyword.key ?? null;
    expect(key(['mlIU/L'], tsh)).toBe('miu/l');
    expect(key(['m1U/L'], tsh)).toBe('miu/l');
    expect(key(['mIUL'], tsh)).toBe('miu/l');
    expect(key(['ylU/mL'], tsh)).toBe('uiu/ml');
    expect(key(['plU/ml'], tsh)).toBe('uiu/ml');
    expect(key(['mlIU', '/', 'L'], tsh)).toBe('miu/l');
    expect(key(['miuU/L'], tsh)).toBe('miu/l');
    expect(key(['Llakhs/cumm'], platelets)).toBe('lakhs/cumm');
    // other units stay other units: reported as found, never taken as the attribute's own
    expect(key(['mU/L'], tsh)).toBeNull();
    expect(key(['nIU/mL'], tsh)).toBeNull();
    expect(unitAt(['mlIU/L'], tsh)).toBeNull();
    expect(key(['x1O^9/L'], platelets)).toBe('x10^3/ul');
    expect(key(['lakhs/cumrn'], platelets)).toBeNull();
    expect(key(['cells/cumm'], wbc)).toBe('cells/cumm');

    const scanned = buildClaimText([docFromText('lab.png', ['TSH 4.2 mlIU/L'], 1, 'ocr')]);
    const [value] = new ValueReader(scanned, new PhraseIndex(scanned)).candidates(tsh, null);
    expect(value && { value: displayValue(value.value), unit: value.unit }).toEqual({ value: 4.2, unit: 'mIU/L' });
    const typed = buildClaimText([docFromText('lab.pdf', ['TSH 4.2 mlIU/L'])]);
    const [written] = new ValueReader(typed, new PhraseIndex(typed)).candidates(tsh, null);
    expect(written?.value).toEqual({ kind: 'number', value: 4.2, foreignUnit: 'mlIU/L' });
  });

  it('leaves a misspelling to no unit where units of two conversions would meet it', () => {
    // 'I' and 'l' are one stroke to OCR: with 'IU/L' and 'U/l' of different factors defined, 'lU/L' is not decided.
    const enzyme = attribute('Enzyme', {
      units: [
        {
          id: 6,
          name: 'IU/L',
          alias: [
            { keyword: 'IU/L', conversion_unit: 1 },
            { keyword: '1U/L', conversion_unit: 2 },
          ],
        },
      ],
    });
    expect(unitAt(['lU/L'], enzyme, { ocr: true })).toBeNull();
    expect(unitAt(['IU/L'], enzyme, { ocr: true })?.keyword.key).toBe('iu/l');
  });
});
