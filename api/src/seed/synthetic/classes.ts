/**
 * The classes of real-world material the adjudicator must read the way a clinical reviewer does (issue 12).
 * A generated claim records the classes it exercises and, for each, its targets: the entities, documents and
 * values the class puts in a hard form, with what a correct reading finds (scripts/eval.ts reports the
 * verdict agreement and the precision and recall on these targets per class).
 *
 * The expected verdict never depends on how the adjudicator reads: it follows from the generator's plan
 * (oracle.ts). A negated mention is absent; a spelling variant, a value behind a flag, a date or a reference
 * range, a dimension or a Roman numeral is the entity or value it stands for; a blank or scribbled scan holds
 * nothing; a low title still names its document.
 */
import type { ExpectedEntityType } from './oracle';

export const CORPUS_CLASSES = [
  'gridded-table',
  'flag-column',
  'date-in-row',
  'reference-range',
  'low-title',
  'negation',
  'spelling-variant',
  'dimensions',
  'roman-numeral',
  'unreadable-scans-only',
  'unreadable-scans-mixed',
] as const;
export type CorpusClass = (typeof CORPUS_CLASSES)[number];

/** One line per class, for reports. */
export const CLASS_DESCRIPTIONS: Readonly<Record<CorpusClass, string>> = {
  'gridded-table': 'a lab or radiology table drawn with ruling lines, scanned (image or image-only PDF)',
  'flag-column': "a flag between the value and its unit ('10.2 L g/dL', 'H', '*', 'Low')",
  'date-in-row': "a date or time between the attribute's name and its value ('Hb on 02-09-2024: 10.2 g/dL')",
  'reference-range': "a reference range or 'Normal' column before the value, which is not the value",
  'low-title': 'titles at 25-35% of the page under a tall letterhead, at a hospital without a segregation configuration',
  negation: "negated mentions ('No evidence of X', 'X ruled out', 'negative for X', 'absence of X'): X is absent",
  'spelling-variant': "the other British/American spelling of a name the masters spell one way only ('Hemoglobin')",
  dimensions: "sizes written as dimensions ('4.2 x 3.8 cm'): the value is the largest, in the unit written",
  'roman-numeral': "grades in Roman numerals ('grade IV' is 4) for numeric attributes",
  'unreadable-scans-only': 'every document is a blank scan with paper grain or a scribbled/noisy scan: SUSPENDED, naming them',
  'unreadable-scans-mixed': 'a blank or scribbled scan beside readable documents: the verdict comes from the readable ones',
};

/** Something a class puts in a hard form, and what reading it right finds. */
export interface ClassTarget {
  type: ExpectedEntityType;
  name: string;
  /** Whether a rule's leaf can see it (a negated mention is not present). */
  present: boolean;
  /** For a clinical attribute: its value in the base unit (or canonical text) a correct reading reports. */
  value?: number | string;
}

export interface ExercisedClass {
  name: CorpusClass;
  targets: ClassTarget[];
}

/**
 * The share of the seed stream's claims that exercise classes; the rest are plain, so the demo data and
 * the end-to-end tests keep plenty of claims every reader accepts.
 */
export const CLASS_CLAIM_SHARE = 0.4;

/**
 * What the class claims of the seed stream exercise, in turn: every class in two bundles of twelve, so each
 * is in about a sixth of the class claims (some 20 of 300 claims). Classes that go together on real papers
 * share a bundle (a flag column in a scanned gridded table, a low title on a claim with a negation).
 */
export const CLASS_BUNDLES: readonly (readonly CorpusClass[])[] = [
  ['gridded-table', 'flag-column'],
  ['negation', 'low-title'],
  ['spelling-variant', 'date-in-row'],
  ['dimensions', 'reference-range'],
  ['roman-numeral', 'unreadable-scans-mixed'],
  ['unreadable-scans-only'],
  ['gridded-table', 'reference-range'],
  ['flag-column', 'date-in-row'],
  ['negation', 'spelling-variant'],
  ['dimensions', 'unreadable-scans-mixed'],
  ['roman-numeral', 'low-title'],
  ['unreadable-scans-only'],
];
