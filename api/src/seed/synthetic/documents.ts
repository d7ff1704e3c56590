/**
 * The claim papers: one content template per document type, filled with the mentions and values the
 * generator placed in that document. Fixed wording never names a catalog entity (the generator's tests
 * check that every entity the text mentions was planted).
 */
import type { CaseType } from '@claims/shared-kernel/constants';
import { glue, type Block, type GridStyle } from './layout';
import type { Rng } from './rng';

export interface WrittenValue {
  attribute: string;
  label: string;
  /** The number or text as printed, unit excluded ('10.2', '4.2 x 3.8', 'IV'). */
  value: string;
  unit: string;
  /** Normal range in the printed unit, for lab tables. */
  reference: string;
  /** A flag printed between the value and its unit ('L', 'High', '*'); empty when none. */
  flag: string;
  /** A date or time printed between the label and the value ('on 02-09-2024'); empty when none. */
  when: string;
  /** The reference range as a sentence prints it between the label and the value ('(normal 12.0 - 15.5)'); empty when none. */
  referenceNote: string;
}

/** How a lab report's results table is printed. */
export interface LabTableLayout {
  grid: GridStyle | null;
  headers: { test: string; result: string; unit: string; reference: string };
  /** Header of a date/time column between the test and the result; null when there is none. */
  dateHeader: string | null;
  /** What the date column says on rows without a date of their own (the sample's date and time). */
  sampled: string;
  /** Header of a flag column between the result and the unit; null when there is none. */
  flagHeader: string | null;
  /** The reference column stands before the result instead of last. */
  referenceFirst: boolean;
}

/** The lab table most hospitals print: test, result, unit and reference interval, rules around the header only. */
export const PLAIN_LAB_TABLE: LabTableLayout = {
  grid: null,
  headers: { test: 'Test', result: 'Result', unit: 'Unit', reference: 'Biological Reference Interval' },
  dateHeader: null,
  sampled: '',
  flagHeader: null,
  referenceFirst: false,
};

/** A radiology report's measurements as a gridded table instead of sentences. */
export interface RadiologyTableLayout {
  grid: GridStyle;
  headers: { parameter: string; value: string; unit: string };
  /** Header of a normal-range column before the measurement; null when there is none. */
  normalHeader: string | null;
  /** Structures without a measured value, with their finding ('Liver', 'Normal in size and echotexture'). */
  fillerRows: [string, string][];
}

/** What the generator put in one document. Every string is the printed (glued) phrase. */
export interface DocumentContent {
  type: string;
  procedures: string[];
  diagnoses: string[];
  evidence: string[];
  drugs: string[];
  tissues: string[];
  preExisting: string[];
  values: WrittenValue[];
  /** Sentences that negate an entity ('No evidence of ...'), printed with the diagnosis or impression. */
  negations: string[];
  /** Sentences carrying fraud markers. */
  fraudLines: string[];
  /** A stamp text (e.g. 'DUPLICATE COPY'). */
  stamp: string | null;
}

export interface Patient {
  name: string;
  age: number;
  gender: 'Male' | 'Female';
}

export interface ClaimSetting {
  rng: Rng;
  caseType: CaseType;
  patient: Patient;
  hospitalName: string;
  insurerLabel: string;
  department: string;
  doctor: string;
  uhid: string;
  ipNumber: string;
  policyNumber: string;
  admission: string;
  discharge: string;
  /** Days between admission and discharge. */
  stay: number;
  complaint: string;
  medical: boolean;
  /** A diagnosis wording outside the catalog, used when no catalog diagnosis may be named. */
  unlistedDiagnosis: string;
  /** A treatment wording outside the catalog, used when no catalog procedure may be named. */
  unlistedTreatment: string;
  /** Lab rows outside the catalog: [test, result, unit, reference]. */
  fillerLabRows: string[][];
  amounts: { total: number };
  /** Printed at the end of a document, when the type has one (docgroup end aliases). */
  endLine: (type: string) => string | null;
  labStacked: boolean;
  labTable: LabTableLayout;
  /** Set when the radiology report prints its measurements as a table. */
  radiologyTable: RadiologyTableLayout | null;
}

const rupees = (n: number): string => `Rs. ${n.toLocaleString('en-IN')}.00`;
const join = (items: string[]): string => items.join('; ');
/** 'Haemoglobin: 10.2 g/dL', or with what stands between: 'Hb on 02-09-2024 (normal 12 - 15.5): 10.2 L g/dL'. */
const valueLine = (v: WrittenValue, sep: string): string => {
  const between = [v.when, v.referenceNote].filter(Boolean).join(' ');
  const after = [v.flag, v.unit].filter(Boolean).join(' ');
  return `${glue(v.label)}${between ? ` ${between}` : ''}${sep}${v.value}${after ? ` ${after}` : ''}`;
};
/** The text followed by the negating sentences, each a sentence of its own so a negation never reaches a finding. */
const withNegations = (text: string, negations: string[]): string =>
  negations.length ? `${text.replace(/\.?$/, '.')} ${negations.join(' ')}` : text;

const capitalised = (s: string): string => s[0].toUpperCase() + s.slice(1);
const NEGATIONS: ((x: string) => string)[] = [
  (x) => `No evidence of ${x}.`,
  (x) => `${capitalised(x)} ruled out.`,
  (x) => `${capitalised(x)} has been ruled out.`,
  (x) => `Negative for ${x}.`,
  (x) => `Findings show absence of ${x}.`,
  (x) => `No features suggestive of ${x}.`,
  (x) => `Not a case of ${x}.`,
];
const NEGATIONS_BY_TYPE: Record<string, ((x: string) => string)[]> = {
  'Radiology Report': [(x) => `No sonological evidence of ${x}.`, (x) => `No radiological features of ${x}.`],
  'Histopathology Report': [(x) => `No histological evidence of ${x}.`, (x) => `Negative for ${x} in the sections studied.`],
};

/** A sentence saying the entity (its printed phrase) is not there, worded as the document type words it. */
export function negatedMention(phrase: string, type: string, rng: Rng): string {
  return rng.pick([...NEGATIONS, ...(NEGATIONS_BY_TYPE[type] ?? [])])(phrase);
}
const valueSentences = (values: WrittenValue[], rng: Rng): string =>
  values.map((v) => `${valueLine(v, rng.pick([': ', ' - ', ' ']))}.`).join(' ');
const evidenceSentences = (evidence: string[], rng: Rng): string =>
  evidence.map((e) => rng.pick([`${e} done, suggestive of the clinical impression.`, `${e}: noted.`, `${e} reviewed.`])).join(' ');

const personFields = (s: ClaimSetting): [string, string][] => [
  ['Patient Name', s.patient.name],
  ['Age / Sex', `${s.patient.age} Y / ${s.patient.gender}`],
  ['UHID', s.uhid],
  ['IP No', s.ipNumber],
];

function remarks(c: DocumentContent, handled: (keyof DocumentContent)[], s: ClaimSetting, endPrinted = false): Block[] {
  const rest: string[] = [];
  const lists: (keyof DocumentContent)[] = ['procedures', 'diagnoses', 'evidence', 'drugs', 'tissues', 'preExisting'];
  for (const key of lists) if (!handled.includes(key)) rest.push(...(c[key] as string[]));
  const blocks: Block[] = [];
  if (rest.length) blocks.push({ kind: 'heading', text: 'Remarks' }, { kind: 'text', text: `${join(rest)}.` });
  if (!handled.includes('values') && c.values.length) {
    blocks.push({ kind: 'heading', text: 'Clinical Notes' }, { kind: 'text', text: valueSentences(c.values, s.rng) });
  }
  if (!handled.includes('negations') && c.negations.length) blocks.push({ kind: 'text', text: c.negations.join(' ') });
  for (const f of c.fraudLines) blocks.push({ kind: 'text', text: f });
  if (c.stamp) blocks.push({ kind: 'stamp', text: c.stamp });
  const end = endPrinted ? null : s.endLine(c.type);
  if (end) blocks.push({ kind: 'sign', text: end });
  return blocks;
}

type Template = (c: DocumentContent, s: ClaimSetting) => Block[];

const PROGRESS = [
  'Patient comfortable, afebrile, vitals stable.',
  'Mild pain at the operative site, relieved with analgesics.',
  'Tolerating oral fluids, bowel sounds present, ambulation encouraged.',
  'Urine output adequate, no fresh complaints.',
  'Afebrile for the last 24 hours, appetite improving.',
  'Dressing inspected, no soakage or discharge.',
];
const PROGRESS_PLAN = [
  'Continue the same treatment.',
  'Advised chest physiotherapy and early mobilisation.',
  'Intravenous fluids tapered.',
  'Plan reviewed with the consultant.',
  'Diet upgraded to soft diet.',
];
const INSTRUCTIONS = [
  'Keep the wound clean and dry; dressing on the next visit.',
  'Avoid lifting heavy weights for six weeks.',
  'Plenty of oral fluids, at least two litres a day.',
  'Report immediately in case of fever, vomiting or breathlessness.',
  'Continue regular walks as tolerated.',
  'Bring all reports on the next visit.',
];

const dischargeSummary: Template = (c, s) => {
  const r = s.rng;
  const blocks: Block[] = [
    {
      kind: 'fields',
      columns: 2,
      items: [
        ...personFields(s),
        ['Date of Admission', s.admission],
        ['Date of Discharge', s.discharge],
        ['Consultant', s.doctor],
        ['Department', s.department],
      ],
    },
    { kind: 'heading', text: r.pick(['Final Diagnosis', 'Diagnosis', 'Diagnosis at Discharge']) },
    { kind: 'text', text: withNegations(c.diagnoses.length ? join(c.diagnoses) : s.unlistedDiagnosis, c.negations) },
    { kind: 'heading', text: s.medical ? 'Treatment Given' : r.pick(['Procedure Done', 'Surgery Performed', 'Operative Procedure']) },
    { kind: 'text', text: c.procedures.length ? join(c.procedures) : s.unlistedTreatment },
    { kind: 'heading', text: 'Chief Complaints' },
    { kind: 'text', text: s.complaint },
    { kind: 'heading', text: 'Past History' },
    { kind: 'text', text: c.preExisting.length ? `Known case of ${join(c.preExisting)}.` : 'No significant past medical history.' },
    { kind: 'heading', text: 'Examination on Admission' },
    {
      kind: 'fields',
      columns: 2,
      items: [
        ['General condition', 'Fair, conscious, oriented'],
        ['Pulse', `${r.int(68, 110)}/min`],
        ['Temperature', `${r.pick(['98.4', '98.6', '99.2', '100.4'])} F`],
        ['Respiratory rate', `${r.int(14, 24)}/min`],
        ['Cardiovascular', 'S1 S2 heard, no murmur'],
        ['Respiratory', 'Bilateral air entry equal'],
        ['Abdomen', 'Soft'],
        ['Central nervous system', 'No focal deficit'],
      ],
    },
  ];
  const findings = [evidenceSentences(c.evidence, r), valueSentences(c.values, r)].filter(Boolean).join(' ');
  if (findings) blocks.push({ kind: 'heading', text: 'Investigations' }, { kind: 'text', text: findings });
  blocks.push(
    { kind: 'heading', text: 'Course in Hospital' },
    {
      kind: 'text',
      text: s.medical
        ? 'Patient was admitted, evaluated and managed with intravenous fluids, supportive care and close monitoring of vitals. Patient improved symptomatically over the course of the stay and is being discharged in a stable condition.'
        : 'Patient was admitted and evaluated. After pre-anaesthetic check up and written consent the surgery was performed under appropriate anaesthesia. Intra-operative and post-operative periods were uneventful. Wound is healthy. Patient is haemodynamically stable and is being discharged.',
    },
    { kind: 'text', text: 'Condition at discharge: stable, afebrile, tolerating oral diet, ambulatory.' },
  );
  if (r.chance(0.7)) {
    // Day-wise notes make many summaries run onto a second page, as real ones do.
    blocks.push({ kind: 'heading', text: 'Progress Notes' });
    for (let day = 1; day <= Math.max(4, Math.min(s.stay + 3, 10)); day++) {
      blocks.push({
        kind: 'text',
        text: `Day ${day}: ${r.sample(PROGRESS, 2).join(' ')} ${r.pick(PROGRESS_PLAN)} Pulse ${r.int(68, 104)}/min, temperature ${r.pick(['98.4', '98.6', '99.0', '98.8'])} F, respiratory rate ${r.int(14, 22)}/min.`,
      });
    }
  }
  if (c.drugs.length) {
    blocks.push({ kind: 'heading', text: 'Medications on Discharge' });
    c.drugs.forEach((d, i) => {
      blocks.push({
        kind: 'text',
        text: `${i + 1}. ${d} ${r.pick(['once daily', 'twice daily', 'as directed', 'after food'])} for ${r.int(5, 30)} days`,
      });
    });
  }
  blocks.push(
    { kind: 'heading', text: 'Advice' },
    {
      kind: 'text',
      text: `Review in the outpatient department after ${r.int(5, 14)} days or earlier if fever, pain or bleeding. Diet as tolerated.`,
    },
    ...r.sample(INSTRUCTIONS, r.int(2, INSTRUCTIONS.length)).map((t, i): Block => ({ kind: 'text', text: `${i + 1}. ${t}` })),
  );
  return [...blocks, ...remarks(c, ['procedures', 'diagnoses', 'evidence', 'drugs', 'preExisting', 'values', 'negations'], s)];
};

const labReport: Template = (c, s) => {
  const r = s.rng;
  const blocks: Block[] = [
    {
      kind: 'fields',
      columns: 2,
      items: [
        ['Patient Name', s.patient.name],
        ['Age / Sex', `${s.patient.age} Y / ${s.patient.gender}`],
        ['Lab No', `L${s.uhid.slice(-6)}`],
        ['Referred By', s.doctor],
        ['Sample Collected', s.admission],
        ['Reported On', s.admission],
      ],
    },
  ];
  const t = s.labTable;
  const rows: LabRow[] = r.shuffle([
    ...c.values.map((v) => ({ test: glue(v.label), when: v.when, result: v.value, flag: v.flag, unit: v.unit, reference: v.reference })),
    ...s.fillerLabRows.map(([test, result, unit, reference]) => ({ test, when: '', result, flag: '', unit, reference })),
  ]);
  if (s.labStacked) {
    blocks.push({ kind: 'heading', text: 'Test Results' });
    for (const row of rows) {
      const reading = [row.when, row.result, row.flag, row.unit].filter(Boolean).join(' ');
      const reference = row.reference ? `(${row.reference})` : '';
      blocks.push(
        { kind: 'text', text: row.test },
        {
          kind: 'text',
          text: t.referenceFirst && reference ? `${reference}    ${reading}` : reading + (reference ? `    ${reference}` : ''),
        },
      );
    }
  } else {
    const columns = LAB_COLUMNS.filter((col) => col.shown(t));
    blocks.push({
      kind: 'table',
      headers: columns.map((col) => col.header(t)),
      rows: rows.map((row) => columns.map((col) => col.cell(row, t))),
      widths: columns.map((col) => col.width),
      ...(t.grid ? { grid: t.grid } : {}),
    });
  }
  if (c.evidence.length) blocks.push({ kind: 'heading', text: 'Comments' }, { kind: 'text', text: `${join(c.evidence)}.` });
  blocks.push({ kind: 'text', text: 'Results relate only to the sample tested. Kindly correlate clinically.' });
  return [...blocks, ...remarks(c, ['evidence', 'values'], s)];
};

interface LabRow {
  test: string;
  when: string;
  result: string;
  flag: string;
  unit: string;
  reference: string;
}
interface LabColumn {
  shown: (t: LabTableLayout) => boolean;
  header: (t: LabTableLayout) => string;
  cell: (row: LabRow, t: LabTableLayout) => string;
  width: number;
}
const always = () => true;
/** The lab table's possible columns, in printing order; a layout shows some of them. */
const LAB_COLUMNS: LabColumn[] = [
  { shown: always, header: (t) => t.headers.test, cell: (row) => row.test, width: 3.2 },
  { shown: (t) => t.dateHeader !== null, header: (t) => t.dateHeader ?? '', cell: (row, t) => row.when || t.sampled, width: 1.9 },
  { shown: (t) => t.referenceFirst, header: (t) => t.headers.reference, cell: (row) => row.reference, width: 2.2 },
  { shown: always, header: (t) => t.headers.result, cell: (row) => row.result, width: 1.4 },
  { shown: (t) => t.flagHeader !== null, header: (t) => t.flagHeader ?? '', cell: (row) => row.flag, width: 0.8 },
  { shown: always, header: (t) => t.headers.unit, cell: (row) => row.unit, width: 1.5 },
  { shown: (t) => !t.referenceFirst, header: (t) => t.headers.reference, cell: (row) => row.reference, width: 2.4 },
];

const histopathology: Template = (c, s) => [
  {
    kind: 'fields',
    columns: 2,
    items: [
      ['Patient Name', s.patient.name],
      ['Age / Sex', `${s.patient.age} Y / ${s.patient.gender}`],
      ['HPE No', `H/${s.uhid.slice(-5)}/24`],
      ['Clinician', s.doctor],
      ['Received On', s.discharge],
    ],
  },
  { kind: 'heading', text: 'Specimen' },
  {
    kind: 'text',
    text: c.tissues.length ? `${join(c.tissues)} received in formalin.` : 'Specimen received in formalin, labelled with patient details.',
  },
  { kind: 'heading', text: 'Gross Examination' },
  {
    kind: 'text',
    text: `Received multiple grey white soft tissue pieces, together measuring ${s.rng.int(2, 9)} x ${s.rng.int(2, 6)} cm. Representative sections submitted.`,
  },
  { kind: 'heading', text: 'Microscopic Examination' },
  {
    kind: 'text',
    text: 'Sections studied show features as described below. Margins are free. No atypical mitoses seen in the sections examined.',
  },
  ...(c.values.length ? ([{ kind: 'text', text: valueSentences(c.values, s.rng) }] as Block[]) : []),
  { kind: 'heading', text: 'Impression' },
  {
    kind: 'text',
    text: withNegations(
      [join(c.diagnoses), join(c.evidence)].filter(Boolean).join('. ') || 'Features as described above. Clinical correlation advised.',
      c.negations,
    ),
  },
  ...remarks(c, ['tissues', 'diagnoses', 'evidence', 'values', 'negations'], s),
];

const finalBill: Template = (c, s) => {
  const r = s.rng;
  const items: string[][] = [
    ['Room Rent', `${s.stay} days`, rupees(s.stay * r.pick([2500, 3500, 4500, 6000]))],
    ['Nursing Charges', `${s.stay} days`, rupees(s.stay * 800)],
    ['Consultation Charges', `${r.int(2, 6)} visits`, rupees(r.int(2, 6) * 700)],
  ];
  if (!s.medical)
    items.push(['Operation Theatre Charges', '1', rupees(r.int(15, 60) * 1000)], ['Anaesthesia Charges', '1', rupees(r.int(5, 20) * 1000)]);
  for (const p of c.procedures)
    items.push([`${s.medical ? 'Treatment package' : 'Surgeon fee'} - ${p}`, '1', rupees(r.int(20, 150) * 1000)]);
  for (const d of c.drugs) items.push([`Pharmacy - ${d}`, String(r.int(1, 10)), rupees(r.int(3, 90) * 100)]);
  items.push(['Laboratory and Imaging', '1', rupees(r.int(3, 25) * 1000)], ['Medical Consumables', '1', rupees(r.int(2, 30) * 1000)]);
  return [
    {
      kind: 'fields',
      columns: 2,
      items: [
        ['Bill No', `IPB/${s.ipNumber.slice(-5)}`],
        ['Bill Date', s.discharge],
        ...personFields(s).slice(0, 1),
        ['IP No', s.ipNumber],
        ['Date of Admission', s.admission],
        ['Date of Discharge', s.discharge],
        ['Payer', s.insurerLabel],
      ],
    },
    {
      kind: 'table',
      headers: ['S.No', 'Particulars', 'Qty', 'Amount'],
      rows: items.map((row, i) => [String(i + 1), ...row]),
      widths: [0.6, 4.6, 1.1, 1.6],
    },
    {
      kind: 'fields',
      columns: 1,
      items: [
        ['Gross Total', rupees(s.amounts.total)],
        ['Discount', rupees(0)],
        [s.endLine(c.type) ?? 'Net Amount', rupees(s.amounts.total)],
      ],
    },
    ...remarks(c, ['procedures', 'drugs'], s, true),
  ];
};

const operationNotes: Template = (c, s) => [
  {
    kind: 'fields',
    columns: 2,
    items: [
      ['Patient Name', s.patient.name],
      ['IP No', s.ipNumber],
      ['Date of Surgery', s.admission],
      ['Surgeon', s.doctor],
      ['Anaesthesia', s.rng.pick(['General anaesthesia', 'Spinal anaesthesia', 'Regional block'])],
      ['Duration', `${s.rng.int(40, 180)} minutes`],
    ],
  },
  { kind: 'heading', text: 'Procedure' },
  { kind: 'text', text: c.procedures.length ? join(c.procedures) : s.unlistedTreatment },
  { kind: 'heading', text: 'Findings' },
  {
    kind: 'text',
    text: withNegations(
      [join(c.diagnoses), valueSentences(c.values, s.rng), join(c.evidence)].filter(Boolean).join('. ') ||
        'Findings as per pre-operative evaluation.',
      c.negations,
    ),
  },
  { kind: 'heading', text: 'Steps' },
  {
    kind: 'text',
    text: 'Patient in supine position, parts painted and draped. Procedure carried out as planned. Haemostasis secured. Closure done in layers. Sterile dressing applied.',
  },
  ...(c.tissues.length ? ([{ kind: 'text', text: `Specimen sent for histopathology: ${join(c.tissues)}.` }] as Block[]) : []),
  ...remarks(c, ['procedures', 'diagnoses', 'values', 'evidence', 'tissues', 'negations'], s),
];

const radiology: Template = (c, s) => [
  {
    kind: 'fields',
    columns: 2,
    items: [
      ['Patient Name', s.patient.name],
      ['Age / Sex', `${s.patient.age} Y / ${s.patient.gender}`],
      ['Referred By', s.doctor],
      ['Date', s.admission],
    ],
  },
  {
    kind: 'fields',
    columns: 1,
    items: [
      [
        'Study',
        c.evidence.length ? join(c.evidence) : s.rng.pick(['Ultrasonography', 'Imaging study as requested', 'Sonographic examination']),
      ],
    ],
  },
  { kind: 'heading', text: 'Findings' },
  ...(s.radiologyTable
    ? [{ kind: 'text', text: 'Organs in the region of interest were evaluated.' } as Block, measurementTable(c.values, s.radiologyTable)]
    : [
        {
          kind: 'text',
          text: `Organs in the region of interest were evaluated. ${valueSentences(c.values, s.rng)} Rest of the study is unremarkable.`,
        } as Block,
      ]),
  { kind: 'heading', text: 'Impression' },
  {
    kind: 'text',
    text: withNegations(c.diagnoses.length ? join(c.diagnoses) : 'Findings as described above. Clinical correlation advised.', c.negations),
  },
  ...remarks(c, ['evidence', 'values', 'diagnoses', 'negations'], s),
];

/** The measurements as a gridded table, with the structures that had nothing measured. */
function measurementTable(values: WrittenValue[], t: RadiologyTableLayout): Block {
  const normal = t.normalHeader !== null;
  const rows = [
    ...values.map((v) => [
      `${glue(v.label)}${v.when ? ` ${v.when}` : ''}`,
      ...(normal ? [v.reference] : []),
      [v.value, v.flag].filter(Boolean).join(' '),
      v.unit,
    ]),
    ...t.fillerRows.map(([structure, finding]) => [structure, ...(normal ? [''] : []), finding, '']),
  ];
  return {
    kind: 'table',
    headers: [t.headers.parameter, ...(t.normalHeader !== null ? [t.normalHeader] : []), t.headers.value, t.headers.unit],
    rows,
    widths: normal ? [3, 1.8, 2.6, 1] : [3.2, 3.2, 1.2],
    grid: t.grid,
  };
}

const investigation: Template = (c, s) => [
  {
    kind: 'fields',
    columns: 2,
    items: [
      ['Patient Name', s.patient.name],
      ['Age / Sex', `${s.patient.age} Y / ${s.patient.gender}`],
      ['Referred By', s.doctor],
      ['Date', s.admission],
    ],
  },
  { kind: 'heading', text: 'Tests Performed' },
  { kind: 'text', text: c.evidence.length ? `${join(c.evidence)}.` : 'Tests as advised by the treating doctor.' },
  { kind: 'heading', text: 'Observations' },
  ...(c.values.length
    ? c.values.map((v): Block => ({ kind: 'text', text: valueLine(v, ': ') }))
    : [{ kind: 'text', text: 'Within normal limits.' } as Block]),
  { kind: 'heading', text: 'Conclusion' },
  { kind: 'text', text: c.diagnoses.length ? join(c.diagnoses) : 'Please correlate clinically.' },
  ...remarks(c, ['evidence', 'values', 'diagnoses'], s),
];

const ecg: Template = (c, s) => [
  {
    kind: 'fields',
    columns: 2,
    items: [
      ['Patient Name', s.patient.name],
      ['Date', s.admission],
      ['Heart Rate', `${s.rng.int(58, 110)} per minute`],
      ['Rhythm', 'Sinus'],
    ],
  },
  { kind: 'heading', text: 'Interpretation' },
  { kind: 'text', text: c.evidence.length ? `${join(c.evidence)} noted.` : 'No acute changes noted.' },
  ...remarks(c, ['evidence'], s),
];

const angiography: Template = (c, s) => [
  {
    kind: 'fields',
    columns: 2,
    items: [
      ['Patient Name', s.patient.name],
      ['Age / Sex', `${s.patient.age} Y / ${s.patient.gender}`],
      ['Date', s.admission],
      ['Access', s.rng.pick(['Right radial', 'Right femoral'])],
    ],
  },
  { kind: 'heading', text: 'Findings' },
  {
    kind: 'text',
    text: `Left main: normal. ${valueSentences(c.values, s.rng)} ${c.evidence.length ? `${join(c.evidence)} performed.` : ''}`.trim(),
  },
  { kind: 'heading', text: 'Impression' },
  { kind: 'text', text: c.diagnoses.length ? join(c.diagnoses) : 'As described above.' },
  ...remarks(c, ['values', 'evidence', 'diagnoses'], s),
];

const dialysisChart: Template = (c, s) => {
  const r = s.rng;
  const rows = Array.from({ length: Math.max(2, Math.min(s.stay, 4)) }, (_, i) => [
    String(i + 1),
    `${r.int(55, 80)}.${r.int(0, 9)}`,
    `${r.int(52, 77)}.${r.int(0, 9)}`,
    `${r.int(1, 3)}.${r.int(0, 9)}`,
    '4',
  ]);
  return [
    {
      kind: 'fields',
      columns: 2,
      items: [
        ['Patient Name', s.patient.name],
        ['IP No', s.ipNumber],
        ['Access', r.pick(['AV fistula', 'Jugular catheter'])],
        ['Procedure', c.procedures.length ? join(c.procedures) : 'Renal replacement session'],
      ],
    },
    { kind: 'table', headers: ['Session', 'Pre weight (kg)', 'Post weight (kg)', 'UF (L)', 'Hours'], rows, widths: [1, 1.6, 1.6, 1, 1] },
    ...(c.values.length ? ([{ kind: 'text', text: `Pre-session values: ${valueSentences(c.values, r)}` }] as Block[]) : []),
    ...remarks(c, ['procedures', 'values'], s),
  ];
};

const consultation: Template = (c, s) => [
  {
    kind: 'fields',
    columns: 2,
    items: [
      ['Patient Name', s.patient.name],
      ['Age / Sex', `${s.patient.age} Y / ${s.patient.gender}`],
      ['Date', s.admission],
      ['Doctor', s.doctor],
    ],
  },
  { kind: 'heading', text: 'Complaints' },
  { kind: 'text', text: s.complaint },
  ...(c.preExisting.length ? ([{ kind: 'text', text: `Known case of ${join(c.preExisting)}.` }] as Block[]) : []),
  { kind: 'heading', text: 'Examination' },
  { kind: 'text', text: `General condition fair. ${valueSentences(c.values, s.rng)} ${evidenceSentences(c.evidence, s.rng)}`.trim() },
  { kind: 'heading', text: 'Provisional Diagnosis' },
  { kind: 'text', text: withNegations(c.diagnoses.length ? join(c.diagnoses) : s.unlistedDiagnosis, c.negations) },
  { kind: 'heading', text: 'Plan' },
  {
    kind: 'text',
    text: c.procedures.length ? `Advised ${join(c.procedures)}. Admission planned.` : 'Further evaluation and review with reports.',
  },
  ...(c.drugs.length ? ([{ kind: 'text', text: `Medicines: ${join(c.drugs)}.` }] as Block[]) : []),
  ...remarks(c, ['values', 'evidence', 'diagnoses', 'procedures', 'drugs', 'preExisting', 'negations'], s),
];

const prescription: Template = (c, s) => [
  {
    kind: 'fields',
    columns: 2,
    items: [
      ['Patient Name', s.patient.name],
      ['Date', s.discharge],
      ['Doctor', s.doctor],
    ],
  },
  ...(c.diagnoses.length ? ([{ kind: 'text', text: `Diagnosis: ${join(c.diagnoses)}` }] as Block[]) : []),
  ...(c.drugs.length
    ? c.drugs.map(
        (d, i): Block => ({
          kind: 'text',
          text: `${i + 1}. ${d} - ${s.rng.pick(['1-0-1', '1-0-0', '0-0-1', '1-1-1'])} x ${s.rng.int(3, 15)} days`,
        }),
      )
    : [{ kind: 'text', text: '1. Tab. Paracetamol 650 mg - 1-0-1 x 5 days' } as Block]),
  ...remarks(c, ['diagnoses', 'drugs'], s),
];

const claimForm: Template = (c, s) => [
  {
    kind: 'fields',
    columns: 1,
    items: [
      ['Policy Number', s.policyNumber],
      ['Name of the Insured Patient', s.patient.name],
      ['Name of the Hospital', s.hospitalName],
      ['Date of Admission', s.admission],
      ['Date of Discharge', s.discharge],
      ['Diagnosis', c.diagnoses.length ? join(c.diagnoses) : 'As per hospital records'],
      ['Treatment', c.procedures.length ? join(c.procedures) : 'As per hospital records'],
      ['Total Amount Claimed', rupees(s.amounts.total)],
    ],
  },
  { kind: 'text', text: 'I hereby declare that the information furnished in this form is true and correct to the best of my knowledge.' },
  { kind: 'sign', text: 'Signature of the Insured' },
  ...remarks(c, ['diagnoses', 'procedures'], s),
];

const idProof: Template = (c, s) => [
  {
    kind: 'fields',
    columns: 1,
    items: [
      ['Name', s.patient.name],
      ['Year of Birth', String(2024 - s.patient.age)],
      ['Gender', s.patient.gender],
      ['Number', `XXXX XXXX ${s.uhid.slice(-4)}`],
    ],
  },
  ...remarks(c, [], s),
];

const preauth: Template = (c, s) => [
  {
    kind: 'fields',
    columns: 2,
    items: [
      ...personFields(s).slice(0, 3),
      ['Policy Number', s.policyNumber],
      ['Insurer', s.insurerLabel],
      ['Treating Doctor', s.doctor],
      ['Proposed Date of Admission', s.admission],
      ['Expected Length of Stay', `${s.stay} days`],
    ],
  },
  { kind: 'heading', text: 'Provisional Diagnosis' },
  { kind: 'text', text: withNegations(c.diagnoses.length ? join(c.diagnoses) : s.unlistedDiagnosis, c.negations) },
  { kind: 'heading', text: 'Proposed Line of Treatment' },
  { kind: 'text', text: c.procedures.length ? join(c.procedures) : s.unlistedTreatment },
  { kind: 'heading', text: 'Presenting Complaints' },
  { kind: 'text', text: s.complaint },
  { kind: 'heading', text: 'Relevant Clinical Findings' },
  {
    kind: 'text',
    text:
      [valueSentences(c.values, s.rng), evidenceSentences(c.evidence, s.rng)].filter(Boolean).join(' ') || 'As per the enclosed reports.',
  },
  { kind: 'text', text: c.preExisting.length ? `Past history: ${join(c.preExisting)}.` : 'Past history: nil significant.' },
  ...(c.drugs.length ? ([{ kind: 'text', text: `Current medication: ${join(c.drugs)}.` }] as Block[]) : []),
  { kind: 'fields', columns: 1, items: [['Estimated Cost', rupees(s.amounts.total)]] },
  ...remarks(c, ['diagnoses', 'procedures', 'values', 'evidence', 'preExisting', 'drugs', 'negations'], s),
];

const costEstimate: Template = (c, s) => [
  {
    kind: 'fields',
    columns: 2,
    items: [
      ['Patient Name', s.patient.name],
      ['Date', s.admission],
    ],
  },
  {
    kind: 'table',
    headers: ['Head', 'Estimated Amount'],
    rows: [
      ...(c.procedures.length
        ? [[`Package - ${join(c.procedures)}`, rupees(Math.round(s.amounts.total * 0.6))]]
        : [['Procedure charges', rupees(Math.round(s.amounts.total * 0.6))]]),
      ['Room and nursing', rupees(Math.round(s.amounts.total * 0.2))],
      ['Medicines and consumables', rupees(Math.round(s.amounts.total * 0.2))],
    ],
    widths: [4, 2],
  },
  ...remarks(c, ['procedures'], s),
];

const pharmacyBill: Template = (c, s) => {
  const r = s.rng;
  const fillers = ['Inj. Pantoprazole 40 mg', 'Tab. Paracetamol 650 mg', 'IV Ringer Lactate 500 ml', 'Inj. Ondansetron 4 mg'];
  const rows = [...c.drugs, ...r.sample(fillers, 2)].map((d, i) => [
    String(i + 1),
    d,
    `B${r.int(1000, 9999)}`,
    String(r.int(1, 10)),
    rupees(r.int(1, 60) * 50),
  ]);
  return [
    {
      kind: 'fields',
      columns: 2,
      items: [
        ['Patient Name', s.patient.name],
        ['IP No', s.ipNumber],
        ['Invoice Date', s.discharge],
      ],
    },
    { kind: 'table', headers: ['S.No', 'Item', 'Batch', 'Qty', 'Amount'], rows, widths: [0.6, 4, 1.2, 0.8, 1.6] },
    ...remarks(c, ['drugs'], s),
  ];
};

const consentForm: Template = (c, s) => [
  {
    kind: 'fields',
    columns: 2,
    items: [
      ['Patient Name', s.patient.name],
      ['Date', s.admission],
    ],
  },
  {
    kind: 'text',
    text: `I, the undersigned, hereby give my consent to undergo ${c.procedures.length ? join(c.procedures) : 'the proposed treatment'} and the anaesthesia required for it. The nature of the treatment, its risks and alternatives have been explained to me in a language I understand.`,
  },
  { kind: 'sign', text: 'Signature of Patient / Relative' },
  ...remarks(c, ['procedures'], s),
];

const TEMPLATES: Record<string, Template> = {
  'Discharge Summary': dischargeSummary,
  'Lab Report': labReport,
  'Histopathology Report': histopathology,
  'Final Bill': finalBill,
  'Investigation Report': investigation,
  'Operation Notes': operationNotes,
  Prescription: prescription,
  'Claim Form': claimForm,
  'ID Proof': idProof,
  'Radiology Report': radiology,
  'Pre-Authorization Form': preauth,
  'Consultation Notes': consultation,
  'Cost Estimate': costEstimate,
  'ECG Report': ecg,
  'Pharmacy Bill': pharmacyBill,
  'Angiography Report': angiography,
  'Dialysis Chart': dialysisChart,
  'Consent Form': consentForm,
};

export function documentBlocks(content: DocumentContent, setting: ClaimSetting): Block[] {
  const template = TEMPLATES[content.type];
  if (!template) throw new Error(`No template for document type ${content.type}`);
  return template(content, setting);
}

export const DOCUMENT_TYPES_WITH_TEMPLATES = Object.keys(TEMPLATES);
