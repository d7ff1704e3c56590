/**
 * The words a reviewer reads past between an attribute's name and its value, or between the value and its
 * unit: dates, times, result flags, reference-range labels; and the notations a value may be written in
 * (Roman numerals, dimensions). Each test looks at one word (or the rest of one).
 */

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const CLOSING = '[)\\],:;]*';

/** 02-09-2025, 2/9/25, 2025-09-02, 02.09.2025, 02-Sep-2025, 2Sep2025, (02/09/2025): */
const DATE = new RegExp(
  `^[([]?(?:\\d{1,2}[-/.]\\d{1,2}[-/.](?:\\d{4}|\\d{2})|\\d{4}[-/.]\\d{1,2}[-/.]\\d{1,2}|\\d{1,2}[-/.]?${MONTH}[-/.]?(?:\\d{4}|\\d{2})?)${CLOSING}$`,
  'i',
);
const MONTH_WORD = new RegExp(`^[([]?${MONTH}${CLOSING}$`, 'i');
/** A day or a year beside a month word: 2, 2nd, 02, 2025, 25. */
const DAY_OR_YEAR = new RegExp(`^[([]?(?:\\d{1,2}(?:st|nd|rd|th)?|\\d{4})${CLOSING}$`, 'i');

/** hh:mm or hh:mm:ss, optionally with am/pm/hrs attached. */
const CLOCK = new RegExp(`^[([]?(?:[01]?\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d)?(am|pm|hrs?|h)?${CLOSING}$`, 'i');
/** hh.mm with am/pm attached (hh.mm alone is a decimal number). */
const DOTTED_CLOCK = new RegExp(`^[([]?(?:[01]?\\d|2[0-3])\\.[0-5]\\d(?:am|pm)${CLOSING}$`, 'i');
const DAY_HALF = new RegExp(`^[([]?(?:a\\.?m\\.?|p\\.?m\\.?|hrs?|ist)${CLOSING}$`, 'i');

/** 'Day 3', 'POD 2' (the third day of the stay, the second after the operation), in brackets or not. */
const DAY_OF_STAY = new RegExp(`^[([]?(?:day|pod)${CLOSING}$`, 'i');
const DAY_OF_STAY_NUMBER = new RegExp(`^\\d{1,3}(?:st|nd|rd|th)?${CLOSING}$`, 'i');
/** The same in one word: 'Day-3', 'POD#2'. */
const DAY_OF_STAY_WORD = new RegExp(`^[([]?(?:day|pod)[-#]?\\d{1,3}${CLOSING}$`, 'i');

/** A whole date in one word. */
export const isDate = (word: string): boolean => DATE.test(word) || DAY_OF_STAY_WORD.test(word);

/** 'Day' or 'POD' before the day's number ('Day 3', '[POD 2,'). */
export const isDayOfStay = (word: string, next: string): boolean => DAY_OF_STAY.test(word) && DAY_OF_STAY_NUMBER.test(next);

/** A month's name or abbreviation ('Sep', 'September,'). */
export const isMonth = (word: string): boolean => MONTH_WORD.test(word);

export const isDayOrYear = (word: string): boolean => DAY_OR_YEAR.test(word);

/** 'am', 'p.m.', 'hrs', 'IST' after a time. */
export const isDayHalf = (word: string): boolean => DAY_HALF.test(word);

/**
 * Whether a word is a time of day: 'clock' for hh:mm (which OCR may also make of a decimal number,
 * '17:25' for 17.25), 'marked' when am/pm is attached ('10:30AM', '10.30pm'), else null.
 */
export function timeOf(word: string): 'clock' | 'marked' | null {
  const clock = CLOCK.exec(word);
  if (clock) return clock[1] ? 'marked' : 'clock';
  return DOTTED_CLOCK.test(word) ? 'marked' : null;
}

/** Result flags of lab reports: H, L, High, Low, HH, LL, Abnormal, Critical, *, ↑, ↓, in brackets or not. */
const FLAG = /^[([]?(?:h|l|hi|lo|high|low|hh|ll|abn|abnormal|crit|critical|[*↑↓⇑⇓▲▼!#]+)[)\]]?\*?[,;]?$/i;

export const isFlag = (word: string): boolean => FLAG.test(word);

/**
 * Words that introduce a reference range or normal value ('Ref:', 'Reference', 'Normal', 'NR', 'Bio. Ref.
 * Interval'), as plain text (lower-case letters and digits). Not 'range': 'Fibroid size range 3-4 cm' is
 * a value.
 */
const REFERENCE_WORDS = new Set([
  'ref',
  'reference',
  'refrange',
  'normal',
  'normalrange',
  'normalvalue',
  'normalvalues',
  'nr',
  'bri',
  'biological',
  'interval',
  'expected',
]);

export const isReferenceWord = (plain: string): boolean => REFERENCE_WORDS.has(plain);

/** 'Method:', 'Methodology' introduce a note on how the value was measured, not another attribute's label. */
export const isMethodWord = (plain: string): boolean => plain === 'method' || plain === 'methodology';

const ROMAN_DIGITS: Record<string, number> = { i: 1, v: 5, x: 10 };
/**
 * I to XXXIX after separators ('-III', ':IV'), with a sub-stage letter after an upper-case numeral
 * ('IIIB', 'IVa'; not 'via').
 */
const ROMAN = /^[-–:=([]*(x{0,3}(?:ix|iv|v?i{0,3}))([abc]?)[)\].,:;]*$/i;

/** The value of a Roman numeral ('IV' → 4, 'iii' → 3, 'IIIB' → 3), or null. */
export function romanValue(word: string): number | null {
  const match = ROMAN.exec(word);
  const numeral = match?.[1];
  if (!numeral || (match[2] && numeral !== numeral.toUpperCase())) return null;
  let value = 0;
  for (let i = 0; i < numeral.length; i += 1) {
    const digit = ROMAN_DIGITS[numeral[i].toLowerCase()];
    const next = ROMAN_DIGITS[numeral[i + 1]?.toLowerCase()] ?? 0;
    value += digit < next ? -digit : digit;
  }
  return value;
}

/** The 'x' of dimensions: '4.2 x 3.8', '4.2x3.8', '4.2 × 3.8', '4.2 * 3.8'. */
export const DIMENSION_SEPARATOR = /^[x×*]/i;
