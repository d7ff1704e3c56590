/**
 * Where on the page a name's value stands, beyond the words right after it on its line:
 *   - in a table whose header row names its columns ('Test | Result | Flag | Units | Biological reference
 *     interval'), the row's result cell, then its unit cell: cells are split at wide gaps and go to the
 *     header cell they overlap most. Reference (normal) range, flag and method columns are never read; a
 *     row whose result cell is empty has no value;
 *   - tabular attributes: the cell below the name (the first of the next three lines with words under the
 *     name's column), or the start of the next line when a sentence ends on the name;
 *   - a label with nothing after it: the value under it in its column, or where its line goes on.
 */
import { cellsOf } from '../layout';
import type { Hit } from '../match';
import type { ClaimText, PageInfo, Token } from '../text';
import { type ColumnRole, columnRole, isHeaderRow } from '../table-header';
import type { ClinicalAttributeMaster } from '../types';
import { isLabel, leadingNumber, tokensOf } from './parse';

const BELOW_LINES = 3;
/** How far under a label its value may stand, in the label's heights (gap between the lines). */
const BELOW_GAP = 2;
/** How far above a row its table's header row may be, in lines. */
const HEADER_REACH = 40;

interface HeaderCell {
  role: ColumnRole | null;
  left: number;
  right: number;
}

export class TableReader {
  /** By page index: for each line, its cells as a table header, or null when the line is no header. */
  private readonly headers = new Map<number, (HeaderCell[] | null)[]>();

  constructor(private readonly text: ClaimText) {}

  private tok(t: number): Token {
    return this.text.tokens[t];
  }

  /**
   * The value under a label that has nothing after it on its line, in its column (the lines after the
   * label's are its column's, ./columns.ts), no more than BELOW_GAP line heights under it: the first cell
   * below that overlaps the label ('Size of calculus' over '22 mm', a form's box under its label), else
   * the start of the next line when the label ends its line ('... the size of calculus' / '22 mm in the
   * lower pole'). The cell must start with a value (a number, for numbers; no new label, for text).
   */
  valueBelow(hit: Hit, attribute: ClinicalAttributeMaster): number[] | null {
    const page = this.text.pages[hit.page];
    const lineIndex = this.tok(hit.last).line;
    const labelLine = page.lines[lineIndex];
    const onLastLine = tokensOf(hit).filter((t) => this.tok(t).line === lineIndex);
    const words = onLastLine.map((t) => this.tok(t).word);
    const height = Math.max(...words.map((w) => w.height));
    const left = Math.min(...words.map((w) => w.x)) - 0.5 * height;
    const right = Math.max(...words.map((w) => w.x + w.width)) + 0.5 * height;
    const startsWithValue = (cell: number[]): boolean => {
      const first = this.tok(cell[0]).word.text;
      return attribute.value_type === 'Text' ? !isLabel(first) : leadingNumber(first) !== null || /^[<>~≈]$/.test(first);
    };
    const endsLine =
      labelLine.tokens[labelLine.tokens.length - 1] === hit.last ||
      labelLine.tokens.slice(this.tok(hit.last).col + 1).every((t) => !this.tok(t).plain);
    for (let l = lineIndex + 1; l < Math.min(page.lines.length, lineIndex + 1 + BELOW_LINES); l += 1) {
      const line = page.lines[l];
      // a line above the label starts another column; one too far below is no longer the label's
      if (line.top < labelLine.top || line.top - labelLine.bottom > BELOW_GAP * height) return null;
      const cells = cellsOf(this.text, line.tokens);
      const under = cells.find((cell) =>
        cell.some((t) => {
          const w = this.tok(t).word;
          return w.x < right && w.x + w.width > left;
        }),
      );
      if (under && startsWithValue(under)) return under;
      if (l === lineIndex + 1 && endsLine && cells[0] && this.tok(cells[0][0]).word.x < left && startsWithValue(cells[0])) return cells[0];
      if (under) return null;
    }
    return null;
  }

  /**
   * The start of the next line, for a label that ends its line when nothing on the next line lies under it
   * (the line goes on, as a sentence does): its first cell, when it starts left of the label with a value.
   */
  lineGoesOn(hit: Hit, attribute: ClinicalAttributeMaster): number[] | null {
    const page = this.text.pages[hit.page];
    const lineIndex = this.tok(hit.last).line;
    const labelLine = page.lines[lineIndex];
    const next = page.lines[lineIndex + 1];
    const words = tokensOf(hit)
      .filter((t) => this.tok(t).line === lineIndex)
      .map((t) => this.tok(t).word);
    const height = Math.max(...words.map((w) => w.height));
    const left = Math.min(...words.map((w) => w.x)) - 0.5 * height;
    const right = Math.max(...words.map((w) => w.x + w.width)) + 0.5 * height;
    const endsLine = labelLine.tokens.slice(this.tok(hit.last).col + 1).every((t) => !this.tok(t).plain);
    if (!endsLine || !next || next.top < labelLine.top || next.top - labelLine.bottom > BELOW_GAP * height) return null;
    const cells = cellsOf(this.text, next.tokens);
    const underLabel = cells.some((cell) =>
      cell.some((t) => {
        const w = this.tok(t).word;
        return w.x < right && w.x + w.width > left;
      }),
    );
    const first = cells[0];
    if (underLabel || !first || this.tok(first[0]).word.x >= left) return null;
    const text = this.tok(first[0]).word.text;
    const startsWithValue = attribute.value_type === 'Text' ? !isLabel(text) : leadingNumber(text) !== null;
    return startsWithValue ? first : null;
  }

  /** Each line of the page as a table header (its cells with their roles), or null for lines that are none. */
  private headerLines(page: PageInfo): (HeaderCell[] | null)[] {
    let lines = this.headers.get(page.index);
    if (!lines) {
      lines = page.lines.map((line) => {
        const cells = cellsOf(this.text, line.tokens);
        if (cells.length < 2) return null;
        const header = cells.map((cell): HeaderCell => {
          const words = cell.map((t) => this.tok(t).word);
          return {
            role: columnRole(cell.map((t) => this.tok(t).plain).join('')),
            left: Math.min(...words.map((w) => w.x)),
            right: Math.max(...words.map((w) => w.x + w.width)),
          };
        });
        return isHeaderRow(header.map((c) => c.role)) ? header : null;
      });
      this.headers.set(page.index, lines);
    }
    return lines;
  }

  /**
   * The tokens of the name's table row that may hold its value, by the columns of the table's header row:
   * the result cell then the unit cell, or (a header without a result column) every cell but the
   * reference, flag and method ones. Null when no header row above describes the row (none within
   * HEADER_REACH lines, or the name's cell runs into the value columns, as a sentence does).
   */
  rowByColumns(hit: Hit): number[] | null {
    const page = this.text.pages[hit.page];
    const lineIndex = this.tok(hit.last).line;
    const headers = this.headerLines(page);
    let header: HeaderCell[] | null = null;
    for (let l = lineIndex - 1; l >= Math.max(0, lineIndex - HEADER_REACH) && !header; l -= 1) header = headers[l];
    if (!header) return null;
    const valueColumns = header.filter((c) => c.role !== null && c.role !== 'name');
    const cells = cellsOf(this.text, page.lines[lineIndex].tokens);
    const at = cells.findIndex((cell) => cell.includes(hit.last));
    const nameRight = Math.max(...cells[at].map((t) => this.tok(t).word.x + this.tok(t).word.width));
    if (nameRight > Math.min(...valueColumns.map((c) => c.left))) return null;
    const hasResult = header.some((c) => c.role === 'result');
    const results: number[] = [];
    const units: number[] = [];
    const others: number[] = [];
    for (const cell of cells.slice(at + 1)) {
      const role = this.columnOf(cell, header);
      if (role === 'result') results.push(...cell);
      else if (role === 'unit') units.push(...cell);
      else if (role !== 'reference' && role !== 'flag' && role !== 'method') others.push(...cell);
    }
    return hasResult ? [...results, ...units] : [...others, ...units].sort((a, b) => a - b);
  }

  /** The header column a cell belongs to: the one it overlaps most, else the nearest. */
  private columnOf(cell: number[], header: HeaderCell[]): ColumnRole | null {
    const words = cell.map((t) => this.tok(t).word);
    const left = Math.min(...words.map((w) => w.x));
    const right = Math.max(...words.map((w) => w.x + w.width));
    let best: HeaderCell | null = null;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const column of header) {
      const overlap = Math.min(right, column.right) - Math.max(left, column.left);
      // overlapping columns score their overlap; the others (negative) how far away they are
      if (overlap > bestScore) {
        best = column;
        bestScore = overlap;
      }
    }
    return best?.role ?? null;
  }

  /** The cells under the name's column on the first of the next BELOW_LINES lines that has any; none when no line has. */
  cellBelow(hit: Hit): number[] {
    const page = this.text.pages[hit.page];
    const onLastLine = tokensOf(hit).filter((t) => this.tok(t).line === this.tok(hit.last).line);
    const words = onLastLine.map((t) => this.tok(t).word);
    const tolerance = 0.5 * Math.max(...words.map((w) => w.height));
    const left = Math.min(...words.map((w) => w.x)) - tolerance;
    const right = Math.max(...words.map((w) => w.x + w.width)) + tolerance;
    const overlaps = (t: number) => {
      const w = this.tok(t).word;
      return w.x < right && w.x + w.width > left;
    };
    const lineIndex = this.tok(hit.last).line;
    for (const line of page.lines.slice(lineIndex + 1, lineIndex + 1 + BELOW_LINES)) {
      const cells = cellsOf(this.text, line.tokens).filter((cell) => cell.some(overlaps));
      if (cells.length) return cells.flat();
    }
    return [];
  }
}
