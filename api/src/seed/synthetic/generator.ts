/**
 * Deterministic generator of synthetic claims with known verdicts.
 *
 * For each procedure it plans facts against the claim's rule (catalog.resolveRule): a scenario picks a
 * tree to make false (a diagnosis or clinical fact missing, a value out of range, a document missing,
 * an entity written only in a document the rule may not look in) and satisfies the others. It then
 * writes real files (text PDFs, scanned PNG/JPEG pages, image-only PDFs, corrupt files), reads back
 * what the written text mentions with the reference matcher, and computes the expected verdict from
 * those facts with the oracle (oracle.ts documents the semantics).
 *
 * A claim may also exercise classes of hard real-world material (classes.ts): scanned gridded tables,
 * flags, dates and reference ranges around values, low titles under tall letterheads, negations, spelling
 * variants, dimensions, Roman numerals, blank and scribbled scans. The plan says what each stands for (a
 * negated mention is absent, a variant is the entity it spells), so the expected verdict never depends on
 * how a reader copes with them; the claim records the classes it exercises and their targets.
 */
import { INSURERS, type AdjudicationResult, type CaseType } from '@claims/shared-kernel/constants';
import type { RuleStatement, RuleTreeName } from '@claims/shared-kernel/contract';
import {
  catalog,
  DOCUMENT_END_LINES,
  FRAUD_MARKERS,
  resolveRule,
  ruleLeaves,
  type CatalogClinicalAttribute,
  type CatalogKeyword,
  type CatalogRule,
} from './catalog';
import { CLASS_BUNDLES, CLASS_CLAIM_SHARE, type ClassTarget, type CorpusClass, type ExercisedClass } from './classes';
import {
  documentBlocks,
  negatedMention,
  PLAIN_LAB_TABLE,
  type ClaimSetting,
  type DocumentContent,
  type LabTableLayout,
  type RadiologyTableLayout,
  type WrittenValue,
} from './documents';
import { glue, layoutDocument, pageText, type FontFace, type LaidPage, type LayoutStyle, type Letterhead } from './layout';
import {
  dateBesideValue,
  drawLabTable,
  drawLetterhead,
  drawRadiologyTable,
  FLAG_STYLES,
  REFERENCE_NOTES,
  sampleTime,
  type StayDay,
} from './material';
import { spellingVariants, toRoman } from './notation';
import {
  compareNumber,
  evaluateProcedure,
  LEAF_GROUP,
  leafSees,
  mentionKey,
  protocolNotConfigured,
  scopeFor,
  worstResult,
  type ClaimFacts,
  type ExpectedEntityType,
  type MentionGroup,
  type PlantedValue,
} from './oracle';
import { renderImagePdf, renderScan, renderTextPdf, renderUnreadableScan, UNREADABLE_KINDS, type UnreadableKind } from './render';
import { Rng } from './rng';
import { findMentions, tokens } from './text-match';

export type Scenario = 'accept' | 'reject' | 'query-document' | 'no-protocol' | 'suspended';
export const SCENARIOS: readonly Scenario[] = ['accept', 'reject', 'query-document', 'no-protocol', 'suspended'];

export interface GenerateOptions {
  organization?: string;
  caseType?: CaseType;
  /** The first is the primary procedure. */
  procedureCodes?: string[];
  hospitalCode?: string;
  scenario?: Scenario;
  /** How many pages to render as scans (0 to 2), besides those the classes make; drawn at random when absent. */
  imagePages?: number;
  /** Add an unreadable file beside the readable ones (it does not change the verdict). */
  corruptExtra?: boolean;
  /** Plant fraud markers (they do not change the verdict). */
  fraud?: boolean;
  /**
   * Classes of hard material to exercise (classes.ts); none when absent. The procedure, case type, hospital
   * and scenario are drawn to fit them; a class that cannot fit the claim is left out of expected.classes.
   */
  classes?: readonly CorpusClass[];
}

export interface GeneratedDocument {
  fileName: string;
  contentType: 'application/pdf' | 'image/png' | 'image/jpeg';
  data: Uint8Array;
}

export interface ExpectedEntity {
  /** The adjudicationDetails group: procedures, diagnoses, evidence, drug, tissue, document, clinicalAttribute. */
  type: ExpectedEntityType;
  name: string;
  present: boolean;
}

export interface ExpectedVerdict {
  result: AdjudicationResult;
  perProcedure: Record<string, AdjudicationResult>;
  /** Texts the claim's adjudication reason must contain (missing documents, 'Protocol not configured', unreadable files). */
  reasonIncludes?: string[];
  /** Every entity the claim's rules look for, and whether a leaf looking for it can see it (readable document it may read). */
  entities: ExpectedEntity[];
  perProcedureReasons: Record<string, string[]>;
  failedTrees: Record<string, RuleTreeName[]>;
  /** The rule that judges each procedure (catalog id), null when none is configured. */
  ruleIds: Record<string, number | null>;
  scenario: Scenario;
  /** Names of the FRAUD_MARKERS planted (they do not change the verdict). */
  fraudMarkers: string[];
  /** Pages rendered as images (PNG/JPEG files and image-only PDF pages). */
  imagePages: number;
  /** Files nothing can be read from (corrupt files, blank and scribbled scans); the reason should name them. */
  unreadableFiles: string[];
  /** The classes of hard material the claim exercises, with their targets (empty for a plain claim). */
  classes: ExercisedClass[];
}

export interface GeneratedClaim {
  referenceClaimId: string;
  patientName: string;
  caseType: CaseType;
  procedureCodes: string[];
  hospitalCode: string;
  organization: string;
  /** The same as organization, under the claims table's name for it (the api's seed reads org). */
  org: string;
  deleteAfterVerification: boolean;
  documents: GeneratedDocument[];
  expected: ExpectedVerdict;
}

// ---------------------------------------------------------------- catalog lookups

const GROUP_ROWS: Record<MentionGroup, readonly CatalogKeyword[]> = {
  procedures: catalog.procedures,
  diagnoses: catalog.diagnoses,
  evidence: catalog.evidence,
  drug: catalog.drugs,
  tissue: catalog.tissues,
};
const MATCH_GROUPS: Record<string, readonly CatalogKeyword[]> = { ...GROUP_ROWS, ped: catalog.preExistingDiseases };
const procedureByCode = (code: string) => {
  const p = catalog.procedures.find((x) => x.procedure_code === code);
  if (!p) throw new Error(`Unknown procedure code ${code}`);
  return p;
};
const attributeByName = (name: string): CatalogClinicalAttribute => catalog.clinicalAttributes.find((a) => a.name === name)!;
const unitAliases = (a: CatalogClinicalAttribute) =>
  a.fk_clinical_unit.flatMap((id) => catalog.clinicalUnits.find((u) => u.id === id)!.alias);
const docName = (id: number) => catalog.documents.find((d) => d.id === id)!.name;

// ---------------------------------------------------------------- claim profiles

interface ProcedureProfile {
  gender?: 'Male' | 'Female';
  age: [number, number];
  stay: [number, number];
  complaint: string;
  hospitals: string[];
  medical?: boolean;
}
const PROFILES: Record<string, ProcedureProfile> = {
  id001: {
    age: [52, 82],
    stay: [1, 2],
    complaint: 'Gradual painless blurring of sight in the right eye for 8 months, difficulty in reading.',
    hospitals: ['HOSP003'],
  },
  id002: {
    gender: 'Female',
    age: [38, 60],
    stay: [3, 6],
    complaint: 'Heavy menstrual flow with clots and lower abdominal pain for one year.',
    hospitals: ['HOSP002', 'HOSP005'],
  },
  id003: {
    age: [12, 55],
    stay: [2, 5],
    complaint: 'Pain in the right iliac fossa with fever and vomiting for two days.',
    hospitals: ['HOSP001', 'HOSP005'],
  },
  id003a: {
    age: [25, 80],
    stay: [5, 12],
    complaint: 'Fever, dry cough and breathlessness for five days.',
    hospitals: ['HOSP001', 'HOSP005', 'HOSP008'],
    medical: true,
  },
  id004: {
    age: [28, 68],
    stay: [2, 4],
    complaint: 'Recurrent pain in the right upper abdomen after fatty meals with nausea.',
    hospitals: ['HOSP001', 'HOSP005'],
  },
  id005: { age: [45, 76], stay: [7, 12], complaint: 'Exertional chest pain and breathlessness for three months.', hospitals: ['HOSP004'] },
  id006: {
    age: [40, 78],
    stay: [2, 5],
    complaint: 'Sudden retrosternal chest pain radiating to the left arm with sweating.',
    hospitals: ['HOSP004', 'HOSP005'],
  },
  id007: {
    age: [55, 80],
    stay: [4, 7],
    complaint: 'Pain in both knees for three years, worse on climbing stairs, restricted walking.',
    hospitals: ['HOSP007'],
  },
  id008: { gender: 'Female', age: [22, 38], stay: [3, 5], complaint: 'Term pregnancy admitted with labour pains.', hospitals: ['HOSP002'] },
  id009: {
    age: [35, 75],
    stay: [2, 6],
    complaint: 'Reduced urine output, swelling of feet and breathlessness for two weeks.',
    hospitals: ['HOSP006'],
    medical: true,
  },
  id010: {
    age: [30, 72],
    stay: [1, 3],
    complaint: 'Admitted for the next scheduled cycle of treatment.',
    hospitals: ['HOSP008'],
    medical: true,
  },
  id011: {
    gender: 'Female',
    age: [26, 45],
    stay: [2, 5],
    complaint: 'Heavy menstrual flow with a lump in the lower abdomen.',
    hospitals: ['HOSP002'],
  },
  id012: {
    gender: 'Male',
    age: [55, 82],
    stay: [2, 4],
    complaint: 'Poor urinary stream, frequency and nocturia for one year.',
    hospitals: ['HOSP006'],
  },
  id013: {
    age: [22, 70],
    stay: [1, 3],
    complaint: 'Swelling in the groin, increasing on coughing, for six months.',
    hospitals: ['HOSP001', 'HOSP005'],
  },
  id014: {
    age: [8, 30],
    stay: [1, 2],
    complaint: 'Recurrent sore throat, six episodes in the last year.',
    hospitals: ['HOSP001', 'HOSP005'],
  },
  id015: {
    gender: 'Female',
    age: [28, 55],
    stay: [1, 2],
    complaint: 'Irregular and prolonged bleeding per vaginum for three months.',
    hospitals: ['HOSP002'],
  },
  id016: {
    age: [18, 50],
    stay: [1, 2],
    complaint: 'Nasal obstruction and recurrent headache for two years.',
    hospitals: ['HOSP001', 'HOSP005'],
  },
  id017: {
    age: [22, 65],
    stay: [1, 3],
    complaint: 'Colicky left flank pain radiating to the groin with vomiting.',
    hospitals: ['HOSP006'],
  },
  id018: { age: [25, 68], stay: [2, 4], complaint: 'Dull aching right loin pain for six months.', hospitals: ['HOSP006'] },
  id019: {
    age: [25, 65],
    stay: [1, 3],
    complaint: 'Bleeding per rectum and a mass descending per anum on straining.',
    hospitals: ['HOSP001', 'HOSP005'],
  },
  id020: { age: [45, 82], stay: [5, 8], complaint: 'Pain in the hip with inability to bear weight.', hospitals: ['HOSP007'] },
  id021: {
    age: [12, 65],
    stay: [3, 6],
    complaint: 'High grade fever with chills, body ache and headache for four days.',
    hospitals: ['HOSP001', 'HOSP005', 'HOSP008'],
    medical: true,
  },
  id022: { age: [25, 62], stay: [2, 4], complaint: 'Swelling in front of the neck for two years.', hospitals: ['HOSP001', 'HOSP008'] },
  id023: {
    gender: 'Female',
    age: [35, 70],
    stay: [3, 5],
    complaint: 'Painless lump in the left breast for three months.',
    hospitals: ['HOSP008'],
  },
  id024: {
    gender: 'Female',
    age: [20, 45],
    stay: [1, 3],
    complaint: 'Lower abdominal pain and heaviness for four months.',
    hospitals: ['HOSP002'],
  },
  id025: {
    gender: 'Male',
    age: [6, 40],
    stay: [1, 1],
    complaint: 'Difficulty in retracting the foreskin with ballooning during micturition.',
    hospitals: ['HOSP001', 'HOSP006'],
  },
};
/** Procedures that plausibly go together on one claim. */
const PAIRS: [string, string][] = [
  ['id004', 'id013'],
  ['id002', 'id024'],
  ['id003', 'id013'],
  ['id017', 'id012'],
  ['id014', 'id016'],
  ['id015', 'id024'],
  ['id019', 'id013'],
  ['id006', 'id003a'],
  ['id022', 'id023'],
];
const UNLISTED: Record<number, [string, string]> = {};
for (const g of catalog.procedureGroups) {
  UNLISTED[g.id] = (
    {
      Ophthalmology: ['Refractive error under evaluation', 'Spectacle correction and review'],
      'Obstetrics and Gynaecology': ['Chronic pelvic pain under evaluation', 'Examination under anaesthesia'],
      'General Surgery': ['Acute abdomen, cause to be evaluated', 'Diagnostic laparoscopy'],
      Cardiology: ['Atypical chest pain', 'Medical management and observation'],
      'Cardiothoracic Surgery': ['Atypical chest pain', 'Medical management and observation'],
      Orthopaedics: ['Joint pain under evaluation', 'Physiotherapy and analgesics'],
      Nephrology: ['Deranged renal parameters under evaluation', 'Fluid management and observation'],
      Oncology: ['Mass under evaluation', 'Supportive care'],
      Urology: ['Lower urinary tract symptoms under evaluation', 'Cystoscopy'],
      ENT: ['Upper airway symptoms under evaluation', 'Nasal irrigation and review'],
      'Internal Medicine': ['Acute febrile illness, cause to be evaluated', 'Supportive care'],
    } as Record<string, [string, string]>
  )[g.name];
}
const DEPARTMENT_DOCTORS: Record<string, string[]> = {
  Ophthalmology: ['Dr. Anil Deshpande, MS (Ophth)', 'Dr. Sunita Rao, DNB (Ophth)'],
  'Obstetrics and Gynaecology': ['Dr. Meera Kulkarni, MS (OBG)', 'Dr. Farzana Shaikh, DGO'],
  'General Surgery': ['Dr. Rajesh Iyer, MS (Gen Surg)', 'Dr. Vikram Sethi, MS, FMAS'],
  Cardiology: ['Dr. Prakash Menon, DM (Cardiology)', 'Dr. Harish Patel, DM (Cardiology)'],
  'Cardiothoracic Surgery': ['Dr. Sanjay Gupta, MCh (CTVS)'],
  Orthopaedics: ['Dr. Nitin Joshi, MS (Ortho)', 'Dr. Kiran Hegde, DNB (Ortho)'],
  Nephrology: ['Dr. Lakshmi Narayanan, DM (Nephro)'],
  Oncology: ['Dr. Arvind Krishnan, DM (Onco)', 'Dr. Shalini Verma, MD (Onco)'],
  Urology: ['Dr. Mahesh Reddy, MCh (Uro)'],
  ENT: ['Dr. Pooja Nair, MS (ENT)'],
  'Internal Medicine': ['Dr. Suresh Babu, MD (Medicine)', 'Dr. Anjali Mishra, MD (Medicine)'],
};
const FIRST_NAMES = {
  Male: [
    'Ramesh',
    'Suresh',
    'Amit',
    'Rahul',
    'Vijay',
    'Sanjay',
    'Arjun',
    'Imran',
    'Joseph',
    'Gurpreet',
    'Manoj',
    'Prakash',
    'Venkatesh',
    'Abdul',
    'Deepak',
  ],
  Female: [
    'Sunita',
    'Priya',
    'Anjali',
    'Kavita',
    'Lakshmi',
    'Fatima',
    'Meena',
    'Rekha',
    'Pooja',
    'Sneha',
    'Geeta',
    'Mary',
    'Harpreet',
    'Divya',
    'Shabana',
  ],
};
const SURNAMES = [
  'Sharma',
  'Patel',
  'Reddy',
  'Iyer',
  'Nair',
  'Kulkarni',
  'Singh',
  'Khan',
  'Das',
  'Mehta',
  'Joshi',
  'Menon',
  'Gupta',
  'Pillai',
  'Chatterjee',
  'Yadav',
  'Fernandes',
  'Bhat',
];
const ORG_WEIGHTS: [string, number][] = [
  ['vitraya', 0.3],
  ['starhealth', 0.16],
  ['maxbupa', 0.14],
  ['bajaj', 0.14],
  ['ML', 0.12],
  ['vitraya-demo', 0.14],
];
const SCENARIO_WEIGHTS: [Scenario, number][] = [
  ['accept', 0.4],
  ['reject', 0.28],
  ['query-document', 0.16],
  ['no-protocol', 0.1],
  ['suspended', 0.06],
];
const REF_PREFIX: Record<string, string> = {
  vitraya: 'VT',
  starhealth: 'CLI/2024/',
  maxbupa: 'MB',
  bajaj: 'OC-24-',
  ML: 'ML',
  'vitraya-demo': 'DEMO-',
};

/** Drugs any inpatient may get; written as filler when the claim's rules do not ask for them. */
const COMMON_DRUGS = ['Ceftriaxone', 'Atorvastatin', 'Aspirin', 'Tranexamic Acid'];
const FILLER_LAB_ROWS: string[][] = [
  ['Serum Sodium', '138', 'mmol/L', '135 - 145'],
  ['Serum Potassium', '4.2', 'mmol/L', '3.5 - 5.1'],
  ['SGPT (ALT)', '28', 'U/L', '0 - 40'],
  ['Total Bilirubin', '0.8', 'mg/dL', '0.2 - 1.2'],
  ['ESR', '18', 'mm/hr', '0 - 20'],
  ['Random Blood Glucose', '112', 'mg/dL', '70 - 140'],
  ['Serum Albumin', '3.9', 'g/dL', '3.5 - 5.2'],
  ['MCV', '84', 'fL', '80 - 100'],
];

// ---------------------------------------------------------------- value generation

interface ValueSpec {
  lo: number;
  hi: number;
  /** Decimals in the base unit (negative: round to tens, hundreds...). */
  dec: number;
  log?: boolean;
  /** Normal range in the base unit; an open bound is null ('< 6 mm'). Lab tests have both bounds. */
  ref?: [number | null, number | null];
}
const VALUE_SPECS: Record<string, ValueSpec> = {
  Haemoglobin: { lo: 6, hi: 16, dec: 1, ref: [12, 15.5] },
  HbA1c: { lo: 4.8, hi: 11.5, dec: 1, ref: [4, 5.6] },
  'Serum Creatinine': { lo: 0.6, hi: 11, dec: 1, ref: [0.6, 1.2] },
  'Platelet Count': { lo: 0.3, hi: 4.2, dec: 2, ref: [1.5, 4.5] },
  'Total Leucocyte Count': { lo: 2500, hi: 22000, dec: -2, ref: [4000, 11000] },
  eGFR: { lo: 4, hi: 110, dec: 0, ref: [90, 120] },
  'Blood Urea': { lo: 15, hi: 220, dec: 0, ref: [15, 40] },
  'Fasting Blood Sugar': { lo: 72, hi: 260, dec: 0, ref: [70, 100] },
  'Troponin I': { lo: 0.005, hi: 12, dec: 3, log: true, ref: [0, 0.04] },
  TSH: { lo: 0.1, hi: 12, dec: 2, log: true, ref: [0.4, 4.5] },
  'Uterine Size': { lo: 6, hi: 22, dec: 0 },
  'Fibroid Size': { lo: 8, hi: 95, dec: 0 },
  'Endometrial Thickness': { lo: 3, hi: 24, dec: 0, ref: [4, 12] },
  'Appendiceal Diameter': { lo: 4, hi: 14, dec: 0, ref: [null, 6] },
  'GB Wall Thickness': { lo: 2, hi: 9, dec: 0, ref: [null, 3] },
  'Calculus Size': { lo: 3, hi: 35, dec: 0 },
  'Cyst Size': { lo: 20, hi: 120, dec: 0 },
  'Prostate Volume': { lo: 15, hi: 110, dec: 0, ref: [null, 25] },
  'Post Void Residual Urine': { lo: 10, hi: 400, dec: 0, ref: [null, 50] },
  'Gestational Age': { lo: 24, hi: 44, dec: 0 },
  'CT Severity Score': { lo: 2, hi: 22, dec: 0 },
  'KL Grade': { lo: 1, hi: 4, dec: 0 },
  'Ejection Fraction': { lo: 20, hi: 65, dec: 0, ref: [55, 70] },
  'Coronary Stenosis': { lo: 30, hi: 99, dec: 0 },
  'Axial Length': { lo: 19, hi: 28, dec: 2, ref: [22, 24.5] },
  SpO2: { lo: 78, hi: 99, dec: 0, ref: [95, 100] },
  'ECOG Performance Status': { lo: 0, hi: 4, dec: 0 },
  'Systolic Blood Pressure': { lo: 100, hi: 178, dec: 0, ref: [90, 120] },
};

const roundTo = (v: number, dec: number): number => {
  const f = 10 ** dec;
  return Math.round(v * f) / f;
};

function sampleBase(spec: ValueSpec, rng: Rng): number {
  const raw = spec.log ? Math.exp(rng.uniform(Math.log(spec.lo), Math.log(spec.hi))) : rng.uniform(spec.lo, spec.hi);
  return roundTo(raw, spec.dec);
}

interface Constraint {
  leaf: RuleStatement;
  want: boolean;
}

/** Whether a base-unit value gives the wanted result for the leaf, clear of its thresholds. */
function meetsClearly(leaf: RuleStatement, v: number | string, want: boolean, dec: number): boolean {
  if (leaf.operator === 'VALUE_IN' || leaf.operator === 'VALUE_NOT_IN') {
    const list = (Array.isArray(leaf.value) ? leaf.value : [String(leaf.value)]).map((s) => s.toLowerCase());
    const inList = list.includes(String(v).toLowerCase());
    return (leaf.operator === 'VALUE_IN' ? inList : !inList) === want;
  }
  if (typeof v !== 'number') return false;
  if (compareNumber(leaf, v) !== want) return false;
  const bounds: (number | null)[] = leaf.operator === 'VALUE_IN_RANGE' ? [...(leaf.range ?? [])] : [Number(leaf.value)];
  const thresholds = bounds.filter((x): x is number => x !== null);
  return thresholds.every((t) => Math.abs(v - t) >= Math.max(0.03 * Math.abs(t), 0.5 * 10 ** -dec));
}

// ---------------------------------------------------------------- planning

interface Requirement {
  in?: string[];
  notIn: string[];
}
interface AttributeState {
  constraints: Constraint[];
  absent: boolean;
  value?: number | string;
}

class PlanState {
  requiredDocs = new Set<string>();
  forbiddenDocs = new Set<string>();
  needs = new Map<string, Requirement[]>();
  forbidden = new Set<string>();
  /** Entities that may be written only in these documents (written where the rule may not look). */
  onlyIn = new Map<string, string[]>();
  attributes = new Map<string, AttributeState>();

  snapshot(): PlanState {
    const s = new PlanState();
    s.requiredDocs = new Set(this.requiredDocs);
    s.forbiddenDocs = new Set(this.forbiddenDocs);
    s.needs = new Map([...this.needs].map(([k, v]) => [k, [...v]]));
    s.forbidden = new Set(this.forbidden);
    s.onlyIn = new Map(this.onlyIn);
    s.attributes = new Map([...this.attributes].map(([k, v]) => [k, { ...v, constraints: [...v.constraints] }]));
    return s;
  }

  restore(s: PlanState): void {
    Object.assign(this, s.snapshot());
  }

  need(key: string, req: Requirement): void {
    this.needs.set(key, [...(this.needs.get(key) ?? []), req]);
  }

  attribute(name: string): AttributeState {
    let a = this.attributes.get(name);
    if (!a) {
      a = { constraints: [], absent: false };
      this.attributes.set(name, a);
    }
    return a;
  }
}

const NATURAL_DOCS: Record<CaseType, Record<MentionGroup, string[]>> = {
  SETTLEMENT: {
    procedures: ['Discharge Summary', 'Operation Notes', 'Final Bill', 'Claim Form'],
    diagnoses: ['Discharge Summary', 'Claim Form', 'Radiology Report', 'Histopathology Report'],
    evidence: ['Discharge Summary'],
    drug: ['Discharge Summary', 'Pharmacy Bill', 'Final Bill'],
    tissue: ['Histopathology Report', 'Operation Notes'],
  },
  PRE_AUTH: {
    procedures: ['Pre-Authorization Form', 'Consultation Notes', 'Cost Estimate'],
    diagnoses: ['Pre-Authorization Form', 'Consultation Notes', 'Radiology Report'],
    evidence: ['Pre-Authorization Form', 'Consultation Notes'],
    drug: ['Consultation Notes', 'Prescription', 'Pre-Authorization Form'],
    tissue: ['Histopathology Report'],
  },
};
const EVIDENCE_DOCS: Record<string, string> = {
  'USG abdomen': 'Radiology Report',
  'USG pelvis': 'Radiology Report',
  'HRCT chest': 'Radiology Report',
  'X-ray knee': 'Radiology Report',
  'X-ray hip': 'Radiology Report',
  'CT KUB': 'Radiology Report',
  'ECG changes': 'ECG Report',
  'Coronary angiography': 'Angiography Report',
  '2D Echo': 'Investigation Report',
  'A-scan biometry': 'Investigation Report',
  'Slit lamp examination': 'Investigation Report',
  Uroflowmetry: 'Investigation Report',
  'Non stress test': 'Investigation Report',
  'Diagnostic nasal endoscopy': 'Investigation Report',
  'RT-PCR positive': 'Lab Report',
  'NS1 antigen positive': 'Lab Report',
  'Malarial parasite seen': 'Lab Report',
  'Biopsy proven malignancy': 'Histopathology Report',
  FNAC: 'Histopathology Report',
  'HPE report': 'Discharge Summary',
};
const LAB = [
  'Haemoglobin',
  'HbA1c',
  'Serum Creatinine',
  'Platelet Count',
  'Total Leucocyte Count',
  'eGFR',
  'Blood Urea',
  'Fasting Blood Sugar',
  'Troponin I',
  'TSH',
];
const IMAGING = [
  'Uterine Size',
  'Fibroid Size',
  'Endometrial Thickness',
  'Appendiceal Diameter',
  'GB Wall Thickness',
  'Calculus Size',
  'Cyst Size',
  'Prostate Volume',
  'Post Void Residual Urine',
  'Gestational Age',
  'CT Severity Score',
  'KL Grade',
];
function attributeDocs(name: string, caseType: CaseType): string[] {
  if (LAB.includes(name)) return ['Lab Report'];
  if (IMAGING.includes(name)) return ['Radiology Report'];
  const clinicalNote = caseType === 'SETTLEMENT' ? 'Discharge Summary' : 'Pre-Authorization Form';
  return (
    (
      {
        'Ejection Fraction': ['Investigation Report'],
        'Coronary Stenosis': ['Angiography Report'],
        'Axial Length': ['Investigation Report'],
        'Visual Acuity': ['Consultation Notes', 'Investigation Report'],
      } as Record<string, string[]>
    )[name] ?? [clinicalNote, 'Consultation Notes']
  );
}
const GENERIC_DOCS: Record<CaseType, string[]> = {
  SETTLEMENT: ['Discharge Summary', 'Consultation Notes', 'Operation Notes'],
  PRE_AUTH: ['Pre-Authorization Form', 'Consultation Notes'],
};
const BASELINE_DOCS: Record<CaseType, string[]> = { SETTLEMENT: ['Discharge Summary', 'Final Bill'], PRE_AUTH: ['Pre-Authorization Form'] };
const EXTRA_DOCS: Record<CaseType, [string, number][]> = {
  SETTLEMENT: [
    ['Claim Form', 0.6],
    ['ID Proof', 0.5],
    ['Lab Report', 0.35],
    ['Pharmacy Bill', 0.3],
    ['Consent Form', 0.2],
    ['Prescription', 0.15],
  ],
  PRE_AUTH: [
    ['ID Proof', 0.55],
    ['Consultation Notes', 0.45],
    ['Cost Estimate', 0.45],
    ['Lab Report', 0.3],
    ['Consent Form', 0.1],
  ],
};
/** Document types short enough to be scanned onto one image page. */
const SCANNABLE = [
  'Lab Report',
  'ID Proof',
  'Consultation Notes',
  'Prescription',
  'Radiology Report',
  'ECG Report',
  'Histopathology Report',
  'Claim Form',
  'Consent Form',
  'Cost Estimate',
  'Investigation Report',
];

interface PlanContext {
  state: PlanState;
  rng: Rng;
  rule: CatalogRule;
  caseType: CaseType;
  protectedDocs: Set<string>;
}

function attempt(ctx: PlanContext, step: () => boolean): boolean {
  const saved = ctx.state.snapshot();
  if (step()) return true;
  ctx.state.restore(saved);
  return false;
}

const defaultExcluded = (rule: CatalogRule) => rule.fk_exc_document.map(docName);
function requirementFor(leaf: RuleStatement, ctx: PlanContext): Requirement {
  return {
    ...(leaf.documentInclusionList?.length ? { in: [...leaf.documentInclusionList] } : {}),
    notIn: [...(leaf.documentExclusionList ?? []), ...defaultExcluded(ctx.rule)],
  };
}
const meets = (doc: string, req: Requirement) => (!req.in || req.in.includes(doc)) && !req.notIn.includes(doc);

function canMention(key: string, req: Requirement, ctx: PlanContext): boolean {
  const s = ctx.state;
  if (s.forbidden.has(key)) return false;
  const only = s.onlyIn.get(key);
  if (only) return only.some((d) => meets(d, req));
  const group = key.slice(0, key.indexOf(':')) as MentionGroup;
  const candidates = req.in ?? [...NATURAL_DOCS[ctx.caseType][group], ...GENERIC_DOCS[ctx.caseType]];
  return candidates.some((d) => meets(d, req) && !s.forbiddenDocs.has(d));
}

function attributeFeasible(name: string, ctx: PlanContext): boolean {
  const a = ctx.state.attribute(name);
  if (a.absent) return a.constraints.length === 0;
  const attr = attributeByName(name);
  const ok = (v: number | string) => a.constraints.every((c) => meetsClearly(c.leaf, v, c.want, VALUE_SPECS[name]?.dec ?? 0));
  if (a.value !== undefined && ok(a.value)) return true;
  if (attr.value_type === 'Text') {
    const options = ctx.rng.shuffle(attr.text_possible_values.map((t) => t.text_value)).filter(ok);
    a.value = options[0];
    return options.length > 0;
  }
  const spec = VALUE_SPECS[name];
  if (!spec) return false;
  for (let i = 0; i < 400; i++) {
    const v = sampleBase(spec, ctx.rng);
    if (ok(v)) {
      a.value = v;
      return true;
    }
  }
  return false;
}

function entityCount(leaf: RuleStatement): number {
  return leaf.operator === 'ANY_OF_N_VALUES_IS_PRESENT' ? (leaf.numberOfValues ?? 1) : (leaf.valuesToFind ?? []).length;
}

function satisfyLeaf(leaf: RuleStatement, ctx: PlanContext): boolean {
  const s = ctx.state;
  const values = leaf.valuesToFind ?? [];
  if (leaf.entityName === 'document') {
    const available = values.filter((v) => !s.forbiddenDocs.has(v));
    const n = entityCount(leaf);
    if (available.length < n) return false;
    const chosen = [
      ...available.filter((v) => s.requiredDocs.has(v)),
      ...ctx.rng.shuffle(available.filter((v) => !s.requiredDocs.has(v))),
    ].slice(0, n);
    for (const d of chosen) s.requiredDocs.add(d);
    return true;
  }
  if (leaf.entityName === 'clinicalattribute' || leaf.valueToCompare) {
    const name = leaf.valueToCompare!.name;
    s.attribute(name).constraints.push({ leaf, want: true });
    return attributeFeasible(name, ctx);
  }
  const group = LEAF_GROUP[leaf.entityName!] as MentionGroup;
  const req = requirementFor(leaf, ctx);
  const candidates = values.filter((v) => canMention(mentionKey(group, v), req, ctx));
  const n = entityCount(leaf);
  if (candidates.length < n) return false;
  const needed = (v: string) => s.needs.has(mentionKey(group, v));
  const chosen = [...candidates.filter(needed), ...ctx.rng.shuffle(candidates.filter((v) => !needed(v)))].slice(0, n);
  for (const v of chosen) s.need(mentionKey(group, v), req);
  return true;
}

/** A document the entity is natural in but where the leaf may not look. */
function wrongPlace(group: MentionGroup, req: Requirement, ctx: PlanContext): string | null {
  const options = [...NATURAL_DOCS[ctx.caseType][group], 'Claim Form', 'Operation Notes', 'Radiology Report', 'Cost Estimate']
    .filter((d) => !meets(d, req) && !ctx.state.forbiddenDocs.has(d))
    .filter((d) => ctx.caseType === 'SETTLEMENT' || !['Operation Notes', 'Claim Form'].includes(d));
  return options.length ? ctx.rng.pick(options) : null;
}

function falsifyLeaf(leaf: RuleStatement, ctx: PlanContext): boolean {
  const s = ctx.state;
  const values = leaf.valuesToFind ?? [];
  const any = leaf.operator === 'ANY_OF_N_VALUES_IS_PRESENT';
  if (leaf.entityName === 'document') {
    if (any) {
      const required = values.filter((v) => s.requiredDocs.has(v));
      if (required.length >= entityCount(leaf)) return false;
      for (const v of values) if (!s.requiredDocs.has(v)) s.forbiddenDocs.add(v);
      return true;
    }
    const options = values.filter((v) => !s.requiredDocs.has(v));
    if (!options.length) return false;
    const unprotected = options.filter((v) => !ctx.protectedDocs.has(v));
    s.forbiddenDocs.add(ctx.rng.pick(unprotected.length ? unprotected : options));
    return true;
  }
  if (leaf.valueToCompare) {
    const name = leaf.valueToCompare.name;
    const a = s.attribute(name);
    if (a.constraints.length === 0 && ctx.rng.chance(0.25)) {
      a.absent = true;
      a.value = undefined;
      return true;
    }
    a.constraints.push({ leaf, want: false });
    return attributeFeasible(name, ctx);
  }
  const group = LEAF_GROUP[leaf.entityName!] as MentionGroup;
  const req = requirementFor(leaf, ctx);
  const key = (v: string) => mentionKey(group, v);
  const free = values.filter((v) => !s.needs.has(key(v)) && !s.onlyIn.has(key(v)));
  const missingNeeded = any ? values.length - free.length >= entityCount(leaf) : free.length === 0;
  if (missingNeeded) return false;
  const targets = any ? free : [ctx.rng.pick(free)];
  const misplaced = ['diagnoses', 'procedures', 'tissue'].includes(group) && ctx.rng.chance(0.35) ? wrongPlace(group, req, ctx) : null;
  targets.forEach((v, i) => {
    if (misplaced && i === 0) {
      s.onlyIn.set(key(v), [misplaced]);
      s.need(key(v), { in: [misplaced], notIn: [] });
    } else s.forbidden.add(key(v));
  });
  return true;
}

function satisfy(node: RuleStatement | null, ctx: PlanContext): boolean {
  if (!node) return true;
  if (node.statements) {
    if (node.booleanOperator === 'AND') return node.statements.every((c) => satisfy(c, ctx));
    return ctx.rng.shuffle(node.statements).some((c) => attempt(ctx, () => satisfy(c, ctx)));
  }
  return satisfyLeaf(node, ctx);
}

function falsify(node: RuleStatement | null, ctx: PlanContext): boolean {
  if (!node) return false;
  if (node.statements) {
    if (node.booleanOperator === 'AND') return ctx.rng.shuffle(node.statements).some((c) => attempt(ctx, () => falsify(c, ctx)));
    return node.statements.every((c) => falsify(c, ctx));
  }
  return falsifyLeaf(node, ctx);
}

const TREES: RuleTreeName[] = ['procedureRule', 'diagnosisRule', 'documentRule', 'clinicalTermsRule'];

function planProcedure(rule: CatalogRule, scenario: Scenario, ctx: PlanContext): void {
  let broken: RuleTreeName | null = null;
  if (scenario === 'reject') {
    const weights: [RuleTreeName, number][] = [
      ['procedureRule', 0.12],
      ['diagnosisRule', 0.45],
      ['clinicalTermsRule', 0.43],
    ];
    let options = weights.filter(([t]) => rule[t] !== null);
    while (options.length && !broken) {
      const t = ctx.rng.weighted(options);
      if (attempt(ctx, () => falsify(rule[t], ctx))) broken = t;
      options = options.filter(([o]) => o !== t);
    }
  } else if (scenario === 'query-document') {
    if (attempt(ctx, () => falsify(rule.documentRule, ctx))) broken = 'documentRule';
  }
  for (const t of TREES) if (t !== broken) attempt(ctx, () => satisfy(rule[t], ctx));
}

/** Content for a procedure without a rule: its own name and a fitting diagnosis from any rule for it. */
function planUnconfigured(code: string, ctx: Omit<PlanContext, 'rule'>): void {
  const p = procedureByCode(code);
  const key = mentionKey('procedures', p.name);
  if (!ctx.state.forbidden.has(key)) ctx.state.need(key, { notIn: [] });
  const anyRule = catalog.rules.find((r) => r.procedure_code === code && r.diagnosisRule);
  const diagnoses = anyRule
    ? ruleLeaves(anyRule.diagnosisRule)
        .filter((l) => l.entityName === 'diagnoses')
        .flatMap((l) => l.valuesToFind ?? [])
    : ['Phimosis'];
  const d = mentionKey('diagnoses', ctx.rng.pick(diagnoses));
  if (!ctx.state.forbidden.has(d)) ctx.state.need(d, { notIn: [] });
}

// ---------------------------------------------------------------- writing

interface Placement {
  group: MentionGroup | 'ped';
  name: string;
}

function surface(entity: { name: string; alias: readonly string[] }, rng: Rng): string {
  return glue(rng.chance(0.35) || entity.alias.length === 0 ? entity.name : rng.pick(entity.alias));
}

interface WrittenAttribute {
  written: WrittenValue;
  planted: PlantedValue;
  /** Whether the value went out as dimensions or as a Roman numeral (a notation may not fit the value). */
  asDimensions: boolean;
  asRoman: boolean;
}

/**
 * How a value is printed beyond its number and unit, for the value classes (classes.ts); PLAIN_NOTATION
 * prints it as a plain claim does. Its random parts are drawn beforehand, so printing draws nothing more.
 */
interface ValueNotation {
  /** [low, high] flags printed between the value and its unit when the value is outside its normal range. */
  flags: readonly [string, string] | null;
  /** A date or time printed between the label and the value. */
  when: string;
  /** How a sentence words the normal range before the value; null prints none. */
  referenceNote: ((range: string, unit: string) => string) | null;
  /** Dimensions around the value, which is the largest of them. */
  dimensions: { separator: string; shares: number[]; largestAt: number } | null;
  roman: boolean;
  /** The label to print instead of a drawn name or alias (a spelling variant). */
  label: string | null;
}
const PLAIN_NOTATION: ValueNotation = { flags: null, when: '', referenceNote: null, dimensions: null, roman: false, label: null };

/** '12.0 - 15.5', or for an open range '< 6' / '> 55', in the printed unit. */
function formatReference([low, high]: readonly [number | null, number | null], c: number, dec: number, rng: Rng): string {
  const f = (v: number) => formatNumber(v / c, Math.max(dec, 0), rng, true);
  if (low !== null && high !== null) return `${f(low)} - ${f(high)}`;
  return low === null ? `< ${f(high ?? 0)}` : `> ${f(low)}`;
}

/** 'a x b (x c)' with the largest dimension where the notation puts it; null when the value leaves no room for smaller ones. */
function dimensionsText(largest: number, dec: number, d: NonNullable<ValueNotation['dimensions']>): string | null {
  const step = 10 ** -Math.max(dec, 0);
  const others = d.shares.map((share) => Math.min(roundTo(largest * share, Math.max(dec, 0)), roundTo(largest - step, Math.max(dec, 0))));
  if (others.some((o) => o <= 0)) return null;
  const all = [...others];
  all.splice(Math.min(d.largestAt, others.length), 0, largest);
  return all.map((v) => (dec > 0 ? v.toFixed(dec) : String(v))).join(d.separator);
}

function formatNumber(v: number, dec: number, rng: Rng, plain: boolean): string {
  if (dec <= 0) {
    const n = roundTo(v, dec);
    return !plain && n >= 10000 && rng.chance(0.4) ? n.toLocaleString('en-IN') : String(n);
  }
  return v.toFixed(dec);
}

/** Prints an attribute's base value in a chosen unit; the planted value is what the print converts back to. */
function writeAttribute(
  name: string,
  base: number | string,
  doc: string,
  rng: Rng,
  plain: boolean,
  hospitalCode: string,
  notation: ValueNotation = PLAIN_NOTATION,
): WrittenAttribute {
  const attr = attributeByName(name);
  const drawn = surface(attr, rng);
  const label = notation.label === null ? drawn : glue(notation.label);
  const around = { flag: '', when: notation.when, referenceNote: '' };
  if (typeof base === 'string') {
    const option = attr.text_possible_values.find((t) => t.text_value === base)!;
    const written = option.text_value_alias.length && rng.chance(0.4) ? rng.pick(option.text_value_alias) : option.text_value;
    return {
      written: { attribute: name, label, value: written, unit: '', reference: '', ...around },
      planted: { value: base, document: doc },
      asDimensions: false,
      asRoman: false,
    };
  }
  const spec = VALUE_SPECS[name];
  const aliases = unitAliases(attr);
  const baseUnits = aliases.filter((a) => a.conversion_unit === 1);
  const unit = aliases.length === 0 ? null : plain ? baseUnits[0] : rng.chance(0.35) ? rng.pick(aliases) : rng.pick(baseUnits);
  const c = unit?.conversion_unit ?? 1;
  // Decimals follow the unit's scale: 32 mm is 3.2 cm; 1.25 lakhs/cumm is 125000 cells/cumm.
  const scaled = spec.dec + Math.round(Math.log10(c));
  const dec = c < 0.001 || spec.dec < 0 ? scaled : Math.max(scaled, 0);
  const writtenNumber = roundTo(base / c, dec);
  // Rounded to drop float noise (690 ng/L x 0.001 is 0.69, not 0.6900000000000001).
  const planted = roundTo(writtenNumber * c, 9);
  const ref = spec.ref ? formatReference(spec.ref, c, dec, rng) : '';
  // A hospital with a pattern override prints the value its way, e.g. blood pressure as '130/84 mmHg'.
  const paired = attr.patternOverridesForValues.some((o) => o.hospitals.includes(hospitalCode)) && name === 'Systolic Blood Pressure';
  const number = formatNumber(writtenNumber, dec, rng, plain);
  const roman = notation.roman && Number.isInteger(planted) && planted >= 1 ? toRoman(planted) : null;
  const dimensions = notation.dimensions && !roman ? dimensionsText(writtenNumber, dec, notation.dimensions) : null;
  const printed = roman ?? dimensions ?? number + (paired ? `/${rng.int(60, 95)}` : '');
  const [low, high] = spec.ref ?? [null, null];
  const outside = (low !== null && planted < low) || (high !== null && planted > high);
  if (notation.flags && spec.ref && outside) around.flag = notation.flags[low !== null && planted < low ? 0 : 1];
  if (notation.referenceNote && ref) around.referenceNote = notation.referenceNote(ref, unit?.keyword ?? '');
  return {
    written: { attribute: name, label, value: printed, unit: unit?.keyword ?? '', reference: ref, ...around },
    planted: { value: planted, document: doc },
    asDimensions: dimensions !== null,
    asRoman: roman !== null,
  };
}

interface HospitalStyle {
  layout: LayoutStyle;
  date: (d: Date) => string;
  upperTitles: boolean;
}
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad2 = (n: number) => String(n).padStart(2, '0');
function hospitalStyle(index: number): HospitalStyle {
  const faces: FontFace[] = ['sans', 'serif', 'sans', 'mono'];
  const v = index % 4;
  return {
    layout: {
      face: faces[v],
      titleAlign: v % 2 === 0 ? 'center' : 'left',
      headerAlign: v === 1 ? 'left' : 'center',
      labelSeparator: [': ', ' : ', ' - ', ': '][v],
      bodySize: [10.5, 11, 10, 10][v],
    },
    date:
      v % 2 === 0
        ? (d) => `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`
        : (d) => `${pad2(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`,
    upperTitles: v !== 1,
  };
}

function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

function corruptFile(rng: Rng, index: number): GeneratedDocument {
  const kind = rng.int(0, 3);
  const junk = new Uint8Array(rng.int(200, 2000)).map(() => rng.int(0, 255));
  switch (kind) {
    case 0:
      return { fileName: `scan_${index}.pdf`, contentType: 'application/pdf', data: junk };
    case 1: {
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...junk.slice(0, 64)]);
      return { fileName: `IMG_${index}.png`, contentType: 'image/png', data: png };
    }
    case 2:
      return { fileName: `document_${index}.pdf`, contentType: 'application/pdf', data: new Uint8Array(0) };
    default:
      return {
        fileName: `download_${index}.pdf`,
        contentType: 'application/pdf',
        data: new TextEncoder().encode('<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>'),
      };
  }
}

// ---------------------------------------------------------------- classes of hard material

/** Offsets the classes' generator from the claim's own seed. */
const CLASS_SEED_OFFSET = 0x5eed;

/** Sizes a report gives as dimensions ('4.2 x 3.8 cm'); the attribute's value is the largest. */
const DIMENSIONED = ['Fibroid Size', 'Cyst Size', 'Calculus Size'];
/** Numeric grades and scores reports write in Roman numerals ('KL grade III'). */
const ROMAN_GRADED = ['KL Grade', 'ECOG Performance Status'];
/** Attributes a gridded table of each report type holds. */
const TABLED: Record<string, readonly string[]> = { 'Lab Report': LAB, 'Radiology Report': IMAGING };
/** Hospitals without a segregation configuration: a document's type is known there only from its title. */
const UNSEGREGATED = catalog.hospitals
  .filter((h) => !catalog.docgroups.some((g) => g.hospital_id.includes(h.id)))
  .map((h) => h.hospital_code);
/** Documents where a diagnosis is stated, so that stating it is not there reads naturally. */
const NEGATION_DOCS = [
  'Discharge Summary',
  'Radiology Report',
  'Histopathology Report',
  'Pre-Authorization Form',
  'Consultation Notes',
  'Operation Notes',
];
/** Scenarios for claims with classes: each class needs a rule to judge what it hides, and a readable claim. */
const RULED_SCENARIO_WEIGHTS: [Scenario, number][] = [
  ['accept', 0.5],
  ['reject', 0.32],
  ['query-document', 0.18],
];

/** `${type}:${name}` -> the names' other spellings (notation.ts), for every entity, document and attribute that has one. */
const SPELLING_VARIANTS = new Map<string, string[]>(
  [
    ...Object.entries(GROUP_ROWS).flatMap(([group, rows]) => rows.map((r) => [`${group}:${r.name}`, spellingVariants(r)] as const)),
    ...catalog.documents.map((d) => [`document:${d.name}`, spellingVariants(d)] as const),
    ...catalog.clinicalAttributes.map((a) => [`clinicalAttribute:${a.name}`, spellingVariants(a)] as const),
  ].filter(([, variants]) => variants.length > 0),
);

const leavesOf = (rule: CatalogRule): RuleStatement[] => TREES.flatMap((t) => ruleLeaves(rule[t]));
const attributesOf = (rule: CatalogRule | null): string[] =>
  rule ? leavesOf(rule).flatMap((l) => (l.valueToCompare ? [l.valueToCompare.name] : [])) : [];
/** `${type}:${name}` of what the rule looks for that has another spelling. */
function variantKeysOf(rule: CatalogRule): string[] {
  return leavesOf(rule)
    .flatMap((l) => {
      const type = LEAF_GROUP[l.entityName ?? 'clinicalattribute'];
      return (l.valueToCompare ? [l.valueToCompare.name] : (l.valuesToFind ?? [])).map((name) => `${type}:${name}`);
    })
    .filter((key) => SPELLING_VARIANTS.has(key));
}
const isTitleKey = (key: string) => key.startsWith('document:');

/** Whether a claim judged by this rule (null: none) can exercise the class. */
function classFits(c: CorpusClass, rule: CatalogRule | null): boolean {
  const attributes = attributesOf(rule);
  switch (c) {
    case 'gridded-table':
      return attributes.some((a) => LAB.includes(a) || IMAGING.includes(a));
    case 'flag-column':
      return attributes.some((a) => LAB.includes(a));
    case 'date-in-row':
      return attributes.some((a) => attributeByName(a).value_type !== 'Text');
    case 'reference-range':
      return attributes.some((a) => VALUE_SPECS[a]?.ref !== undefined);
    case 'dimensions':
      return attributes.some((a) => DIMENSIONED.includes(a));
    case 'roman-numeral':
      return attributes.some((a) => ROMAN_GRADED.includes(a));
    case 'negation':
      // Two diagnoses at least, so one can be denied while another (or none, when the claim fails) is stated.
      return (
        rule !== null &&
        new Set(
          leavesOf(rule)
            .filter((l) => l.entityName === 'diagnoses')
            .flatMap((l) => l.valuesToFind ?? []),
        ).size >= 2
      );
    case 'spelling-variant':
      return rule !== null && variantKeysOf(rule).length > 0;
    case 'low-title':
    case 'unreadable-scans-only':
    case 'unreadable-scans-mixed':
      return true;
  }
}

/** A scan with nothing to read, as a phone photo, a scanner's image or an image-only PDF. */
async function unreadableScanFile(rng: Rng, index: number): Promise<{ file: GeneratedDocument; kind: UnreadableKind }> {
  const kind = rng.pick(UNREADABLE_KINDS);
  const container = rng.weighted([
    ['png', 0.3],
    ['jpeg', 0.45],
    ['pdf', 0.25],
  ] as const);
  const format = container === 'png' ? 'png' : 'jpeg';
  const image = renderUnreadableScan(kind, { scale: rng.uniform(1.5, 1.9), format, rng });
  const serial = `${rng.int(100, 999)}${index}`;
  const file: GeneratedDocument =
    container === 'pdf'
      ? { fileName: `scanned_page_${serial}.pdf`, contentType: 'application/pdf', data: await renderImagePdf([{ ...image, format }]) }
      : container === 'png'
        ? { fileName: `Scan_${serial}.png`, contentType: 'image/png', data: image.data }
        : { fileName: `IMG-2024${rng.int(1000, 9999)}-WA${serial}.jpg`, contentType: 'image/jpeg', data: image.data };
  return { file, kind };
}

// ---------------------------------------------------------------- the claim

/** The plan and the matcher's reading of the written text, for tests. */
export interface ClaimAudit {
  /** Mention key -> documents the generator placed it in. */
  planned: Map<string, Set<string>>;
  /** Mention key -> documents whose text mentions it (reference matcher), PEDs included. */
  found: Map<string, Set<string>>;
  /** Document type -> the other document types whose names its text contains. */
  foreignDocumentNames: Map<string, string[]>;
  /** Attribute -> documents whose text names it. */
  attributeMentions: Map<string, string[]>;
  facts: ClaimFacts;
  /** Document type -> its text. */
  texts: Map<string, string>;
  /** File name -> the document types it holds, in page order, with their page counts (text PDFs only). */
  fileDocuments: Map<string, { type: string; pages: number }[]>;
  /** Attribute -> how its value was printed. */
  writtenValues: Map<string, WrittenValue & { document: string }>;
  /** Document type -> its laid-out pages (scanned or not). */
  laid: Map<string, LaidPage[]>;
  /** Image file (PNG, JPEG or image-only PDF) -> what it shows. */
  imageFiles: Map<string, ImageContent>;
  /** Mention key -> the documents that say it is not there. */
  negated: Map<string, Set<string>>;
  /** What was written in its other spelling: mentions (key -> the variants used), attribute labels, a title. */
  variants: {
    mentions: Map<string, string[]>;
    labels: Map<string, string>;
    title: { type: string; title: string } | null;
  };
}

/** What an image file shows: a scanned document, or nothing readable. */
export type ImageContent = { document: string } | { unreadable: UnreadableKind };

/** Hard forms a value can be printed in, each the mark of a value class. */
type ValueForm = 'flag' | 'when' | 'reference' | 'dimensions' | 'roman' | 'variant' | 'gridded';

export async function generateClaim(seed: number, options: GenerateOptions = {}): Promise<GeneratedClaim> {
  return (await buildClaim(seed, options)).claim;
}

export async function buildClaim(seed: number, options: GenerateOptions = {}): Promise<{ claim: GeneratedClaim; audit: ClaimAudit }> {
  const draw = drawClaim(seed, options);
  const state = planFacts(draw);
  const placed = placeFacts(draw, state);
  const scans = chooseScans(draw, placed);
  const negations = planNegations(draw, state, placed, scans);
  const variants = planVariants(draw, state, placed, scans, negations);
  const fraud = planFraud(draw, placed);
  const values = printValues(draw, state, placed, scans, variants, fraud);
  const documents = writeDocuments(draw, placed, negations, variants, fraud, values);
  // A scan is of one page: a document laid out on more is sent as text.
  for (const d of [...scans.scanDocs]) if ((documents.laid.get(d)?.length ?? 0) > 1) scans.scanDocs.delete(d);
  const files = await renderFiles(draw, scans, documents);
  const expected = expectVerdict(draw, placed, scans, negations, variants, values, documents, files);
  const planned = new Map<string, Set<string>>();
  for (const [doc, ps] of placed.placements)
    for (const p of ps) planned.set(`${p.group}:${p.name}`, new Set([...(planned.get(`${p.group}:${p.name}`) ?? []), doc]));
  const { rng, caseType, procedureCodes, hospitalCode, organization, patient, scenario } = draw;
  const claim: GeneratedClaim = {
    referenceClaimId: files.referenceClaimId,
    patientName: patient.name,
    caseType,
    procedureCodes,
    hospitalCode,
    organization,
    org: organization,
    deleteAfterVerification: rng.chance(0.1),
    documents: files.files,
    expected: {
      result: expected.result,
      perProcedure: expected.perProcedure,
      ...(expected.reasonIncludes.length ? { reasonIncludes: expected.reasonIncludes } : {}),
      entities: expected.entities,
      perProcedureReasons: expected.perProcedureReasons,
      failedTrees: expected.failedTrees,
      ruleIds: expected.ruleIds,
      scenario,
      fraudMarkers: fraud.fraudMarkers,
      imagePages: files.imagePages,
      unreadableFiles: files.unreadableFiles,
      classes: expected.exercised,
    },
  };
  return {
    claim,
    audit: {
      planned,
      found: expected.found,
      foreignDocumentNames: expected.foreignDocumentNames,
      attributeMentions: expected.attributeMentions,
      facts: expected.facts,
      texts: documents.texts,
      fileDocuments: files.fileDocuments,
      writtenValues: values.writtenValues,
      laid: documents.laid,
      imageFiles: files.imageFiles,
      negated: negations.negated,
      variants: { mentions: variants.variantMentions, labels: variants.variantLabels, title: variants.variantTitle },
    },
  };
}

/** What a claim is about, drawn before anything is planned: organisation, scenario, classes, procedures, hospital, patient. */
interface ClaimDraw {
  seed: number;
  options: GenerateOptions;
  rng: Rng;
  /** The classes draw from a generator of their own, so a plain claim comes out exactly as it did before classes. */
  classRng: Rng;
  organization: string;
  scenario: Scenario;
  /** The classes the claim exercises. */
  active: readonly CorpusClass[];
  has: (c: CorpusClass) => boolean;
  caseType: CaseType;
  procedureCodes: string[];
  profile: ProcedureProfile;
  hospitalCode: string;
  hospital: (typeof catalog.hospitals)[number];
  style: HospitalStyle;
  patient: { name: string; age: number; gender: 'Male' | 'Female' };
  /** Each procedure's rule (null: no protocol configured). */
  rules: (CatalogRule | null)[];
}

function drawClaim(seed: number, options: GenerateOptions): ClaimDraw {
  const rng = new Rng(seed);
  const classRng = new Rng(seed + CLASS_SEED_OFFSET);
  const requested = options.classes ?? [];
  const unreadableOnly = requested.includes('unreadable-scans-only');
  if (unreadableOnly && options.scenario && options.scenario !== 'suspended')
    throw new Error(`The class unreadable-scans-only makes a suspended claim, not '${options.scenario}'`);
  const organization = options.organization ?? rng.weighted(ORG_WEIGHTS);
  let scenario = options.scenario ?? rng.weighted(SCENARIO_WEIGHTS);
  if (unreadableOnly) scenario = 'suspended';
  else if (requested.length && !options.scenario && (scenario === 'suspended' || scenario === 'no-protocol'))
    scenario = classRng.weighted(RULED_SCENARIO_WEIGHTS);
  // The classes the claim exercises: a claim of unreadable scans can carry no other.
  let active: CorpusClass[] = unreadableOnly ? ['unreadable-scans-only'] : [...requested];
  let caseType: CaseType = options.caseType ?? (rng.chance(0.6) ? 'SETTLEMENT' : 'PRE_AUTH');
  const codes = catalog.procedures.map((p) => p.procedure_code);
  const hasRule = (code: string, ct: CaseType) => resolveRule(catalog.rules, organization, code, ct) !== null;
  const fitsClasses = (code: string, ct: CaseType, classes: readonly CorpusClass[]) =>
    classes.every((c) => classFits(c, resolveRule(catalog.rules, organization, code, ct)));

  let procedureCodes = options.procedureCodes;
  if (!procedureCodes) {
    const wantRule = scenario !== 'no-protocol' && scenario !== 'suspended' ? true : scenario === 'no-protocol' ? false : null;
    const fits = (ct: CaseType, classes: readonly CorpusClass[]) =>
      codes.filter((c) => (wantRule === null || hasRule(c, ct) === wantRule) && fitsClasses(c, ct, classes));
    const other = (ct: CaseType): CaseType => (ct === 'SETTLEMENT' ? 'PRE_AUTH' : 'SETTLEMENT');
    // Classes no procedure can carry for this organisation (in either case type, unless it was given) are dropped, the last first.
    while (active.length && !fits(caseType, active).length && (options.caseType || !fits(other(caseType), active).length)) active.pop();
    if (!options.caseType && fits(caseType, active).length === 0) caseType = other(caseType);
    const pool = fits(caseType, active).length ? fits(caseType, active) : codes;
    // Spelling variants of entities and values are rarer than of titles: prefer procedures whose rules have some.
    const entityVariants = active.includes('spelling-variant')
      ? pool.filter((c) => {
          const rule = resolveRule(catalog.rules, organization, c, caseType);
          return rule !== null && variantKeysOf(rule).some((k) => !isTitleKey(k));
        })
      : [];
    const primary = rng.pick(entityVariants.length && classRng.chance(0.75) ? entityVariants : pool);
    procedureCodes = [primary];
    const pair = PAIRS.find(([a]) => a === primary);
    if (pair && rng.chance(0.35)) procedureCodes.push(pair[1]);
  } else {
    const given = procedureCodes[0];
    active = active.filter((c) => fitsClasses(given, caseType, [c]));
  }
  const primary = procedureCodes[0];
  const profile = PROFILES[primary];
  let hospitalCode: string;
  if (options.hospitalCode) hospitalCode = options.hospitalCode;
  else if (active.includes('low-title')) {
    // Low titles matter where only the title tells a document's type: a hospital without a segregation configuration.
    const own = profile.hospitals.filter((h) => UNSEGREGATED.includes(h));
    hospitalCode = classRng.pick(own.length && classRng.chance(0.75) ? own : UNSEGREGATED);
  } else hospitalCode = rng.chance(0.75) ? rng.pick(profile.hospitals) : rng.pick(catalog.hospitals).hospital_code;
  if (!UNSEGREGATED.includes(hospitalCode)) active = active.filter((c) => c !== 'low-title');
  const has = (c: CorpusClass) => active.includes(c);
  const hospitalIndex = catalog.hospitals.findIndex((h) => h.hospital_code === hospitalCode);
  const hospital = catalog.hospitals[hospitalIndex];
  if (!hospital) throw new Error(`Unknown hospital ${hospitalCode}`);
  const style = hospitalStyle(hospitalIndex);
  const secondaryGender = procedureCodes.map((c) => PROFILES[c].gender).find(Boolean);
  const gender = profile.gender ?? secondaryGender ?? (rng.chance(0.5) ? 'Male' : 'Female');
  const patient = { name: `${rng.pick(FIRST_NAMES[gender])} ${rng.pick(SURNAMES)}`, age: rng.int(...profile.age), gender } as const;
  const rules = procedureCodes.map((c) => resolveRule(catalog.rules, organization, c, caseType));
  return {
    seed,
    options,
    rng,
    classRng,
    organization,
    scenario,
    active,
    has,
    caseType,
    procedureCodes,
    profile,
    hospitalCode,
    hospital,
    style,
    patient,
    rules,
  };
}

/** The facts procedure by procedure, against each rule and the claim's scenario. */
function planFacts({ rng, classRng, scenario, has, caseType, procedureCodes, rules }: ClaimDraw): PlanState {
  const state = new PlanState();
  procedureCodes.forEach((code, i) => {
    const rule = rules[i];
    if (scenario === 'suspended' || !rule) {
      planUnconfiguredOrSuspended(code, rule);
      return;
    }
    const protectedDocs = new Set(TREES.flatMap((t) => ruleLeaves(rule[t])).flatMap((l) => l.documentInclusionList ?? []));
    // A claim missing a document keeps the report its gridded table is printed in.
    if (has('gridded-table')) for (const d of Object.keys(TABLED)) protectedDocs.add(d);
    const ctx: PlanContext = { state, rng, rule, caseType, protectedDocs };
    const own: Scenario = i === 0 ? scenario : rng.chance(0.75) ? 'accept' : 'reject';
    planProcedure(rule, own, ctx);
  });
  function planUnconfiguredOrSuspended(code: string, rule: CatalogRule | null): void {
    if (rule) {
      const ctx: PlanContext = { state, rng, rule, caseType, protectedDocs: new Set() };
      planProcedure(rule, 'accept', ctx);
    } else planUnconfigured(code, { state, rng, caseType, protectedDocs: new Set() });
  }

  // A flag needs an abnormal lab value and a Roman numeral a grade of one or more: draw such a value where the rules allow it.
  for (const [name, a] of state.attributes) {
    const spec = VALUE_SPECS[name];
    if (a.absent || typeof a.value !== 'number' || !spec) continue;
    const [low, high] = spec.ref ?? [null, null];
    const shows =
      has('flag-column') && LAB.includes(name)
        ? (v: number) => (low !== null && v < low) || (high !== null && v > high)
        : has('roman-numeral') && ROMAN_GRADED.includes(name)
          ? (v: number) => v >= 1
          : null;
    if (!shows || shows(a.value)) continue;
    for (let i = 0; i < 400; i++) {
      const v = sampleBase(spec, classRng);
      if (shows(v) && a.constraints.every((c) => meetsClearly(c.leaf, v, c.want, spec.dec))) {
        a.value = v;
        break;
      }
    }
  }
  return state;
}

/** Which documents exist, and where each planted fact and value is written. */
interface Placed {
  docs: Set<string>;
  placements: Map<string, Placement[]>;
  /** The documents a mention key was placed in. */
  placedIn: (key: string) => string[];
  /** Attributes some leaf of the claim's rules reads. */
  referenced: Set<string>;
  /** Attribute -> the document its value is written in. */
  attributeDoc: Map<string, string>;
}

function placeFacts({ rng, has, caseType, rules }: ClaimDraw, state: PlanState): Placed {
  // Which documents exist, and where each planted fact is written.
  const docs = new Set<string>();
  const addDoc = (d: string) => {
    if (!state.forbiddenDocs.has(d)) docs.add(d);
  };
  state.requiredDocs.forEach(addDoc);
  BASELINE_DOCS[caseType].forEach(addDoc);
  const placements = new Map<string, Placement[]>();
  const place = (doc: string, p: Placement) => {
    addDoc(doc);
    if (!docs.has(doc)) return;
    const list = placements.get(doc) ?? [];
    if (!list.some((x) => x.group === p.group && x.name === p.name)) list.push(p);
    placements.set(doc, list);
  };
  const placedIn = (key: string) =>
    [...placements].filter(([, ps]) => ps.some((p) => mentionKey(p.group as MentionGroup, p.name) === key)).map(([d]) => d);
  for (const [key, reqs] of state.needs) {
    const group = key.slice(0, key.indexOf(':')) as MentionGroup;
    const name = key.slice(key.indexOf(':') + 1);
    const only = state.onlyIn.get(key);
    if (only) {
      for (const d of only) place(d, { group, name });
      continue;
    }
    for (const req of reqs) {
      if (placedIn(key).some((d) => meets(d, req))) continue;
      const preferred = group === 'evidence' && EVIDENCE_DOCS[name] && rng.chance(0.6) ? [EVIDENCE_DOCS[name]] : [];
      const natural = req.in ?? [...preferred, ...NATURAL_DOCS[caseType][group], ...GENERIC_DOCS[caseType]];
      const candidates = natural.filter((d) => meets(d, req) && !state.forbiddenDocs.has(d));
      if (!candidates.length) continue;
      const existing = candidates.filter((d) => docs.has(d));
      const doc =
        preferred.length && candidates.includes(preferred[0])
          ? preferred[0]
          : existing.length && rng.chance(0.7)
            ? existing[0]
            : candidates[0];
      place(doc, { group, name });
    }
    // A second mention elsewhere, as real papers repeat the diagnosis and the procedure.
    if ((group === 'diagnoses' || group === 'procedures') && rng.chance(0.4)) {
      const more = NATURAL_DOCS[caseType][group].filter((d) => docs.has(d) && !placedIn(key).includes(d));
      if (more.length) place(rng.pick(more), { group, name });
    }
  }

  const referenced = new Set(
    rules
      .flatMap((r) => (r ? TREES.flatMap((t) => ruleLeaves(r[t])) : []))
      .flatMap((l) => (l.valueToCompare ? [l.valueToCompare.name] : (l.valuesToFind ?? []))),
  );
  const clinicalExcluded = new Set(rules.flatMap((r) => (r ? r.fk_clinical_exc_document.map(docName) : [])));
  const attributeDoc = new Map<string, string>();
  const attributeHome = (name: string): string | null => {
    const natural = attributeDocs(name, caseType).filter((d) => !state.forbiddenDocs.has(d) && !clinicalExcluded.has(d));
    const fallback = GENERIC_DOCS[caseType].filter((d) => !state.forbiddenDocs.has(d) && !clinicalExcluded.has(d));
    // A gridded table needs the values it holds: lab and imaging values stay in their report.
    const keepsNatural = has('gridded-table') && (LAB.includes(name) || IMAGING.includes(name));
    const options = natural.length && (rng.chance(0.8) || keepsNatural) ? natural : fallback.length ? fallback : natural;
    if (!options.length) return null;
    const existing = options.filter((d) => docs.has(d));
    return existing.length ? existing[0] : options[0];
  };
  for (const [name, a] of state.attributes) {
    if (a.absent || a.value === undefined) continue;
    const home = attributeHome(name);
    if (home) {
      addDoc(home);
      attributeDoc.set(name, home);
    }
  }
  // Referenced attributes no leaf constrained may still be written (they cannot change a verdict); a claim whose
  // classes print values in hard forms writes them all, so there are more values to print so.
  const valueClasses = (['flag-column', 'date-in-row', 'reference-range', 'dimensions', 'roman-numeral'] as const).some(has);
  for (const name of referenced) {
    const a = state.attributes.get(name);
    const attr = catalog.clinicalAttributes.find((x) => x.name === name);
    if (!attr || a || !(rng.chance(0.35) || valueClasses)) continue;
    const value =
      attr.value_type === 'Text'
        ? rng.pick(attr.text_possible_values).text_value
        : VALUE_SPECS[name]
          ? sampleBase(VALUE_SPECS[name], rng)
          : undefined;
    const home = value === undefined ? null : attributeHome(name);
    if (home && value !== undefined) {
      state.attribute(name).value = value;
      addDoc(home);
      attributeDoc.set(name, home);
    }
  }
  for (const [d, p] of EXTRA_DOCS[caseType]) if (rng.chance(p)) addDoc(d);
  // Filler attributes the claim's rules do not use.
  const unusedLab = LAB.filter((n) => !referenced.has(n));
  if (docs.has('Lab Report')) {
    for (const n of rng.sample(unusedLab, rng.int(1, 3))) {
      const spec = VALUE_SPECS[n];
      // Fillers stay in the normal range: a stray abnormal value would make an odd claim.
      const [low, high] = spec.ref ?? [null, null];
      state.attribute(n).value = sampleBase({ ...spec, lo: Math.max(spec.lo, low ?? spec.lo), hi: high ?? spec.hi }, rng);
      attributeDoc.set(n, 'Lab Report');
    }
  }
  const vitalsDoc = GENERIC_DOCS[caseType].find((d) => docs.has(d));
  if (vitalsDoc && !referenced.has('Systolic Blood Pressure') && rng.chance(0.6)) {
    state.attribute('Systolic Blood Pressure').value = sampleBase(VALUE_SPECS['Systolic Blood Pressure'], rng);
    attributeDoc.set('Systolic Blood Pressure', vitalsDoc);
  }
  // Pre-existing diseases and drugs the rules do not ask for.
  if (vitalsDoc && rng.chance(0.4)) {
    for (const ped of rng.sample(catalog.preExistingDiseases, rng.int(1, 2))) place(vitalsDoc, { group: 'ped', name: ped.name });
  }
  const drugDocs = NATURAL_DOCS[caseType].drug.filter((d) => docs.has(d));
  if (drugDocs.length && rng.chance(0.5)) {
    const unused = catalog.drugs.filter(
      (d) => COMMON_DRUGS.includes(d.name) && !referenced.has(d.name) && !state.forbidden.has(mentionKey('drug', d.name)),
    );
    for (const d of rng.sample(unused, rng.int(1, 2))) place(rng.pick(drugDocs), { group: 'drug', name: d.name });
  }
  return { docs, placements, placedIn, referenced, attributeDoc };
}

/** Which documents are scanned, and the gridded table's report. */
interface Scans {
  scanDocs: Set<string>;
  griddedDoc: string | null;
  /** Mention keys placed in some document. */
  placedKeys: Set<string>;
}

/** Scanned pages: decided before values are printed, so scans carry plain base units. */
function chooseScans({ rng, classRng, has, options }: ClaimDraw, { docs, placements, attributeDoc, referenced }: Placed): Scans {
  const imageBudget = Math.max(
    0,
    Math.min(
      2,
      options.imagePages ??
        rng.weighted([
          [0, 0.78],
          [1, 0.19],
          [2, 0.03],
        ]),
    ),
  );
  // Scans go mostly to papers that carry facts, so reading them matters.
  const scannable = [...docs].filter((d) => SCANNABLE.includes(d));
  const informative = scannable.filter((d) => placements.has(d) || [...attributeDoc.values()].includes(d));
  const scanDocs = new Set(rng.sample(informative.length && rng.chance(0.8) ? informative : scannable, imageBudget));

  // The gridded table: a lab or radiology report holding values the rules read, scanned.
  const tableDocs = Object.keys(TABLED).filter(
    (d) => docs.has(d) && [...attributeDoc].some(([name, home]) => home === d && referenced.has(name) && TABLED[d].includes(name)),
  );
  const griddedDoc = has('gridded-table') && tableDocs.length ? classRng.pick(tableDocs) : null;
  if (griddedDoc) scanDocs.add(griddedDoc);
  const placedKeys = new Set([...placements.values()].flat().map((p) => `${p.group}:${p.name}`));
  return { scanDocs, griddedDoc, placedKeys };
}

interface Negations {
  /** Document -> the sentences saying a diagnosis is absent. */
  negations: Map<string, string[]>;
  /** Mention key -> the documents that say it is not there. */
  negated: Map<string, Set<string>>;
}

function planNegations({ classRng, has, rules }: ClaimDraw, state: PlanState, { docs }: Placed, { placedKeys }: Scans): Negations {
  // Negations: a diagnosis the rules look for and the claim does not have, stated as absent where a leaf would
  // look for it. Denied diagnoses the claim must not have (its failing tree) come first: misread, they flip the verdict.
  const negations = new Map<string, string[]>();
  const negated = new Map<string, Set<string>>();
  if (has('negation')) {
    const candidates: { key: string; name: string; where: string[]; denied: boolean }[] = [];
    for (const rule of rules) {
      if (!rule) continue;
      for (const leaf of leavesOf(rule).filter((l) => l.entityName === 'diagnoses')) {
        const req: Requirement = {
          ...(leaf.documentInclusionList?.length ? { in: [...leaf.documentInclusionList] } : {}),
          notIn: [...(leaf.documentExclusionList ?? []), ...defaultExcluded(rule)],
        };
        for (const name of leaf.valuesToFind ?? []) {
          const key = mentionKey('diagnoses', name);
          if (placedKeys.has(key) || state.needs.has(key) || candidates.some((c) => c.key === key)) continue;
          const where = NEGATION_DOCS.filter((d) => docs.has(d) && meets(d, req));
          if (where.length) candidates.push({ key, name, where, denied: state.forbidden.has(key) });
        }
      }
    }
    const ordered = [...classRng.shuffle(candidates.filter((c) => c.denied)), ...classRng.shuffle(candidates.filter((c) => !c.denied))];
    for (const c of ordered.slice(0, classRng.int(1, 2))) {
      const doc = classRng.pick(c.where);
      const phrase = surface(catalog.diagnoses.find((d) => d.name === c.name)!, classRng);
      negations.set(doc, [...(negations.get(doc) ?? []), negatedMention(phrase, doc, classRng)]);
      negated.set(c.key, new Set([...(negated.get(c.key) ?? []), doc]));
    }
  }
  return { negations, negated };
}

interface Variants {
  docgroup: (typeof catalog.docgroups)[number] | undefined;
  variantMentions: Map<string, string[]>;
  variantLabels: Map<string, string>;
  variantTitle: { type: string; title: string } | null;
}

function planVariants(
  { classRng, has, hospital, rules }: ClaimDraw,
  state: PlanState,
  { docs, attributeDoc }: Placed,
  { placedKeys }: Scans,
  { negated }: Negations,
): Variants {
  // Spelling variants: one or two things the rules look for written only in their other spelling, or a title.
  const docgroup = catalog.docgroups.find((g) => g.hospital_id.includes(hospital.id));
  const variantMentions = new Map<string, string[]>();
  const variantLabels = new Map<string, string>();
  let variantTitle: { type: string; title: string } | null = null;
  if (has('spelling-variant')) {
    const keys = [...new Set(rules.flatMap((r) => (r ? variantKeysOf(r) : [])))];
    const nameOf = (key: string) => key.slice(key.indexOf(':') + 1);
    const printed = (name: string) => {
      const home = attributeDoc.get(name);
      return home !== undefined && docs.has(home) && state.attributes.get(name)?.value !== undefined;
    };
    const inText = keys.filter((k) =>
      k.startsWith('clinicalAttribute:') ? printed(nameOf(k)) : !isTitleKey(k) && placedKeys.has(k) && !negated.has(k),
    );
    // A segregation configuration names its titles exactly; only other titles vary.
    const titles = keys.filter((k) => isTitleKey(k) && docs.has(nameOf(k)) && !docgroup?.docgroupConfig_id[nameOf(k)]);
    for (const key of classRng.sample(inText, classRng.int(1, 2))) {
      if (key.startsWith('clinicalAttribute:')) variantLabels.set(nameOf(key), classRng.pick(SPELLING_VARIANTS.get(key)!));
      else variantMentions.set(key, SPELLING_VARIANTS.get(key)!);
    }
    const titleKey =
      titles.length && (!variantMentions.size && !variantLabels.size ? true : classRng.chance(0.3)) ? classRng.pick(titles) : null;
    if (titleKey) variantTitle = { type: nameOf(titleKey), title: classRng.pick(SPELLING_VARIANTS.get(titleKey)!) };
  }
  return { docgroup, variantMentions, variantLabels, variantTitle };
}

/** The stay's dates, and the fraud markers written into a document. */
interface Fraud {
  dates: { admission: Date; discharge: Date; stay: number };
  fraudLines: Map<string, string[]>;
  fraudStamps: Map<string, string>;
  fraudMarkers: string[];
}

function planFraud({ rng, scenario, options, profile, style }: ClaimDraw, { docs }: Placed): Fraud {
  // Fraud markers.
  const fraud = scenario !== 'suspended' && (options.fraud ?? rng.chance(0.08));
  const fraudLines = new Map<string, string[]>();
  const fraudStamps = new Map<string, string>();
  const fraudMarkers: string[] = [];
  const dates = (() => {
    const start = Date.UTC(2024, 0, 1) + rng.int(0, 330) * 86400000;
    const stay = rng.int(...profile.stay);
    return { admission: new Date(start), discharge: new Date(start + stay * 86400000), stay };
  })();
  if (fraud) {
    const marker = rng.pick(FRAUD_MARKERS);
    const target = rng.pick([...docs]);
    fraudMarkers.push(marker.name);
    const d = style.date(dates.discharge);
    const lines: Record<string, string> = {
      'Tampered document': `Verifier remark: the amount column appears ${glue('tampered')}.`,
      'Overwritten date': `Date of discharge ${d} is ${glue('overwritten')} in ink.`,
      'Correction fluid': `${glue('Correction fluid')} used over the date entries.`,
    };
    if (marker.name === 'Duplicate copy') fraudStamps.set(target, 'DUPLICATE COPY');
    else fraudLines.set(target, [lines[marker.name]]);
  }
  return { dates, fraudLines, fraudStamps, fraudMarkers };
}

/** The values as printed, with the tables they are printed in. */
interface PrintedValues {
  labStacked: boolean;
  labTable: LabTableLayout;
  radiologyTable: RadiologyTableLayout | null;
  /** Document -> the values written in it. */
  written: Map<string, WrittenValue[]>;
  writtenValues: Map<string, WrittenValue & { document: string }>;
  planted: Map<string, PlantedValue>;
  /** Attribute -> the hard forms its value was printed in (for the classes' targets). */
  valueForms: Map<string, Set<ValueForm>>;
}

function printValues(
  { rng, classRng, active, has, hospitalCode }: ClaimDraw,
  state: PlanState,
  { docs, referenced, attributeDoc }: Placed,
  { scanDocs, griddedDoc }: Scans,
  { variantLabels }: Variants,
  { dates }: Fraud,
): PrintedValues {
  // How the classes print values: the lab and radiology tables' columns, flags, dates, ranges, dimensions, numerals.
  const stayDay = (): StayDay => {
    const day = classRng.int(1, dates.stay + 1);
    return { date: new Date(dates.admission.getTime() + (day - 1) * 86400000), day };
  };
  const labStacked = hospitalCode === 'HOSP006' && griddedDoc !== 'Lab Report';
  const tableClasses = has('gridded-table') || has('flag-column') || has('date-in-row') || has('reference-range');
  const labTable: LabTableLayout =
    tableClasses && docs.has('Lab Report')
      ? drawLabTable(
          { grid: griddedDoc === 'Lab Report', date: has('date-in-row'), flag: has('flag-column'), referenceFirst: has('reference-range') },
          sampleTime(stayDay(), classRng),
          classRng,
        )
      : PLAIN_LAB_TABLE;
  const radiologyTable: RadiologyTableLayout | null =
    griddedDoc === 'Radiology Report' ? drawRadiologyTable(has('reference-range'), classRng) : null;
  const flags = has('flag-column') ? classRng.pick(FLAG_STYLES) : null;
  const referenceNote = has('reference-range') ? classRng.pick(REFERENCE_NOTES) : null;
  const separator = has('dimensions') ? classRng.pick([' x ', 'x', ' X ', ' * ']) : ' x ';
  /** Whether the document prints its values in a table whose columns place dates and ranges (not sentences). */
  const tabled = (doc: string) => doc === 'Lab Report' || (radiologyTable !== null && doc === 'Radiology Report');
  const notationFor = (name: string, doc: string): ValueNotation => {
    if (!active.length) return PLAIN_NOTATION;
    const read = referenced.has(name);
    const numeric = attributeByName(name).value_type !== 'Text';
    const dimensions = has('dimensions') && read && DIMENSIONED.includes(name);
    const count = dimensions && classRng.chance(0.3) ? 3 : 2;
    return {
      flags: flags && LAB.includes(name) ? flags : null,
      when: has('date-in-row') && read && numeric ? (doc === 'Lab Report' ? labTable.sampled : dateBesideValue(stayDay(), classRng)) : '',
      referenceNote: referenceNote && read && !tabled(doc) ? referenceNote : null,
      dimensions: dimensions
        ? {
            separator,
            shares: Array.from({ length: count - 1 }, () => classRng.uniform(0.5, 0.92)),
            // Mostly the largest first, as reports write them; sometimes not, so the largest is not just the first.
            largestAt: classRng.chance(0.7) ? 0 : classRng.int(1, count - 1),
          }
        : null,
      roman: has('roman-numeral') && read && ROMAN_GRADED.includes(name),
      label: variantLabels.get(name) ?? null,
    };
  };
  // Print the values.
  const written = new Map<string, WrittenValue[]>();
  const writtenValues = new Map<string, WrittenValue & { document: string }>();
  const planted = new Map<string, PlantedValue>();
  /** Attribute -> the hard forms its value was printed in (for the classes' targets). */
  const valueForms = new Map<string, Set<ValueForm>>();
  for (const [name, doc] of attributeDoc) {
    const value = state.attributes.get(name)?.value;
    if (value === undefined || !docs.has(doc)) continue;
    const notation = notationFor(name, doc);
    const w = writeAttribute(name, value, doc, rng, scanDocs.has(doc), hospitalCode, notation);
    written.set(doc, [...(written.get(doc) ?? []), w.written]);
    writtenValues.set(name, { ...w.written, document: doc });
    planted.set(name, w.planted);
    const rangeFirst =
      w.written.referenceNote !== '' ||
      (w.written.reference !== '' &&
        ((doc === 'Lab Report' && labTable.referenceFirst) || (doc === 'Radiology Report' && radiologyTable?.normalHeader != null)));
    const forms: [ValueForm, boolean][] = [
      ['flag', w.written.flag !== ''],
      ['when', w.written.when !== ''],
      ['reference', rangeFirst],
      ['dimensions', w.asDimensions],
      ['roman', w.asRoman],
      ['variant', notation.label !== null],
      ['gridded', doc === griddedDoc],
    ];
    valueForms.set(name, new Set(forms.filter(([, on]) => on).map(([f]) => f)));
  }
  return { labStacked, labTable, radiologyTable, written, writtenValues, planted, valueForms };
}

/** The documents laid out in pages, with their text. */
interface WrittenDocuments {
  ordered: string[];
  letterhead: Letterhead | null;
  laid: Map<string, LaidPage[]>;
  texts: Map<string, string>;
}

function writeDocuments(
  draw: ClaimDraw,
  { docs, placements }: Placed,
  { negations }: Negations,
  { docgroup, variantMentions, variantTitle }: Variants,
  { dates, fraudLines, fraudStamps }: Fraud,
  { labStacked, labTable, radiologyTable, written }: PrintedValues,
): WrittenDocuments {
  const { rng, classRng, has, caseType, procedureCodes, organization, hospital, hospitalCode, style, patient, profile } = draw;
  const primary = procedureCodes[0];
  // The claim's setting and the documents' text.
  const group = catalog.procedureGroups.find((g) => g.id === procedureByCode(primary).fk_procedure_group)!;
  const insurerLabel = organization.includes('demo')
    ? 'Vitraya Demo'
    : (INSURERS.find((i) => i.code === organization)?.label ?? organization);
  const setting: ClaimSetting = {
    rng,
    caseType,
    patient,
    hospitalName: hospital.name,
    insurerLabel,
    department: group.name,
    doctor: rng.pick(DEPARTMENT_DOCTORS[group.name]),
    uhid: `UH${rng.int(100000, 999999)}`,
    ipNumber: `IP/${24}/${rng.int(10000, 99999)}`,
    policyNumber: `P/${rng.int(100000, 999999)}/01/2024/${rng.int(1000, 9999)}`,
    admission: style.date(dates.admission),
    discharge: style.date(dates.discharge),
    stay: dates.stay,
    complaint: profile.complaint,
    medical: procedureCodes.every((c) => PROFILES[c].medical),
    unlistedDiagnosis: UNLISTED[group.id][0],
    unlistedTreatment: UNLISTED[group.id][1],
    fillerLabRows: rng.sample(FILLER_LAB_ROWS, rng.int(2, 4)),
    amounts: { total: rng.int(25, 400) * 1000 },
    endLine: (type) => DOCUMENT_END_LINES[type] ?? null,
    labStacked,
    labTable,
    radiologyTable,
  };
  const header = [
    hospital.name.toUpperCase(),
    `${rng.int(1, 250)}, Main Road, ${hospital.name.split(', ')[1] ?? 'India'} | Phone: 0${rng.int(20, 99)}-${rng.int(2000, 9999)} ${rng.int(1000, 9999)} | NABH Accredited`,
  ];
  const titleFor = (type: string): string => {
    if (variantTitle?.type === type) return style.upperTitles ? variantTitle.title.toUpperCase() : variantTitle.title;
    const configured = docgroup?.docgroupConfig_id[type]?.begin_alias.map((a) => a[0]);
    const row = catalog.documents.find((d) => d.name === type)!;
    const title = configured?.length
      ? rng.pick(configured)
      : rng.chance(0.4)
        ? row.name
        : rng.pick(row.alias.length ? row.alias : [row.name]);
    return style.upperTitles ? title.toUpperCase() : title;
  };
  const ordered = [...docs].sort((a, b) => docOrder(a) - docOrder(b));
  // The hospital's tall stationery, the same on every document of the claim.
  const letterhead: Letterhead | null = has('low-title') ? drawLetterhead(hospitalCode, classRng) : null;
  const laid = new Map<string, LaidPage[]>();
  const texts = new Map<string, string>();
  for (const type of ordered) {
    const ps = placements.get(type) ?? [];
    const names = (g: Placement['group']) =>
      ps
        .filter((p) => p.group === g)
        .map((p) => {
          const variants = variantMentions.get(`${p.group}:${p.name}`);
          return variants ? glue(classRng.pick(variants)) : surface(MATCH_GROUPS[g].find((e) => e.name === p.name)!, rng);
        });
    const content: DocumentContent = {
      type,
      procedures: names('procedures'),
      diagnoses: names('diagnoses'),
      evidence: names('evidence'),
      drugs: names('drug'),
      tissues: names('tissue'),
      preExisting: names('ped'),
      values: written.get(type) ?? [],
      negations: negations.get(type) ?? [],
      fraudLines: fraudLines.get(type) ?? [],
      stamp: fraudStamps.get(type) ?? null,
    };
    const title = titleFor(type);
    const pages = layoutDocument(
      documentBlocks(content, setting),
      style.layout,
      {
        header,
        ...(letterhead ? { letterhead } : {}),
        continuedTitle: `${title} (contd.)`,
        footer: (page, total) => `Page ${page} of ${total}   |   ${patient.name}   |   ${setting.uhid}`,
      },
      title,
    );
    laid.set(type, pages);
    texts.set(type, pages.map(pageText).join('\n'));
  }
  return { ordered, letterhead, laid, texts };
}

interface RenderedFiles {
  referenceClaimId: string;
  files: GeneratedDocument[];
  fileDocuments: Map<string, { type: string; pages: number }[]>;
  unreadableFiles: string[];
  imageFiles: Map<string, ImageContent>;
  imagePages: number;
}

async function renderFiles(
  { seed, options, rng, classRng, has, scenario, organization }: ClaimDraw,
  { scanDocs }: Scans,
  { ordered, laid }: WrittenDocuments,
): Promise<RenderedFiles> {
  // Files.
  const files: GeneratedDocument[] = [];
  const fileDocuments = new Map<string, { type: string; pages: number }[]>();
  const unreadableFiles: string[] = [];
  const imageFiles = new Map<string, ImageContent>();
  let imagePages = 0;
  const referencePart = String(seed).padStart(6, '0');
  const referenceClaimId = `${REF_PREFIX[organization] ?? 'CL'}${referencePart}${rng.int(10, 99)}`;
  const addUnreadableScans = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const { file, kind } = await unreadableScanFile(classRng, files.length + 1);
      files.push(file);
      unreadableFiles.push(file.fileName);
      imageFiles.set(file.fileName, { unreadable: kind });
      imagePages += 1;
    }
  };
  if (scenario === 'suspended' && has('unreadable-scans-only')) await addUnreadableScans(classRng.int(1, 2));
  else if (scenario === 'suspended') {
    for (let i = 0, n = rng.int(1, 2); i < n; i++) {
      const f = corruptFile(rng, i + 1);
      files.push(f);
      unreadableFiles.push(f.fileName);
    }
  } else {
    const textDocs = ordered.filter((d) => !scanDocs.has(d));
    const mode = rng.weighted([
      ['separate', 0.5],
      ['merged', 0.3],
      ['grouped', 0.2],
    ] as const);
    const groups: string[][] =
      mode === 'merged'
        ? [textDocs]
        : mode === 'separate'
          ? textDocs.map((d) => [d])
          : splitInto(textDocs, Math.min(textDocs.length, rng.int(2, 3)));
    for (const g of groups.filter((x) => x.length)) {
      const pages = g.flatMap((d) => laid.get(d)!);
      const fileName =
        g.length === 1 ? `${slug(g[0])}_${rng.int(100, 999)}.pdf` : `${slug(referenceClaimId)}_documents_${files.length + 1}.pdf`;
      files.push({ fileName, contentType: 'application/pdf', data: await renderTextPdf(pages, g.join(', ')) });
      fileDocuments.set(
        fileName,
        g.map((type) => ({ type, pages: laid.get(type)!.length })),
      );
    }
    for (const d of ordered.filter((x) => scanDocs.has(x))) {
      const pages = laid.get(d)!;
      const kind = rng.weighted([
        ['png', 0.35],
        ['jpeg', 0.35],
        ['pdf', 0.3],
      ] as const);
      const format = kind === 'png' ? 'png' : 'jpeg';
      const images = pages.map((p) => ({ ...renderScan(p, { scale: 1.9, format, tilt: rng.uniform(-0.9, 0.9), rng }), format }) as const);
      imagePages += images.length;
      if (kind === 'pdf') {
        const fileName = `scan_${slug(d)}_${rng.int(100, 999)}.pdf`;
        files.push({ fileName, contentType: 'application/pdf', data: await renderImagePdf(images) });
        imageFiles.set(fileName, { document: d });
      } else
        images.forEach((img, i) => {
          const fileName = `IMG_2024${rng.int(1000, 9999)}_${i + 1}.${kind === 'png' ? 'png' : 'jpg'}`;
          files.push({ fileName, contentType: kind === 'png' ? 'image/png' : 'image/jpeg', data: img.data });
          imageFiles.set(fileName, { document: d });
        });
    }
    if (options.corruptExtra ?? rng.chance(0.07)) {
      const f = corruptFile(rng, files.length + 1);
      files.push(f);
      unreadableFiles.push(f.fileName);
    }
    if (has('unreadable-scans-mixed')) await addUnreadableScans(classRng.chance(0.2) ? 2 : 1);
    // Uploads arrive in no particular order.
    const shuffled = rng.shuffle(files);
    files.length = 0;
    files.push(...shuffled);
  }
  return { referenceClaimId, files, fileDocuments, unreadableFiles, imageFiles, imagePages };
}

/** What the readable documents contain, read back from their text, the verdict the oracle expects, and the classes exercised. */
interface Expected {
  found: Map<string, Set<string>>;
  foreignDocumentNames: Map<string, string[]>;
  attributeMentions: Map<string, string[]>;
  facts: ClaimFacts;
  result: AdjudicationResult;
  perProcedure: Record<string, AdjudicationResult>;
  reasonIncludes: string[];
  perProcedureReasons: Record<string, string[]>;
  failedTrees: Record<string, RuleTreeName[]>;
  ruleIds: Record<string, number | null>;
  entities: ExpectedEntity[];
  exercised: ExercisedClass[];
}

function expectVerdict(
  { has, scenario, caseType, procedureCodes, rules }: ClaimDraw,
  { docs, placedIn }: Placed,
  { scanDocs, griddedDoc }: Scans,
  { negated }: Negations,
  { variantMentions, variantTitle }: Variants,
  { planted, valueForms }: PrintedValues,
  { texts, letterhead }: WrittenDocuments,
  { imageFiles, unreadableFiles }: RenderedFiles,
): Expected {
  // What the readable documents contain, read back from their text.
  const readable = scenario !== 'suspended';
  const found = new Map<string, Set<string>>();
  const foreignDocumentNames = new Map<string, string[]>();
  const attributeMentions = new Map<string, string[]>();
  for (const [doc, text] of texts) {
    const words = tokens(text);
    for (const [g, rows] of Object.entries(MATCH_GROUPS)) {
      for (const m of findMentions(words, rows)) {
        const key = `${g}:${m.entity}`;
        found.set(key, new Set([...(found.get(key) ?? []), doc]));
      }
    }
    const foreign = findMentions(words, catalog.documents)
      .map((m) => m.entity)
      .filter((n) => n !== doc);
    if (foreign.length) foreignDocumentNames.set(doc, [...new Set(foreign)]);
    for (const m of findMentions(words, catalog.clinicalAttributes))
      attributeMentions.set(m.entity, [...(attributeMentions.get(m.entity) ?? []), doc]);
  }
  // A negated mention is no mention; a variant spelling the matcher cannot read is the entity where it was placed.
  const mentions = new Map([...found].filter(([k]) => !k.startsWith('ped:')));
  for (const [key, where] of negated) {
    const elsewhere = [...(mentions.get(key) ?? [])].filter((d) => !where.has(d));
    if (elsewhere.length) throw new Error(`generator: the negated ${key} is also written in ${elsewhere.join(', ')}`);
    mentions.delete(key);
  }
  for (const key of variantMentions.keys()) mentions.set(key, new Set(placedIn(key)));
  const facts: ClaimFacts = {
    readable,
    documents: readable ? new Set(docs) : new Set(),
    mentions: readable ? mentions : new Map(),
    values: readable ? planted : new Map(),
  };
  // The expected verdict.
  const perProcedure: Record<string, AdjudicationResult> = {};
  const perProcedureReasons: Record<string, string[]> = {};
  const failedTrees: Record<string, RuleTreeName[]> = {};
  const ruleIds: Record<string, number | null> = {};
  procedureCodes.forEach((code, i) => {
    const p = procedureByCode(code);
    const e = evaluateProcedure(rules[i], p.name, caseType, facts);
    perProcedure[code] = e.result;
    perProcedureReasons[code] = e.result === 'QUERY' && !rules[i] ? [protocolNotConfigured(p.name, caseType)] : e.reasonIncludes;
    failedTrees[code] = e.failedTrees;
    ruleIds[code] = rules[i]?.id ?? null;
  });
  const result = worstResult(Object.values(perProcedure));
  // The reason names the missing documents or the unconfigured protocol, and the files that could not be read.
  const reasonIncludes = [
    ...new Set([
      ...procedureCodes
        .filter((c) => perProcedure[c] === result)
        .flatMap((c) => evaluateProcedure(rules[procedureCodes.indexOf(c)], procedureByCode(c).name, caseType, facts).reasonIncludes),
      ...unreadableFiles,
    ]),
  ];
  // An entity is present when some leaf looking for it can see it (in a document that leaf may read).
  const presence = new Map<string, ExpectedEntity>();
  if (readable) {
    for (const r of rules) {
      if (!r) continue;
      const scope = scopeFor(r, facts);
      for (const leaf of TREES.flatMap((t) => ruleLeaves(r[t]))) {
        const type = LEAF_GROUP[leaf.entityName ?? 'clinicalattribute'];
        for (const name of leaf.valueToCompare ? [leaf.valueToCompare.name] : (leaf.valuesToFind ?? [])) {
          const entry = presence.get(`${type}:${name}`) ?? { type, name, present: false };
          entry.present ||= leafSees(leaf, name, scope);
          presence.set(`${type}:${name}`, entry);
        }
      }
    }
  }
  const entities = [...presence.values()];
  // The classes the claim exercises, each with what it put in a hard form.
  const seen = (type: ExpectedEntityType, name: string) => presence.get(`${type}:${name}`)?.present ?? false;
  const valueTarget = (name: string): ClassTarget =>
    seen('clinicalAttribute', name)
      ? { type: 'clinicalAttribute', name, present: true, value: planted.get(name)!.value }
      : { type: 'clinicalAttribute', name, present: false };
  const valuesIn = (form: ValueForm) =>
    [...valueForms]
      .filter(([name, forms]) => forms.has(form) && presence.has(`clinicalAttribute:${name}`))
      .map(([name]) => valueTarget(name));
  const documentTargets = (types: string[]) =>
    types
      .filter((t) => presence.has(`document:${t}`))
      .map((t): ClassTarget => ({ type: 'document', name: t, present: seen('document', t) }));
  const keyTarget = (key: string, present: boolean): ClassTarget => {
    const type = key.slice(0, key.indexOf(':')) as ExpectedEntityType;
    return { type, name: key.slice(key.indexOf(':') + 1), present };
  };
  const exercised: ExercisedClass[] = [];
  const exercise = (name: CorpusClass, targets: ClassTarget[], applies: boolean) => {
    if (has(name) && applies) exercised.push({ name, targets });
  };
  const griddedScan = griddedDoc !== null && scanDocs.has(griddedDoc);
  const griddedValues = valuesIn('gridded');
  exercise(
    'gridded-table',
    [...griddedValues, ...documentTargets(griddedDoc ? [griddedDoc] : [])],
    griddedScan && griddedValues.length > 0,
  );
  for (const [name, form] of [
    ['flag-column', 'flag'],
    ['date-in-row', 'when'],
    ['reference-range', 'reference'],
    ['dimensions', 'dimensions'],
    ['roman-numeral', 'roman'],
  ] as const) {
    const targets = valuesIn(form);
    exercise(name, targets, readable && targets.length > 0);
  }
  exercise('low-title', documentTargets([...docs]), readable && letterhead !== null);
  const negatedTargets = [...negated.keys()].filter((k) => presence.has(k)).map((k) => keyTarget(k, false));
  exercise('negation', negatedTargets, negatedTargets.length > 0);
  const variantTargets = [
    ...[...variantMentions.keys()].filter((k) => presence.has(k)).map((k) => keyTarget(k, presence.get(k)!.present)),
    ...valuesIn('variant'),
    ...documentTargets(variantTitle ? [variantTitle.type] : []),
  ];
  exercise('spelling-variant', variantTargets, variantTargets.length > 0);
  const unreadableScans = [...imageFiles.values()].some((c) => 'unreadable' in c);
  exercise('unreadable-scans-only', [], !readable && unreadableScans);
  exercise('unreadable-scans-mixed', [], readable && unreadableScans);
  return {
    found,
    foreignDocumentNames,
    attributeMentions,
    facts,
    result,
    perProcedure,
    reasonIncludes,
    perProcedureReasons,
    failedTrees,
    ruleIds,
    entities,
    exercised,
  };
}

const DOC_ORDER = [
  'Claim Form',
  'Pre-Authorization Form',
  'ID Proof',
  'Discharge Summary',
  'Consultation Notes',
  'Operation Notes',
  'Lab Report',
  'Radiology Report',
  'Investigation Report',
  'ECG Report',
  'Angiography Report',
  'Histopathology Report',
  'Dialysis Chart',
  'Consent Form',
  'Prescription',
  'Cost Estimate',
  'Pharmacy Bill',
  'Final Bill',
];
const docOrder = (d: string) => DOC_ORDER.indexOf(d);

function splitInto<T>(items: T[], parts: number): T[][] {
  const out: T[][] = Array.from({ length: Math.max(parts, 1) }, () => []);
  items.forEach((item, i) => {
    out[Math.floor((i * out.length) / items.length)].push(item);
  });
  return out;
}

/**
 * A corpus for the seed and the evaluation: a mix over the organisations and both case types, with
 * about one plain claim in five carrying scanned pages and at most count/5 such image pages in all, so OCR
 * stays fast. About two claims in five (CLASS_CLAIM_SHARE) exercise classes of hard material, taking the
 * bundles of CLASS_BUNDLES in turn; their own scans (a gridded table, blank or scribbled pages) are one or two
 * pages a claim, outside that budget.
 */
export const DEFAULT_SEED_CLAIMS = 300;
export const DEFAULT_SEED = 1;

/**
 * The seed's claims one at a time, so a caller can store each as it comes (the claims list fills while
 * the rest are generated) and yield to other work in between.
 */
export async function* streamSeedClaims(count = DEFAULT_SEED_CLAIMS, seed = DEFAULT_SEED): AsyncGenerator<GeneratedClaim> {
  for await (const { claim } of streamSeedClaimsFrom(count, seed)) yield claim;
}

/** Where the seed's stream stands: the next claim's index and what is left of the scanned-page budget. */
export interface SeedCursor {
  index: number;
  imageBudget: number;
}

/**
 * The seed's claims from a cursor on (the start by default), each with the cursor after it, so a seed that
 * stopped can go on with exactly the claims it had not stored yet.
 */
export async function* streamSeedClaimsFrom(
  count = DEFAULT_SEED_CLAIMS,
  seed = DEFAULT_SEED,
  from: SeedCursor = { index: 0, imageBudget: Math.floor(count / 5) },
): AsyncGenerator<{ claim: GeneratedClaim; next: SeedCursor }> {
  const rng = new Rng(seed);
  let budget = from.imageBudget;
  let bundles = 0;
  for (let i = 0; i < count; i++) {
    const wanted = rng.weighted([
      [0, 0.8],
      [1, 0.17],
      [2, 0.03],
    ] as const);
    // Drawn for every claim, skipped or not, so a resumed stream gives each claim the same classes.
    const classes = rng.chance(CLASS_CLAIM_SHARE) ? CLASS_BUNDLES[bundles++ % CLASS_BUNDLES.length] : [];
    if (i < from.index) continue;
    // A claim with classes scans only what its classes need.
    const imagePages = classes.length ? 0 : Math.min(wanted, budget);
    const claim = await generateClaim(seed * 100_003 + i, { imagePages, classes });
    if (!classes.length) budget -= claim.expected.imagePages;
    yield { claim, next: { index: i + 1, imageBudget: budget } };
  }
}

export async function generateSeedClaims(count = DEFAULT_SEED_CLAIMS, seed = DEFAULT_SEED): Promise<GeneratedClaim[]> {
  const claims: GeneratedClaim[] = [];
  for await (const claim of streamSeedClaims(count, seed)) claims.push(claim);
  return claims;
}
