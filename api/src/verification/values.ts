/**
 * Clinical attribute values read beside the attribute's name or aliases, the way a reviewer reads them.
 *
 * For each place the name is found (pattern overrides first, see patterns.ts):
 *   - in a table whose header row names its columns ('Test | Result | Flag | Units | Biological reference
 *     interval'), the row's result cell, then its unit cell: cells are split at wide gaps and go to the
 *     header cell they overlap most. Reference (normal) range, flag and method columns are never read; a
 *     row whose result cell is empty has no value;
 *   - else the value on the same line, to the right of the name (separators, a bracketed unit and a few
 *     words may come between; a new 'Label:' stops the search);
 *   - tabular attributes: when the row to the right holds no value, the cell below the name (the first of
 *     the next three lines with words under the name's column);
 *   - distributed attributes: the value may spread over the rest of the line and the next three lines;
 *     a text attribute then collects every possible value found there.
 * On the way to a number, dates ('02-09-2025', '2 Sep 2025'), times ('10:30', '10:30 AM'), words in
 * brackets (method notes: '(Photometry)') and reference ranges ('(12-16)', 'Ref: 4.0-11.0', 'Normal 12 - 16')
 * are read past; on OCRed pages an hh:mm with nothing after it may be a decimal ('17:25').
 * Number: the first number (OCR letters inside a number are read as digits: l2.5 → 12.5, O.8 → 0.8); a
 * range ('12-16') is a reference range unless its unit follows it ('3-4 cm' reads 3); a Roman numeral
 * right after the name reads as its number ('Grade IV', 'Stage-IIB', 'Grade: III'). Dimensions ('4.2 x 3.8
 * cm', '4.2x3.8x2.1 cm', '4.2 cm x 3.8 cm', '42 × 38 mm') read as their largest dimension, each converted
 * by its own unit or else the one written after the last dimension ('x 10^3/µL' is no dimension).
 * NumberRange: '10-20', '10 - 20', '10 to 20' (a single number n reads as n-n; dimensions as the largest,
 * n-n); bracketed or labelled ranges are references. Text: the earliest of the attribute's possible values
 * (text_value or alias; reported as the text_value), or, when none are configured, the words up to the
 * next label (the first cell for tabular attributes).
 * A unit after the value converts it (units.ts), also across result flags ('10.2 L g/dL', '10.2 H*',
 * '10.2 ↑') and a reference range ('10.2 (12-16) g/dL'); or a unit before it, in the label ('Hb (g/dL): 12').
 */
import { cellsOf } from './layout';
import { foldOf, plainOf, type Hit, type PhraseIndex } from './match';
import {
  DIMENSION_SEPARATOR,
  isDate,
  isDayHalf,
  isDayOfStay,
  isDayOrYear,
  isFlag,
  isMethodWord,
  isMonth,
  isReferenceWord,
  romanValue,
  timeOf,
} from './notation';
import { compilePattern, runPattern } from './patterns';
import type { ClaimText, PageInfo, Token } from './text';
import type { ClinicalAttributeMaster } from './types';
import { convert, foreignUnitAt, targetUnit, unitAt, type UnitKeyword } from './units';

/**
 * A value read. `foreignUnit` is set when the value is written in a unit the attribute's units do not define
 * (as written): such a value is reported, never compared as if it were in the attribute's own unit.
 */
export type AttributeValue =
  | { kind: 'number'; value: number; foreignUnit?: string }
  | { kind: 'range'; lower: number; upper: number; foreignUnit?: string }
  | { kind: 'text'; value: string; values?: string[] };

export type ValueSource = 'fact' | 'pattern' | 'right' | 'below' | 'distributed';
const SOURCE_PRIORITY: Record<ValueSource, number> = { fact: 0, pattern: 1, right: 2, below: 3, distributed: 4 };

export interface ValueCandidate {
  value: AttributeValue;
  /** The unit the value is expressed in (the attribute's first unit after conversion), null when none was written. */
  unit: string | null;
  /** Page index (ClaimText.pages), null for facts. */
  page: number | null;
  /** The name and value tokens, for the evidence box. */
  tokens: number[];
  source: ValueSource;
  /** Reading order of the name (its first token); -1 for facts. */
  order: number;
}

export function displayValue(value: AttributeValue): string | number {
  if (value.kind === 'number') return value.value;
  if (value.kind === 'range') return `${value.lower}-${value.upper}`;
  return value.value;
}

/**
 * Digit groups of three, or Indian style (1,81,200.00); or a decimal comma: a comma followed by one or two
 * digits ('6,8', '0,85'), or any comma after a lone 0 ('0,850'), is a decimal separator.
 */
const NUMBER = String.raw`[-+]?(?:(?!0,)\d{1,3}(?:,\d{2,3})*,\d{3}(?!\d)(?:\.\d+)?|\d+,\d{1,2}(?![\d,])|0,\d+|\d+(?:\.\d+)?)|[-+]?\.\d+`;
/** One group of three after a comma ('4,500'): thousands, or a decimal comma; the attribute's range decides. */
const AMBIGUOUS_COMMA = /^[-+]?[1-9]\d{0,2},\d{3}$/;

/** The value of a number matched by NUMBER: a decimal comma read as a point, thousands separators dropped. */
function numberValue(text: string): number {
  if (/^[-+]?(?:\d+,\d{1,2}|0,\d+)$/.test(text)) return Number(text.replace(',', '.'));
  return Number(text.replace(/,/g, ''));
}
const LEADING_NUMBER = new RegExp(`^[([]?(${NUMBER})`);
const RANGE_REST = new RegExp(String.raw`^\s*(?:-|–|—|to)\s*(${NUMBER})`, 'i');
const RANGE_WORD = /^(?:-|–|—|to)$/i;
/** Characters OCR puts for digits, replaced only inside a run that already holds a digit. */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', o: '0', l: '1', I: '1', '|': '1', S: '5' };

/**
 * The number a word starts with, and what follows it in the word; `alternative` is its value with the comma
 * read as a decimal comma, where that is as likely ('4,500').
 */
export function leadingNumber(word: string): { value: number; rest: string; alternative?: number } | null {
  const run = /^[([]?[-+]?[0-9OolI|S.,:]+/.exec(word)?.[0] ?? '';
  let fixed = word;
  if (/\d/.test(run)) {
    let digits = run.replace(/[OolI|S]/g, (c) => DIGIT_LOOKALIKES[c]);
    // a decimal point OCR read as a colon: '17:2' is 17.2 (a value is rarely a time)
    if (!digits.includes('.') && /^\D*\d+:\d{1,3}$/.test(digits)) digits = digits.replace(':', '.');
    fixed = digits + word.slice(run.length);
  }
  const m = LEADING_NUMBER.exec(fixed);
  if (!m) return null;
  const value = numberValue(m[1]);
  if (!Number.isFinite(value)) return null;
  const rest = fixed.slice(m[0].length);
  return AMBIGUOUS_COMMA.test(m[1]) ? { value, rest, alternative: Number(m[1].replace(',', '.')) } : { value, rest };
}

/** Earliest first; at the same place the better and longer match ('Grade III' before 'Grade I'). */
const inReadingOrder = (a: Hit, b: Hit) => a.first - b.first || b.quality - a.quality || b.last - a.last;
const hasLetters = (s: string) => /\p{L}/u.test(s);
const isLabel = (s: string) => /[\p{L}\p{N})]\s*:$/u.test(s);
const opensBracket = (s: string) => /^[([]/.test(s);
const closesBracket = (s: string) => /[)\]][^\p{L}\p{N}]*$/u.test(s);
/** '10^3/µL', '10³': the power of ten of a count's unit, not a dimension. */
const POWER_OF_TEN = /^10(?:\^|[⁰¹²³⁴⁵⁶⁷⁸⁹]|e\d)/i;
/** A word whose letters run into a number, with ':' or '=' between them or nothing: 'Hb12.5', 'PLT:2.5'. */
const GLUED = /^(\p{L}{1,12})([:=]?)(\d.*)$/u;
const MAX_SKIPPED_WORDS = 3;
const MAX_LOOKAHEAD = 16;
const MAX_FLAGS = 2;
const DISTRIBUTED_LINES = 3;
const BELOW_LINES = 3;
/** How far under a label its value may stand, in the label's heights (gap between the lines). */
const BELOW_GAP = 2;
/** How far above a row its table's header row may be, in lines. */
const HEADER_REACH = 40;

interface ParseOptions {
  /** Text attributes: every possible value found (distributed), not just the first. */
  collectAll: boolean;
  /** Free text: at most this many words. */
  freeTextLimit: number;
  /** The name's label is already closed (by ':', '-', ...), so a further 'Label:' belongs to something else. */
  labelEnded: boolean;
}

interface Parsed {
  value: AttributeValue;
  unit: UnitKeyword | null;
  /** A unit written after the value that the attribute's units do not define, as written. */
  foreignUnit?: string;
  used: number[];
}

/**
 * A word, or a part of one: a number is split from what follows it in its word ('12500|mg/dl',
 * '4.2|x3.8|x2.1', '10.2|H'), and the name's word from what follows the name ('Grade|-III').
 */
interface Piece {
  token: number;
  text: string;
}

/** A number read with what belongs to it: a range's upper bound, its unit, further dimensions. */
interface Quantity {
  lower: number;
  /** Set for a range ('12-16', '3 to 4'). */
  upper: number | null;
  unit: UnitKeyword | null;
  /** A unit the attribute does not define, written after a single value. */
  foreignUnit?: string;
  /** Each dimension with its own unit (one entry when there is one dimension). */
  dimensions: { value: number; unit: UnitKeyword | null; foreignUnit?: string }[];
  /** The piece after the quantity. */
  next: number;
  used: number[];
}

/** What a table's header row says a column holds. */
type ColumnRole = 'name' | 'result' | 'unit' | 'reference' | 'flag' | 'method';

interface HeaderCell {
  role: ColumnRole | null;
  left: number;
  right: number;
}

/** The role of a header cell from its plain text ('Biological Reference Interval' → 'biologicalreferenceinterval'). */
function columnRole(plain: string): ColumnRole | null {
  if (/normal|reference|^ref|biological|interval|range|expected|limits/.test(plain)) return 'reference';
  if (/^(?:units?|uom)$/.test(plain)) return 'unit';
  if (/^(?:flags?|hl)$/.test(plain)) return 'flag';
  if (/method/.test(plain)) return 'method';
  if (/result|observ|value|reading/.test(plain)) return 'result';
  if (/^(?:tests?|testnames?|investigations?|parameters?|descriptions?|analytes?|examinations?|particulars|name)$/.test(plain))
    return 'name';
  return null;
}

export class ValueReader {
  /** By page index: for each line, its cells as a table header, or null when the line is no header. */
  private readonly headers = new Map<number, (HeaderCell[] | null)[]>();

  constructor(
    private readonly text: ClaimText,
    private readonly index: PhraseIndex,
  ) {}

  /** Every value of the attribute in the claim, in reading order. */
  candidates(attribute: ClinicalAttributeMaster, hospitalCode: string | null): ValueCandidate[] {
    const fromPatterns = this.patternCandidates(attribute, hospitalCode);
    const claimed = new Set(fromPatterns.flatMap((c) => c.tokens));
    const result = [...fromPatterns];
    for (const hit of this.nameHits(attribute)) {
      if (this.span(hit).some((t) => claimed.has(t))) continue;
      const found = this.readBeside(hit, attribute);
      if (found) result.push(found);
    }
    return result.sort((a, b) => a.order - b.order || SOURCE_PRIORITY[a.source] - SOURCE_PRIORITY[b.source]);
  }

  /** Name and alias hits, one per place (the longest where aliases overlap). */
  private nameHits(attribute: ClinicalAttributeMaster): Hit[] {
    const hits = [attribute.name, ...(attribute.alias ?? [])]
      .filter((p) => p.trim())
      .flatMap((p) => [...this.index.find(p), ...this.gluedHits(p, attribute)])
      .sort((a, b) => a.first - b.first || b.last - a.last);
    const kept: Hit[] = [];
    for (const hit of hits) if (!kept.length || hit.first > kept[kept.length - 1].last) kept.push(hit);
    return kept;
  }

  /** Words whose letters run into a number ('Hb12.5', 'PLT:2.5'), by the fold of their letters. */
  private glued: Map<string, { token: number; separator: string; tail: string }[]> | null = null;

  /**
   * A short name OCR glued to its value ('Hb12.5g/dL', 'HB:12.5'), which the phrase index matches only as a
   * whole word (longer names it finds at the letter/digit change itself). Codes are not split: the letters
   * must be the whole name, and the number must be set off (':' or '='), have a decimal point, or be
   * followed by a unit ('CA125', 'T3', 'B12' and 'CA-125' stay codes).
   */
  private gluedHits(phrase: string, attribute: ClinicalAttributeMaster): Hit[] {
    if (!this.glued) {
      this.glued = new Map();
      this.text.tokens.forEach((token, t) => {
        const m = GLUED.exec(token.word.text);
        if (!m) return;
        const key = foldOf(m[1]);
        const list = this.glued!.get(key) ?? [];
        list.push({ token: t, separator: m[2], tail: m[2] + m[3] });
        this.glued!.set(key, list);
      });
    }
    const found = this.glued.get(foldOf(phrase));
    if (!found) return [];
    const hits: Hit[] = [];
    for (const { token, separator, tail } of found) {
      const number = leadingNumber(tail.slice(separator.length));
      if (!number) continue;
      const { line, col, page } = this.tok(token);
      const next = this.text.pages[page].lines[line].tokens[col + 1];
      const unitParts = [number.rest, ...(next === undefined ? [] : [this.tok(next).word.text])].filter(Boolean);
      const setOff = separator !== '' || /^\d+[.,]\d/.test(tail.slice(separator.length)) || unitAt(unitParts, attribute) !== null;
      if (setOff) hits.push({ page, first: token, last: token, quality: 1, phrase, tail });
    }
    return hits;
  }

  private span(hit: Hit): number[] {
    return Array.from({ length: hit.last - hit.first + 1 }, (_, i) => hit.first + i);
  }

  private tok(t: number): Token {
    return this.text.tokens[t];
  }

  private piecesOf(tokens: number[]): Piece[] {
    return tokens.map((token) => ({ token, text: this.tok(token).word.text }));
  }

  private readBeside(hit: Hit, attribute: ClinicalAttributeMaster): ValueCandidate | null {
    const last = this.tok(hit.last);
    const page = this.text.pages[hit.page];
    const right = page.lines[last.line].tokens.slice(last.col + 1);
    const candidate = (parsed: Parsed | null, source: ValueSource): ValueCandidate | null =>
      parsed && {
        ...this.converted(parsed, attribute),
        page: hit.page,
        tokens: [...new Set([...this.span(hit), ...parsed.used])],
        source,
        order: hit.first,
      };
    const ending = hit.tail || last.word.text;
    const labelEnded = hit.tail ? /^[:=\-–]/.test(hit.tail) : /[:=\-–]$/.test(ending);
    // What follows the name inside its own word ('Grade-III', 'Hb:12.5') comes first, for numbers.
    const tail: Piece[] = hit.tail && attribute.value_type !== 'Text' ? [{ token: hit.last, text: hit.tail.replace(/^[:=\-–]+/, '') }] : [];
    if (attribute.distributed_attribute_value) {
      const following = page.lines.slice(last.line + 1, last.line + 1 + DISTRIBUTED_LINES).flatMap((l) => l.tokens);
      return candidate(
        this.parse([...tail, ...this.piecesOf([...right, ...following])], attribute, page, {
          collectAll: true,
          freeTextLimit: 40,
          labelEnded,
        }),
        'distributed',
      );
    }
    const row = this.rowByColumns(hit);
    const options = { collectAll: false, freeTextLimit: 8, labelEnded };
    let onRight: Parsed | null;
    if (row) onRight = this.parse(this.piecesOf(row), attribute, page, { ...options, labelEnded: true });
    else {
      const sameLine = attribute.value_type === 'Text' && attribute.tabular ? (cellsOf(this.text, right)[0] ?? []) : right;
      onRight = this.parse([...tail, ...this.piecesOf(sameLine)], attribute, page, options);
    }
    if (onRight) return candidate(onRight, 'right');
    // A label with nothing after it in its cell: its value is under it, or where its line goes on.
    const ownCell = cellsOf(this.text, [hit.last, ...right])[0].slice(1);
    const nothingAfter = !plainOf(hit.tail) && ownCell.every((t) => !this.tok(t).plain);
    if (attribute.tabular) {
      // A sentence that ends on the name carries its value to the next line ('On evaluation, Haemoglobin' /
      // '11.6 g/dL'); the first cell further down under the name is then another test's ('ESR 18 mm/1st hr').
      const below = (!row && nothingAfter && this.lineGoesOn(hit, attribute)) || this.cellBelow(hit);
      return candidate(this.parse(this.piecesOf(below), attribute, page, { ...options, labelEnded: true }), 'below');
    }
    if (row || !nothingAfter || (attribute.value_type === 'Text' && !attribute.text_possible_values?.length)) return null;
    const below = this.valueBelow(hit, attribute);
    return below && candidate(this.parse(this.piecesOf(below), attribute, page, { ...options, labelEnded: true }), 'below');
  }

  /**
   * The value under a label that has nothing after it on its line, in its column (the lines after the
   * label's are its column's, ./columns.ts), no more than BELOW_GAP line heights under it: the first cell
   * below that overlaps the label ('Size of calculus' over '22 mm', a form's box under its label), else
   * the start of the next line when the label ends its line ('... the size of calculus' / '22 mm in the
   * lower pole'). The cell must start with a value (a number, for numbers; no new label, for text).
   */
  private valueBelow(hit: Hit, attribute: ClinicalAttributeMaster): number[] | null {
    const page = this.text.pages[hit.page];
    const lineIndex = this.tok(hit.last).line;
    const labelLine = page.lines[lineIndex];
    const onLastLine = this.span(hit).filter((t) => this.tok(t).line === lineIndex);
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
  private lineGoesOn(hit: Hit, attribute: ClinicalAttributeMaster): number[] | null {
    const page = this.text.pages[hit.page];
    const lineIndex = this.tok(hit.last).line;
    const labelLine = page.lines[lineIndex];
    const next = page.lines[lineIndex + 1];
    const words = this.span(hit)
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

  private converted(parsed: Parsed, attribute: ClinicalAttributeMaster): { value: AttributeValue; unit: string | null } {
    const { value, unit, foreignUnit } = parsed;
    if (foreignUnit && value.kind !== 'text') return { value: { ...value, foreignUnit }, unit: foreignUnit };
    if (!unit || value.kind === 'text') return { value, unit: unit ? (targetUnit(attribute) ?? unit.key) : null };
    const target = targetUnit(attribute) ?? unit.key;
    if (value.kind === 'number') return { value: { kind: 'number', value: convert(value.value, unit.factor) }, unit: target };
    return { value: { kind: 'range', lower: convert(value.lower, unit.factor), upper: convert(value.upper, unit.factor) }, unit: target };
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
        const roles = header.map((c) => c.role);
        const known = roles.filter((r) => r !== null).length;
        return known >= 2 && (roles.includes('result') || roles.includes('reference')) ? header : null;
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
  private rowByColumns(hit: Hit): number[] | null {
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

  private cellBelow(hit: Hit): number[] {
    const page = this.text.pages[hit.page];
    const onLastLine = this.span(hit).filter((t) => this.tok(t).line === this.tok(hit.last).line);
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

  private parse(pieces: Piece[], attribute: ClinicalAttributeMaster, page: PageInfo, options: ParseOptions): Parsed | null {
    if (attribute.value_type === 'Text')
      return this.parseText(
        pieces.map((p) => p.token),
        attribute,
        options,
      );
    return this.parseNumber(pieces.slice(0, MAX_LOOKAHEAD), attribute, page.page.source === 'ocr', options);
  }

  private parseNumber(pieces: Piece[], attribute: ClinicalAttributeMaster, ocr: boolean, options: ParseOptions): Parsed | null {
    const range = attribute.value_type === 'NumberRange';
    let skipped = 0;
    let unitBefore: UnitKeyword | null = null;
    let labelEnded = options.labelEnded;
    /**
     * A reference label was read: the next range ('Normal 12-16') or also a single number ('Ref: < 5') is
     * its reference, not the value ('Normal 13.5' may be the value, said to be normal).
     */
    let referenceAhead: 'range' | 'any' | null = null;
    let inBrackets = false;
    /** Nothing but separators read since the name: where a Roman numeral may stand for a number. */
    let rightAfterName = true;
    for (let i = 0; i < pieces.length; ) {
      const word = pieces[i].text;
      const plain = plainOf(word);
      const opened: boolean = inBrackets || opensBracket(word);
      inBrackets = opened && !closesBracket(word);
      const passed = this.datesAndTimesAt(pieces, i, ocr);
      if (passed) {
        i += passed;
        rightAfterName = false;
        continue;
      }
      const roman = rightAfterName && plain ? romanValue(word) : null;
      if (roman !== null) {
        const value: AttributeValue = range ? { kind: 'range', lower: roman, upper: roman } : { kind: 'number', value: roman };
        return { value, unit: null, used: [pieces[i].token] };
      }
      if (!leadingNumber(word)) {
        i += 1;
        unitBefore ??= unitAt([word], attribute)?.keyword ?? null;
        if (!plain) {
          labelEnded = true;
          continue;
        }
        rightAfterName = false;
        if (isReferenceWord(plain)) {
          referenceAhead = plain === 'normal' ? 'range' : 'any';
          continue;
        }
        if (isMethodWord(plain)) continue;
        // 'Hb level observed: 9.8' is one label; in 'Hb: WBC: 8000' the second label is another attribute's.
        if (isLabel(word) && labelEnded) return null;
        if (isLabel(word)) labelEnded = true;
        // Words in brackets are notes ('(Photometry)', '(on admission)'); others count.
        if (hasLetters(word) && !opened && ++skipped > MAX_SKIPPED_WORDS) return null;
        continue;
      }
      const quantity = this.quantityAt(pieces, i, attribute, ocr);
      i = quantity.next;
      rightAfterName = false;
      const isRange = quantity.upper !== null;
      const referenced = referenceAhead === 'any' || (referenceAhead === 'range' && isRange);
      if (referenced || (opened && isRange) || (isRange && !range && !quantity.unit)) {
        // a reference range ('Ref: 4.0-11.0', '(12-16)', a Number's bare '12 - 16') or a labelled reference value
        referenceAhead = null;
        continue;
      }
      return this.valueOf(quantity, range, unitBefore);
    }
    return null;
  }

  /** The value a quantity gives: its largest dimension, else the range or the number, with its unit. */
  private valueOf(quantity: Quantity, range: boolean, unitBefore: UnitKeyword | null): Parsed {
    const { dimensions, used } = quantity;
    if (dimensions.length > 1) {
      // a unit written once ('4.2 x 3.8 cm') is every dimension's; one written per dimension is its own
      let written = dimensions.find((d) => d.unit)?.unit ?? unitBefore;
      const sizes = dimensions.map((d) => {
        written = d.unit ?? written;
        return { value: d.value, unit: written, size: convert(d.value, written?.factor ?? 1) };
      });
      const { value, unit } = sizes.reduce((largest, d) => (d.size > largest.size ? d : largest));
      return { value: range ? { kind: 'range', lower: value, upper: value } : { kind: 'number', value }, unit, used };
    }
    if (quantity.foreignUnit) {
      const { lower, upper } = quantity;
      const value: AttributeValue = range ? { kind: 'range', lower, upper: upper ?? lower } : { kind: 'number', value: lower };
      return { value, unit: null, foreignUnit: quantity.foreignUnit, used };
    }
    const unit = quantity.unit ?? unitBefore;
    if (quantity.upper !== null && range) return { value: { kind: 'range', lower: quantity.lower, upper: quantity.upper }, unit, used };
    if (range) return { value: { kind: 'range', lower: quantity.lower, upper: quantity.lower }, unit, used };
    return { value: { kind: 'number', value: quantity.lower }, unit, used };
  }

  /**
   * How many pieces from `at` are a date or a time ('02-09-2025', '2 Sep 2025', 'Sep 2, 2025', '10:30 AM'),
   * 0 when none. On OCRed pages a bare hh:mm is a time only when another number or am/pm follows it (OCR
   * reads some decimal points as colons); in a text layer it always is.
   */
  private datesAndTimesAt(pieces: Piece[], at: number, ocr: boolean): number {
    const word = (k: number) => pieces[at + k]?.text ?? '';
    if (isDate(word(0))) return 1;
    if (isDayOfStay(word(0), word(1))) return 2;
    if (isMonth(word(0)) && isDayOrYear(word(1))) return isDayOrYear(word(2)) ? 3 : 2;
    if (isDayOrYear(word(0)) && isMonth(word(1))) return isDayOrYear(word(2)) ? 3 : 2;
    const time = timeOf(word(0));
    if (time) {
      const marked = isDayHalf(word(1));
      if (time === 'marked' || marked || !ocr || leadingNumber(word(1))) return marked ? 2 : 1;
    }
    return 0;
  }

  /**
   * Reads the number at piece `at`, splitting what follows it in its word into a piece of its own. A comma
   * that may be a thousands or a decimal separator ('4,500') is read as the one that puts the value in the
   * attribute's number range, thousands when both or neither do.
   */
  private numberAt(pieces: Piece[], at: number, attribute?: ClinicalAttributeMaster): number {
    const piece = pieces[at];
    const lead = leadingNumber(piece.text)!;
    if (lead.rest) {
      const cut = piece.text.length - lead.rest.length;
      pieces.splice(at, 1, { token: piece.token, text: piece.text.slice(0, cut) }, { token: piece.token, text: piece.text.slice(cut) });
    }
    if (lead.alternative === undefined || !attribute?.number_range) return lead.value;
    const { lower_limit: lower, upper_limit: upper } = attribute.number_range;
    const within = (n: number) => (lower === null || n >= lower) && (upper === null || n <= upper);
    return !within(lead.value) && within(lead.alternative) ? lead.alternative : lead.value;
  }

  /** A range's upper bound at piece `at` ('-16', '- 16', 'to 16'), and the piece after it. */
  private upperAt(pieces: Piece[], at: number): { upper: number; next: number; used: number[] } | null {
    const piece = pieces[at];
    if (!piece) return null;
    const inWord = RANGE_REST.exec(piece.text);
    if (inWord) {
      const rest = piece.text.slice(inWord[0].length);
      pieces.splice(at, 1, { token: piece.token, text: inWord[0] }, ...(rest ? [{ token: piece.token, text: rest }] : []));
      return { upper: numberValue(inWord[1]), next: at + 1, used: [piece.token] };
    }
    const after = pieces[at + 1];
    if (RANGE_WORD.test(piece.text) && after && leadingNumber(after.text)) {
      const upper = this.numberAt(pieces, at + 1);
      return { upper, next: at + 2, used: [piece.token, after.token] };
    }
    return null;
  }

  /**
   * The unit after a value at piece `at`: right there, or after result flags ('L', 'High', '*', '↑'),
   * reference words and a reference range ('10.2 L (12-16) g/dL'); only the unit is evidence.
   */
  private unitAfter(
    pieces: Piece[],
    at: number,
    attribute: ClinicalAttributeMaster,
    ocr: boolean,
  ): { unit: UnitKeyword | string; next: number; used: number[] } | null {
    const unitHere = (k: number) => {
      const found = unitAt(
        pieces.slice(k, k + 3).map((p) => p.text),
        attribute,
        { ocr },
      );
      return found && { unit: found.keyword, next: k + found.words, used: pieces.slice(k, k + found.words).map((p) => p.token) };
    };
    let k = at;
    for (let flags = 0; flags < MAX_FLAGS && pieces[k] && isFlag(pieces[k].text) && !unitHere(k); flags += 1) k += 1;
    const direct = unitHere(k);
    if (direct) return direct;
    const foreign = foreignUnitAt(
      pieces.slice(k, k + 3).map((p) => p.text),
      attribute,
    );
    if (foreign) return { unit: foreign.text, next: k + foreign.words, used: pieces.slice(k, k + foreign.words).map((p) => p.token) };
    while (pieces[k] && isReferenceWord(plainOf(pieces[k].text))) k += 1;
    if (!pieces[k] || !leadingNumber(pieces[k].text)) return null;
    this.numberAt(pieces, k);
    const upper = this.upperAt(pieces, k + 1);
    if (!upper) return null;
    k = upper.next;
    while (pieces[k] && !plainOf(pieces[k].text)) k += 1;
    return unitHere(k);
  }

  /** The number at piece `at` with its range, unit and further dimensions. */
  private quantityAt(pieces: Piece[], at: number, attribute: ClinicalAttributeMaster, ocr: boolean): Quantity {
    const used = [pieces[at].token];
    const lower = this.numberAt(pieces, at, attribute);
    let next = at + 1;
    const range = this.upperAt(pieces, next);
    if (range) {
      used.push(...range.used);
      next = range.next;
    }
    const withUnit = (value: number) => {
      const unit = this.unitAfter(pieces, next, attribute, ocr);
      if (unit) {
        used.push(...unit.used);
        next = unit.next;
      }
      const written = unit?.unit ?? null;
      return typeof written === 'string' ? { value, unit: null, foreignUnit: written } : { value, unit: written };
    };
    const dimensions = [withUnit(lower)];
    while (!range && pieces[next] && DIMENSION_SEPARATOR.test(pieces[next].text)) {
      const separator = pieces[next];
      if (separator.text.length > 1) {
        // 'x3.8' or 'x3.8x2.1': the separator and the next dimension in one word
        if (!leadingNumber(separator.text.slice(1))) break;
        pieces.splice(
          next,
          1,
          { token: separator.token, text: separator.text[0] },
          { token: separator.token, text: separator.text.slice(1) },
        );
      }
      const size = pieces[next + 1];
      if (!size || !leadingNumber(size.text) || POWER_OF_TEN.test(size.text)) break;
      used.push(separator.token, size.token);
      const value = this.numberAt(pieces, next + 1, attribute);
      next += 2;
      dimensions.push(withUnit(value));
    }
    const { foreignUnit } = dimensions[0];
    return { lower, upper: range?.upper ?? null, unit: dimensions[0].unit, foreignUnit, dimensions, next, used };
  }

  private parseText(tokens: number[], attribute: ClinicalAttributeMaster, options: ParseOptions): Parsed | null {
    if (!tokens.length) return null;
    const possible = attribute.text_possible_values ?? [];
    if (possible.length) {
      const inside = new Set(tokens);
      const found: { value: string; hit: Hit }[] = [];
      for (const pv of possible) {
        const hits = [pv.text_value, ...(pv.text_value_alias ?? [])]
          .filter((p) => p.trim())
          .flatMap((p) => this.index.find(p))
          .filter((h) => inside.has(h.first) && inside.has(h.last));
        const first = hits.sort(inReadingOrder)[0];
        if (first) found.push({ value: pv.text_value, hit: first });
      }
      if (!found.length) return null;
      found.sort((a, b) => inReadingOrder(a.hit, b.hit));
      const chosen = options.collectAll ? found : found.slice(0, 1);
      const values = chosen.map((f) => f.value);
      return {
        value: { kind: 'text', value: values.join(', '), ...(values.length > 1 ? { values } : {}) },
        unit: null,
        used: chosen.flatMap((f) => this.span(f.hit)),
      };
    }
    const words: number[] = [];
    for (const t of tokens) {
      const w = this.tok(t);
      if (!words.length && !w.plain) continue;
      if (words.length && isLabel(w.word.text) && !options.collectAll) break;
      words.push(t);
      if (words.length >= options.freeTextLimit) break;
    }
    const value = words
      .map((t) => this.tok(t).word.text)
      .join(' ')
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N})%]+$/gu, '');
    return value ? { value: { kind: 'text', value }, unit: null, used: words } : null;
  }

  private patternCandidates(attribute: ClinicalAttributeMaster, hospitalCode: string | null): ValueCandidate[] {
    if (!hospitalCode) return [];
    const hospital = foldOf(hospitalCode);
    const patterns = (attribute.patternOverridesForValues ?? [])
      .filter((p) => (p.hospitals ?? []).some((h) => foldOf(h) === hospital))
      .flatMap((p) => p.overrides ?? [])
      .map((parts) => compilePattern(parts, attribute))
      .filter((p) => p !== null);
    const result: ValueCandidate[] = [];
    for (const page of this.text.pages)
      for (const pattern of patterns)
        for (const match of runPattern(pattern, page.text)) {
          const tokens: number[] = [];
          for (let t = page.firstToken; t < page.endToken; t += 1) {
            const token = this.tok(t);
            if (token.textStart < match.end && token.textEnd > match.start) tokens.push(t);
          }
          if (!tokens.length) continue;
          const unit = match.unitText ? (unitAt([match.unitText], attribute)?.keyword ?? null) : null;
          const value = match.value.kind === 'text' ? this.canonicalText(match.value.value, attribute) : match.value;
          result.push({
            ...this.converted({ value, unit, used: [] }, attribute),
            page: page.index,
            tokens,
            source: 'pattern',
            order: tokens[0],
          });
        }
    return result;
  }

  private canonicalText(raw: string, attribute: ClinicalAttributeMaster): AttributeValue {
    const fold = foldOf(raw);
    const known = (attribute.text_possible_values ?? []).find((pv) =>
      [pv.text_value, ...(pv.text_value_alias ?? [])].some((p) => foldOf(p) === fold),
    );
    return { kind: 'text', value: known?.text_value ?? raw };
  }
}

/**
 * The value that counts: lowest document rank first (document precedence; candidates whose rank is null
 * are excluded), then facts, then reading order, then how it was read.
 */
export function selectValue(candidates: ValueCandidate[], rank: (candidate: ValueCandidate) => number | null): ValueCandidate | null {
  let best: { candidate: ValueCandidate; key: number[] } | null = null;
  for (const candidate of candidates) {
    const r = rank(candidate);
    if (r === null) continue;
    const key = [r, candidate.source === 'fact' ? 0 : 1, candidate.order, SOURCE_PRIORITY[candidate.source]];
    if (!best || comesBefore(key, best.key)) best = { candidate, key };
  }
  return best?.candidate ?? null;
}

const comesBefore = (a: number[], b: number[]): boolean => {
  const i = a.findIndex((value, at) => value !== b[at]);
  return i >= 0 && a[i] < b[i];
};
