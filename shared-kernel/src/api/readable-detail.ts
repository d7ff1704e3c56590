/**
 * The api's `detail` names the field first ('name: Too big: expected string to have <=200 characters'), which
 * serves programs; people on a screen read a sentence ('Name is too long: at most 200 characters.').
 */

/** 'procedure_code' and 'patientName' as a person calls them: 'Procedure code', 'Patient name'. */
export function fieldLabel(path: string): string {
  const last =
    path
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? path;
  const words = last
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The validator's own phrasings, each said of the field. */
const VALIDATOR_PHRASES: [RegExp, (label: string, match: RegExpMatchArray) => string][] = [
  [/^Too small: expected string to have >=1 characters?$/, (label) => `${label} is required`],
  [/^Too big: expected string to have <=(\d+) characters?$/, (label, m) => `${label} is too long: at most ${m[1]} characters`],
  [/^Too small: expected string to have >=(\d+) characters?$/, (label, m) => `${label} is too short: at least ${m[1]} characters`],
  [/^Too small: expected number to be >=?(-?[\d.]+)$/, (label, m) => `${label} must be at least ${m[1]}`],
  [/^Too big: expected number to be <=?(-?[\d.]+)$/, (label, m) => `${label} must be at most ${m[1]}`],
  [/^Too small: expected array to have >=(\d+) items?$/, (label, m) => `Choose at least ${m[1]} for ${label.toLowerCase()}`],
  [/^Too big: expected array to have <=(\d+) items?$/, (label, m) => `Choose at most ${m[1]} for ${label.toLowerCase()}`],
  [/^(Required|Invalid input: expected \w+, received undefined)$/, (label) => `${label} is required`],
  [/^Invalid input: expected (int|number), received \w+$/, (label) => `${label} must be a number`],
  [/^Invalid option: expected one of (.+)$/, (label, m) => `${label} must be one of ${m[1].replaceAll('"', '').split('|').join(', ')}`],
];

const FIELD_FIRST = /^(?:(?:querystring|params|headers|body) )?([A-Za-z_][\w.-]*): (.+)$/s;

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function readablePart(part: string): string {
  const fieldFirst = part.match(FIELD_FIRST);
  if (!fieldFirst) return capitalised(part);
  const [, path, reason] = fieldFirst;
  const label = fieldLabel(path);
  for (const [pattern, say] of VALIDATOR_PHRASES) {
    const match = reason.match(pattern);
    if (match) return say(label, match);
  }
  // A reason that goes on from the field's name ('must be positive') needs it; the api's other reasons are
  // sentences of their own ("Test unit 'cm' already exists").
  if (/^(must|is|are|should|cannot|can't|has|have|needs?|exceeds?|was|were|ends|does|do) /.test(reason)) return `${label} ${reason}`;
  return capitalised(reason);
}

/** The detail as sentences; each 'field: reason' of a list is one sentence (the server's own full stops are kept). */
export function readableDetail(detail: string): string {
  if (!detail.trim()) return detail;
  return detail
    .split(/; (?=(?:(?:querystring|params|headers|body) )?[A-Za-z_][\w.-]*: )/)
    .map((part) => readablePart(part.trim()).replace(/[;\s]+$/, ''))
    .filter(Boolean)
    .reduce((text, part) => `${/[.!?]$/.test(text) ? text : `${text}.`} ${part}`);
}
