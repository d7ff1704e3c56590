/**
 * Test units beside a value. A clinical attribute lists its units; every alias keyword of those units
 * ('g/dl', 'gm/dl', 'mg/dl', 'cm', 'mm', ...) carries a conversion_unit: multiplying by it gives the value in
 * the attribute's first unit, which is what unitFound then names. The first unit's own name counts as a
 * keyword with factor 1.
 */
import type { ClinicalAttributeMaster } from './types';

export interface UnitKeyword {
  /** Normalised keyword (lower case, no spaces). */
  key: string;
  /** The keyword in canonical notation (unitNotation), what text is matched against. */
  canonical: string;
  factor: number;
}

export const unitKey = (text: string): string => text.toLowerCase().replace(/\s+/g, '');

const SUPERSCRIPTS: Record<string, string> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
};

/**
 * The ways one unit is written, brought to one spelling: lower case without spaces, superscripts as powers
 * ('10³' → '10^3', also '10e3', '10*3', and '103/' where the superscript came down to the line), the micro sign and 'mc' as 'u', a count's multiplier word as its
 * power of ten ('thou', 'K' → 10^3, 'million' → 10^6, 'lakh' → 10^5), the cubic millimetre ('cumm', 'cu mm',
 * 'mm3', 'cmm') as the microlitre it equals, 'cells/' as '/', '10^9/L' as '10^3/uL' and '10^12/L' as
 * '10^6/uL' (the same quantities), and the 'x' before a power of ten dropped. Applied to the masters'
 * keywords and to the words beside a value alike, so 'x10³/µL', 'x10^9/L' and 'thou/mm3' all meet 'x10^3/uL'.
 */
export function unitNotation(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/\s+/g, '')
      .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, (digits) => `^${Array.from(digits, (d) => SUPERSCRIPTS[d]).join('')}`)
      .replace(/\^\^/g, '^')
      .replace(/[µμ]/g, 'u')
      // OCR's cent sign for a 'c' ('2.4 ¢m')
      .replace(/¢/g, 'c')
      .replace(/(^|\/)mc(?=[lg])/g, '$1u')
      .replace(/10(?:e|\*\*?)(\d{1,2})/g, '10^$1')
      // a superscript come down to the line ('x103/uL', 'x109/L'): a count's unit is never 103 or 109 of anything;
      // OCR may put a mark before it ('x1073/ul', 'x1079/L' for x10³, x10⁹)
      .replace(/^([x×*]*)10[^\d/]?7?(3|6|9|12)(?=\/)/, '$110^$2')
      .replace(/^[x×*]+(?=10\^)/, '')
      .replace(/cu\.?mm|c\.?mm|mm\^?3/g, 'ul')
      .replace(/^(?:thou(?:sands?)?|k)(?=\/)/, '10^3')
      .replace(/^(?:millions?|mill?)(?=\/)/, '10^6')
      // OCR's stray stroke before it ('Llakhs/cumm')
      .replace(/^l?lakhs?(?=\/)/, '10^5')
      .replace(/^cells?(?=\/)/, '')
      .replace(/^10\^9\/l(?![a-z])/, '10^3/ul')
      .replace(/^10\^12\/l(?![a-z])/, '10^6/ul')
  );
}

const keywordCache = new WeakMap<ClinicalAttributeMaster, UnitKeyword[]>();

/** The attribute's unit keywords, longest first (so 'mg/dl' wins over 'mg'). */
export function unitKeywords(attribute: ClinicalAttributeMaster): UnitKeyword[] {
  let keywords = keywordCache.get(attribute);
  if (keywords) return keywords;
  const byKey = new Map<string, number>();
  for (const unit of attribute.units ?? [])
    for (const alias of unit.alias ?? []) {
      const key = unitKey(alias.keyword ?? '');
      const factor = Number(alias.conversion_unit);
      if (key && Number.isFinite(factor) && factor !== 0 && !byKey.has(key)) byKey.set(key, factor);
    }
  const first = attribute.units?.[0];
  if (first && unitKey(first.name) && !byKey.has(unitKey(first.name))) byKey.set(unitKey(first.name), 1);
  keywords = [...byKey]
    .map(([key, factor]) => ({ key, canonical: unitNotation(key), factor }))
    .sort((a, b) => b.canonical.length - a.canonical.length);
  keywordCache.set(attribute, keywords);
  return keywords;
}

/** The name of the unit values are converted to, or null when the attribute has no unit. */
export const targetUnit = (attribute: ClinicalAttributeMaster): string | null => attribute.units?.[0]?.name ?? null;

const ONLY_PUNCTUATION = /^[^\p{L}\p{N}%]*$/u;

/**
 * A unit as OCR may have spelled it, folded so that its confusions meet: 'l', 'I', '1', '|' and '!' one
 * stroke (a doubled stroke one: 'mIU' read as 'mlIU' or 'miuU'), 'O' and '0', the micro sign read as 'u', 'y', 'H' or 'Hu'
 * (where a micro prefix stands: 'Hmol/L', 'Humol/L') or 'p' (unless the attribute itself defines a pico unit), and a '/' OCR
 * dropped or added. Applied to canonical notation (unitNotation).
 */
function ocrFold(canonical: string, pico: boolean): string {
  const folded = canonical
    .replace(/(^|\/)hu?(?=mol|g\/|iu|l$)/g, '$1u')
    .replace(/[il1|!]+/g, 'l')
    // a stroke read as a 'u' beside the U ('mIU/L' as 'miuU/L')
    .replace(/u+/g, 'u')
    .replace(/0/g, 'o')
    .replace(/y/g, 'u')
    .replace(/\//g, '');
  return pico ? folded : folded.replace(/p/g, 'u');
}

/** OCR's '1O^9' or 'lO³' for '10^9' and '10³', before the notation reads the power. */
const misreadPower = (text: string): string => text.replace(/^([([{]*[x×*]?)[1il|][0o](?=\^|[⁰¹²³⁴⁵⁶⁷⁸⁹])/i, '$110');

/**
 * The unit written at the start of `parts` (the rest of the value's word, then the next words), or null.
 * A unit may be split over up to three words ('mg / dl'), may sit in brackets, and must end with a word:
 * 'cm' is read from 'cm', 'cm.' or '(cm)', not from 'cms'. The longest keyword wins. On an OCRed page (`ocr`),
 * a unit written nowhere as it is may be one of the attribute's own misread ('mlIU/L' for mIU/L, 'pmol/l' for
 * µmol/L), when its OCR spelling meets the spelling of the attribute's units of one conversion only: the
 * attribute's own units decide it, and anything else stays a unit the masters do not define.
 */
export function unitAt(
  parts: string[],
  attribute: ClinicalAttributeMaster,
  { ocr = false }: { ocr?: boolean } = {},
): { keyword: UnitKeyword; words: number } | null {
  const found = unitWrittenAt(parts, attribute);
  if (found || !ocr || !parts.length) return found;
  const keywords = unitKeywords(attribute);
  const pico = keywords.some((k) => k.canonical.startsWith('p'));
  const folded = keywords.map((keyword) => ({ keyword, fold: ocrFold(keyword.canonical, pico) }));
  let best: { keyword: UnitKeyword; words: number; length: number } | null = null;
  let joined = '';
  for (let n = 0; n < Math.min(parts.length, 3); n += 1) {
    joined += unitKey(parts[n]);
    const written = ocrFold(unitNotation(misreadPower(joined.replace(/^[([{]+/, ''))), pico);
    const meets = folded.filter(({ fold }) => fold && written.startsWith(fold) && ONLY_PUNCTUATION.test(written.slice(fold.length)));
    const length = Math.max(0, ...meets.map(({ fold }) => fold.length));
    if (!meets.length || (best && length <= best.length)) continue;
    // Spellings of other conversions that meet it as well: the attribute's units do not decide it.
    const longest = meets.filter(({ fold }) => fold.length === length);
    if (longest.every(({ keyword }) => keyword.factor === longest[0].keyword.factor))
      best = { keyword: longest[0].keyword, words: n + 1, length };
  }
  return best && { keyword: best.keyword, words: best.words };
}

function unitWrittenAt(parts: string[], attribute: ClinicalAttributeMaster): { keyword: UnitKeyword; words: number } | null {
  const keywords = unitKeywords(attribute);
  if (!keywords.length) return null;
  let best: { keyword: UnitKeyword; words: number } | null = null;
  let joined = '';
  for (let n = 0; n < Math.min(parts.length, 3); n += 1) {
    joined += unitKey(parts[n]);
    const compact = unitNotation(joined.replace(/^[([{]+/, ''));
    if (!compact) continue;
    for (const keyword of keywords) {
      if (best && keyword.canonical.length <= best.keyword.canonical.length) break;
      if (compact.startsWith(keyword.canonical) && ONLY_PUNCTUATION.test(compact.slice(keyword.canonical.length))) {
        best = { keyword, words: n + 1 };
        break;
      }
    }
  }
  return best ?? countWithoutVolumeAt(parts[0], keywords);
}

/** Multiplier words written alone, as a count's unit ('0.62 lakhs', '4.5 million'), by the power they stand for. */
const BARE_MULTIPLIERS: Readonly<Record<string, string>> = {
  lakh: '10^5',
  lakhs: '10^5',
  thou: '10^3',
  thousand: '10^3',
  thousands: '10^3',
  million: '10^6',
  millions: '10^6',
};

/**
 * A count written with its multiplier only ('Platelets 0.62 lakhs' for lakhs/cumm): laboratories leave the
 * volume out, the multiplier says which of the attribute's units it is. Taken only where the attribute's units
 * have exactly one conversion for that multiplier over a volume; otherwise it stays a unit the masters do not define.
 */
function countWithoutVolumeAt(part: string | undefined, keywords: UnitKeyword[]): { keyword: UnitKeyword; words: number } | null {
  const power = BARE_MULTIPLIERS[(part ?? '').toLowerCase().replace(/^[([{]+|[)\]},.;:]+$/g, '')];
  if (!power) return null;
  const over = keywords.filter((keyword) => keyword.canonical.startsWith(`${power}/`));
  return over.length && over.every((keyword) => keyword.factor === over[0].factor) ? { keyword: over[0], words: 1 } : null;
}

/** Units of measurement as laboratories and radiologists write them, in canonical notation (unitNotation). */
const SIMPLE_UNITS = new Set(
  'mm cm ml dl cc mg g gm kg ug ng pg fl iu miu uiu mmol umol meq mmhg bpm sec secs min mins hr hrs % gm% mg% cells lakh lakhs million thou mm2 m2 kg/m2'.split(
    ' ',
  ),
);
/** Slashed forms that are abbreviations, not units ('c/o fever', 'h/o', 'w/o', 'and/or'). */
const NOT_UNITS = new Set(['c/o', 'h/o', 's/p', 'w/o', 'k/c/o', 'n/a', 'y/o', 'and/or', 'r/o', 'b/l', 'i/v', 'o/e', 'p/a']);
/** 'g/dl', '/ul', '10^3/ul', 'iu/ml', 'ml/min/1.73m2': short letters or a power of ten over a short unit. */
const SLASHED_UNIT = /^(?:10\^\d{1,2}|[a-z%]{0,8})\/(?:10\^\d{1,2})?[a-z0-9.^]{1,8}(?:\/[a-z0-9.^]{1,8})?$/;

/** 'x103', 'x10^9': a times sign and a power of ten, the volume after it lost. */
const POWER_WITHOUT_VOLUME = /^[x×*]+10\^?\d{1,2}$/;
/** 'x10%/ul', 'x1073/ul': a count's power of ten that OCR misread ('x10³'); which power it was is not known. */
const UNREAD_POWER = /^[x×*]+10[^/]{1,3}\/[a-z]{1,4}$/;

/**
 * A unit written at the start of `parts` that the attribute's units do not define ('250 x10^9/L' for an
 * attribute in lakhs/cumm whose master lacks it), as written, with the number of words it takes; null when
 * the words are no unit. Only for attributes that have units: the value cannot be compared with their
 * limits, and must not be taken as if written in their unit.
 */
export function foreignUnitAt(parts: string[], attribute: ClinicalAttributeMaster): { text: string; words: number } | null {
  if (!attribute.units?.length) return null;
  const trim = (word: string) => word.replace(/^[([{]+|[)\]},.;:]+$/g, '');
  let written = '';
  for (let n = 0; n < Math.min(parts.length, 3); n += 1) {
    const part = trim(parts[n]);
    // A unit goes on past its first word only where it is visibly unfinished: 'x 10^9/L', 'mg /dl', '/cu mm',
    // 'x 107 3/ul' (x10³ misread), 'x x 1073/l' (the times sign read twice).
    const unfinished = /^[x×*]*(?:10(?:\^\d*)?)?$|^[x×*]+10[^/]{1,3}$|\/$/;
    if (n > 0 && !(unfinished.test(unitNotation(written)) || part.startsWith('/') || /^\/?cu$/i.test(written))) break;
    written = n ? `${written} ${part}` : part;
    const canonical = unitNotation(written);
    if (!canonical || NOT_UNITS.has(canonical)) return null;
    if (SIMPLE_UNITS.has(canonical) || SLASHED_UNIT.test(canonical) || UNREAD_POWER.test(canonical)) return { text: written, words: n + 1 };
    // a count's power with its volume lost ('5.6 x 103'); '4 x 103 mm' is a second dimension, 'x 103 /uL' goes on
    const next = unitNotation(trim(parts[n + 1] ?? ''));
    if (POWER_WITHOUT_VOLUME.test(canonical) && !next.startsWith('/') && !SIMPLE_UNITS.has(next)) return { text: written, words: n + 1 };
  }
  return null;
}

/**
 * The attribute's unit that a count's unreadable power stands for ('240 x10%/uL', x10³ misread): of the
 * attribute's units written as a power of ten over that volume, the one that alone puts `value` inside the
 * attribute's number range, as a decimal comma is read. Null when none or several do: the unit then stays one
 * the masters do not define, and the value is not compared.
 */
export function unreadPowerUnit(written: string, value: number, attribute: ClinicalAttributeMaster): UnitKeyword | null {
  const canonical = unitNotation(written);
  const range = attribute.number_range;
  if (!UNREAD_POWER.test(canonical) || !range || (range.lower_limit === null && range.upper_limit === null)) return null;
  // '10^9/L' is kept as the '10^3/uL' it equals (unitNotation), so a power over litres is one over microlitres
  const volume = canonical.slice(canonical.indexOf('/')).replace(/^\/l$/, '/ul');
  const fitting = unitKeywords(attribute).filter(
    (keyword) =>
      /^10\^\d{1,2}(\/.*)$/.exec(keyword.canonical)?.[1] === volume && withinNumberRange(attribute, convert(value, keyword.factor)),
  );
  return fitting.length > 0 && fitting.every((keyword) => keyword.factor === fitting[0].factor) ? fitting[0] : null;
}

/** Whether `n` lies within the attribute's number range (an open end, or no range, holds any number). */
export function withinNumberRange(attribute: ClinicalAttributeMaster, n: number): boolean {
  const range = attribute.number_range;
  return !range || ((range.lower_limit === null || n >= range.lower_limit) && (range.upper_limit === null || n <= range.upper_limit));
}

/** value × factor, without the binary-fraction noise (0.1 × 3 = 0.3, not 0.30000000000000004). */
export const convert = (value: number, factor: number): number => Number((value * factor).toPrecision(12));
