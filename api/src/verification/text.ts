/**
 * The claim's words laid out for searching: per page, lines (top to bottom, words left to right) built from
 * the word boxes, so PDF run order and OCR block order do not matter; one token per word, numbered across
 * the whole claim in reading order (documents in input order, pages in order, columns in order: ./columns.ts).
 */
import { readingBlocks } from './columns';
import { foldOf, plainOf } from './match';
import type { ReadDocument, ReadPage, Word } from './types';

export interface Token {
  /** Index into ClaimText.pages. */
  page: number;
  /** The word on its page as laid out (PageInfo.page): on a straightened scan, its box on the upright page. */
  word: Word;
  /** The word as read: its box is where the viewer shows it (evidence boxes). */
  given: Word;
  /** Line index within its page, and position within that line. */
  line: number;
  col: number;
  /** Lower-case letters and digits of the word. */
  plain: string;
  /** The word folded for matching: spelling variants and OCR confusions (see match.ts). */
  fold: string;
  /** Offsets of this token in its page's text (PageInfo.text). */
  textStart: number;
  textEnd: number;
}

export interface Line {
  /** Token indices, left to right. */
  tokens: number[];
  top: number;
  bottom: number;
}

export interface PageInfo {
  index: number;
  /** Index of the document in ClaimText.documents. */
  docIndex: number;
  document: ReadDocument;
  /** The page as laid out: a straightened scan upright (its words' `upright` boxes), where lines, columns and titles are found. */
  page: ReadPage;
  /** The page as read, the frame of evidence boxes. */
  given: ReadPage;
  lines: Line[];
  firstToken: number;
  /** Exclusive. */
  endToken: number;
  /** The page as text: words joined by a space, lines by a newline (what pattern overrides run on). */
  text: string;
}

export interface ClaimText {
  documents: ReadDocument[];
  pages: PageInfo[];
  tokens: Token[];
}

const isBlank = (w: Word) => !w.text.trim();

/**
 * OCR writes a lone 'I' (or 'l', '1') it is unsure of as '|' or a bracket ('hs Troponin | 0.86', 'hs Troponin [
 * 0.86'): on an OCRed page such a word counts as that letter in names, which fold 'I', 'l' and '1' together
 * (./match). Ruling lines, the other source of '|', are erased before OCR, and a bracket that is one goes with
 * its words ('(Total)', '[ref]').
 */
const VERTICAL_STROKE = /^[|¦[\]]$/;

/**
 * Groups words (all, or those of `subset`) into lines: a word joins the line it overlaps vertically by half
 * the smaller height.
 */
export function layoutLines(words: Word[], subset?: number[]): number[][] {
  const order = (subset ?? words.map((_, i) => i))
    .filter((i) => !isBlank(words[i]))
    .sort((a, b) => words[a].y + words[a].height / 2 - (words[b].y + words[b].height / 2) || words[a].x - words[b].x);
  const lines: { members: number[]; top: number; bottom: number }[] = [];
  for (const i of order) {
    const w = words[i];
    const line = lines[lines.length - 1];
    if (line) {
      const overlap = Math.min(line.bottom, w.y + w.height) - Math.max(line.top, w.y);
      if (overlap >= 0.5 * Math.min(line.bottom - line.top, w.height)) {
        line.members.push(i);
        line.top = Math.min(line.top, w.y);
        line.bottom = Math.max(line.bottom, w.y + w.height);
        continue;
      }
    }
    lines.push({ members: [i], top: w.y, bottom: w.y + w.height });
  }
  return lines.map((l) => l.members.sort((a, b) => words[a].x - words[b].x));
}

export function buildClaimText(documents: ReadDocument[]): ClaimText {
  const pages: PageInfo[] = [];
  const tokens: Token[] = [];
  documents.forEach((document, docIndex) => {
    for (const given of document.pages) {
      const page = uprightPage(given);
      const index = pages.length;
      const firstToken = tokens.length;
      const lines: Line[] = [];
      let text = '';
      // Column by column (./columns.ts), each top to bottom.
      const pageLines = readingBlocks(page.words).flatMap((block) => layoutLines(page.words, block));
      pageLines.forEach((members, lineIndex) => {
        if (lineIndex > 0) text += '\n';
        const lineTokens: number[] = [];
        members.forEach((wordIndex, col) => {
          const word = page.words[wordIndex];
          if (col > 0) text += ' ';
          const letter = given.source === 'ocr' && VERTICAL_STROKE.test(word.text) ? 'l' : null;
          const plain = letter ?? plainOf(word.text);
          lineTokens.push(tokens.length);
          tokens.push({
            page: index,
            word,
            given: given.words[wordIndex],
            line: lineIndex,
            col,
            plain,
            fold: letter ?? foldOf(word.text),
            textStart: text.length,
            textEnd: text.length + word.text.length,
          });
          text += word.text;
        });
        const boxes = members.map((i) => page.words[i]);
        lines.push({
          tokens: lineTokens,
          top: Math.min(...boxes.map((w) => w.y)),
          bottom: Math.max(...boxes.map((w) => w.y + w.height)),
        });
      });
      pages.push({ index, docIndex, document, page, given, lines, firstToken, endToken: tokens.length, text });
    }
  });
  return { documents, pages, tokens };
}

/**
 * The page as laid out for reading: a scan that was turned, levelled or flattened before OCR has its words'
 * boxes as seen on the upright page, where its lines run level. Laid out as given, a page turned a quarter
 * has every line standing on end, and one skewed a few degrees has its lines run into each other.
 */
function uprightPage(page: ReadPage): ReadPage {
  if (!page.upright) return page;
  return {
    ...page,
    width: page.upright.width,
    height: page.upright.height,
    words: page.words.map((word) => (word.upright ? { ...word, ...word.upright } : word)),
  };
}

/** The union of the tokens' boxes (all on one page) on the page as read. */
export function boxOf(text: ClaimText, tokenIndices: number[]): { x: number; y: number; width: number; height: number } {
  const words = tokenIndices.map((t) => text.tokens[t].given);
  const x = Math.min(...words.map((w) => w.x));
  const y = Math.min(...words.map((w) => w.y));
  const right = Math.max(...words.map((w) => w.x + w.width));
  const bottom = Math.max(...words.map((w) => w.y + w.height));
  return { x: round2(x), y: round2(y), width: round2(right - x), height: round2(bottom - y) };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
