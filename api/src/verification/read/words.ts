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

function splitRun(run: TextRun): Piece[] {
  const chars = Array.from(run.text);
  if (chars.length === 0 || run.size <= 0) return [];
  const widths = chars.map((c) => glyphWidth(/\s/.test(c) ? ' ' : c, run.family));
  const total = widths.reduce((a, b) => a + b, 0);
  const scale = total > 0 && run.width > 0 ? run.width / total : run.size / 1000;
  const pieces: Piece[] = [];
  let offset = 0;
  let start = -1;
  let startOffset = 0;
  const close = (end: number, endOffset: number) => {
    pieces.push({
      text: chars.slice(start, end).join(''),
      x: run.x + startOffset * scale,
      y: run.baseline - ASCENT * run.size,
      width: (endOffset - startOffset) * scale,
      height: run.size,
      baseline: run.baseline,
      size: run.size,
      spaceBefore: start > 0,
      spaceAfter: end < chars.length,
    });
    start = -1;
  };
  chars.forEach((c, i) => {
    if (/\s/.test(c)) {
      if (start >= 0) close(i, offset);
    } else if (start < 0) {
      start = i;
      startOffset = offset;
    }
    offset += widths[i];
  });
  if (start >= 0) close(chars.length, offset);
  return pieces;
}

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
