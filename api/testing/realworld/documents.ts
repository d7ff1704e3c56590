/**
 * Hospital paperwork as pages: a letterhead, the document's title, the patient block, the body each kind
 * of document has, and the closing line. How the clinical values are set down (beside the label, under it,
 * in a box, glued to it, across a two-column page) is the caller's choice (ValueStyle), as is the look
 * (Look: hospital, face, size).
 */
import { catalog, DOCUMENT_END_LINES } from '../../src/seed/synthetic/catalog';
import type { Rng } from '../../src/seed/synthetic/rng';
import { type Face, type Flow, INK, PageWriter, type Page, type Rgb, wrapWords } from './page';
import type { Distractor, Recipe } from './recipes';

export interface Patient {
  name: string;
  age: number;
  sex: 'Male' | 'Female';
  uhid: string;
  ipNo: string;
  admitted: string;
  discharged: string;
  consultant: string;
  policy: string;
}

export interface HospitalLook {
  code: string;
  name: string;
  address: string;
  phone: string;
  letterhead: 'centered' | 'left-logo' | 'band' | 'boxed';
  accent: Rgb;
}

/** A clinical value as it will be printed. */
export interface PrintedValue {
  attribute: string;
  label: string;
  /** The number as printed ('6,8', '62', '6/36'). */
  number: string;
  /** The unit as printed ('x10³/µL'); empty when none. */
  unit: string;
  beside?: Distractor;
}

export type Placement = 'inline' | 'under' | 'box' | 'table-under' | 'glued';
export interface ValueStyle {
  placement: Placement;
  /** Two columns on the page that holds the values, each value's label facing a distractor. */
  twoColumn: boolean;
  /** For 'glued': how the tokens run together. */
  glue: 'label-value' | 'value-unit' | 'all';
  upper: boolean;
}
export const PLAIN_STYLE: ValueStyle = { placement: 'inline', twoColumn: false, glue: 'label-value', upper: false };

export interface DocumentSpec {
  type: string;
  title: string;
  values: PrintedValue[];
}

export interface Look {
  hospital: HospitalLook;
  face: Face;
  size: number;
  leading: number;
}

export interface ClaimStory {
  recipe: Recipe;
  procedure: string;
  diagnosis: string;
  evidence: string | null;
  drugs: string[];
  specimen: string | null;
  study: string | null;
  complaint: string;
  patient: Patient;
  caseType: 'SETTLEMENT' | 'PRE_AUTH';
}

const MARGIN = 46;

// ---------------------------------------------------------------- titles

const docRow = (name: string) => catalog.documents.find((d) => d.name === name)!;

/** The titles a hospital prints for a document: its segregation configuration's begin aliases when it has one. */
export function titleChoices(type: string, hospitalCode: string): string[] {
  const hospitalId = catalog.hospitals.find((h) => h.hospital_code === hospitalCode)!.id;
  const group = catalog.docgroups.find((g) => g.hospital_id.includes(hospitalId));
  const configured = group?.docgroupConfig_id[type]?.begin_alias.map((a) => a[0]);
  if (configured?.length) return configured;
  const row = docRow(type);
  // 'Rx' is a title only a prescription pad prints.
  return [row.name, ...row.alias].filter((t) => t.length > 3).map((t) => t.toUpperCase());
}

// ---------------------------------------------------------------- header and footer

function letterhead(w: PageWriter, look: Look, rng: Rng): number {
  const h = look.hospital;
  const [name, city] = splitName(h.name);
  const width = w.page.width;
  const big = rng.uniform(15, 19);
  switch (h.letterhead) {
    case 'centered': {
      const nw = w.width(name.toUpperCase(), big, true);
      w.text((width - nw) / 2, 50, name.toUpperCase(), { size: big, bold: true, color: h.accent });
      const line2 = `${h.address}, ${city}`;
      w.text((width - w.width(line2, 8.5)) / 2, 64, line2, { size: 8.5 });
      const line3 = `Ph: ${h.phone}  |  NABH Accredited`;
      w.text((width - w.width(line3, 8.5)) / 2, 75, line3, { size: 8.5 });
      w.line(MARGIN, 83, width - MARGIN, 83, 1.4, h.accent);
      return 96;
    }
    case 'left-logo': {
      w.rect(MARGIN, 30, 42, 42, { stroke: h.accent, width: 2 });
      const initials = name
        .split(/\s+/)
        .slice(0, 2)
        .map((p) => p[0])
        .join('');
      w.text(MARGIN + 21 - w.width(initials, 17, true) / 2, 57, initials, { size: 17, bold: true, color: h.accent });
      w.text(MARGIN + 54, 46, name, { size: big, bold: true, color: h.accent });
      w.text(MARGIN + 54, 60, `${h.address}, ${city}  -  Tel ${h.phone}`, { size: 8.5 });
      w.line(MARGIN, 80, width - MARGIN, 80, 0.8, INK);
      return 92;
    }
    case 'band': {
      w.rect(0, 22, width, 40, { stroke: null, fill: h.accent });
      w.text(MARGIN, 48, name.toUpperCase(), { size: big - 1, bold: true, color: [255, 255, 255] });
      w.text(MARGIN, 76, `${h.address}, ${city}   Phone ${h.phone}   www.${name.split(' ')[0].toLowerCase()}hospital.in`, { size: 8.5 });
      return 92;
    }
    case 'boxed': {
      w.rect(MARGIN - 6, 26, width - 2 * MARGIN + 12, 54, { stroke: h.accent, width: 1.2 });
      w.text(MARGIN + 4, 46, name, { size: big, bold: true });
      w.text(MARGIN + 4, 60, `(A unit of ${name.split(' ')[0]} Health Trust)  ${h.address}, ${city}`, { size: 8 });
      w.text(MARGIN + 4, 72, `Emergency: ${h.phone}`, { size: 8 });
      return 96;
    }
  }
}

function splitName(full: string): [string, string] {
  const i = full.lastIndexOf(',');
  return i < 0 ? [full, ''] : [full.slice(0, i), full.slice(i + 1).trim()];
}

function title(w: PageWriter, y: number, text: string, rng: Rng): number {
  const size = rng.uniform(13, 15.5);
  const tw = w.width(text, size, true);
  const centred = rng.chance(0.7);
  const x = centred ? (w.page.width - tw) / 2 : MARGIN;
  w.text(x, y + size, text, { size, bold: true });
  if (rng.chance(0.5)) w.line(x, y + size + 3, x + tw, y + size + 3, 0.8, INK);
  w.page.title = { x: x - 4, y: y - 2, w: tw + 8, h: size + 8 };
  return y + size + 12;
}

function patientBlock(f: Flow, story: ClaimStory, rng: Rng): void {
  const p = story.patient;
  const pairs: [string, string][] = [
    ['Patient Name', p.name],
    ['Age / Sex', `${p.age} Yrs / ${p.sex}`],
    ['UHID', p.uhid],
    ['IP No', p.ipNo],
    ['Date of Admission', p.admitted],
    [story.caseType === 'PRE_AUTH' ? 'Policy No' : 'Date of Discharge', story.caseType === 'PRE_AUTH' ? p.policy : p.discharged],
    ['Consultant', p.consultant],
  ];
  const half = (f.x1 - f.x0) / 2;
  const labelWidth = Math.max(...pairs.map(([l]) => f.w.width(l, f.size - 0.5, true))) + rng.uniform(4, 12);
  const top = f.y;
  for (let i = 0; i < pairs.length; i += 2) {
    const cells: [number, string, boolean][] = [
      [0, `${pairs[i][0]}`, true],
      [labelWidth, `: ${pairs[i][1]}`, false],
    ];
    if (pairs[i + 1]) cells.push([half, pairs[i + 1][0], true], [half + labelWidth, `: ${pairs[i + 1][1]}`, false]);
    f.row(cells, { size: f.size - 0.5 });
  }
  if (rng.chance(0.5)) f.w.rect(f.x0 - 4, top - 3, f.x1 - f.x0 + 8, f.y - top + 2, { stroke: [120, 120, 130], width: 0.6 });
  f.gap(6);
}

function closing(f: Flow, type: string, rng: Rng): void {
  f.gap(f.size * 1.2);
  const end = DOCUMENT_END_LINES[type];
  if (end) {
    if (type === 'Lab Report') f.line(`---- ${end} ----`, { indent: (f.x1 - f.x0) / 2 - 60, size: f.size - 0.5 });
    else {
      f.gap(f.size * 1.5);
      f.line(end, { bold: rng.chance(0.5), indent: rng.chance(0.5) ? (f.x1 - f.x0) * 0.55 : 0 });
    }
  } else {
    f.gap(f.size * 1.5);
    f.line('Authorised Signatory', { indent: (f.x1 - f.x0) * 0.6 });
  }
}

// ---------------------------------------------------------------- values

/** The value as one string, by the style's glue. */
function valueText(v: PrintedValue, style: ValueStyle, rng: Rng): string {
  const unit = v.unit;
  if (style.placement === 'glued') {
    const label = style.upper ? v.label.toUpperCase() : v.label;
    const u = style.upper ? unit.toUpperCase() : unit;
    if (style.glue === 'label-value') return `${label}${v.number}${u ? ` ${u}` : ''}`;
    if (style.glue === 'value-unit') return `${label} : ${v.number}${u}`;
    return `${label}${v.number}${u}`;
  }
  const sep = rng.pick([': ', ' : ', ' - ', '  ']);
  return `${v.label}${sep}${v.number}${unit ? ` ${unit}` : ''}`;
}

const amount = (v: PrintedValue) => `${v.number}${v.unit ? ` ${v.unit}` : ''}`;

/** Writes values in one column by the style (two-column pages are laid out by twoColumnBody). */
function writeValues(f: Flow, values: PrintedValue[], style: ValueStyle, rng: Rng, lead?: string): void {
  if (!values.length) return;
  if (lead) f.heading(lead, { size: f.size + 0.5 });
  switch (style.placement) {
    case 'inline':
    case 'glued':
      for (const v of values) f.line(valueText(v, style, rng), { indent: 8 });
      return;
    case 'under':
      for (const v of values) {
        // The label ends its line; the value starts the next one.
        const words = rng.pick(['', 'On evaluation,', 'Measured', 'Recorded']);
        f.line(`${words ? `${words} ` : ''}${v.label}`, { indent: 8, bold: rng.chance(0.4) });
        f.line(amount(v), { indent: 8 + rng.uniform(0, 20) });
      }
      return;
    case 'box': {
      const perRow = values.length > 2 ? 3 : 2;
      const bw = (f.x1 - f.x0) / perRow;
      const bh = f.size * 3.4;
      for (let i = 0; i < values.length; i++) {
        const col = i % perRow;
        if (col === 0 && i > 0) f.y += bh;
        const x = f.x0 + col * bw;
        f.w.rect(x, f.y, bw, bh, { width: 0.9 });
        f.w.text(x + 4, f.y + f.size * 0.95, v0(values[i].label), { size: f.size - 1.5 });
        f.w.text(x + 10, f.y + f.size * 2.6, amount(values[i]), { size: f.size + 1, face: rng.chance(0.3) ? 'mono' : undefined });
      }
      f.y += bh + 8;
      return;
    }
    case 'table-under': {
      const cw = Math.min(150, (f.x1 - f.x0) / values.length);
      const top = f.y;
      f.row(
        values.map((v, i) => [i * cw + 4, v.label, true] as const),
        { size: f.size - 0.5 },
      );
      f.w.line(f.x0, f.y - 2, f.x0 + cw * values.length, f.y - 2, 0.6);
      f.row(values.map((v, i) => [i * cw + 4, amount(v)] as const));
      for (let i = 0; i <= values.length; i++) f.w.line(f.x0 + i * cw, top - 2, f.x0 + i * cw, f.y + 2, 0.6);
      f.w.line(f.x0, top - 2, f.x0 + cw * values.length, top - 2, 0.6);
      f.w.line(f.x0, f.y + 2, f.x0 + cw * values.length, f.y + 2, 0.6);
      f.gap(8);
      return;
    }
  }
}
const v0 = (label: string) => label.replace(/^./, (c) => c.toUpperCase());

/** Lines of the column beside the values: numbers with units, none of them a value the rules read. */
const OTHER_COLUMN = [
  'Pulse  84 /min',
  'Temp  98.6 F',
  'RR  18 /min',
  'Sr. Sodium  138 mEq/L',
  'Weight  64 kg',
  'Height  158 cm',
  'Bleeding time  2 min 30 s',
  'Clotting time  5 min',
  'Blood group  B positive',
  'Urine albumin  Nil',
];

/**
 * The body of a two-column page: one column holds the values, each label ending its line with the value on
 * the next line of the same column; the other column holds a different number beside each label. Which
 * column is which is drawn at random; both columns share one line height so the rows face each other.
 */
function twoColumnBody(f: Flow, values: PrintedValue[], filler: readonly string[], heads: [string, string], rng: Rng): void {
  const gutter = rng.uniform(22, 40);
  const colWidth = (f.x1 - f.x0 - gutter) / 2;
  const valuesLeft = rng.chance(0.5);
  const valueLines: { text: string; bold?: boolean }[] = [{ text: heads[0], bold: true }];
  const otherLines: { text: string; bold?: boolean }[] = [{ text: heads[1], bold: true }];
  const measure = (s: string) => f.w.width(s, f.size);
  for (const s of filler.slice(0, 2)) for (const l of wrapWords(s, measure, colWidth)) valueLines.push({ text: l });
  const others = rng.shuffle(OTHER_COLUMN);
  for (const v of values) {
    while (otherLines.length < valueLines.length) otherLines.push({ text: others.pop() ?? '' });
    valueLines.push({ text: v.label.replace(/^./, (c) => c.toUpperCase()) });
    const b = v.beside;
    otherLines.push({ text: b ? `${b.label}  ${b.n}${b.unit ? ` ${b.unit}` : ''}` : '' });
    valueLines.push({ text: `   ${amount(v)}` });
    otherLines.push({ text: others.pop() ?? '' });
  }
  while (otherLines.length < valueLines.length + 2) otherLines.push({ text: others.pop() ?? '' });
  for (const s of filler.slice(2)) for (const l of wrapWords(s, measure, colWidth)) valueLines.push({ text: l });
  const xs = valuesLeft ? [f.x0, f.x0 + colWidth + gutter] : [f.x0 + colWidth + gutter, f.x0];
  const top = f.y;
  const lh = f.lineHeight;
  const rows = Math.max(valueLines.length, otherLines.length);
  for (let i = 0; i < rows; i++) {
    const y = top + i * lh + f.size * 0.95;
    if (valueLines[i]?.text.trim()) f.w.text(xs[0], y, valueLines[i].text, { bold: valueLines[i].bold });
    if (otherLines[i]?.text.trim()) f.w.text(xs[1], y, otherLines[i].text, { bold: otherLines[i].bold });
  }
  if (rng.chance(0.5)) f.w.line(f.x0 + colWidth + gutter / 2, top, f.x0 + colWidth + gutter / 2, top + rows * lh, 0.5, [150, 150, 160]);
  f.y = top + rows * lh + 6;
}

// ---------------------------------------------------------------- bodies

const COMMON_ADVICE = [
  'Review in the surgical OPD after 7 days with reports.',
  'Soft diet, adequate fluids. Report if fever, bleeding or severe pain.',
  'Continue medicines as advised. Follow up after one week.',
];

function indian(n: number): string {
  const [whole, frac] = n.toFixed(2).split('.');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest ? `${rest},` : ''}${last3}.${frac}`;
}

interface BodyArgs {
  f: Flow;
  story: ClaimStory;
  values: PrintedValue[];
  style: ValueStyle;
  rng: Rng;
}

function section(f: Flow, head: string, text: string, rng: Rng): void {
  if (rng.chance(0.5)) {
    f.heading(`${head}:`, { size: f.size + 0.5 });
    f.wrap(text, { indent: 8 });
  } else {
    const runs = wrapWords(`${head}: ${text}`, (s) => f.w.width(s, f.size), f.x1 - f.x0);
    for (const l of runs) f.line(l);
    f.gap(3);
  }
}

/** Writes the values: two columns or one, by the style. */
function values(args: BodyArgs, lead: string, filler: readonly string[], heads: [string, string]): void {
  const { f, values: vs, style, rng } = args;
  if (!vs.length) return;
  if (style.twoColumn) twoColumnBody(f, vs, filler, heads, rng);
  else writeValues(f, vs, style, rng, lead);
}

function dischargeBody(a: BodyArgs): void {
  const { f, story, rng } = a;
  section(f, rng.pick(['Final Diagnosis', 'Diagnosis', 'Diagnosis at Discharge']), story.diagnosis, rng);
  section(f, rng.pick(['Procedure Done', 'Surgery Performed', 'Treatment']), story.procedure, rng);
  section(f, rng.pick(['Presenting Complaints', 'Chief Complaints']), story.complaint, rng);
  section(f, 'Clinical Findings', story.recipe.findings.join(' '), rng);
  if (story.evidence) section(f, 'Investigations', story.evidence, rng);
  values(a, 'Relevant Parameters', story.recipe.findings, ['SUMMARY OF PARAMETERS', 'VITALS AT ADMISSION']);
  const drugs = [...story.drugs, 'Tab. Pantoprazole 40 mg OD', 'Tab. Paracetamol 650 mg SOS'];
  section(f, 'Treatment Given', drugs.join('; '), rng);
  section(
    f,
    'Course in Hospital',
    `Patient was admitted and evaluated. ${story.procedure} was done under appropriate anaesthesia. Post-operative period was uneventful.`,
    rng,
  );
  section(f, 'Condition at Discharge', 'Stable, afebrile, ambulant, tolerating oral diet.', rng);
  section(f, 'Advice', rng.pick(COMMON_ADVICE), rng);
}

function billBody(a: BodyArgs): void {
  const { f, rng } = a;
  f.line(`Bill No: IP/${rng.int(10000, 99999)}/24     Bill Date: ${a.story.patient.discharged}`, { size: f.size - 0.5 });
  f.gap(4);
  const items: [string, number][] = [
    ['Room Rent (Semi-private)', rng.int(3, 6) * 3500],
    ['Operation Theatre Charges', rng.int(18, 40) * 1000],
    ['Surgeon Fees', rng.int(25, 60) * 1000],
    ['Anaesthetist Fees', rng.int(8, 15) * 1000],
    ['Pharmacy and Consumables', rng.int(12000, 48000)],
    ['Laboratory Charges', rng.int(2500, 9000)],
    ['Nursing and Monitoring', rng.int(3, 6) * 1200],
  ];
  const right = f.x1 - f.x0;
  f.row([
    [0, 'S.No', true],
    [36, 'Particulars', true],
    [right - 90, 'Amount (Rs)', true],
  ]);
  f.rule();
  items.forEach(([name, amt], i) => {
    const text = indian(amt);
    f.row([
      [4, String(i + 1)],
      [36, name],
      [right - f.w.width(text, f.size), text],
    ]);
  });
  f.rule();
  const total = items.reduce((s, [, x]) => s + x, 0);
  const t = indian(total);
  f.row([
    [36, 'Gross Total', true],
    [right - f.w.width(t, f.size, true), t, true],
  ]);
  f.row([
    [36, 'Less: Advance Paid'],
    [right - f.w.width('10,000.00', f.size), '10,000.00'],
  ]);
  const net = indian(total - 10000);
  f.gap(4);
  f.row([
    [36, `${DOCUMENT_END_LINES['Final Bill']}`, true],
    [right - f.w.width(net, f.size, true), net, true],
  ]);
}

const LAB_FILLER: [string, string, string, string][] = [
  ['ESR', '18', 'mm/1st hr', '0 - 20'],
  ['Serum Sodium', '138', 'mEq/L', '135 - 145'],
  ['Serum Potassium', '4.2', 'mEq/L', '3.5 - 5.1'],
  ['SGPT (ALT)', '28', 'U/L', '< 40'],
  ['Serum Bilirubin (Total)', '0.7', 'mg/dL', '0.2 - 1.2'],
];

function labBody(a: BodyArgs): void {
  const { f, rng, style } = a;
  f.line(`Sample: ${rng.pick(['EDTA whole blood', 'Serum', 'Blood'])}    Collected: ${a.story.patient.admitted}  09:${rng.int(10, 59)}`, {
    size: f.size - 0.5,
  });
  f.gap(4);
  const filler = rng.sample(LAB_FILLER, rng.int(2, 4));
  if (style.twoColumn || style.placement !== 'inline') {
    values(a, 'Test Results', ['Method: automated analyser.', 'Results verified.'], ['HAEMATOLOGY', 'BIOCHEMISTRY']);
    f.gap(4);
    for (const [t, r, u] of filler) f.line(`${t}  ${r} ${u}`, { indent: 8 });
    return;
  }
  const w = f.x1 - f.x0;
  const cols = [0, w * 0.42, w * 0.6, w * 0.78];
  f.row([
    [cols[0], 'Test', true],
    [cols[1], 'Result', true],
    [cols[2], 'Unit', true],
    [cols[3], 'Ref. Range', true],
  ]);
  f.rule();
  const rows: [string, string, string, string][] = [
    ...a.values.map((v) => [v.label, v.number, v.unit, ''] as [string, string, string, string]),
    ...filler,
  ];
  for (const r of rng.shuffle(rows)) f.row(r.map((c, i) => [cols[i], c] as const));
  f.rule();
}

function radiologyBody(a: BodyArgs): void {
  const { f, story, rng } = a;
  if (story.study) f.line(`Study: ${story.study}`, { bold: true });
  f.line(`Referred by: ${story.patient.consultant}`, { size: f.size - 0.5 });
  f.gap(4);
  f.heading(rng.pick(['FINDINGS', 'Findings:', 'OBSERVATIONS']));
  for (const s of story.recipe.findings) f.wrap(s, { indent: 8 });
  if (story.evidence && rng.chance(0.5)) f.wrap(story.evidence, { indent: 8 });
  values(a, 'Measurements', story.recipe.findings, ['MEASUREMENTS', 'OTHER PARAMETERS']);
  f.heading(rng.pick(['IMPRESSION', 'Impression:', 'OPINION']));
  f.wrap(`${story.diagnosis}.`, { indent: 8, bold: true });
}

function pathologyBody(a: BodyArgs): void {
  const { f, story, rng } = a;
  f.line(`Lab No: HP-${rng.int(1000, 9999)}/24`, { size: f.size - 0.5 });
  section(f, 'Specimen', story.specimen ?? 'Tissue received in formalin', rng);
  section(f, 'Gross', 'Received in 10% formalin, multiple grey white bits, all embedded.', rng);
  section(f, 'Microscopy', 'Sections show features described below. No atypia in the sections examined.', rng);
  values(a, 'Measurements', ['Gross measurements below.'], ['GROSS', 'CLINICAL DETAILS']);
  section(f, 'Diagnosis', story.diagnosis, rng);
}

function operationBody(a: BodyArgs): void {
  const { f, story, rng } = a;
  section(f, 'Procedure', story.procedure, rng);
  section(f, 'Surgeon', story.patient.consultant, rng);
  section(f, 'Anaesthesia', rng.pick(['General anaesthesia', 'Spinal anaesthesia']), rng);
  section(f, 'Indication', story.diagnosis, rng);
  section(f, 'Findings', story.recipe.findings.join(' '), rng);
  values(a, 'Intra-operative', story.recipe.findings, ['INTRA-OPERATIVE', 'VITALS']);
  section(f, 'Closure', 'Haemostasis secured. Closed in layers. Sterile dressing applied.', rng);
}

function genericBody(a: BodyArgs, kind: string): void {
  const { f, story, rng } = a;
  if (kind === 'Angiography Report') section(f, 'Procedure', 'Coronary angiography via right radial approach', rng);
  if (kind === 'ECG Report') section(f, 'Interpretation', 'Sinus rhythm, rate 78/min. ST depression in V4 to V6.', rng);
  if (kind === 'Dialysis Chart') section(f, 'Session', 'Haemodialysis 4 hours via AV fistula, heparin free.', rng);
  section(f, rng.pick(['Diagnosis', 'Clinical Diagnosis']), story.diagnosis, rng);
  if (story.evidence) section(f, 'Investigations', story.evidence, rng);
  section(f, 'Findings', story.recipe.findings.join(' '), rng);
  values(a, 'Parameters', story.recipe.findings, ['PARAMETERS', 'OTHER']);
}

function preAuthBody(a: BodyArgs): void {
  const { f, story } = a;
  const fields: [string, string][] = [
    ['Name of the insured patient', story.patient.name],
    ['Policy number / Member ID', story.patient.policy],
    ['Provisional diagnosis', story.diagnosis],
    ['Proposed line of treatment', story.procedure],
    ['Presenting complaints', story.complaint],
  ];
  if (story.evidence) fields.push(['Investigations done', story.evidence]);
  for (const [label, value] of fields) {
    const lines = wrapWords(value, (s) => f.w.width(s, f.size), f.x1 - f.x0 - 20);
    const h = f.size * 1.4 + lines.length * f.lineHeight + 4;
    f.w.rect(f.x0, f.y, f.x1 - f.x0, h, { width: 0.8 });
    f.w.text(f.x0 + 4, f.y + f.size * 0.95, label, { size: f.size - 1.5, bold: true });
    for (const [i, l] of lines.entries()) f.w.text(f.x0 + 12, f.y + f.size * 1.4 + (i + 1) * f.lineHeight - 3, l);
    f.y += h;
  }
  f.gap(8);
  values(a, 'Relevant clinical findings', story.recipe.findings, ['CLINICAL FINDINGS', 'VITALS']);
  f.gap(6);
  f.wrap('I hereby declare that the information furnished is true to the best of my knowledge.', { indent: 0 });
}

// ---------------------------------------------------------------- a document

/** One page of a document. */
export function documentPage(spec: DocumentSpec, story: ClaimStory, look: Look, style: ValueStyle, rng: Rng): Page {
  const w = new PageWriter({ face: look.face, size: look.size, leading: look.leading });
  const y = letterhead(w, look, rng);
  const afterTitle = title(w, y + rng.uniform(2, 14), spec.title, rng);
  const f = w.flow(MARGIN, w.page.width - MARGIN, afterTitle);
  patientBlock(f, story, rng);
  const args: BodyArgs = { f, story, values: spec.values, style, rng };
  switch (spec.type) {
    case 'Discharge Summary':
      dischargeBody(args);
      break;
    case 'Final Bill':
      billBody(args);
      break;
    case 'Lab Report':
      labBody(args);
      break;
    case 'Radiology Report':
      radiologyBody(args);
      break;
    case 'Histopathology Report':
      pathologyBody(args);
      break;
    case 'Operation Notes':
      operationBody(args);
      break;
    case 'Pre-Authorization Form':
      preAuthBody(args);
      break;
    default:
      genericBody(args, spec.type);
  }
  if (spec.type !== 'Final Bill') closing(f, spec.type, rng);
  if (f.y > w.page.height - 20) throw new Error(`${spec.type} overflows the page (${f.y.toFixed(0)} pt)`);
  return w.page;
}
