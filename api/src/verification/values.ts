/**
 * Clinical attribute values read beside the attribute's name or aliases.
 *
 * For each place the name is found (pattern overrides first, see patterns.ts):
 *   - the value on the same line, to the right of the name (separators, a bracketed unit and a few words
 *     may come between; a new 'Label:' stops the search);
 *   - tabular attributes: when the row to the right holds no value, the cell below the name (the first of
 *     the next three lines with words under the name's column);
 *   - distributed attributes: the value may spread over the rest of the line and the next three lines;
 *     a text attribute then collects every possible value found there.
 * Number: the first number (OCR letters inside a number are read as digits: l2.5 → 12.5, O.8 → 0.8).
 * NumberRange: '10-20', '10 - 20', '10 to 20' (a single number n reads as n-n). Text: the earliest of the
 * attribute's possible values (text_value or alias; reported as the text_value), or, when none are
 * configured, the words up to the next label (the first cell for tabular attributes).
 * A unit after the value (or before it, in the label: 'Hb (g/dL): 12') converts the value (units.ts).
 */
import { foldOf, type Hit, type PhraseIndex } from './match';
import { compilePattern, runPattern } from './patterns';
import type { ClaimText, Token } from './text';
import type { ClinicalAttributeMaster } from './types';
import { convert, targetUnit, unitAt, type UnitKeyword } from './units';

export type AttributeValue =
  | { kind: 'number'; value: number }
  | { kind: 'range'; lower: number; upper: number }
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

/** Digit groups of three, or Indian style (1,81,200.00). */
const NUMBER = String.raw`[-+]?(?:\d{1,3}(?:,\d{2,3})*,\d{3}|\d+)(?:\.\d+)?|[-+]?\.\d+`;
const LEADING_NUMBER = new RegExp(`^[([]?(${NUMBER})`);
const RANGE_REST = new RegExp(String.raw`^\s*(?:-|–|—|to)\s*(${NUMBER})`, 'i');
const RANGE_WORD = /^(?:-|–|—|to)$/i;
/** Characters OCR puts for digits, replaced only inside a run that already holds a digit. */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', o: '0', l: '1', I: '1', '|': '1', S: '5' };

/** The number a word starts with, and what follows it in the word. */
export function leadingNumber(word: string): { value: number; rest: string } | null {
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
  const value = Number(m[1].replace(/,/g, ''));
  return Number.isFinite(value) ? { value, rest: fixed.slice(m[0].length) } : null;
}

/** Earliest first; at the same place the better and longer match ('Grade III' before 'Grade I'). */
const inReadingOrder = (a: Hit, b: Hit) => a.first - b.first || b.quality - a.quality || b.last - a.last;
const hasLetters = (s: string) => /\p{L}/u.test(s);
const isLabel = (s: string) => /[\p{L}\p{N})]\s*:$/u.test(s);
const MAX_SKIPPED_WORDS = 3;
const MAX_LOOKAHEAD = 10;
const DISTRIBUTED_LINES = 3;
const BELOW_LINES = 3;
const CELL_GAP = 1.5;

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
  used: number[];
}

export class ValueReader {
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
      .flatMap((p) => this.index.find(p))
      .sort((a, b) => a.first - b.first || b.last - a.last);
    const kept: Hit[] = [];
    for (const hit of hits) if (!kept.length || hit.first > kept[kept.length - 1].last) kept.push(hit);
    return kept;
  }

  private span(hit: Hit): number[] {
    return Array.from({ length: hit.last - hit.first + 1 }, (_, i) => hit.first + i);
  }

  private tok(t: number): Token {
    return this.text.tokens[t];
  }

  private readBeside(hit: Hit, attribute: ClinicalAttributeMaster): ValueCandidate | null {
    const last = this.tok(hit.last);
    const page = this.text.pages[hit.page];
    const right = page.lines[last.line].tokens.slice(last.col + 1);
    const candidate = (parsed: Parsed | null, source: ValueSource): ValueCandidate | null =>
      parsed && {
        ...this.converted(parsed, attribute),
        page: hit.page,
        tokens: [...this.span(hit), ...parsed.used],
        source,
        order: hit.first,
      };
    const labelEnded = /[:=\-–]$/.test(last.word.text);
    if (attribute.distributed_attribute_value) {
      const following = page.lines.slice(last.line + 1, last.line + 1 + DISTRIBUTED_LINES).flatMap((l) => l.tokens);
      return candidate(this.parse([...right, ...following], attribute, { collectAll: true, freeTextLimit: 40, labelEnded }), 'distributed');
    }
    const sameLine = attribute.tabular ? (this.cells(right)[0] ?? []) : right;
    const onRight = this.parse(attribute.value_type === 'Text' ? sameLine : right, attribute, {
      collectAll: false,
      freeTextLimit: 8,
      labelEnded,
    });
    if (onRight || !attribute.tabular) return candidate(onRight, 'right');
    return candidate(this.parse(this.cellBelow(hit), attribute, { collectAll: false, freeTextLimit: 8, labelEnded: true }), 'below');
  }

  private converted(parsed: Parsed, attribute: ClinicalAttributeMaster): { value: AttributeValue; unit: string | null } {
    const { value, unit } = parsed;
    if (!unit || value.kind === 'text') return { value, unit: unit ? (targetUnit(attribute) ?? unit.key) : null };
    const target = targetUnit(attribute) ?? unit.key;
    if (value.kind === 'number') return { value: { kind: 'number', value: convert(value.value, unit.factor) }, unit: target };
    return { value: { kind: 'range', lower: convert(value.lower, unit.factor), upper: convert(value.upper, unit.factor) }, unit: target };
  }

  /** Splits a line's tokens into table cells at wide gaps. */
  private cells(tokens: number[]): number[][] {
    const cells: number[][] = [];
    tokens.forEach((t, i) => {
      const word = this.tok(t).word;
      const previous = i > 0 ? this.tok(tokens[i - 1]).word : null;
      const gap = previous ? word.x - (previous.x + previous.width) : 0;
      if (!previous || gap > CELL_GAP * Math.max(word.height, previous.height)) cells.push([t]);
      else cells[cells.length - 1].push(t);
    });
    return cells;
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
      const cells = this.cells(line.tokens).filter((cell) => cell.some(overlaps));
      if (cells.length) return cells.flat();
    }
    return [];
  }

  private parse(tokens: number[], attribute: ClinicalAttributeMaster, options: ParseOptions): Parsed | null {
    if (attribute.value_type === 'Text') return this.parseText(tokens, attribute, options);
    return this.parseNumber(tokens, attribute, attribute.value_type === 'NumberRange', options);
  }

  private parseNumber(tokens: number[], attribute: ClinicalAttributeMaster, range: boolean, options: ParseOptions): Parsed | null {
    const word = (i: number) => (i < tokens.length ? this.tok(tokens[i]).word.text : '');
    let skipped = 0;
    let unitBefore: UnitKeyword | null = null;
    let labelEnded = options.labelEnded;
    for (let i = 0; i < Math.min(tokens.length, MAX_LOOKAHEAD); i += 1) {
      const lead = leadingNumber(word(i));
      if (!lead) {
        // 'Hb level observed: 9.8' is one label; in 'Hb: WBC: 8000' the second label is another attribute's.
        if (isLabel(word(i)) && labelEnded) return null;
        if (isLabel(word(i)) || !this.tok(tokens[i]).plain) labelEnded = true;
        unitBefore ??= unitAt([word(i)], attribute)?.keyword ?? null;
        if (hasLetters(word(i)) && ++skipped > MAX_SKIPPED_WORDS) return null;
        continue;
      }
      const used = [tokens[i]];
      let value: AttributeValue = { kind: 'number', value: lead.value };
      let rest = lead.rest;
      let next = i + 1;
      if (range) {
        const inWord = RANGE_REST.exec(rest);
        const upperWord = RANGE_WORD.test(word(next)) ? leadingNumber(word(next + 1)) : null;
        const dashed = /^[-–—]/.test(word(next)) ? leadingNumber(word(next).slice(1)) : null;
        if (inWord) {
          value = { kind: 'range', lower: lead.value, upper: Number(inWord[1].replace(/,/g, '')) };
          rest = rest.slice(inWord[0].length);
        } else if (!rest && upperWord) {
          value = { kind: 'range', lower: lead.value, upper: upperWord.value };
          used.push(tokens[next], tokens[next + 1]);
          rest = upperWord.rest;
          next += 2;
        } else if (!rest && dashed) {
          value = { kind: 'range', lower: lead.value, upper: dashed.value };
          used.push(tokens[next]);
          rest = dashed.rest;
          next += 1;
        } else {
          value = { kind: 'range', lower: lead.value, upper: lead.value };
        }
      }
      const after = unitAt([rest, ...[next, next + 1].map(word)], attribute);
      if (after) used.push(...tokens.slice(next, next + after.words - 1));
      return { value, unit: after?.keyword ?? unitBefore, used };
    }
    return null;
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
