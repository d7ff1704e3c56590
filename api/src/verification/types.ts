/**
 * The adjudicator's interface: a pure library (no HTTP, no database). The api's job queue feeds it
 * the claim, its documents and the master data, and stores what it returns.
 *
 * Two phases, so a re-run never reads (OCRs) the documents again:
 *   readDocument(file)        -> Promise<ReadDocument>  (status TO_BE_OCRED -> OCRED; slow for images)
 *   verifyClaim(input)        -> ClaimVerification      (synchronous; status TO_BE_ADJUDICATED -> ADJUDICATED)
 * A batch reads through one createDocumentReader({ ocrWorkers }) so the OCR workers are shared, then close()s it.
 */
import type { AdjudicationResult, CaseType, MasterListKinds } from '@claims/shared-kernel/constants';
import type {
  DocgroupConfig,
  DocumentOverride,
  PatternOverride,
  ProcedureVerification,
  RuleStatement,
} from '@claims/shared-kernel/contract';

/**
 * One word with its box, origin top-left, in page units: PDF points for PDF pages (also for scanned PDF
 * pages, whose OCR boxes are scaled back to points), pixels for png/jpeg images.
 */
export interface Word {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** OCR confidence 0-100; absent for words of a PDF text layer. */
  confidence?: number;
  /** Set where the text layer says the word's font is bold (a title's sign, segregate.ts); absent when unknown. */
  bold?: boolean;
  /**
   * The word's box on the page made upright (ReadPage.upright), in the same units: a turned, skewed or
   * photographed scan's lines run level there, while x, y, width and height are where the viewer shows the word.
   * Absent when the page was read as given.
   */
  upright?: Box;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ReadPage {
  pageNumber: number;
  width: number;
  height: number;
  /** 'text' from a PDF text layer, 'ocr' from tesseract. */
  source: 'text' | 'ocr';
  /** Units of width, height and the word boxes: PDF points (the default when absent) or image pixels. */
  unit?: 'pt' | 'px';
  words: Word[];
  /** How legible a scanned page is (pages read by OCR; absent on text pages and on pages read before it was judged). */
  legibility?: PageLegibility;
  /**
   * The size of the page made upright (a scan turned, levelled or its photographed sheet flattened before OCR),
   * the frame of the words' `upright` boxes, where lines and columns are found. Absent when the page was read as given.
   */
  upright?: { width: number; height: number };
}

/**
 * What the reader found about a scanned page's legibility. The verification step judges the page again with
 * the masters' vocabulary added to the reader's word list (read/readability.ts).
 */
export interface PageLegibility {
  /** No marks like characters in rows (blank paper with its grain, scribbles, a drawing): the page was not OCRed. */
  blank: boolean;
  /** tesseract's mean confidence (0-100) over every word it recognised, also those too unsure to keep; 0 when blank. */
  confidence: number;
  /** The reader's verdict with its own word list: enough known words, a share of them, and confidence. */
  legible: boolean;
}

export interface ReadDocument {
  documentId: number;
  fileName: string;
  /** URL the claim page uses to fetch the file (goes into documentUrl of evidence). */
  url: string;
  pages: ReadPage[];
  /** Set when the document could not be read at all (corrupt, unsupported, empty); pages is then []. */
  error?: string;
  /** Pages that failed on their own (the rest of the document was read), e.g. 'page 3: OCR failed: ...'. */
  warnings?: string[];
}

export interface DocumentFile {
  documentId: number;
  fileName: string;
  /** A hint only: the reader trusts the file's signature (magic bytes) over the declared type. */
  contentType: 'application/pdf' | 'image/png' | 'image/jpeg';
  url: string;
  data: Uint8Array;
}

export interface KeywordMaster {
  id: number;
  name: string;
  alias: string[];
  ICD_code?: string | null;
}

export interface ProcedureMaster extends KeywordMaster {
  procedure_code: string;
}

export interface ClinicalUnitMaster {
  id: number;
  name: string;
  alias: { keyword: string; conversion_unit: number }[];
}

export interface ClinicalAttributeMaster {
  id: number;
  name: string;
  alias: string[];
  value_type: 'Text' | 'Number' | 'NumberRange';
  tabular: boolean;
  distributed_attribute_value: boolean;
  /**
   * The attribute's test units in order. A unit written beside a value is recognised by any alias keyword
   * of these units, and the value is multiplied by that keyword's conversion_unit, giving the value in the
   * first unit (unitFound is then the first unit's name).
   */
  units: ClinicalUnitMaster[];
  number_range: { lower_limit: number | null; upper_limit: number | null } | null;
  text_possible_values: { text_value: string; text_value_alias: string[] }[];
  overrides: DocumentOverride[];
  patternOverridesForValues: PatternOverride[];
}

/** The masters of each kind the adjudicator reads, one list per kind of the kernel's kinds table (its masterList). */
type MasterLists = {
  [L in keyof MasterListKinds]: MasterListKinds[L] extends { store: 'procedures' }
    ? ProcedureMaster[]
    : MasterListKinds[L] extends { store: 'clinical' }
      ? ClinicalAttributeMaster[]
      : KeywordMaster[];
};

export interface MasterData extends MasterLists {
  /** The claim's hospital's document segregation, keyed by document (master) name; empty when none (then
   * pages are typed by the document masters' names and aliases found near the top of the page). */
  docgroups: Record<string, DocgroupConfig>;
}

/** The rule that judges one procedure for the claim's insurer and case type. */
export interface RuleDefinition {
  id: number;
  version: number;
  /** The organisation whose rule it is (an insurer's own, or the provider's). */
  organization?: string;
  procedureRule: RuleStatement | null;
  diagnosisRule: RuleStatement | null;
  documentRule: RuleStatement | null;
  clinicalTermsRule: RuleStatement | null;
  /** Names of the documents a leaf may not look in by default (fk_exc_document). */
  documentExclusionList: string[];
  clinicalInclusionDocuments: string[];
  clinicalExclusionDocuments: string[];
}

export interface VerificationInput {
  claim: {
    id: number;
    caseType: CaseType;
    procedureCodes: string[];
    hospitalCode: string | null;
    organization: string;
  };
  documents: ReadDocument[];
  masters: MasterData;
  /** Keyed by procedure code; null when no rule exists for that procedure, insurer and case type. */
  rules: Record<string, RuleDefinition | null>;
  /** Confirmed findings and answers to procedure questions, used as facts by the rules. */
  facts?: VerificationFacts;
  /** Phrases that flag possible fraud when found in the documents; defaults to DEFAULT_FRAUD_MARKERS. */
  fraudMarkers?: string[];
}

/**
 * Facts count as present values (no document evidence): a rule leaf looking for a value finds it here too.
 * - findings: confirmed findings (any entity whose name or alias equals one is present).
 * - answers: answers to procedure questions keyed by the question's entityType ('procedures', 'diagnosis',
 *   'document', 'evidence', 'Clinical Attribute', 'drug', 'tissue'); answers under 'other' (or any
 *   unknown key) count for every entity.
 * - measurements: clinical attribute values keyed by attribute name (or alias); they win over document values.
 */
export interface VerificationFacts {
  findings?: string[];
  answers?: Record<string, string[]>;
  measurements?: Record<string, { value: number; unit: string | null }>;
  /** Facts that count only where one procedure code is judged: the answers to that procedure's questions. */
  byProcedure?: Record<string, ProcedureFacts>;
}

export type ProcedureFacts = Pick<VerificationFacts, 'answers' | 'measurements'>;

export interface ClaimVerification {
  adjudicationResult: AdjudicationResult;
  adjudicationReason: string | null;
  rejectionReasons: string[];
  /** Keyed by procedure code, exactly as the claim page reads it. */
  adjudicationDetails: Record<string, ProcedureVerification>;
  /**
   * What the reviewer's reason leaves out, for the error dialog (the claim's error_message): the read errors
   * of the documents that could not be read. Absent when every document was read.
   */
  technicalDetail?: string;
}
