/**
 * Claims in the classes of material hospitals really send (issue 19), written independently of the
 * document reader: turned, skewed, photographed and faxed pages, two-column pages, values under their labels
 * or in boxes, decimal commas, glued tokens, watermarks and stamps, other unit notations and junk text layers.
 *
 * Each claim is planned first (procedure, rule, documents, every value as printed and what it is in the
 * attribute's base unit), its expected verdict computed from that plan by the seed's oracle
 * (src/seed/synthetic/oracle.ts) and checked against the verdict the plan meant (a claim meant ACCEPTED that
 * the oracle would not accept is a bug here, and throws). Only then are the pages drawn and rendered.
 */
import { type CaseType, INSURERS } from '@claims/shared-kernel/constants';
import type { RuleStatement } from '@claims/shared-kernel/contract';
import { catalog, resolveRule, ruleLeaves, type CatalogRule } from '../../src/seed/synthetic/catalog';
import type { ExpectedEntity, GeneratedClaim, GeneratedDocument } from '../../src/seed/synthetic/generator';
import {
  evaluateProcedure,
  LEAF_GROUP,
  leafSees,
  mentionKey,
  scopeFor,
  worstResult,
  type ClaimFacts,
  type MentionGroup,
} from '../../src/seed/synthetic/oracle';
import { Rng } from '../../src/seed/synthetic/rng';
import {
  type ClaimStory,
  documentPage,
  type HospitalLook,
  type Look,
  type Patient,
  PLAIN_STYLE,
  type PrintedValue,
  titleChoices,
  type ValueStyle,
} from './documents';
import type { Face, Page, TextRun } from './page';
import { pageText } from './page';
import { imagePdf, type ImagePage, textPdf } from './pdf';
import { drawPage, encode, fax, photo, type Raster, skew, stamp, turn } from './raster';
import { recipeFor, type Reading, type Recipe, type ValueEntry } from './recipes';

export const REALWORLD_CLASSES = [
  'turned',
  'skewed',
  'photo',
  'fax',
  'two-column',
  'value-below',
  'decimal-comma',
  'glued',
  'watermark-stamp',
  'unit-notation',
  'junk-text-layer',
] as const;
export type RealWorldClass = (typeof REALWORLD_CLASSES)[number];

export const REALWORLD_DESCRIPTIONS: Readonly<Record<RealWorldClass, string>> = {
  turned: 'scans turned 90/180/270 degrees with no /Rotate flag, as PNG, JPEG and image-only PDF',
  skewed: 'scans skewed by 2 to 7 degrees on the glass',
  photo: 'phone photos: the sheet on a desk, in perspective, a soft shadow across it, JPEG quality ~60',
  fax: 'faxes: 1-bit, low resolution (standard 204x98 dpi or ~120 dpi), streaks and dropouts',
  'two-column': 'two-column pages (text PDF and scan) with a different number beside each label in the other column',
  'value-below': 'values under their labels: on the next line of the same column, in ruled form boxes, in a table row below',
  'decimal-comma': "decimal commas ('6,8 mm', '0,85 lakhs/cumm') beside thousands separators ('8,200')",
  glued: "label, value and unit run together ('PROSTATE VOLUME46 CC', 'Hb: 11.6g/dL')",
  'watermark-stamp': "a diagonal watermark tiled over a text PDF's lines as real text; a rubber stamp across a scan's title",
  'unit-notation': "units written other ways: 'x10³/µL', 'x10^9/L', 'µmol/L', 'g/L', 'pg/mL', 'cm³', Greek mu",
  'junk-text-layer': 'PDFs that look right but whose text layer is junk (scrambled ToUnicode, or an invisible junk OCR layer over a scan)',
};

export interface RealWorldClaim extends GeneratedClaim {
  realWorld: { class: RealWorldClass; variant: string };
}

/** The recipes each class draws from (those with a value the class can put in a hard form). */
const CLASS_RECIPES: Record<RealWorldClass, readonly string[]> = {
  turned: ['id017', 'id002', 'id020', 'id012', 'id021', 'id004', 'id024', 'id009', 'id013', 'id022', 'id018'],
  skewed: ['id003', 'id011', 'id015', 'id010', 'id018', 'id001', 'id006', 'id014', 'id020', 'id012'],
  photo: ['id020', 'id017', 'id021', 'id002', 'id004', 'id022', 'id012', 'id009', 'id024', 'id008'],
  fax: ['id018', 'id012', 'id003', 'id009', 'id020', 'id015', 'id005', 'id002', 'id021', 'id013'],
  'two-column': [
    'id002',
    'id017',
    'id020',
    'id012',
    'id003',
    'id021',
    'id022',
    'id024',
    'id015',
    'id009',
    'id018',
    'id011',
    'id007',
    'id004',
  ],
  'value-below': ['id017', 'id012', 'id020', 'id002', 'id021', 'id009', 'id003', 'id024', 'id001', 'id003a', 'id005', 'id008'],
  'decimal-comma': ['id003', 'id015', 'id017', 'id022', 'id001', 'id006', 'id009', 'id021', 'id024', 'id020', 'id012'],
  glued: ['id012', 'id017', 'id020', 'id002', 'id018', 'id009', 'id024', 'id015', 'id003', 'id022'],
  'watermark-stamp': ['id020', 'id002', 'id017', 'id012', 'id021', 'id010', 'id004', 'id009', 'id024', 'id014'],
  'unit-notation': ['id021', 'id020', 'id009', 'id006', 'id010', 'id022', 'id012'],
  'junk-text-layer': ['id017', 'id020', 'id002', 'id012', 'id021', 'id003', 'id022', 'id009', 'id024', 'id013'],
};

/** Decimal-comma readings chosen so that reading the comma as the number's end changes the verdict. */
const COMMA_READINGS: Record<string, { accept: Reading; reject: Reading }> = {
  id003: { accept: { n: 6.8, unit: 'mm' }, reject: { n: 5.6, unit: 'mm' } },
  id015: { accept: { n: 12.6, unit: 'mm' }, reject: { n: 11.4, unit: 'mm' } },
  id017: { accept: { n: 19.5, unit: 'mm' }, reject: { n: 20.6, unit: 'mm' } },
  id022: { accept: { n: 4.2, unit: 'mIU/L' }, reject: { n: 4.8, unit: 'mIU/L' } },
  id001: { accept: { n: 25.8, unit: 'mm' }, reject: { n: 26.4, unit: 'mm' } },
  id006: { accept: { n: 0.08, unit: 'ng/mL' }, reject: { n: 0.03, unit: 'ng/mL' } },
  id009: { accept: { n: 4.6, unit: 'mg/dL' }, reject: { n: 3.6, unit: 'mg/dL' } },
  id021: { accept: { n: 0.85, unit: 'lakhs/cumm' }, reject: { n: 1.65, unit: 'lakhs/cumm' } },
  id024: { accept: { n: 5.2, unit: 'cm' }, reject: { n: 4.6, unit: 'cm' } },
  id020: { accept: { n: 9.4, unit: 'g/dL' }, reject: { n: 8.6, unit: 'g/dL' } },
  id012: { accept: { n: 31.5, unit: 'cc' }, reject: { n: 28.5, unit: 'cc' } },
};

/**
 * Other notations of a unit: [as printed, the test-unit master's keyword it stands for]. 'x10^9/L' is the
 * same quantity as 'x10^3/uL' (10^9 per litre is 10^3 per microlitre), which the masters define.
 */
const NOTATIONS: Record<string, { from: string; to: [string, string][] }> = {
  'Platelet Count': {
    from: 'lakhs/cumm',
    to: [
      ['x10³/µL', 'x10^3/uL'],
      ['x 10^3/µl', 'x10^3/uL'],
      ['×10³/μL', 'x10^3/uL'],
      ['x10^9/L', 'x10^3/uL'],
    ],
  },
  'Total Leucocyte Count': {
    from: 'cells/cumm',
    to: [
      ['x10³/µL', 'x10^3/uL'],
      ['x10^9/L', 'x10^3/uL'],
      ['x 10³/μl', 'x10^3/uL'],
    ],
  },
  Haemoglobin: { from: 'g/dL', to: [['g/L', 'g/L']] },
  'Serum Creatinine': {
    from: 'mg/dL',
    to: [
      ['µmol/L', 'umol/L'],
      ['μmol/l', 'umol/L'],
    ],
  },
  'Blood Urea': { from: 'mg/dL', to: [['mmol/L', 'mmol/L']] },
  TSH: {
    from: 'mIU/L',
    to: [
      ['µIU/mL', 'uIU/mL'],
      ['μIU/ml', 'uIU/mL'],
    ],
  },
  'Troponin I': {
    from: 'ng/mL',
    to: [
      ['pg/mL', 'pg/mL'],
      ['ng/L', 'ng/L'],
    ],
  },
  'Prostate Volume': {
    from: 'cc',
    to: [
      ['cm³', 'cm3'],
      ['mL', 'mL'],
    ],
  },
};

// ---------------------------------------------------------------- catalog lookups

const attributeRow = (name: string) => {
  const a = catalog.clinicalAttributes.find((x) => x.name === name);
  if (!a) throw new Error(`unknown attribute ${name}`);
  return a;
};
/** The conversion of a unit keyword to the attribute's base unit (1 for an attribute without units). */
function conversion(attribute: string, keyword: string): number {
  const a = attributeRow(attribute);
  if (!a.fk_clinical_unit.length || keyword === '') return 1;
  for (const id of a.fk_clinical_unit) {
    const alias = catalog.clinicalUnits.find((u) => u.id === id)!.alias.find((k) => k.keyword === keyword);
    if (alias) return alias.conversion_unit;
  }
  throw new Error(`${attribute}: no unit keyword ${keyword}`);
}
const procedureRow = (code: string) => catalog.procedures.find((p) => p.procedure_code === code)!;

const MENTION_TABLES: [MentionGroup, readonly { name: string; alias: string[] }[]][] = [
  ['procedures', catalog.procedures],
  ['diagnoses', catalog.diagnoses],
  ['evidence', catalog.evidence],
  ['drug', catalog.drugs],
  ['tissue', catalog.tissues],
];
const fold = (s: string) =>
  ` ${s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

/** The entities a text names, word for word (any name or alias, case and punctuation aside). */
function mentionsIn(text: string): string[] {
  const t = fold(text);
  const found: string[] = [];
  for (const [group, rows] of MENTION_TABLES)
    for (const row of rows) if ([row.name, ...row.alias].some((n) => t.includes(fold(n)))) found.push(mentionKey(group, row.name));
  return found;
}

// ---------------------------------------------------------------- people and places

const FIRST = {
  Female: ['Sunita', 'Lakshmi', 'Priya', 'Meena', 'Anjali', 'Kavita', 'Fatima', 'Rekha', 'Deepa', 'Shalini', 'Geeta', 'Nandini'],
  Male: ['Ramesh', 'Suresh', 'Arjun', 'Imran', 'Vikram', 'Manoj', 'Rajesh', 'Anil', 'Harish', 'Farhan', 'Gopal', 'Sanjay'],
};
const LAST = ['Sharma', 'Patil', 'Reddy', 'Iyer', 'Khan', 'Nair', 'Deshmukh', 'Gupta', 'Menon', 'Kulkarni', 'Das', 'Joshi', 'Pillai'];
const DOCTORS = [
  'Dr. A. K. Mehta, MS',
  'Dr. S. Rao, MD',
  'Dr. P. Kulkarni, DNB',
  'Dr. R. Banerjee, MS (Gen Surg)',
  'Dr. N. Shetty, MCh',
  'Dr. V. Iyer, MD (Radiology)',
];
const ADDRESSES: Record<string, [string, string]> = {
  HOSP001: ['S. No. 41, Baner Road', '020-2567 8899'],
  HOSP002: ['Road No. 12, Banjara Hills', '040-2335 1200'],
  HOSP003: ['Assi Ghat Road, Bhelupur', '0542-227 0451'],
  HOSP004: ['Near Paldi Cross Roads', '079-2658 4400'],
  HOSP005: ['80 Feet Road, Koramangala', '080-4110 2000'],
  HOSP006: ['Somajiguda Circle', '040-2340 7788'],
  HOSP007: ['College Road', '0253-231 4567'],
  HOSP008: ['Poonamallee High Road, Kilpauk', '044-2641 9090'],
};
const LETTERHEADS: HospitalLook['letterhead'][] = ['centered', 'left-logo', 'band', 'boxed'];
const ACCENTS: [number, number, number][] = [
  [20, 70, 140],
  [140, 30, 40],
  [20, 110, 80],
  [90, 40, 120],
  [30, 30, 35],
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function hospitalLook(code: string, rng: Rng): HospitalLook {
  const row = catalog.hospitals.find((h) => h.hospital_code === code)!;
  const n = Number(code.slice(-1));
  return {
    code,
    name: row.name,
    address: ADDRESSES[code][0],
    phone: ADDRESSES[code][1],
    // Each hospital has its own letterhead; a few print a second design (an older stationery batch).
    letterhead: rng.chance(0.8) ? LETTERHEADS[n % 4] : rng.pick(LETTERHEADS),
    accent: ACCENTS[n % ACCENTS.length],
  };
}

function patientFor(recipe: Recipe, rng: Rng, dateStyle: number): Patient {
  const sex = recipe.sex === 'F' ? 'Female' : recipe.sex === 'M' ? 'Male' : rng.pick(['Female', 'Male'] as const);
  const day = rng.int(1, 22);
  const month = rng.int(0, 11);
  const stay = rng.int(2, 5);
  const date = (d: number) =>
    dateStyle === 0
      ? `${String(d).padStart(2, '0')}/${String(month + 1).padStart(2, '0')}/2024`
      : `${String(d).padStart(2, '0')}-${MONTHS[month]}-2024`;
  return {
    name: `${sex === 'Female' ? 'Mrs.' : 'Mr.'} ${rng.pick(FIRST[sex])} ${rng.pick(LAST)}`,
    age: rng.int(28, 72),
    sex,
    uhid: `UH${rng.int(100000, 999999)}`,
    ipNo: `IP/24/${rng.int(1000, 9999)}`,
    admitted: date(day),
    discharged: date(day + stay),
    consultant: rng.pick(DOCTORS),
    policy: `P/${rng.int(100000, 999999)}/01/2024/${rng.int(100, 999)}`,
  };
}

// ---------------------------------------------------------------- the plan

/** The documents a document tree asks for: every one of an ALL leaf, one of an ANY leaf (the preferred when listed). */
function documentsFor(tree: RuleStatement | null, prefer: Set<string>, rng: Rng): string[] {
  if (!tree) return [];
  if (tree.statements) {
    if (tree.booleanOperator === 'AND') return tree.statements.flatMap((s) => documentsFor(s, prefer, rng));
    return documentsFor(rng.pick(tree.statements), prefer, rng);
  }
  const values = tree.valuesToFind ?? [];
  if (tree.operator === 'ALL_OF_THE_VALUES_ARE_PRESENT') return values;
  const n = tree.numberOfValues ?? 1;
  const preferred = values.filter((v) => prefer.has(v));
  return [...preferred, ...rng.shuffle(values.filter((v) => !prefer.has(v)))].slice(0, Math.max(n, 1));
}

const DOC_ORDER = [
  'Pre-Authorization Form',
  'Discharge Summary',
  'Operation Notes',
  'Lab Report',
  'Radiology Report',
  'Histopathology Report',
  'Angiography Report',
  'ECG Report',
  'Investigation Report',
  'Consultation Notes',
  'Dialysis Chart',
  'Final Bill',
];

interface PlannedValue {
  entry: ValueEntry;
  reading: Reading;
  /** The unit keyword the reading's unit stands for in the masters (differs from reading.unit for other notations). */
  keyword: string;
  doc: string;
  printed: PrintedValue;
  base: number | string;
}

function numberText(n: number | string, comma: boolean): string {
  if (typeof n === 'string') return n;
  const text = String(Number(n.toFixed(4)));
  return comma ? text.replace('.', ',') : text;
}

/** Rounds a converted number to what a lab would print. */
function printable(n: number): number {
  if (n >= 100) return Math.round(n);
  if (n >= 10) return Math.round(n * 10) / 10;
  return Math.round(n * 100) / 100;
}

// ---------------------------------------------------------------- rendering

type Medium = { kind: 'text' } | { kind: 'image'; format: 'png' | 'jpeg' | 'pdf' };

interface Rendered {
  document: GeneratedDocument;
  imagePages: number;
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '_');

function rasterFile(r: Raster | { canvas: Raster['canvas'] }, format: 'png' | 'jpeg', quality: number): ImagePage {
  const canvas = r.canvas;
  return {
    data: encode(canvas, format, quality),
    format,
    width: canvas.width,
    height: canvas.height,
    scale: 'scale' in r ? r.scale : canvas.height / 841.89,
  };
}

async function asFile(image: ImagePage, medium: 'png' | 'jpeg' | 'pdf', name: string): Promise<GeneratedDocument> {
  if (medium === 'pdf') return { fileName: `${name}.pdf`, contentType: 'application/pdf', data: await imagePdf([image]) };
  return medium === 'png'
    ? { fileName: `${name}.png`, contentType: 'image/png', data: image.data }
    : { fileName: `${name}.jpg`, contentType: 'image/jpeg', data: image.data };
}

/** Random letters in the shape of the page's words: a junk OCR layer. */
function junkLayer(page: Page, rng: Rng): ImagePage['invisibleText'] {
  const letters = 'qxzjvkwyfbghmpd';
  return page.items
    .filter((i): i is TextRun => i.kind === 'text')
    .map((r) => ({
      x: r.x,
      y: r.y,
      size: r.size,
      text: [...r.text].map((ch) => (/[A-Za-z0-9]/.test(ch) ? rng.pick([...letters]) : ch)).join(''),
    }));
}

// ---------------------------------------------------------------- a claim

const SEED_STRIDE = 0x10001;

/** One claim of a class; `index` picks its recipe, scenario and variant in turn, the seed draws the rest. */
export async function buildRealWorldClaim(
  cls: RealWorldClass,
  index: number,
  seed = 1,
  /** Without files: the plan and its verdict only (the pages are laid out, not rendered). */
  { files = true }: { files?: boolean } = {},
): Promise<RealWorldClaim> {
  const classIndex = REALWORLD_CLASSES.indexOf(cls);
  const rng = new Rng(seed * SEED_STRIDE + classIndex * 7919 + index * 104729);
  const codes = CLASS_RECIPES[cls];
  const recipe = recipeFor(codes[(index + seed) % codes.length]);
  const deciding = recipe.values.find((v) => v.reject);
  // One claim in four is meant REJECTED (a value out of range); the rest ACCEPTED.
  const scenario: 'accept' | 'reject' = index % 4 === 3 && deciding ? 'reject' : 'accept';

  const hospitalCode = catalog.hospitals[(index * 3 + classIndex + seed) % catalog.hospitals.length].hospital_code;
  // The insurer and case type, among those whose rule judges the deciding value.
  const drawnOrg: string = rng.weighted(INSURERS.map((i) => [i.code, i.code === 'vitraya' ? 3 : 1] as const));
  const drawnCase: CaseType = rng.chance(0.2) ? 'PRE_AUTH' : 'SETTLEMENT';
  const judges = (r: CatalogRule | null): r is CatalogRule =>
    r !== null && (!deciding || ruleLeaves(r.clinicalTermsRule).some((l) => l.valueToCompare?.name === deciding.attribute));
  const [organization, caseType] = (
    [
      [drawnOrg, drawnCase],
      [drawnOrg, 'SETTLEMENT'],
      ['vitraya', 'SETTLEMENT'],
    ] as const
  ).find(([o, c]) => judges(resolveRule(catalog.rules, o, recipe.code, c)))!;
  const rule = resolveRule(catalog.rules, organization, recipe.code, caseType)!;

  // Values as printed, and what each is in the attribute's base unit.
  const comma = cls === 'decimal-comma';
  const units = cls === 'unit-notation';
  const moveToForm = (doc: string) => (caseType === 'PRE_AUTH' && doc === 'Discharge Summary' ? 'Pre-Authorization Form' : doc);
  const planned: PlannedValue[] = recipe.values.map((entry) => {
    let reading = scenario === 'reject' && entry.reject ? entry.reject : entry.accept;
    if (comma && entry === deciding && COMMA_READINGS[recipe.code]) reading = COMMA_READINGS[recipe.code][scenario];
    let keyword = reading.unit;
    const notation = NOTATIONS[entry.attribute];
    if (units && notation && typeof reading.n === 'number') {
      const base = reading.n * conversion(entry.attribute, reading.unit);
      const [printedUnit, kw] = rng.pick(notation.to);
      keyword = kw;
      reading = { n: printable(base / conversion(entry.attribute, kw)), unit: printedUnit };
    }
    const base = typeof reading.n === 'number' ? reading.n * conversion(entry.attribute, keyword) : reading.n;
    const thousands = comma && typeof reading.n === 'number' && reading.n >= 1000;
    const number = thousands ? (reading.n as number).toLocaleString('en-US') : numberText(reading.n, comma);
    return {
      entry,
      reading,
      keyword,
      doc: moveToForm(entry.doc),
      printed: { attribute: entry.attribute, label: rng.pick(entry.labels), number, unit: reading.unit, beside: entry.beside?.[scenario] },
      base,
    };
  });

  // Documents: what the rule asks for, where the values are written, and the pathology report a specimen needs.
  const valueDocs = new Set(planned.map((p) => p.doc));
  const docs = new Set(documentsFor(rule.documentRule, valueDocs, rng));
  for (const d of valueDocs) docs.add(d);
  const wantsTissue = Object.values({ a: rule.procedureRule, b: rule.diagnosisRule, c: rule.clinicalTermsRule })
    .flatMap((t) => ruleLeaves(t))
    .some((l) => l.entityName === 'tissues');
  if (wantsTissue) docs.add('Histopathology Report');
  if (!docs.size) docs.add(caseType === 'PRE_AUTH' ? 'Pre-Authorization Form' : 'Discharge Summary');
  const docList = DOC_ORDER.filter((d) => docs.has(d));

  const dateStyle = rng.int(0, 1);
  const proc = procedureRow(recipe.code);
  const story: ClaimStory = {
    recipe,
    procedure: rng.pick([proc.name, ...proc.alias]),
    diagnosis: rng.pick(recipe.diagnosis),
    evidence: recipe.evidence ? rng.pick(recipe.evidence) : null,
    drugs: [...(recipe.drugs ?? [])],
    specimen: recipe.specimen ? rng.pick(recipe.specimen) : null,
    study: recipe.study ? rng.pick(recipe.study) : null,
    complaint: rng.pick(recipe.complaint),
    patient: patientFor(recipe, rng, dateStyle),
    caseType: caseType === 'PRE_AUTH' ? 'PRE_AUTH' : 'SETTLEMENT',
  };
  const look: Look = {
    hospital: hospitalLook(hospitalCode, rng),
    face: rng.pick(['sans', 'serif', 'mono', 'condensed', 'sans', 'serif'] as Face[]),
    size: rng.uniform(9.8, 11),
    leading: rng.uniform(1.3, 1.5),
  };

  // The class's target: the document holding the deciding value (or the first document).
  const target = deciding ? moveToForm(deciding.doc) : docList[0];
  const { style, variant, media } = classTreatment(cls, index, docList, target, rng);

  const pages = new Map<string, Page>();
  for (const doc of docList) {
    const spec = {
      type: doc,
      title: rng.pick(titleChoices(doc, hospitalCode)),
      values: planned.filter((p) => p.doc === doc).map((p) => p.printed),
    };
    pages.set(
      doc,
      documentPage(
        spec,
        story,
        doc === target ? look : { ...look, face: rng.pick(['sans', 'serif'] as Face[]) },
        doc === target ? style : PLAIN_STYLE,
        rng,
      ),
    );
  }

  // Facts, from the plan: documents present, entities each names, the one value of each attribute.
  const facts: ClaimFacts = { readable: true, documents: new Set(docList), mentions: new Map(), values: new Map() };
  for (const [doc, page] of pages) {
    for (const key of mentionsIn(pageText(page))) {
      const set = facts.mentions.get(key) ?? new Set<string>();
      set.add(doc);
      facts.mentions.set(key, set);
    }
  }
  for (const p of planned) facts.values.set(p.entry.attribute, { value: p.base, document: p.doc });
  const expectation = evaluateProcedure(rule, proc.name, caseType, facts);
  const wanted = scenario === 'accept' ? 'ACCEPTED' : 'REJECTED';
  if (expectation.result !== wanted || (scenario === 'reject' && !expectation.failedTrees.every((t) => t === 'clinicalTermsRule'))) {
    throw new Error(
      `realworld ${cls}#${index} (${recipe.code} ${organization} ${caseType}): planned ${wanted}, the oracle says ${expectation.result} (${expectation.failedTrees.join(', ')})`,
    );
  }

  // Files.
  const documents: GeneratedDocument[] = [];
  let imagePages = 0;
  for (const [part, doc] of files ? docList.entries() : []) {
    const r = await render(
      cls,
      pages.get(doc)!,
      media.get(doc) ?? { kind: 'text' },
      doc,
      story,
      `${String(index).padStart(3, '0')}_${part + 1}`,
      rng,
    );
    documents.push(r.document);
    imagePages += r.imagePages;
  }

  const referenceClaimId = `RW-${cls}-${String(index + 1).padStart(3, '0')}-s${seed}`;
  const result = worstResult([expectation.result]);
  return {
    referenceClaimId,
    patientName: story.patient.name.replace(/^(Mrs?\.) /, ''),
    caseType,
    procedureCodes: [recipe.code],
    hospitalCode,
    organization,
    org: organization,
    deleteAfterVerification: false,
    documents,
    expected: {
      result,
      perProcedure: { [recipe.code]: expectation.result },
      reasonIncludes: expectation.reasonIncludes,
      entities: expectedEntities(rule, facts),
      perProcedureReasons: { [recipe.code]: expectation.reasonIncludes },
      failedTrees: { [recipe.code]: expectation.failedTrees },
      ruleIds: { [recipe.code]: rule.id },
      scenario,
      fraudMarkers: [],
      imagePages,
      unreadableFiles: [],
      classes: [],
    },
    realWorld: { class: cls, variant },
  };
}

function expectedEntities(rule: CatalogRule, facts: ClaimFacts): ExpectedEntity[] {
  const scope = scopeFor(rule, facts);
  const out = new Map<string, ExpectedEntity>();
  for (const tree of [rule.procedureRule, rule.diagnosisRule, rule.documentRule, rule.clinicalTermsRule]) {
    for (const leaf of ruleLeaves(tree)) {
      if (leaf.valueToCompare) {
        const name = leaf.valueToCompare.name;
        out.set(`a:${name}`, { type: 'clinicalAttribute', name, present: leafSees(leaf, name, scope) });
        continue;
      }
      const type = LEAF_GROUP[leaf.entityName!];
      for (const v of leaf.valuesToFind ?? []) {
        const prior = out.get(`${type}:${v}`);
        out.set(`${type}:${v}`, { type, name: v, present: (prior?.present ?? false) || leafSees(leaf, v, scope) });
      }
    }
  }
  return [...out.values()];
}

interface Treatment {
  style: ValueStyle;
  variant: string;
  media: Map<string, Medium>;
}

const IMAGE_FORMATS = ['png', 'jpeg', 'pdf'] as const;

/** How the class treats the claim's documents: the value style of the target, and which files are pictures. */
function classTreatment(cls: RealWorldClass, index: number, docs: string[], target: string, rng: Rng): Treatment {
  const media = new Map<string, Medium>();
  const format = IMAGE_FORMATS[Math.floor(index / 3) % 3];
  const alsoScanned = (p: number) => {
    for (const d of docs) if (d !== target && rng.chance(p)) media.set(d, { kind: 'image', format: rng.pick(IMAGE_FORMATS) });
  };
  const scanOrText = (): string => {
    if (index % 2 === 0) return 'text-pdf';
    media.set(target, { kind: 'image', format });
    return `scan-${format}`;
  };
  let style: ValueStyle = PLAIN_STYLE;
  let variant: string;
  switch (cls) {
    case 'turned':
    case 'skewed':
    case 'fax':
      media.set(target, { kind: 'image', format: cls === 'fax' ? (index % 2 ? 'pdf' : 'png') : format });
      alsoScanned(cls === 'fax' ? 0.5 : 0.3);
      variant = `${cls}-${cls === 'fax' ? (index % 2 ? 'pdf' : 'png') : format}`;
      break;
    case 'photo':
      media.set(target, { kind: 'image', format: index % 5 === 4 ? 'pdf' : 'jpeg' });
      alsoScanned(0.25);
      variant = index % 5 === 4 ? 'photo-in-pdf' : 'photo-jpeg';
      break;
    case 'two-column':
      style = { ...PLAIN_STYLE, twoColumn: true };
      variant = `two-column-${scanOrText()}`;
      break;
    case 'value-below': {
      const placement = (['under', 'box', 'table-under'] as const)[index % 3];
      style = { ...PLAIN_STYLE, placement };
      variant = `${placement}-${scanOrText()}`;
      break;
    }
    case 'decimal-comma':
      variant = `decimal-comma-${scanOrText()}`;
      break;
    case 'glued': {
      const glue = (['label-value', 'value-unit', 'all'] as const)[index % 3];
      style = { ...PLAIN_STYLE, placement: 'glued', glue, upper: index % 2 === 0 };
      variant = `glued-${glue}-${scanOrText()}`;
      break;
    }
    case 'watermark-stamp':
      if (index % 2 === 1) media.set(target, { kind: 'image', format });
      variant = index % 2 === 1 ? `stamp-${format}` : `watermark-${index % 4 === 0 ? 'word' : 'glyphs'}`;
      break;
    case 'unit-notation':
      variant = `units-${scanOrText()}`;
      break;
    case 'junk-text-layer':
      variant = index % 2 === 0 ? 'junk-tounicode' : 'junk-invisible-ocr';
      break;
  }
  return { style, variant, media };
}

async function render(
  cls: RealWorldClass,
  page: Page,
  medium: Medium,
  doc: string,
  story: ClaimStory,
  /** Unique within the claim: the claim's index and the file's place in it. */
  serial: string,
  rng: Rng,
): Promise<Rendered> {
  const name = slug(doc);
  const index = Number(serial.slice(0, 3));
  if (cls === 'junk-text-layer' && medium.kind === 'text') {
    if (index % 2 === 0)
      return {
        document: {
          fileName: `${name}.pdf`,
          contentType: 'application/pdf',
          data: await textPdf([page], { scrambledToUnicode: rng.fork() }),
        },
        imagePages: 0,
      };
    const r = drawPage(page, rng.uniform(2.1, 2.6), rng);
    const image = { ...rasterFile(r, 'jpeg', 82), invisibleText: junkLayer(page, rng) };
    return { document: { fileName: `${name}.pdf`, contentType: 'application/pdf', data: await imagePdf([image]) }, imagePages: 1 };
  }
  if (medium.kind === 'text') {
    const watermark =
      cls === 'watermark-stamp' && index % 2 === 0
        ? {
            text: rng.pick(['COPY', 'PATIENT COPY', 'INSURANCE COPY', 'COPY']),
            perGlyph: index % 4 !== 0,
            angle: rng.uniform(28, 50),
            size: rng.uniform(34, 60),
            grey: rng.uniform(0.55, 0.75),
          }
        : undefined;
    return {
      document: { fileName: `${name}.pdf`, contentType: 'application/pdf', data: await textPdf([page], { watermark }) },
      imagePages: 0,
    };
  }
  const fileBase = `scan_${name}_${serial}`;
  let image: ImagePage;
  switch (cls) {
    case 'turned': {
      const quarters = ((index % 3) + 1) as 1 | 2 | 3;
      image = rasterFile(turn(drawPage(page, rng.uniform(2.1, 2.7), rng), quarters), medium.format === 'png' ? 'png' : 'jpeg', 80);
      break;
    }
    case 'skewed': {
      const degrees = (rng.chance(0.5) ? -1 : 1) * rng.uniform(2, 7);
      image = rasterFile(skew(drawPage(page, rng.uniform(2.1, 2.7), rng), degrees, rng), medium.format === 'png' ? 'png' : 'jpeg', 80);
      break;
    }
    case 'photo': {
      const canvas = photo(page, rng);
      image = { ...rasterFile({ canvas }, 'jpeg', Math.round(rng.uniform(55, 65))), scale: canvas.height / 841.89 };
      return {
        document: await asFile(
          image,
          medium.format === 'pdf' ? 'pdf' : 'jpeg',
          `IMG_2024031${serial.slice(-1)}_${rng.int(100000, 235959)}`,
        ),
        imagePages: 1,
      };
    }
    case 'fax': {
      const header: TextRun = {
        kind: 'text',
        x: 30,
        y: 16,
        text: `${story.patient.discharged} ${rng.int(10, 18)}:${rng.int(10, 59)}  FROM: ${story.patient.consultant.split(',')[0].toUpperCase()} TPA DESK  FAX +91 ${rng.int(20, 80)} ${rng.int(2000, 9999)} ${rng.int(1000, 9999)}  P.00${rng.int(1, 3)}`,
        size: 7.5,
        face: 'mono',
        bold: false,
        color: [0, 0, 0],
      };
      image = rasterFile(fax({ ...page, items: [...page.items, header] }, rng), 'png', 0);
      return {
        document: await asFile(image, medium.format === 'pdf' ? 'pdf' : 'png', `FAX_${serial}`),
        imagePages: 1,
      };
    }
    default: {
      const r = drawPage(page, rng.uniform(2.1, 2.7), rng);
      if (cls === 'watermark-stamp') stamp(r, page, rng, story.patient.discharged);
      image = rasterFile(r, medium.format === 'png' ? 'png' : 'jpeg', 82);
    }
  }
  return { document: await asFile(image, medium.format, fileBase), imagePages: 1 };
}

// ---------------------------------------------------------------- the corpus

/** Claims per class when a count is not given. */
export const DEFAULT_PER_CLASS = 16;

/** `count` claims, the classes in turn (claim i is of class i mod 11), each class's claims indexed 0, 1, 2, ... */
export async function* streamRealWorldClaims(
  count?: number,
  seed = 1,
  classes: readonly RealWorldClass[] = REALWORLD_CLASSES,
): AsyncGenerator<RealWorldClaim> {
  const total = count ?? DEFAULT_PER_CLASS * classes.length;
  for (let i = 0; i < total; i++) {
    yield buildRealWorldClaim(classes[i % classes.length], Math.floor(i / classes.length), seed);
  }
}
