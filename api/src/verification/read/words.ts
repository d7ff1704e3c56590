/**
 * PDF text layers give text runs (a string, its start, baseline and advance width), not words.
 * Runs are split at spaces; a word's width is its share of the run's width, weighted by the glyph widths
 * of Helvetica (sans-serif fonts), Times (serif) or equal widths (monospace): exact for the standard
 * fonts, close for the usual others. Pieces of one
 * word that a PDF writer emitted as separate runs (kerning, font changes) are joined again.
 */
import type { Word } from '../types';

export interface TextRun {
  text: string;
  /** Start of the run, page units, origin top-left. */
  x: number;
  baseline: number;
  /** Advance width of the whole run. */
  width: number;
  /** Font size in page units. */
  size: number;
  /** pdfjs's guess of the font's family. */
  family?: 'sans-serif' | 'serif' | 'monospace' | string;
  /** Direction of the text on the page, degrees counter-clockwise from left-to-right; 0 when not told. */
  angle?: number;
  /** Drawn in a light colour or mostly transparent: it shows little against white paper. */
  faint?: boolean;
}

/** Helvetica advance widths (1/1000 em) for the printable ASCII characters 32..126. */
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278,
  278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
  667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556,
  556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
/** Times-Roman advance widths for the same characters. */
const TIMES_WIDTHS = [
  250, 333, 408, 500, 500, 833, 778, 180, 333, 333, 500, 564, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 278,
  278, 564, 564, 564, 444, 921, 722, 667, 667, 722, 611, 556, 722, 722, 333, 389, 722, 611, 889, 722, 722, 556, 722, 667, 556, 611, 722,
  722, 944, 722, 722, 611, 333, 278, 333, 469, 500, 333, 444, 500, 444, 500, 444, 333, 500, 500, 278, 278, 500, 278, 778, 500, 500, 500,
  500, 333, 389, 278, 500, 500, 722, 500, 500, 444, 480, 200, 480, 541,
];
const AVERAGE_WIDTH = 556;
/** Share of the font size above the baseline; the rest of the box (height = size) lies below it. */
export const ASCENT = 0.8;

const glyphWidth = (ch: string, family: TextRun['family']): number => {
  if (family === 'monospace') return AVERAGE_WIDTH;
  const code = ch.charCodeAt(0);
  if (code < 32 || code >= 127) return AVERAGE_WIDTH;
  return (family === 'serif' ? TIMES_WIDTHS : HELVETICA_WIDTHS)[code - 32];
};

interface Piece extends Word {
  baseline: number;
  size: number;
  /** The run had a space (or nothing) right before / after this piece. */
  spaceBefore: boolean;
  spaceAfter: boolean;
}

/** Whether the code unit at `i` is white space (a surrogate pair never is). */
const isSpaceAt = (text: string, i: number): boolean => {
  const code = text.charCodeAt(i);
  return code === 32 || (code >= 9 && code <= 13) || (code > 127 && /\s/.test(text[i]));
};

/** A run's words. Plain loops over code units: every letter of every text page passes through here. */
function splitRun(run: TextRun): Piece[] {
  const text = run.text;
  if (text.length === 0 || run.size <= 0) return [];
  let total = 0;
  for (let i = 0; i < text.length; i += 1) {
    // a surrogate pair is one glyph, measured at its first half
    if (i > 0 && isLowSurrogate(text.charCodeAt(i)) && isHighSurrogate(text.charCodeAt(i - 1))) continue;
    total += isSpaceAt(text, i) ? glyphWidth(' ', run.family) : glyphWidth(text[i], run.family);
  }
  const scale = total > 0 && run.width > 0 ? run.width / total : run.size / 1000;
  const pieces: Piece[] = [];
  let offset = 0;
  let start = -1;
  let startOffset = 0;
  for (let i = 0; i <= text.length; i += 1) {
    const space = i < text.length && isSpaceAt(text, i);
    if (i < text.length && !space) {
      if (start < 0) {
        start = i;
        startOffset = offset;
      }
    } else if (start >= 0) {
      pieces.push({
        text: text.slice(start, i),
        x: run.x + startOffset * scale,
        y: run.baseline - ASCENT * run.size,
        width: (offset - startOffset) * scale,
        height: run.size,
        baseline: run.baseline,
        size: run.size,
        spaceBefore: start > 0,
        spaceAfter: i < text.length,
      });
      start = -1;
    }
    if (i < text.length && !(i > 0 && isLowSurrogate(text.charCodeAt(i)) && isHighSurrogate(text.charCodeAt(i - 1))))
      offset += space ? glyphWidth(' ', run.family) : glyphWidth(text[i], run.family);
  }
  return pieces;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

const continuesWord = (prev: Piece, next: Piece): boolean => {
  if (prev.spaceAfter || next.spaceBefore) return false;
  const size = Math.max(prev.size, next.size);
  if (Math.abs(prev.baseline - next.baseline) > 0.3 * size) return false;
  const gap = next.x - (prev.x + prev.width);
  return gap > -0.3 * size && gap < 0.15 * size;
};

/** Words of a page from its text runs, in the order the runs came. */
export function runsToWords(runs: TextRun[]): Word[] {
  const words: Piece[] = [];
  for (const run of runs) {
    for (const piece of splitRun(run)) {
      const prev = words[words.length - 1];
      if (prev && continuesWord(prev, piece)) {
        const right = Math.max(prev.x + prev.width, piece.x + piece.width);
        const top = Math.min(prev.y, piece.y);
        prev.height = Math.max(prev.y + prev.height, piece.y + piece.height) - top;
        prev.y = top;
        prev.width = right - prev.x;
        prev.text += piece.text;
        prev.spaceAfter = piece.spaceAfter;
        prev.size = Math.max(prev.size, piece.size);
      } else {
        words.push(piece);
      }
    }
  }
  return words.map(({ text, x, y, width, height }) => ({ text, x, y, width, height }));
}
