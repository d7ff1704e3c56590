/**
 * Parsing a value from the words after an attribute's name: a number, a range or a text, with its unit.
 *
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
import { plainOf, type Hit, type PhraseIndex } from '../match';
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
} from '../notation';
import type { ClaimText } from '../text';
import type { ClinicalAttributeMaster } from '../types';
import { convert, foreignUnitAt, type UnitKeyword, unitAt, unreadPowerUnit, withinNumberRange } from '../units';

/**
 * A value read. `foreignUnit` is set when the value is written in a unit the attribute's units do not define
 * (as written): such a value is reported, never compared as if it were in the attribute's own unit.
 */
export type AttributeValue =
  | { kind: 'number'; value: number; foreignUnit?: string }
  | { kind: 'range'; lower: number; upper: number; foreignUnit?: string }
  | { kind: 'text'; value: string; values?: string[] };

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
export const isLabel = (s: string) => /[\p{L}\p{N})]\s*:$/u.test(s);
const opensBracket = (s: string) => /^[([]/.test(s);
const closesBracket = (s: string) => /[)\]][^\p{L}\p{N}]*$/u.test(s);
/** '10^3/µL', '10³': the power of ten of a count's unit, not a dimension. */
const POWER_OF_TEN = /^10(?:\^|[⁰¹²³⁴⁵⁶⁷⁸⁹]|e\d)/i;
const MAX_SKIPPED_WORDS = 3;
const MAX_LOOKAHEAD = 16;
const MAX_FLAGS = 2;

export interface ParseOptions {
  /** Text attributes: every possible value found (distributed), not just the first. */
  collectAll: boolean;
  /** Free text: at most this many words. */
  freeTextLimit: number;
  /** The name's label is already closed (by ':', '-', ...), so a further 'Label:' belongs to something else. */
  labelEnded: boolean;
}

export interface Parsed {
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
export interface Piece {
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

/** The claim's words and their phrase index, in which a text attribute's possible values are looked for. */
export interface ClaimWords {
  text: ClaimText;
  index: PhraseIndex;
}

/** The tokens a hit spans. */
export function tokensOf(hit: Hit): number[] {
  return Array.from({ length: hit.last - hit.first + 1 }, (_, i) => hit.first + i);
}

/** The value the pieces after a name give, read as the attribute's value type; `ocr`: they are an OCRed page's. */
export function parseValue(
  pieces: Piece[],
  attribute: ClinicalAttributeMaster,
  claim: ClaimWords,
  ocr: boolean,
  options: ParseOptions,
): Parsed | null {
  if (attribute.value_type === 'Text')
    return parseText(
      pieces.map((p) => p.token),
      attribute,
      claim,
      options,
    );
  return parseNumber(pieces.slice(0, MAX_LOOKAHEAD), attribute, ocr, options);
}

function parseNumber(pieces: Piece[], attribute: ClinicalAttributeMaster, ocr: boolean, options: ParseOptions): Parsed | null {
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
    const passed = datesAndTimesAt(pieces, i, ocr);
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
    const quantity = quantityAt(pieces, i, attribute, ocr);
    i = quantity.next;
    rightAfterName = false;
    const isRange = quantity.upper !== null;
    const referenced = referenceAhead === 'any' || (referenceAhead === 'range' && isRange);
    if (referenced || (opened && isRange) || (isRange && !range && !quantity.unit)) {
      // a reference range ('Ref: 4.0-11.0', '(12-16)', a Number's bare '12 - 16') or a labelled reference value
      referenceAhead = null;
      continue;
    }
    return quantityValue(quantity, range, unitBefore);
  }
  return null;
}

/** The value a quantity gives: its largest dimension, else the range or the number, with its unit. */
function quantityValue(quantity: Quantity, range: boolean, unitBefore: UnitKeyword | null): Parsed {
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
function datesAndTimesAt(pieces: Piece[], at: number, ocr: boolean): number {
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
function numberAt(pieces: Piece[], at: number, attribute?: ClinicalAttributeMaster): number {
  const piece = pieces[at];
  const lead = leadingNumber(piece.text)!;
  if (lead.rest) {
    const cut = piece.text.length - lead.rest.length;
    pieces.splice(at, 1, { token: piece.token, text: piece.text.slice(0, cut) }, { token: piece.token, text: piece.text.slice(cut) });
  }
  const range = attribute?.number_range;
  // A dash between a label and its value that OCR joined to the value ('Ejection Fraction -45 %') is no minus
  // sign where the attribute cannot be negative.
  const value = lead.value < 0 && range?.lower_limit != null && range.lower_limit >= 0 ? -lead.value : lead.value;
  if (lead.alternative === undefined || !range || !attribute) return value;
  return !withinNumberRange(attribute, value) && withinNumberRange(attribute, lead.alternative) ? lead.alternative : value;
}

/** A range's upper bound at piece `at` ('-16', '- 16', 'to 16'), and the piece after it. */
function upperAt(pieces: Piece[], at: number): { upper: number; next: number; used: number[] } | null {
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
    const upper = numberAt(pieces, at + 1);
    return { upper, next: at + 2, used: [piece.token, after.token] };
  }
  return null;
}

/**
 * The unit after a value at piece `at`: right there, or after result flags ('L', 'High', '*', '↑'),
 * reference words and a reference range ('10.2 L (12-16) g/dL'); only the unit is evidence.
 */
function unitAfter(
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
  numberAt(pieces, k);
  const upper = upperAt(pieces, k + 1);
  if (!upper) return null;
  k = upper.next;
  while (pieces[k] && !plainOf(pieces[k].text)) k += 1;
  return unitHere(k);
}

/** The number at piece `at` with its range, unit and further dimensions. */
function quantityAt(pieces: Piece[], at: number, attribute: ClinicalAttributeMaster, ocr: boolean): Quantity {
  const used = [pieces[at].token];
  const lower = numberAt(pieces, at, attribute);
  let next = at + 1;
  const range = upperAt(pieces, next);
  if (range) {
    used.push(...range.used);
    next = range.next;
  }
  const withUnit = (value: number) => {
    const unit = unitAfter(pieces, next, attribute, ocr);
    if (unit) {
      used.push(...unit.used);
      next = unit.next;
    }
    const written = unit?.unit ?? null;
    if (typeof written !== 'string') return { value, unit: written };
    const powerRead = unreadPowerUnit(written, value, attribute);
    return powerRead ? { value, unit: powerRead } : { value, unit: null, foreignUnit: written };
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
    const value = numberAt(pieces, next + 1, attribute);
    next += 2;
    dimensions.push(withUnit(value));
  }
  const { foreignUnit } = dimensions[0];
  return { lower, upper: range?.upper ?? null, unit: dimensions[0].unit, foreignUnit, dimensions, next, used };
}

function parseText(tokens: number[], attribute: ClinicalAttributeMaster, claim: ClaimWords, options: ParseOptions): Parsed | null {
  if (!tokens.length) return null;
  const possible = attribute.text_possible_values ?? [];
  if (possible.length) {
    const inside = new Set(tokens);
    const found: { value: string; hit: Hit }[] = [];
    for (const pv of possible) {
      const hits = [pv.text_value, ...(pv.text_value_alias ?? [])]
        .filter((p) => p.trim())
        .flatMap((p) => claim.index.find(p))
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
      used: chosen.flatMap((f) => tokensOf(f.hit)),
    };
  }
  const words: number[] = [];
  for (const t of tokens) {
    const w = claim.text.tokens[t];
    if (!words.length && !w.plain) continue;
    if (words.length && isLabel(w.word.text) && !options.collectAll) break;
    words.push(t);
    if (words.length >= options.freeTextLimit) break;
  }
  const value = words
    .map((t) => claim.text.tokens[t].word.text)
    .join(' ')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N})%]+$/gu, '');
  return value ? { value: { kind: 'text', value }, unit: null, used: words } : null;
}
