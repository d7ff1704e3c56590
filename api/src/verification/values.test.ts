import { describe, expect, it } from '@jest/globals';
import type { PatternPart } from '@claims/shared-kernel/contract';
import { prepareClaim } from './context';
import { attributeValue, type RuleScope } from './evaluate';
import { attribute, docFromText, emptyMasters, keyword } from './fixtures';
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
const read = (attr: ClinicalAttributeMaster, pages: string[], hospital: string | null = null) => {
  const text = buildClaimText([docFromText('doc.pdf', pages)]);
  const [first] = new ValueReader(text, new PhraseIndex(text)).candidates(attr, hospital);
  return first ? { value: displayValue(first.value), unit: first.unit, source: first.source } : null;
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

  it('reads digits that OCR took for letters', () => {
    expect(leadingNumber('l2.5g/dl')).toEqual({ value: 12.5, rest: 'g/dl' });
    expect(leadingNumber('O.8')).toEqual({ value: 0.8, rest: '' });
    expect(leadingNumber('1,250.5')).toEqual({ value: 1250.5, rest: '' });
    expect(leadingNumber('1,81,200.00')).toEqual({ value: 181200, rest: '' });
    expect(leadingNumber('7:2')).toEqual({ value: 7.2, rest: '' });
    expect(leadingNumber('12,5')).toEqual({ value: 12, rest: ',5' });
    expect(leadingNumber('Slow')).toBeNull();
    expect(read(hb, ['Hemoglobin: l2.5 g/dl'])).toMatchObject({ value: 12.5 });
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
    expect(read(attribute('WBC'), [page])).toBeNull();
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
    expect(read(attr, ['Axial length\n23.5 mm'], 'H2')).toBeNull();
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
