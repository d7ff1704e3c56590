/**
 * What the hard material of the classes (classes.ts) looks like on paper: tall letterheads, lab and radiology
 * table layouts, flags, dates and times beside values, reference-range wordings. Each is drawn from a few
 * real-world variants, so no class is one layout. Nothing here names a catalog entity (the generator's tests
 * read every document back and check that).
 */
import type { LabTableLayout, RadiologyTableLayout } from './documents';
import { letterheadBottom, PAGE_HEIGHT, type GridStyle, type Letterhead, type LetterheadBlock } from './layout';
import type { Rng } from './rng';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad2 = (n: number) => String(n).padStart(2, '0');

/** A hospital's printed stationery, for the tall letterheads of the low-title class. */
interface Stationery {
  name: string;
  initials: string;
  taglines: string[];
  address: string[];
  contact: string;
  registration: string;
  accreditation: string;
  services: string;
  consultants: [string[], string[]];
}

/** The hospitals without a segregation configuration (catalog docgroups), which the low-title class uses. */
export const LETTERHEAD_STATIONERY: Readonly<Record<string, Stationery>> = {
  HOSP002: {
    name: 'LOTUS WOMEN AND CHILD HOSPITAL',
    initials: 'LWC',
    taglines: ['A unit of Lotus Healthcare Pvt. Ltd.', 'Caring for mothers and children since 1998'],
    address: ['Plot 14, Road No. 3, Banjara Hills, Hyderabad - 500034', 'Telangana, India'],
    contact: 'Tel: 040-2335 6789 | Emergency: 040-2335 6700 | care@lotushospital.in | www.lotushospital.in',
    registration: 'Regd. No. HYD/CE/2011/0456 | CIN U85110TG1998PTC029871 | GSTIN 36AABCL1234F1Z5',
    accreditation: 'NABH Accredited | NABL Accredited Laboratory | ISO 9001:2015 Certified',
    services: 'Maternity | Neonatal ICU | Fertility Centre | Well Woman Clinic | 24 x 7 Pharmacy Services',
    consultants: [
      ['Dr. Meera Kulkarni, MS (OBG)', 'Dr. Farzana Shaikh, DGO', 'Dr. Radhika Rao, MD (Paed)'],
      ['Dr. S. Varma, DNB (Neonatology)', 'Dr. K. Lakshmi, MD (Anaes)', 'Dr. P. Reddy, FRCOG'],
    ],
  },
  HOSP004: {
    name: 'SHREE NARAYAN HEART INSTITUTE',
    initials: 'SNHI',
    taglines: ['A Super Speciality Cardiac Care Centre', 'Trust Regd. No. E/4521/Ahmedabad'],
    address: ['Near Sola Bridge, S.G. Highway, Ahmedabad - 380060', 'Gujarat, India'],
    contact: 'Phone: 079-2745 1100 | Fax: 079-2745 1101 | info@snheart.org | www.snheart.org',
    registration: 'Clinical Establishment Regn. GJ/AMD/CE/0932 | PAN AAATS4321K',
    accreditation: 'NABH Accredited Hospital | Green OT Certified',
    services: 'Cath Lab | Cardiac ICU | Heart Failure Clinic | Electrophysiology | Cardiac Rehabilitation',
    consultants: [
      ['Dr. Prakash Menon, DM (Cardiology)', 'Dr. Harish Patel, DM (Cardiology)', 'Dr. Sanjay Gupta, MCh (CTVS)'],
      ['Dr. R. Desai, MD (Anaes), FIACTA', 'Dr. N. Shah, DNB (Medicine)', 'Dr. A. Trivedi, MD (Radiology)'],
    ],
  },
  HOSP006: {
    name: 'DECCAN KIDNEY AND STONE HOSPITAL',
    initials: 'DKS',
    taglines: ['Centre for Nephrology, Urology and Transplantation', 'A unit of Deccan Renal Care LLP'],
    address: ['6-3-248/2, Road No. 1, Banjara Hills, Hyderabad - 500034', 'Telangana, India'],
    contact: 'Ph: 040-6671 2000 | Helpline: 1800 425 0099 | contact@deccankidney.com | www.deccankidney.com',
    registration: 'Regd. under A.P. Allopathic Private Medical Care Establishments Act | Regn. No. 1187/2009',
    accreditation: 'NABH | NABL | Member, Indian Society of Nephrology',
    services: 'Renal Replacement Unit | Lithotripsy | Endourology | Kidney Transplant | 24 x 7 Emergency',
    consultants: [
      ['Dr. Lakshmi Narayanan, DM (Nephro)', 'Dr. Mahesh Reddy, MCh (Uro)', 'Dr. V. Rao, MCh (Uro)'],
      ['Dr. S. Khan, DNB (Nephro)', 'Dr. T. Iyer, MD (Anaes)', 'Dr. B. Joseph, MD (Path)'],
    ],
  },
};

/**
 * A tall letterhead for a hospital's stationery, with the title's line at `titleTop` (a share of the page
 * height between 0.26 and 0.34). The parts vary; optional ones are dropped when they would push the title lower.
 */
export function drawLetterhead(hospitalCode: string, rng: Rng): Letterhead {
  const paper = LETTERHEAD_STATIONERY[hospitalCode];
  if (!paper) throw new Error(`No letterhead for ${hospitalCode}: the low-title class needs a hospital without a docgroup`);
  const align = rng.pick(['center', 'left'] as const);
  const titleTop = rng.uniform(0.26, 0.34);
  const small = rng.uniform(7.5, 8.8);
  const optional: LetterheadBlock[][] = [
    rng.chance(0.6) ? [{ kind: 'logo', text: paper.initials }] : [],
    [{ kind: 'line', text: paper.name, size: rng.uniform(17, 21), bold: true }],
    [{ kind: 'line', text: rng.pick(paper.taglines), size: small + 1, bold: false }],
    paper.address.map((a): LetterheadBlock => ({ kind: 'line', text: a, size: small, bold: false })),
    [{ kind: 'line', text: paper.contact, size: small, bold: false }],
    rng.chance(0.7) ? [{ kind: 'line', text: paper.registration, size: small - 0.5, bold: false }] : [],
    [{ kind: 'line', text: paper.accreditation, size: small, bold: true }],
    [{ kind: 'rule', weight: rng.uniform(0.8, 1.6) }],
    rng.chance(0.8) ? [{ kind: 'line', text: paper.services, size: small, bold: false }] : [],
    rng.chance(0.85) ? [{ kind: 'columns', left: paper.consultants[0], right: paper.consultants[1], size: small - 0.3 }] : [],
    [{ kind: 'rule', weight: rng.uniform(0.5, 1.2) }],
  ];
  // Consultants, services and the logo are what a letterhead can do without, in that order.
  const dropOrder = [9, 8, 0, 5];
  const blocks = () => optional.flat();
  for (const i of dropOrder) {
    if (letterheadBottom(blocks()) + 12 <= titleTop * PAGE_HEIGHT) break;
    optional[i] = [];
  }
  return { blocks: blocks(), align, titleTop };
}

/** A date during the stay as a lab or a note prints it beside a value. */
export interface StayDay {
  date: Date;
  /** Days since admission, from 1. */
  day: number;
}

function clock(rng: Rng): { hh: string; mm: string; h12: string; ampm: string } {
  const hour = rng.int(6, 22);
  return {
    hh: pad2(hour),
    mm: pad2(rng.pick([0, 5, 10, 15, 20, 30, 40, 45, 50])),
    h12: pad2(((hour + 11) % 12) + 1),
    ampm: hour < 12 ? 'AM' : 'PM',
  };
}

/** A date or time between an attribute's name and its value ('on 02-09-2024', '[Day 2, 14:20]'). */
export function dateBesideValue({ date, day }: StayDay, rng: Rng): string {
  const d = pad2(date.getUTCDate());
  const m = pad2(date.getUTCMonth() + 1);
  const y = date.getUTCFullYear();
  const { hh, mm, h12, ampm } = clock(rng);
  return rng.pick([
    `on ${d}-${m}-${y}`,
    `(${d}/${m}/${y})`,
    `dated ${d}.${m}.${String(y).slice(2)}`,
    `at ${hh}:${mm} hrs`,
    `on ${d}-${MONTHS[date.getUTCMonth()]}-${y} at ${hh}:${mm}`,
    `[Day ${day}, ${hh}:${mm}]`,
    `(${d}/${m}/${y} ${h12}:${mm} ${ampm})`,
  ]);
}

/** When a lab sample was taken, as a table's date column prints it. */
export function sampleTime({ date }: StayDay, rng: Rng): string {
  const d = pad2(date.getUTCDate());
  const { hh, mm } = clock(rng);
  return rng.pick([
    `${d}/${pad2(date.getUTCMonth() + 1)}/${date.getUTCFullYear()} ${hh}:${mm}`,
    `${d}-${MONTHS[date.getUTCMonth()]}-${String(date.getUTCFullYear()).slice(2)} ${hh}:${mm}`,
  ]);
}

/** How labs flag a value outside its range, [low, high]. */
export const FLAG_STYLES: readonly (readonly [string, string])[] = [
  ['L', 'H'],
  ['Low', 'High'],
  ['*', '*'],
  ['(L)', '(H)'],
  ['LOW', 'HIGH'],
  ['L*', 'H*'],
];

/** How a sentence prints a normal range between the name and the value. */
export const REFERENCE_NOTES: readonly ((range: string, unit: string) => string)[] = [
  (range) => `(normal ${range})`,
  (range) => `[Ref: ${range}]`,
  (range) => `(N: ${range})`,
  (range, unit) => `(ref. range ${range}${unit ? ` ${unit}` : ''})`,
  (range) => `(normal range ${range})`,
];

const LAB_HEADERS: LabTableLayout['headers'][] = [
  { test: 'Test', result: 'Result', unit: 'Unit', reference: 'Biological Reference Interval' },
  { test: 'Investigation', result: 'Observed Value', unit: 'Units', reference: 'Reference Range' },
  { test: 'Parameter', result: 'Value', unit: 'Unit', reference: 'Normal Range' },
  { test: 'Test Name', result: 'Result', unit: 'Unit', reference: 'Normal' },
];

const gridStyle = (rng: Rng): GridStyle => ({ weight: rng.uniform(0.6, 1.5) });

/** A lab table for a claim with classes: ruled or not, with the date, flag and reference columns the classes ask for. */
export function drawLabTable(
  wants: { grid: boolean; date: boolean; flag: boolean; referenceFirst: boolean },
  sampled: string,
  rng: Rng,
): LabTableLayout {
  return {
    grid: wants.grid ? gridStyle(rng) : null,
    headers: rng.pick(LAB_HEADERS),
    dateHeader: wants.date ? rng.pick(['Date', 'Collected On', 'Sample Date & Time', 'Date / Time']) : null,
    sampled,
    flagHeader: wants.flag ? rng.pick(['Flag', '', 'H/L', 'Status']) : null,
    referenceFirst: wants.referenceFirst,
  };
}

const RADIOLOGY_HEADERS: RadiologyTableLayout['headers'][] = [
  { parameter: 'Parameter', value: 'Measurement', unit: 'Unit' },
  { parameter: 'Structure', value: 'Finding', unit: 'Units' },
  { parameter: 'Observation', value: 'Value', unit: 'Unit' },
];
const RADIOLOGY_FILLER_ROWS: [string, string][] = [
  ['Liver', 'Normal in size and echotexture'],
  ['Spleen', 'Normal'],
  ['Pancreas', 'Visualised parts normal'],
  ['Both kidneys', 'Normal size and echotexture'],
  ['Urinary bladder', 'Well distended'],
  ['Free fluid', 'Nil'],
  ['Para-aortic nodes', 'Not enlarged'],
];

/** A radiology report's gridded measurements table, with a normal column before the value when asked. */
export function drawRadiologyTable(normalColumn: boolean, rng: Rng): RadiologyTableLayout {
  return {
    grid: gridStyle(rng),
    headers: rng.pick(RADIOLOGY_HEADERS),
    normalHeader: normalColumn ? rng.pick(['Normal', 'Normal Range', 'Reference']) : null,
    fillerRows: rng.sample(RADIOLOGY_FILLER_ROWS, rng.int(2, 3)),
  };
}
