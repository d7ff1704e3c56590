import { describe, expect, it } from '@jest/globals';
import type { PatternPart } from '@claims/shared-kernel/contract';
import { prepareClaim } from './context';
import { attributeValue, type RuleScope } from './evaluate';
import { attribute, docFromText, emptyMasters, keyword } from '../../testing/verification/fixtures';
import { PhraseIndex } from './match';
import { buildClaimText } from './text';
import type { ClinicalAttributeMaster, ClinicalUnitMaster, ReadDocument } from './types';
import { displayValue, leadingNumber, ValueReader } from './values';

const GDL: ClinicalUnitMaster = {
  id: 1,
  name: 'g/dL',
  alias: [
    { keyword: 'g/dl', conversion_unit: 1 },
    { keyword: 'gm/dl', conversion_unit: 1 },
    { keyword: 'mg/dl', conversion_unit: 0.001 },
  ],
};
const CM: ClinicalUnitMaster = {
  id: 2,
  name: 'cm',
  alias: [
    { keyword: 'cm', conversion_unit: 1 },
    { keyword: 'mm', conversion_unit: 0.1 },
  ],
};

const hb = attribute('Hemoglobin', { alias: ['Hb', 'Haemoglobin'], units: [GDL] });

/** The first value of the attribute in the text, shown as the claim page shows it, with its unit. */
const read = (attr: ClinicalAttributeMaster, pages: string[], hospital: string | null = null, source: 'text' | 'ocr' = 'text') => {
  const text = buildClaimText([docFromText('doc.pdf', pages, 1, source)]);
  const [first] = new ValueReader(text, new PhraseIndex(text)).candidates(attr, hospital);
  return first ? { value: displayValue(first.value), unit: first.unit, source: first.source } : null;
};
/** The words of the first value's evidence. */
const evidenceWords = (attr: ClinicalAttributeMaster, page: string) => {
  const text = buildClaimText([docFromText('doc.pdf', [page])]);
  const [first] = new ValueReader(text, new PhraseIndex(text)).candidates(attr, null);
  return first.tokens.map((t) => text.tokens[t].word.text).join(' ');
};

describe('numbers beside the name', () => {
  it('reads the value to the right on the same line, with its unit', () => {
    expect(read(hb, ['Hemoglobin : 12.5 g/dL'])).toEqual({ value: 12.5, unit: 'g/dL', source: 'right' });
    expect(read(hb, ['Hb - 11 gm/dl (13-17)'])).toMatchObject({ value: 11, unit: 'g/dL' });
    expect(read(hb, ['Haemoglobin level observed: 9.8'])).toEqual({ value: 9.8, unit: null, source: 'right' });
  });

  it('converts the unit to the first unit', () => {
    expect(read(hb, ['Hemoglobin 12500 mg/dl'])).toMatchObject({ value: 12.5, unit: 'g/dL' });
    expect(read(hb, ['Hemoglobin 12500mg/dl'])).toMatchObject({ value: 12.5, unit: 'g/dL' });
    expect(read(hb, ['Hb (mg/dL): 12500'])).toMatchObject({ value: 12.5, unit: 'g/dL' });
    const fibroid = attribute('Fibroid size', { units: [CM] });
    expect(read(fibroid, ['Fibroid size: 45 mm'])).toMatchObject({ value: 4.5, unit: 'cm' });
  });

  it("finds a long name OCR misread ('diametqr') on a scan only, and only where it is nowhere as written", () => {
    const diameter = attribute('Appendiceal Diameter', { units: [CM] });
    expect(read(diameter, ['Appendiceal diametqr - 9 mm'], null, 'ocr')).toMatchObject({ value: 0.9, unit: 'cm' });
    expect(read(diameter, ['Appendiceal diametqr - 9 mm'], null, 'text')).toBeNull();
    expect(read(diameter, ['Appendiceal diametqr 9 mm', 'Appendiceal Diameter 7 mm'], null, 'ocr')).toMatchObject({ value: 0.7 });
    // a first capital OCR took for another ('F' for 'E'); other first letters stay other words
    const thickness = attribute('Endometrial Thickness', { units: [CM] });
    expect(read(thickness, ['Fndometrial thickness: 16 mm'], null, 'ocr')).toMatchObject({ value: 1.6 });
    expect(read(thickness, ['Andometrial thickness: 16 mm'], null, 'ocr')).toBeNull();
  });

  it("takes a short name OCR read with a letter too many ('Hab') only where its line reads as the attribute's row", () => {
    const haemoglobin = attribute('Haemoglobin', { alias: ['Hb'], units: [GDL] });
    expect(read(haemoglobin, ['Hab 11.6 g/dL'], null, 'ocr')).toMatchObject({ value: 11.6 });
    // a text layer says what it says; without the attribute's unit, or not starting the line, it is another test
    expect(read(haemoglobin, ['Hab 11.6 g/dL'], null, 'text')).toBeNull();
    expect(read(haemoglobin, ['Hab 11.6 %'], null, 'ocr')).toBeNull();
    expect(read(haemoglobin, ['Serum Hab 11.6 g/dL'], null, 'ocr')).toBeNull();
    // one letter put in, first and last letters right: 'Hba' and 'Ahb' are not 'Hb'
    expect(read(haemoglobin, ['Hba 11.6 g/dL'], null, 'ocr')).toBeNull();
    expect(read(haemoglobin, ['Ahb 11.6 g/dL'], null, 'ocr')).toBeNull();
    // written as it is elsewhere in the claim, the name there is the one read
    expect(read(haemoglobin, ['Hab 11.6 g/dL', 'Hb 12.8 g/dL'], null, 'ocr')).toMatchObject({ value: 12.8 });
  });

  it("reads a dash joined to the value ('EF -45 %') as no sign where the attribute cannot be negative", () => {
    const ef = attribute('Ejection Fraction', { alias: ['EF'], number_range: { lower_limit: 0, upper_limit: 100 } });
    expect(read(ef, ['Ejection Fraction -45 %'], null, 'ocr')).toMatchObject({ value: 45 });
    const change = attribute('Base Excess', { number_range: { lower_limit: -30, upper_limit: 30 } });
    expect(read(change, ['Base Excess -4.5'])).toMatchObject({ value: -4.5 });
  });

  it('reads digits that OCR took for letters', () => {
    expect(leadingNumber('l2.5g/dl')).toEqual({ value: 12.5, rest: 'g/dl' });
    expect(leadingNumber('O.8')).toEqual({ value: 0.8, rest: '' });
    expect(leadingNumber('1,250.5')).toEqual({ value: 1250.5, rest: '' });
    expect(leadingNumber('1,81,200.00')).toEqual({ value: 181200, rest: '' });
    expect(leadingNumber('7:2')).toEqual({ value: 7.2, rest: '' });
    expect(leadingNumber('Slow')).toBeNull();
    expect(read(hb, ['Hemoglobin: l2.5 g/dl'])).toMatchObject({ value: 12.5 });
  });

  it('reads a comma before one or two digits as a decimal comma, and three as thousands unless the range says otherwise', () => {
    expect(leadingNumber('12,5')).toEqual({ value: 12.5, rest: '' });
    expect(leadingNumber('6,8mm')).toEqual({ value: 6.8, rest: 'mm' });
    expect(leadingNumber('0,85')).toEqual({ value: 0.85, rest: '' });
    expect(leadingNumber('0,850')).toEqual({ value: 0.85, rest: '' });
    expect(leadingNumber('1,50,000')).toEqual({ value: 150000, rest: '' });
    expect(leadingNumber('4,500')).toEqual({ value: 4500, rest: '', alternative: 4.5 });
    expect(leadingNumber('12,5,6')).toEqual({ value: 12, rest: ',5,6' });
    const calculus = attribute('Size of calculus', { units: [CM] });
    expect(read(calculus, ['Size of calculus: 6,8 mm'])).toMatchObject({ value: 0.68, unit: 'cm' });
    const size = attribute('Fibroid size', { value_type: 'NumberRange', units: [CM] });
    expect(read(size, ['Fibroid size 3,5-4,2 cm'])).toMatchObject({ value: '3.5-4.2' });
    const lakhs = { id: 7, name: 'lakhs/cumm', alias: [{ keyword: 'lakhs', conversion_unit: 1 }] };
    const platelets = attribute('Platelets', { units: [lakhs], number_range: { lower_limit: 0.05, upper_limit: 10 } });
    expect(read(platelets, ['Platelets 0,85 lakhs'])).toMatchObject({ value: 0.85 });
    expect(read(platelets, ['Platelets 2,500 lakhs'])).toMatchObject({ value: 2.5 });
    const tlc = attribute('TLC', { number_range: { lower_limit: 1000, upper_limit: 50000 } });
    expect(read(tlc, ['TLC 4,500'])).toMatchObject({ value: 4500 });
  });

  it('stops at the next label rather than take its value', () => {
    expect(read(hb, ['Hb:   WBC: 8000'])).toBeNull();
  });

  it('reads number ranges', () => {
    const size = attribute('Fibroid size', { value_type: 'NumberRange', units: [CM] });
    expect(read(size, ['Fibroid size 3 - 4 cm'])).toMatchObject({ value: '3-4', unit: 'cm' });
    expect(read(size, ['Fibroid size: 30 to 40 mm'])).toMatchObject({ value: '3-4', unit: 'cm' });
    expect(read(size, ['Fibroid size 3.5-4.0cm'])).toMatchObject({ value: '3.5-4', unit: 'cm' });
    expect(read(size, ['Fibroid size 5 cm'])).toMatchObject({ value: '5-5' });
  });
});

describe('what stands between the name and the value', () => {
  it('pairs the value with its unit across a result flag', () => {
    for (const flagged of ['10.2   L   g/dL', '10.2 Low g/dL', '10.2 H* g/dL', '10.2 * g/dL', '10.2 ↑ g/dL', '10.2 (L) g/dL', '10.2H g/dL'])
      expect(read(hb, [`Hemoglobin ${flagged}`])).toMatchObject({ value: 10.2, unit: 'g/dL' });
    expect(read(hb, ['Hemoglobin 10200 High mg/dl'])).toMatchObject({ value: 10.2, unit: 'g/dL' });
    expect(evidenceWords(hb, 'Hemoglobin 10.2 Low g/dL')).toBe('Hemoglobin 10.2 g/dL');
  });

  it('reads a litre unit rather than take it for the flag L', () => {
    const volume = attribute('Urine output', { units: [{ id: 5, name: 'L', alias: [{ keyword: 'l', conversion_unit: 1 }] }] });
    expect(read(volume, ['Urine output 1.2 L'])).toMatchObject({ value: 1.2, unit: 'L' });
  });

  it('reads past dates and times between the name and the value', () => {
    expect(read(hb, ['Hb on 02-09-2025: 10.2 g/dL'])).toMatchObject({ value: 10.2, unit: 'g/dL' });
    expect(read(hb, ['Hb (2025/09/02): 10.2 g/dL'])).toMatchObject({ value: 10.2 });
    expect(read(hb, ['Hemoglobin taken 2 Sep 2025 at 10:30 AM 9.8 g/dl'])).toMatchObject({ value: 9.8, unit: 'g/dL' });
    expect(read(hb, ['Hemoglobin Sep 2, 2025 9.8'])).toMatchObject({ value: 9.8 });
    expect(read(hb, ['Hemoglobin 02-Sep-2025 07:45 9.8'])).toMatchObject({ value: 9.8 });
    // The day of the stay, or after the operation, is no value either.
    expect(read(hb, ['Hb [Day 9, 12:50]: 10.2 g/dL'])).toMatchObject({ value: 10.2, unit: 'g/dL' });
    expect(read(hb, ['Hemoglobin (POD 2) 9.8'])).toMatchObject({ value: 9.8 });
    expect(read(hb, ['Hemoglobin Day-3 9.8'])).toMatchObject({ value: 9.8 });
  });

  it('takes a bare hh:mm for a time in a text layer, and for a decimal OCR misread only when nothing else follows', () => {
    expect(read(hb, ['Hemoglobin 10:30 9.8'])).toMatchObject({ value: 9.8 });
    expect(read(hb, ['Hemoglobin 10:30 9.8'], null, 'ocr')).toMatchObject({ value: 9.8 });
    expect(read(hb, ['Hemoglobin 17:25 g/dl'], null, 'ocr')).toMatchObject({ value: 17.25, unit: 'g/dL' });
    expect(read(hb, ['Hemoglobin 17:25 g/dl'])).toBeNull();
  });

  it('never takes a reference range for the value', () => {
    expect(read(hb, ['Hemoglobin 1.5 - 4.5'])).toBeNull();
    expect(read(hb, ['Hemoglobin (12-16) 10.2'])).toMatchObject({ value: 10.2 });
    expect(read(hb, ['Hemoglobin Ref: 12.0-16.0 10.4 g/dL'])).toMatchObject({ value: 10.4, unit: 'g/dL' });
    expect(read(hb, ['Hemoglobin (Ref. Range: 12 - 16) 10.4'])).toMatchObject({ value: 10.4 });
    expect(read(hb, ['Hb: Normal 12-16, observed 10.1'])).toMatchObject({ value: 10.1 });
    expect(read(hb, ['Hb: Ref: 12-16'])).toBeNull();
    const size = attribute('Fibroid size', { value_type: 'NumberRange', units: [CM] });
    expect(read(size, ['Fibroid size (normal 0-1) 4 - 5 cm'])).toMatchObject({ value: '4-5', unit: 'cm' });
  });

  it('pairs the unit written after a reference range with the value before it', () => {
    expect(read(hb, ['Hemoglobin 10.2 L 12.0 - 16.0 g/dL'])).toMatchObject({ value: 10.2, unit: 'g/dL' });
    expect(read(hb, ['Hemoglobin 10200 (12000-16000) mg/dl'])).toMatchObject({ value: 10.2, unit: 'g/dL' });
  });

  it('keeps a normal value said as such', () => {
    expect(read(hb, ['Hb: Normal 13.5 g/dL'])).toMatchObject({ value: 13.5, unit: 'g/dL' });
  });

  it('reads past method notes', () => {
    expect(read(hb, ['Hb (Photometry, SLS-Hb method, EDTA whole blood) 11.2 g/dL'])).toMatchObject({ value: 11.2, unit: 'g/dL' });
    expect(read(hb, ['Hb: Method: Photometry 11.2 g/dL'])).toMatchObject({ value: 11.2, unit: 'g/dL' });
  });
});

describe('table columns by the header row', () => {
  it('reads the result column and its unit, never the reference interval', () => {
    const header = 'Test        Result   Flag   Unit    Biological Reference Interval';
    expect(read(hb, [`${header}\nHemoglobin  10.2     L      g/dL    12.0 - 16.0`])).toEqual({
      value: 10.2,
      unit: 'g/dL',
      source: 'right',
    });
    expect(read(hb, [`${header}\nHemoglobin                   g/dL    12.0 - 16.0`])).toBeNull();
  });

  it('knows the columns in any order and under section rows', () => {
    const page = [
      'Investigation    Normal Range    Observed Value    Units',
      'COMPLETE BLOOD COUNT',
      'Haemoglobin      12.0-16.0       10.2              gm/dl',
      'Platelets        150-450         180               10^3/uL',
    ].join('\n');
    expect(read(hb, [page])).toEqual({ value: 10.2, unit: 'g/dL', source: 'right' });
    expect(evidenceWords(hb, page)).toBe('Haemoglobin 10.2 gm/dl');
  });

  it('leaves out the reference column where the header names no result column', () => {
    const page = ['Test                 Units    Normal Range', 'Hemoglobin   10.2    g/dL     12 - 16'].join('\n');
    expect(read(hb, [page])).toMatchObject({ value: 10.2, unit: 'g/dL' });
    const lost = ['Test                 Units    Normal Range', 'Hemoglobin           g/dL     12 - 16'].join('\n');
    expect(read(hb, [lost])).toBeNull();
  });

  it('reads a sentence below a table as a sentence', () => {
    const page = [
      'Test            Result    Unit     Range',
      'Hemoglobin      10.2      g/dL     13-17',
      'Repeat Hemoglobin was 11.4 g/dL',
    ].join('\n');
    const text = buildClaimText([docFromText('doc.pdf', [page])]);
    const values = new ValueReader(text, new PhraseIndex(text)).candidates(hb, null).map((c) => displayValue(c.value));
    expect(values).toEqual([10.2, 11.4]);
  });
});

describe('notations', () => {
  const size = attribute('Fibroid size', { units: [CM] });

  it('reads dimensions as their largest, keeping the unit', () => {
    expect(read(size, ['Fibroid size 4.2 x 3.8 cm'])).toMatchObject({ value: 4.2, unit: 'cm' });
    expect(read(size, ['Fibroid size 3.1x5.2x2.1 cm'])).toMatchObject({ value: 5.2, unit: 'cm' });
    expect(read(size, ['Fibroid size 3.1 × 5.2 × 2.0 CM'])).toMatchObject({ value: 5.2, unit: 'cm' });
    expect(read(size, ['Fibroid size 4.2 cm x 3.8 cm'])).toMatchObject({ value: 4.2, unit: 'cm' });
    expect(read(size, ['Fibroid size: 42 x 38 mm'])).toMatchObject({ value: 4.2, unit: 'cm' });
    expect(evidenceWords(size, 'Fibroid size: 42 x 38 mm seen')).toBe('Fibroid size: 42 x 38 mm');
  });

  it('compares dimensions in their own units', () => {
    expect(read(size, ['Fibroid size: 4.2 cm x 45 mm'])).toMatchObject({ value: 4.5, unit: 'cm' });
  });

  it('reads the largest dimension as a range of one for a NumberRange attribute', () => {
    const range = attribute('Fibroid size', { value_type: 'NumberRange', units: [CM] });
    expect(read(range, ['Fibroid size 3.1 x 5.2 cm'])).toMatchObject({ value: '5.2-5.2', unit: 'cm' });
  });

  it('does not take the power of ten of a count for a dimension', () => {
    const wbc = attribute('WBC', { units: [{ id: 9, name: '10^3/uL', alias: [{ keyword: 'x10^3/ul', conversion_unit: 1 }] }] });
    expect(read(wbc, ['WBC 7.5 x 10^3/uL'])).toMatchObject({ value: 7.5, unit: '10^3/uL' });
  });

  it('reads Roman numerals of grades and stages as numbers', () => {
    const grade = attribute('Grade', { alias: ['Tumour grade'] });
    expect(read(grade, ['Grade IV'])).toMatchObject({ value: 4 });
    expect(read(grade, ['Tumour grade: iii'])).toMatchObject({ value: 3 });
    expect(read(grade, ['Grade-III, moderately differentiated'])).toMatchObject({ value: 3 });
    expect(read(grade, ['Grade via biopsy 2'])).toMatchObject({ value: 2 });
    const stage = attribute('Stage', { value_type: 'NumberRange' });
    expect(read(stage, ['Stage IIIB'])).toMatchObject({ value: '3-3' });
    const text = attribute('Grade', { value_type: 'Text' });
    expect(read(text, ['Grade IV'])).toMatchObject({ value: 'IV' });
  });
});

describe('text values', () => {
  const laterality = attribute('Laterality', {
    alias: ['Eye'],
    value_type: 'Text',
    text_possible_values: [
      { text_value: 'Right', text_value_alias: ['Rt', 'OD'] },
      { text_value: 'Left', text_value_alias: ['Lt', 'OS'] },
    ],
  });

  it('reads a possible value (by its aliases too) and reports its text value', () => {
    expect(read(laterality, ['Laterality: Rt eye'])).toMatchObject({ value: 'Right' });
    expect(read(laterality, ['Eye - OS'])).toMatchObject({ value: 'Left' });
    expect(read(laterality, ['Laterality: not stated'])).toBeNull();
  });

  it('takes the words up to the next label when no values are configured', () => {
    const impression = attribute('Impression', { value_type: 'Text' });
    expect(read(impression, ['Impression: mature cataract noted.  Advice: surgery'])).toMatchObject({ value: 'mature cataract noted' });
  });

  it('collects the values of a distributed attribute over the following lines', () => {
    const findings = attribute('Findings', {
      value_type: 'Text',
      distributed_attribute_value: true,
      text_possible_values: [
        { text_value: 'Nuclear sclerosis', text_value_alias: [] },
        { text_value: 'Posterior subcapsular opacity', text_value_alias: ['PSC'] },
        { text_value: 'Cortical cataract', text_value_alias: [] },
      ],
    });
    expect(read(findings, ['Findings: nuclear sclerosis grade 2,\nposterior subcapsular\nopacity in both eyes'])).toEqual({
      value: 'Nuclear sclerosis, Posterior subcapsular opacity',
      unit: null,
      source: 'distributed',
    });
  });
});

describe('tables', () => {
  it('reads the cell to the right of the name in a result table', () => {
    const page = ['Test            Result    Unit     Range', 'Hemoglobin      10.2      g/dL     13-17'].join('\n');
    expect(read({ ...hb, tabular: true }, [page])).toEqual({ value: 10.2, unit: 'g/dL', source: 'right' });
  });

  it('reads the cell below the name when the row holds no value', () => {
    const wbc = attribute('WBC', { tabular: true });
    const page = ['Hemoglobin      WBC       Platelets', '10.2            8000      250000'].join('\n');
    expect(read(wbc, [page])).toEqual({ value: 8000, unit: null, source: 'below' });
    // any attribute whose label has nothing after it pairs with the value under it (issue 19)
    expect(read(attribute('WBC'), [page])).toEqual({ value: 8000, unit: null, source: 'below' });
  });
});

describe('pattern overrides', () => {
  const name: PatternPart = { type: 'attributeName' };
  const number: PatternPart = { type: 'valueExpression', pattern: ['NUMBER'] };
  const axial = (overrides: PatternPart[][]) =>
    attribute('Axial length', {
      alias: ['AL'],
      units: [{ id: 3, name: 'mm', alias: [{ keyword: 'mm', conversion_unit: 1 }] }],
      patternOverridesForValues: [{ hospitals: ['H1'], overrides }],
    });

  it('finds the value the hospital writes on the next line', () => {
    const attr = axial([[name, { type: 'newline' }, number, { type: 'attributeUnit' }]]);
    expect(read(attr, ['Axial length\n23.5 mm'], 'H1')).toEqual({ value: 23.5, unit: 'mm', source: 'pattern' });
    // elsewhere the default reading pairs the label with the value under it
    expect(read(attr, ['Axial length\n23.5 mm'], 'H2')).toEqual({ value: 23.5, unit: 'mm', source: 'below' });
  });

  it('is tried before the default reading', () => {
    const attr = axial([[name, { type: 'string', value: 'OD' }, number]]);
    expect(read(attr, ['AL OD 23.1 OS 23.4'], 'H1')).toMatchObject({ value: 23.1, source: 'pattern' });
  });

  it('honours shouldNotPresent and fixed-length strings', () => {
    const notTarget = axial([[name, { type: 'string', value: 'target', shouldNotPresent: true }, number]]);
    const values = (pages: string[]) => {
      const text = buildClaimText([docFromText('doc.pdf', pages)]);
      return new ValueReader(text, new PhraseIndex(text))
        .candidates(notTarget, 'H1')
        .filter((c) => c.source === 'pattern')
        .map((c) => displayValue(c.value));
    };
    expect(values(['AL target 24\nAL 23.2'])).toEqual([23.2]);
    const skipThree = axial([[name, { type: 'string', length: 3 }, { type: 'whiteSpaces' }, number]]);
    expect(read(skipThree, ['AL (R) 22.9'], 'H1')).toMatchObject({ value: 22.9, source: 'pattern' });
  });

  it('reads number ranges and text through valueExpression', () => {
    const size = attribute('Fibroid size', {
      value_type: 'NumberRange',
      units: [CM],
      patternOverridesForValues: [
        {
          hospitals: ['H1'],
          overrides: [
            [name, { type: 'string', value: '=' }, { type: 'valueExpression', pattern: ['NUMBERRANGE'] }, { type: 'attributeUnit' }],
          ],
        },
      ],
    });
    expect(read(size, ['Fibroid size = 20-30 mm'], 'H1')).toEqual({ value: '2-3', unit: 'cm', source: 'pattern' });
  });
});

describe('document precedence overrides', () => {
  const documents = [keyword('Discharge Summary'), keyword('Lab Report')];
  const claimDocs: ReadDocument[] = [
    docFromText('ds.pdf', ['DISCHARGE SUMMARY\nHemoglobin 11 g/dL'], 1),
    docFromText('lab.pdf', ['LAB REPORT\nHemoglobin 9.8 g/dL'], 2),
  ];
  const valueFor = (attr: ClinicalAttributeMaster, procedureCode = 'P1', hospitalCode: string | null = 'H1', exclusion: string[] = []) => {
    const context = prepareClaim({
      claim: { id: 1, caseType: 'SETTLEMENT', procedureCodes: [procedureCode], hospitalCode, organization: 'vitraya' },
      documents: claimDocs,
      masters: emptyMasters({ documents, clinicalAttributes: [attr] }),
      rules: {},
    });
    const scope: RuleScope = {
      procedureCode,
      procedureName: null,
      rule: { documentExclusionList: [], clinicalInclusionDocuments: [], clinicalExclusionDocuments: [] },
    };
    const found = attributeValue(context, attr, scope, { inclusion: [], exclusion });
    return found && displayValue(found.value);
  };
  const override = (extra: object) => ({
    hospitals: [],
    procedures: [],
    override_value: ['Lab Report', 'Discharge Summary'],
    exclude_document_headers: [],
    ...extra,
  });

  it('takes the first value in reading order without an override', () => {
    expect(valueFor(hb)).toBe(11);
  });

  it('lets the listed document win, for all hospitals and procedures when the lists are empty', () => {
    expect(valueFor({ ...hb, overrides: [override({})] })).toBe(9.8);
  });

  it('applies an override only to its hospitals and procedures', () => {
    const attr = { ...hb, overrides: [override({ hospitals: ['H2'] }), override({ procedures: ['P2'] })] };
    expect(valueFor(attr, 'P1', 'H1')).toBe(11);
    expect(valueFor(attr, 'P1', 'H2')).toBe(9.8);
    expect(valueFor(attr, 'P2', 'H1')).toBe(9.8);
  });

  it('never reads excluded documents', () => {
    expect(valueFor({ ...hb, overrides: [override({ exclude_document_headers: ['Lab Report'] })] })).toBe(11);
    expect(valueFor(hb, 'P1', 'H1', ['Discharge Summary'])).toBe(9.8);
  });

  it('prefers the most specific override', () => {
    const attr = {
      ...hb,
      overrides: [override({ override_value: ['Discharge Summary'] }), override({ hospitals: ['H1'], procedures: ['P1'] })],
    };
    expect(valueFor(attr)).toBe(9.8);
  });
});
