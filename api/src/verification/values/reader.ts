/**
 * Clinical attribute values read beside the attribute's name or aliases, the way a reviewer reads them.
 *
 * For each place the name is found (pattern overrides first, see ../patterns.ts):
 *   - in a table whose header row names its columns, the row's result cell, then its unit cell (./table.ts);
 *   - else the value on the same line, to the right of the name (separators, a bracketed unit and a few
 *     words may come between; a new 'Label:' stops the search);
 *   - tabular attributes: when the row to the right holds no value, the cell below the name (./table.ts);
 *   - distributed attributes: the value may spread over the rest of the line and the next three lines;
 *     a text attribute then collects every possible value found there.
 * The words found there are parsed into a number, a range or a text with its unit by ./parse.ts, and the
 * value is converted into the attribute's first unit.
 */
import { foldOf, plainOf, type Hit, type PhraseIndex } from '../match';
import { cellsOf } from '../layout';
import { compilePattern, runPattern } from '../patterns';
import type { ClaimText, Token } from '../text';
import type { ClinicalAttributeMaster } from '../types';
import { convert, targetUnit, unitAt } from '../units';
import { type AttributeValue, type ClaimWords, leadingNumber, type Parsed, parseValue, type Piece, tokensOf } from './parse';
import { TableReader } from './table';

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

/** A word whose letters run into a number, with ':', '=', '-' between them or nothing: 'Hb12.5', 'PLT:2.5', 'EF-45%'. */
const GLUED = /^(\p{L}{1,12})([:=-]?)(\d.*)$/u;
const DISTRIBUTED_LINES = 3;

export class ValueReader {
  private readonly claim: ClaimWords;
  private readonly tables: TableReader;

  constructor(
    private readonly text: ClaimText,
    private readonly index: PhraseIndex,
  ) {
    this.claim = { text, index };
    this.tables = new TableReader(text);
  }

  /** Every value of the attribute in the claim, in reading order. */
  candidates(attribute: ClinicalAttributeMaster, hospitalCode: string | null): ValueCandidate[] {
    const fromPatterns = this.patternCandidates(attribute, hospitalCode);
    const claimed = new Set(fromPatterns.flatMap((c) => c.tokens));
    const result = [...fromPatterns];
    for (const hit of this.nameHits(attribute)) {
      if (tokensOf(hit).some((t) => claimed.has(t))) continue;
      const found = this.readBeside(hit, attribute);
      if (found) result.push(found);
    }
    return result.sort((a, b) => a.order - b.order || SOURCE_PRIORITY[a.source] - SOURCE_PRIORITY[b.source]);
  }

  /**
   * Name and alias hits, one per place (the longest where aliases overlap). Where the name is written nowhere as
   * it is, OCR's misreadings of it ('Appendiceal diametqr') count: the phrase index's approximate hits, which
   * it finds only for long names and only on OCRed pages, and short names read with a letter too many where
   * their line reads as the attribute's row.
   */
  private nameHits(attribute: ClinicalAttributeMaster): Hit[] {
    const phrases = [attribute.name, ...(attribute.alias ?? [])].filter((p) => p.trim());
    const exact = phrases.flatMap((p) => [...this.index.find(p), ...this.gluedHits(p, attribute)]);
    const misread = () => phrases.flatMap((p) => [...this.index.findApproximate(p), ...this.rowsOfMisreadShortName(p, attribute)]);
    const hits = (exact.length ? exact : misread()).sort((a, b) => a.first - b.first || b.last - a.last);
    const kept: Hit[] = [];
    for (const hit of hits) if (!kept.length || hit.first > kept[kept.length - 1].last) kept.push(hit);
    return kept;
  }

  /**
   * A short name ('Hb', 'PLT') OCR read with one letter too many inside it ('Hab' for a bold 'Hb'), on a scanned
   * page, where its line reads as the attribute's table row: the word starts the line, a number follows it, and
   * one of the attribute's own units follows the number ('Hab 11.6 g/dL'). Too short for the approximate search,
   * and only an insertion, first and last letters right: 'RBS' is never 'FBS', 'PT' never 'PLT'.
   */
  private rowsOfMisreadShortName(phrase: string, attribute: ClinicalAttributeMaster): Hit[] {
    const name = plainOf(phrase);
    if (!/^\p{L}{2,4}$/u.test(name)) return [];
    const hits: Hit[] = [];
    for (const page of this.text.pages) {
      if (page.page.source !== 'ocr') continue;
      for (const line of page.lines) {
        const [first, value, after] = line.tokens;
        if (value === undefined || !isOneLetterMore(this.tok(first).plain, name)) continue;
        const number = leadingNumber(this.tok(value).word.text);
        const unitParts = [number?.rest, after === undefined ? undefined : this.tok(after).word.text].filter(
          (part): part is string => !!part,
        );
        if (number && unitAt(unitParts, attribute, { ocr: true }))
          hits.push({ page: page.index, first, last: first, quality: 0.5, phrase, tail: '' });
      }
    }
    return hits;
  }

  /** Words whose letters run into a number ('Hb12.5', 'PLT:2.5'), by the fold of their letters. */
  private glued: Map<string, { token: number; separator: string; tail: string }[]> | null = null;

  /**
   * A short name OCR glued to its value ('Hb12.5g/dL', 'HB:12.5'), which the phrase index matches only as a
   * whole word (longer names it finds at the letter/digit change itself). Codes are not split: the letters
   * must be the whole name, and the number must be set off (':' or '='), have a decimal point, or be
   * followed by one of the attribute's units, which alone sets it off after a dash ('EF-45%'; 'CA125', 'T3',
   * 'B12' and 'CA-125' stay codes).
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
      // a dash joins codes too ('CA-125'): after one, only the attribute's unit sets the number off ('EF-45%')
      const withUnit = unitAt(unitParts, attribute) !== null;
      const setOff = withUnit || (separator !== '-' && (separator !== '' || /^\d+[.,]\d/.test(tail.slice(separator.length))));
      if (setOff) hits.push({ page, first: token, last: token, quality: 1, phrase, tail });
    }
    return hits;
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
    const ocr = page.page.source === 'ocr';
    const right = page.lines[last.line].tokens.slice(last.col + 1);
    const candidate = (parsed: Parsed | null, source: ValueSource): ValueCandidate | null =>
      parsed && {
        ...this.converted(parsed, attribute),
        page: hit.page,
        tokens: [...new Set([...tokensOf(hit), ...parsed.used])],
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
        parseValue([...tail, ...this.piecesOf([...right, ...following])], attribute, this.claim, ocr, {
          collectAll: true,
          freeTextLimit: 40,
          labelEnded,
        }),
        'distributed',
      );
    }
    const row = this.tables.rowByColumns(hit);
    const options = { collectAll: false, freeTextLimit: 8, labelEnded };
    let onRight: Parsed | null;
    if (row) onRight = parseValue(this.piecesOf(row), attribute, this.claim, ocr, { ...options, labelEnded: true });
    else {
      const sameLine = attribute.value_type === 'Text' && attribute.tabular ? (cellsOf(this.text, right)[0] ?? []) : right;
      onRight = parseValue([...tail, ...this.piecesOf(sameLine)], attribute, this.claim, ocr, options);
    }
    if (onRight) return candidate(onRight, 'right');
    // A label with nothing after it in its cell: its value is under it, or where its line goes on.
    const ownCell = cellsOf(this.text, [hit.last, ...right])[0].slice(1);
    const nothingAfter = !plainOf(hit.tail) && ownCell.every((t) => !this.tok(t).plain);
    if (attribute.tabular) {
      // A sentence that ends on the name carries its value to the next line ('On evaluation, Haemoglobin' /
      // '11.6 g/dL'); the first cell further down under the name is then another test's ('ESR 18 mm/1st hr').
      const below = (!row && nothingAfter && this.tables.lineGoesOn(hit, attribute)) || this.tables.cellBelow(hit);
      return candidate(parseValue(this.piecesOf(below), attribute, this.claim, ocr, { ...options, labelEnded: true }), 'below');
    }
    if (row || !nothingAfter || (attribute.value_type === 'Text' && !attribute.text_possible_values?.length)) return null;
    const below = this.tables.valueBelow(hit, attribute);
    return below && candidate(parseValue(this.piecesOf(below), attribute, this.claim, ocr, { ...options, labelEnded: true }), 'below');
  }
  private converted(parsed: Parsed, attribute: ClinicalAttributeMaster): { value: AttributeValue; unit: string | null } {
    const { value, unit, foreignUnit } = parsed;
    if (foreignUnit && value.kind !== 'text') return { value: { ...value, foreignUnit }, unit: foreignUnit };
    if (!unit || value.kind === 'text') return { value, unit: unit ? (targetUnit(attribute) ?? unit.key) : null };
    const target = targetUnit(attribute) ?? unit.key;
    if (value.kind === 'number') return { value: { kind: 'number', value: convert(value.value, unit.factor) }, unit: target };
    return { value: { kind: 'range', lower: convert(value.lower, unit.factor), upper: convert(value.upper, unit.factor) }, unit: target };
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

/** Whether `word` is `name` with one letter put in between its first and last (OCR's 'Hab' for 'Hb'). */
function isOneLetterMore(word: string, name: string): boolean {
  if (word.length !== name.length + 1 || word[0] !== name[0] || word[word.length - 1] !== name[name.length - 1]) return false;
  for (let at = 1; at < word.length - 1; at += 1) if (word.slice(0, at) + word.slice(at + 1) === name) return true;
  return false;
}
