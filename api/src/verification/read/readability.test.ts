import { describe, expect, it } from '@jest/globals';
import type { RuleStatement } from '@claims/shared-kernel/contract';
import { docFromText, emptyMasters, keyword, ruleOf } from '../../../testing/verification/fixtures';
import type { PageLegibility, ReadDocument, ReadPage, VerificationInput, Word } from '../types';
import { verifyClaim } from '../verify';
import { assessPage, legibleDocuments, mastersVocabulary, Vocabulary } from './readability';

/** Words of one line, as OCR gives them, with one confidence. */
const wordsOf = (text: string, confidence: number): Word[] =>
  text.split(' ').map((t, i) => ({ text: t, x: 40 + i * 60, y: 100, width: 50, height: 12, confidence }));

// What tesseract made of a page of scribbles before such pages were skipped: letters, rarely a word.
const SCRIBBLE_OCR = '|  (Ex Yo AY SFE K): 4 Bagel A \\ hx oN) a VENA 1S FX Kn 8 PNG =) Ea FA 5 DD a OR vs ; AMA WANA PMMA AWARE';
const REPORT_OCR =
  'LABORATORY REPORT Patient Name: Mary Sharma Age 59 Y Haemoglobin 11.2 g/dL 13.0-17.0 Creatinine 0.9 mg/dL Results relate only to the sample tested.';

describe('whether a scanned page shows legible text', () => {
  it('finds a page of report text legible, and OCR junk not, whatever its confidence', () => {
    expect(assessPage(wordsOf(REPORT_OCR, 93), 93)).toMatchObject({ legible: true });
    expect(assessPage(wordsOf(SCRIBBLE_OCR, 40), 28)).toMatchObject({ legible: false });
    // Junk read with confidence is still junk: too few of its words are words.
    expect(assessPage(wordsOf(SCRIBBLE_OCR, 90), 90)).toMatchObject({ legible: false });
  });

  it('does not take words tesseract was guessing at for text', () => {
    expect(assessPage(wordsOf(REPORT_OCR, 35), 35)).toMatchObject({ legible: false });
  });

  it('counts numbers, dates and codes as words', () => {
    const assessment = assessPage(wordsOf('UH442713 20-Jun-2024 1.5-4.5 12.5 Total 46,500', 90), 90);
    expect(assessment).toEqual({ legible: true, words: 6, knownWords: 6 });
  });

  it('knows inflected words by their stems', () => {
    const vocabulary = new Vocabulary();
    for (const word of ['tablets', 'admitted', 'studies', 'reviewed', 'measuring', 'charges']) expect(vocabulary.has(word)).toBe(true);
    expect(vocabulary.has('sfe')).toBe(false);
  });

  it('reads a page of names the masters know, as the verification step judges it', () => {
    const masters = emptyMasters({ drugs: [keyword('Moxifloxacin'), keyword('Ondansetron')], diagnoses: [keyword('Pterygium')] });
    const words = wordsOf('Moxifloxacin Ondansetron Pterygium Moxifloxacin', 88);
    expect(assessPage(words, 88).legible).toBe(false);
    expect(assessPage(words, 88, mastersVocabulary(masters)).legible).toBe(true);
  });
});

const page = (pageNumber: number, words: Word[], legibility?: PageLegibility): ReadPage => ({
  pageNumber,
  width: 1240,
  height: 1754,
  source: 'ocr',
  unit: 'px',
  words,
  ...(legibility ? { legibility } : {}),
});
const BLANK: PageLegibility = { blank: true, confidence: 0, legible: false };
const scan = (fileName: string, pages: ReadPage[], documentId = 5): ReadDocument => ({
  documentId,
  fileName,
  url: `/claims/1/documents/${documentId}`,
  pages,
});

describe('documents without legible text', () => {
  const masters = emptyMasters();

  it('makes a document none of whose pages is legible unreadable, with the reader’s reasons', () => {
    const junk = page(2, wordsOf(SCRIBBLE_OCR, 40), { blank: false, confidence: 28, legible: false });
    const [judged] = legibleDocuments([scan('scan.pdf', [page(1, [], BLANK), junk])], masters);
    expect(judged.pages).toEqual([]);
    expect(judged.error).toMatch(/^no legible text \(page 1: no text to read; page 2: OCR confidence 28, \d+ of \d+ words known\)$/);
  });

  it('leaves out the pages without legible text and keeps the rest', () => {
    const text = page(1, wordsOf(REPORT_OCR, 93), { blank: false, confidence: 93, legible: true });
    const [judged] = legibleDocuments([scan('scan.pdf', [text, page(2, [], BLANK)])], masters);
    expect(judged.error).toBeUndefined();
    expect(judged.pages.map((p) => p.pageNumber)).toEqual([1]);
  });

  it('keeps text pages and pages read before legibility was judged', () => {
    const old = scan('old.png', [page(1, wordsOf(SCRIBBLE_OCR, 40))]);
    const text = docFromText('summary.pdf', ['DISCHARGE SUMMARY']);
    expect(legibleDocuments([old, text], masters)).toEqual([old, text]);
  });
});

describe('the claim of unreadable scans', () => {
  const any = (entityName: RuleStatement['entityName'], valuesToFind: string[]): RuleStatement => ({
    operator: 'ANY_OF_N_VALUES_IS_PRESENT',
    entityName,
    valuesToFind,
    numberOfValues: 1,
  });
  const claim = (documents: ReadDocument[]): VerificationInput => ({
    claim: { id: 1, caseType: 'PRE_AUTH', procedureCodes: ['OPH001'], hospitalCode: null, organization: 'vitraya' },
    documents,
    masters: emptyMasters({ diagnoses: [keyword('Senile cataract')] }),
    rules: { OPH001: ruleOf({ diagnosisRule: { booleanOperator: 'AND', statements: [any('diagnoses', ['Senile cataract'])] } }) },
  });
  const blankScan = scan('scan.png', [page(1, [], BLANK)], 5);
  const scribbles = scan('scribbles.png', [page(1, wordsOf(SCRIBBLE_OCR, 40), { blank: false, confidence: 28, legible: false })], 6);

  it('is SUSPENDED, naming the scan, when its only document shows no legible text', () => {
    expect(verifyClaim(claim([blankScan]))).toMatchObject({
      adjudicationResult: 'SUSPENDED',
      adjudicationReason: 'scan.png could not be read: the scan shows no legible text.',
      technicalDetail: 'Unreadable documents: scan.png (no legible text (page 1: no text to read))',
    });
    expect(verifyClaim(claim([blankScan, scribbles]))).toMatchObject({
      adjudicationResult: 'SUSPENDED',
      adjudicationReason: 'None of the documents could be read: scan.png and scribbles.png.',
    });
  });

  it('is judged on its readable documents, and its reason says which scans could not be read', () => {
    const summary = docFromText('summary.pdf', ['DISCHARGE SUMMARY\nDiagnosis: Senile cataract'], 7);
    expect(verifyClaim(claim([summary, blankScan]))).toMatchObject({
      adjudicationResult: 'ACCEPTED',
      adjudicationReason: 'scan.png could not be read: the scan shows no legible text.',
    });
  });
});
