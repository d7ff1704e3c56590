/**
 * Business constants shared by the shell, the remotes and the api.
 * Pure data: no React, no zod, so every package (browser or node) can import it. The domain kinds (masters, rule
 * entities, entity groups) are in kinds.ts, re-exported here.
 */
export * from './kinds';

export const API_VERSION = 'v0.3.0';
export const API_BASE_PATH = `/${API_VERSION}`;

/** The provider's own organisation: the default insurer code and the one with the most powers. */
export const PROVIDER_ORG = 'vitraya';

export const INSURERS = [
  { code: 'vitraya', label: 'Vitraya' },
  { code: 'starhealth', label: 'Star Health' },
  { code: 'maxbupa', label: 'Niva Bupa' },
  { code: 'bajaj', label: 'Bajaj' },
  { code: 'ML', label: 'ML' },
] as const;
export type InsurerCode = (typeof INSURERS)[number]['code'];
export const INSURER_CODES = INSURERS.map((i) => i.code) as [InsurerCode, ...InsurerCode[]];
export const insurerLabel = (code: string): string => INSURERS.find((i) => i.code === code)?.label ?? code;

/** The demo organisation is any organisation whose name contains this marker. */
export const DEMO_ORG_MARKER = 'demo';
export const isDemoOrg = (org: string | null | undefined): boolean => !!org && org.toLowerCase().includes(DEMO_ORG_MARKER);
export const isProviderOrg = (org: string | null | undefined): boolean => org === PROVIDER_ORG;
/** Organisations allowed to create claims (spec 1 §6). */
export const canCreateClaims = (org: string | null | undefined): boolean =>
  isProviderOrg(org) || isDemoOrg(org) || ['starhealth', 'maxbupa', 'bajaj'].includes(org ?? '');
/** Whether this user may create a claim: a super user of such an organisation (spec 1 §6, §8; the api says the same). */
export const mayCreateClaims = (user: { organization: string | null | undefined; role: string | null | undefined }): boolean =>
  user.role === 'super_user' && canCreateClaims(user.organization);

export const ROLES = ['super_user', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const CASE_TYPES = [
  { code: 'PRE_AUTH', label: 'Pre Authorization', short: 'Preauth' },
  { code: 'SETTLEMENT', label: 'Settlement', short: 'Settlement' },
] as const;
export type CaseType = (typeof CASE_TYPES)[number]['code'];
export const CASE_TYPE_CODES = CASE_TYPES.map((c) => c.code) as [CaseType, ...CaseType[]];
export const caseTypeLabel = (code: string | null | undefined): string => CASE_TYPES.find((c) => c.code === code)?.label ?? code ?? '';
export const caseTypeShort = (code: string | null | undefined): string => CASE_TYPES.find((c) => c.code === code)?.short ?? code ?? '';

/** Claim statuses: the review statuses of spec 1 §3 and the console statuses of spec 3 §4. */
export const CLAIM_STATUSES = [
  'ADJUDICATED',
  'OPEN',
  'SUSPENDED',
  'PENDING',
  'TO_BE_ADJUDICATED',
  'TO_BE_OCRED',
  'OCR_PENDING',
  'OCRED',
  'GROUPED',
  'DUPLICATE',
  'DOWNLOADED',
  'UPLOADED',
  'DOWNLOAD_FAILED',
  'UPLOAD_FAILED',
  'VERIFICATION_FAILED',
  'TO_BE_REDOWNLOADED',
  'IN_PROCESSING',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** The statuses offered in the claims filter (spec 1 §3). */
export const REVIEW_FILTER_STATUSES = CLAIM_STATUSES.slice(0, 10) as readonly ClaimStatus[];
export const CONSOLE_CLAIM_STATUSES = [
  'DOWNLOADED',
  'UPLOADED',
  'OCRED',
  'DOWNLOAD_FAILED',
  'UPLOAD_FAILED',
  'VERIFICATION_FAILED',
  'TO_BE_REDOWNLOADED',
  'IN_PROCESSING',
] as const satisfies readonly ClaimStatus[];

export const ADJUDICATION_RESULTS = ['ACCEPTED', 'REJECTED', 'QUERY', 'SUSPENDED'] as const;
export type AdjudicationResult = (typeof ADJUDICATION_RESULTS)[number];
export const adjudicationResultLabel = (r: AdjudicationResult): string => r.charAt(0) + r.slice(1).toLowerCase();
/** Worst first: the claim's overall result is the first of these any procedure has. */
export const RESULT_SEVERITY: readonly AdjudicationResult[] = ['SUSPENDED', 'REJECTED', 'QUERY', 'ACCEPTED'];

export const REQUIRED_DOCUMENT_NOT_FOUND = 'Required Document not found';

/** The Verification Result wording of spec 1 §2. */
export function verificationResultText(result: AdjudicationResult | null | undefined, reason?: string | null): string {
  switch (result) {
    case 'ACCEPTED':
      return 'Clinical Verification Pass';
    case 'REJECTED':
      return 'Clinical Verification Fail';
    case 'QUERY':
      return reason ? `Clinical Verification Fail- ${reason}` : REQUIRED_DOCUMENT_NOT_FOUND;
    case 'SUSPENDED':
      return 'Clinical Verification Fail- Case record not found';
    default:
      return '';
  }
}

export const BATCH_STATUSES = [
  'CREATED',
  'TO_BE_PROCESSED',
  'IN_PROCESSING',
  'PAUSED',
  'RESUMED',
  'FULLY_PROCESSED',
  'ASSIGNED',
  'SUSPENDED',
  'ARCHIVED',
  'DISCARDED',
] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
/**
 * Batches still to be worked on (spec 3 §4): the verification queue's order is theirs alone. The priority dialog lists
 * them, the priority call renumbers them, and a new batch goes after them.
 */
export const OPEN_BATCH_STATUSES = [
  'CREATED',
  'TO_BE_PROCESSED',
  'IN_PROCESSING',
  'PAUSED',
  'RESUMED',
] as const satisfies readonly BatchStatus[];

export const REVIEW_PAGE_SIZES = [10, 25, 50, 100] as const;
export const CONSOLE_PAGE_SIZES = [25, 50, 75, 100, 150, 200, 250, 300] as const;
export const DEFAULT_PAGE_SIZE = 25;

export const LIMITS = {
  minClaimsForBatch: 5,
  maxDateRangeDays: 90,
  multiSelectMax: 10,
  claimSearchMinChars: 3,
  /** The longest free text a search takes (the masters' and the claims'; the api refuses longer). */
  searchTextMax: 200,
  signupFieldMaxLength: 100,
  /** Create Claim's free text: the form counts down to these, the api refuses past them. */
  patientNameMaxLength: 100,
  caseNumberMaxLength: 50,
  /** A master's name and each alias (keywords, hospitals, aliases of a segregation): the form counts down, the api refuses past it. */
  masterTextMaxLength: 200,
  icdCodeMaxLength: 50,
  /** Top threshold of a document segregation, in points from the top (above 1): taller than any page the suite reads. */
  topThresholdMax: 2000,
  successNoticeMs: 2000,
  dashboardTopProcedures: 10,
} as const;

export const LEAF_OPERATORS = [
  'ANY_OF_N_VALUES_IS_PRESENT',
  'ALL_OF_THE_VALUES_ARE_PRESENT',
  'VALUE_GREATER_THAN',
  'VALUE_GREATER_THAN_EQUAL_TO',
  'VALUE_LESS_THAN',
  'VALUE_LESS_THAN_EQUAL_TO',
  'VALUE_EQUAL_TO',
  'VALUE_NOT_EQUAL_TO',
  'VALUE_IN_RANGE',
  'VALUE_IN',
  'VALUE_NOT_IN',
] as const;
export type LeafOperator = (typeof LEAF_OPERATORS)[number];

/** How the builder names each operator. */
export const OPERATOR_LABELS: Record<LeafOperator, string> = {
  ANY_OF_N_VALUES_IS_PRESENT: 'Any N of the values is present',
  ALL_OF_THE_VALUES_ARE_PRESENT: 'All of the values are present',
  VALUE_GREATER_THAN: 'Value greater than',
  VALUE_GREATER_THAN_EQUAL_TO: 'Value greater than or equal to',
  VALUE_LESS_THAN: 'Value less than',
  VALUE_LESS_THAN_EQUAL_TO: 'Value less than or equal to',
  VALUE_EQUAL_TO: 'Value equal to',
  VALUE_NOT_EQUAL_TO: 'Value not equal to',
  VALUE_IN_RANGE: 'Value in range',
  VALUE_IN: 'Value in',
  VALUE_NOT_IN: 'Value not in',
};

/** How a statement's text and the rule viewer write a comparison. */
export const COMPARISON_SIGNS: Partial<Record<LeafOperator, string>> = {
  VALUE_GREATER_THAN: '>',
  VALUE_GREATER_THAN_EQUAL_TO: '>=',
  VALUE_LESS_THAN: '<',
  VALUE_LESS_THAN_EQUAL_TO: '<=',
  VALUE_EQUAL_TO: '=',
  VALUE_NOT_EQUAL_TO: '≠',
};

/**
 * The values a VALUE_IN / VALUE_NOT_IN leaf lists: its value is a list, or older rules' comma-separated text.
 * The adjudicator and every screen that explains a leaf read it the same way.
 */
export function leafValueList(value: string | number | readonly string[] | null | undefined): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : value != null ? [String(value)] : [];
  return items.map((v) => v.trim()).filter(Boolean);
}
export const BOOLEAN_OPERATORS = ['AND', 'OR'] as const;
export type BooleanOperator = (typeof BOOLEAN_OPERATORS)[number];

export const VALUE_TYPES = ['Text', 'Number', 'NumberRange'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];
export const KEYWORD_TYPES = ['Printed', 'Hand Written'] as const;

/** Display conventions (spec README: stored in UTC, shown in the configured zone). */
export const DEFAULT_DISPLAY_TIME_ZONE = 'Asia/Kolkata';
export const DATE_WIRE_FORMAT = 'YYYY-MM-DD';
/** The longest period (days) one export of the audit log covers. */
export const AUDIT_EXPORT_MAX_DAYS = 366;

/**
 * The non-cancer list of spec 1 §9: 36 gynaecological imaging findings (ultrasound and MRI of the pelvis), 12
 * rows of 3. Written as the masters name them where they can (diagnosis aliases 'Fibroid uterus', 'Multiple
 * uterine fibroids', 'Endometrioma', 'Dermoid cyst', ...), because the rules match a confirmed finding against
 * entity names and aliases.
 */
export const NON_CANCER_FINDINGS = [
  'Fibroid uterus',
  'Multiple uterine fibroids',
  'Intramural fibroid',
  'Subserosal fibroid',
  'Submucosal fibroid',
  'Pedunculated fibroid',
  'Cervical fibroid',
  'Broad ligament fibroid',
  'Degenerated fibroid',
  'Calcified fibroid',
  'Adenomyosis',
  'Focal adenomyoma',
  'Bulky uterus',
  'Enlarged uterus',
  'Thickened endometrium',
  'Endometrial hyperplasia',
  'Endometrial polyp',
  'Cervical polyp',
  'Nabothian cysts',
  'Haematometra',
  'Pyometra',
  'Intrauterine adhesions',
  'Simple ovarian cyst',
  'Haemorrhagic ovarian cyst',
  'Endometrioma',
  'Dermoid cyst',
  'Polycystic ovaries',
  'Complex adnexal mass',
  'Hydrosalpinx',
  'Tubo-ovarian abscess',
  'Free fluid in pouch of Douglas',
  'Uterine prolapse',
  'Retained products of conception',
  'Bicornuate uterus',
  'Septate uterus',
  'Hydronephrosis',
] as const;

/** The cancer list of spec 1 §9: what was removed and which treatments were given. */
export const CANCER_FINDINGS = [
  'Ovary removed',
  'Fallopian tube removed',
  'Lymph node(s) removed',
  'Chemotherapy',
  'Radiotherapy',
  'Targeted therapy',
  'Immunotherapy',
] as const;

export type Finding = (typeof NON_CANCER_FINDINGS)[number] | (typeof CANCER_FINDINGS)[number];

/** Upper bounds of the findings form's size fields (fibroid size in mm or cm, uterus size in weeks, transition zone in mm). */
export const FINDINGS_SIZE_MAX = 1000;
