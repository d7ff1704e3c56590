/**
 * Whether a scanned page shows legible text. A blank scan with paper grain or a page of scribbles still gives
 * OCR a few dozen junk tokens ('ee', 'SFE', '=)'), which used to count as text: the claim was then judged on
 * nothing and REJECTED for missing everything. A page is legible when tesseract was confident enough and
 * enough of its words are words: in the reader's list (./vocabulary.ts), in the masters' names and aliases
 * (added by the verification step), or numbers, dates and codes.
 *
 * A document none of whose pages is legible could not be read: the claim says so in its reason, and a claim
 * none of whose documents could be read is SUSPENDED (context.ts).
 */
import type { MasterData, ReadDocument, ReadPage, Word } from '../types';
import { READER_WORDS } from './vocabulary';

/** Below this mean confidence (0-100) tesseract was guessing: junk comes at 25-45, print at 80 and more, poor print at 55-75. */
const MIN_PAGE_CONFIDENCE = 45;
/** At least this many known words, and this share of the page's words: junk hits a word by chance now and then. */
const MIN_KNOWN_WORDS = 2;
const MIN_KNOWN_SHARE = 0.3;

/** Inflections tried when a word is not listed as written: 'tablets' → 'tablet', 'admitted' → 'admit', 'studies' → 'study'. */
const SUFFIXES: [string, string][] = [
  ['ies', 'y'],
  ['ied', 'y'],
  ['es', ''],
  ['s', ''],
  ['ed', ''],
  ['ed', 'e'],
  ['ing', ''],
  ['ing', 'e'],
  ['ly', ''],
];

export class Vocabulary {
  private readonly words: ReadonlySet<string>;

  /** The reader's word list plus the words of `texts` (names, aliases: split into words here). */
  constructor(texts: Iterable<string> = []) {
    const own = new Set(READER_WORDS);
    for (const text of texts) for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word.length >= 2) own.add(word);
    this.words = own;
  }

  /** Whether a word (lower case, no surrounding punctuation) is known as written or through its stem. */
  has(word: string): boolean {
    if (this.words.has(word)) return true;
    for (const [suffix, replacement] of SUFFIXES)
      if (word.length > suffix.length + 2 && word.endsWith(suffix) && this.words.has(word.slice(0, -suffix.length) + replacement))
        return true;
    // A doubled consonant before -ed/-ing: 'admitted' → 'admit'.
    const doubled = /^(.*?)(\p{L})\2(?:ed|ing)$/u.exec(word);
    return doubled !== null && this.words.has(doubled[1] + doubled[2]);
  }
}

/** The reader's own list, for pages judged while they are read (the masters are not known there). */
export const READER_VOCABULARY = new Vocabulary();

/** Every name and alias of the masters, as words to add to the reader's list. */
export function mastersVocabulary(masters: MasterData): Vocabulary {
  const texts: string[] = [];
  const keywords = [
    masters.procedures,
    masters.diagnoses,
    masters.evidence,
    masters.drugs,
    masters.tissues,
    masters.documents,
    masters.preExistingDiseases,
  ];
  for (const list of keywords) for (const entity of list ?? []) texts.push(entity.name, ...(entity.alias ?? []));
  for (const attribute of masters.clinicalAttributes ?? []) {
    texts.push(attribute.name, ...(attribute.alias ?? []));
    for (const unit of attribute.units ?? []) texts.push(unit.name, ...unit.alias.map((a) => a.keyword));
    for (const value of attribute.text_possible_values ?? []) texts.push(value.text_value, ...value.text_value_alias);
  }
  return new Vocabulary(texts);
}

export interface PageAssessment {
  legible: boolean;
  /** Words of two or more letters or digits, and how many of them are known words, numbers or codes. */
  words: number;
  knownWords: number;
}

/** A token as a word: lower case, without the punctuation around it. */
const bare = (text: string): string => text.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** Numbers, dates, ranges, times and codes ('12.5', '20-Jun-2024', '1.5-4.5', 'UH442713'): mostly digits. */
function numeric(token: string): boolean {
  const digits = token.replace(/\D/g, '').length;
  return digits >= 2 && digits >= token.replace(/[^\p{L}\p{N}]/gu, '').length / 2;
}

function known(token: string, vocabulary: Vocabulary): boolean {
  if (numeric(token) || vocabulary.has(token)) return true;
  // 'g/dL', 'x-ray', 'post-operative': known when every part is.
  const parts = token.split(/[-/]/).filter(Boolean);
  return parts.length > 1 && parts.every((part) => numeric(part) || vocabulary.has(part) || /^\d$/.test(part));
}

/** Whether an OCRed page's words (as kept by the reader) and tesseract's page confidence make legible text. */
export function assessPage(words: readonly Word[], confidence: number, vocabulary: Vocabulary = READER_VOCABULARY): PageAssessment {
  const tokens = words.map((w) => bare(w.text)).filter((t) => t.replace(/[^\p{L}\p{N}]/gu, '').length >= 2);
  const knownWords = tokens.filter((t) => known(t, vocabulary)).length;
  const legible = confidence >= MIN_PAGE_CONFIDENCE && knownWords >= MIN_KNOWN_WORDS && knownWords >= MIN_KNOWN_SHARE * tokens.length;
  return { legible, words: tokens.length, knownWords };
}

/** A text layer with fewer words of three or more letters than this is too short to judge. */
const MIN_JUDGED_WORDS = 8;
/** Below this share of known words a text layer is junk: a page of text has most of its words in the list. */
const MIN_TEXT_LAYER_KNOWN_SHARE = 0.25;

/**
 * Whether a PDF text layer is junk: fonts whose characters map to the wrong letters (the page looks right,
 * its text reads 'Kdhprjorelq 45.5 j2go'), so hardly any of its words is a word. Judged on words of three or
 * more characters with a letter in them; numbers and codes count as known (a junk layer's digits may be
 * right). Such a page is read by OCR instead (./pdf.ts).
 */
export function isJunkTextLayer(words: readonly Word[], vocabulary: Vocabulary = READER_VOCABULARY): boolean {
  let judged = 0;
  let knownWords = 0;
  for (const word of words) {
    // Characters of no script (private use, control, replacement) are never words.
    if (/[\p{Co}\p{Cc}\uFFFD]/u.test(word.text)) {
      judged += 1;
      continue;
    }
    const token = bare(word.text);
    if (token.length < 3 || !/\p{L}/u.test(token)) continue;
    judged += 1;
    if (known(token, vocabulary)) knownWords += 1;
  }
  return judged >= MIN_JUDGED_WORDS && knownWords < MIN_TEXT_LAYER_KNOWN_SHARE * judged;
}

/**
 * Why a page read by OCR has no legible text, in the reader's words for the error dialog; null when it has
 * legible text, or was read before legibility was judged (then it is kept as it is).
 */
function illegibility(page: ReadPage, vocabulary: Vocabulary): string | null {
  if (!page.legibility) return null;
  if (page.legibility.blank) return `page ${page.pageNumber}: no text to read`;
  const { legible, words, knownWords } = assessPage(page.words, page.legibility.confidence, vocabulary);
  return legible ? null : `page ${page.pageNumber}: OCR confidence ${page.legibility.confidence}, ${knownWords} of ${words} words known`;
}

/**
 * The documents as the verification step reads them: pages without legible text are left out, and a document
 * with no legible page gets an `error` ('no legible text (...)') and no pages. Pages judged by the reader are
 * judged again with the masters' words added; text pages and pages read before legibility was judged are kept.
 */
export function legibleDocuments(documents: readonly ReadDocument[], masters: MasterData): ReadDocument[] {
  const judged = (document: ReadDocument) => !document.error && document.pages.some((page) => page.legibility);
  if (!documents.some(judged)) return [...documents];
  const vocabulary = mastersVocabulary(masters);
  return documents.map((document) => {
    if (!judged(document)) return document;
    const reasons: string[] = [];
    const pages = document.pages.filter((page) => {
      const reason = illegibility(page, vocabulary);
      if (reason) reasons.push(reason);
      return !reason;
    });
    if (reasons.length === 0) return document;
    if (pages.every((page) => page.words.length === 0)) return { ...document, pages: [], error: `no legible text (${reasons.join('; ')})` };
    return { ...document, pages };
  });
}
