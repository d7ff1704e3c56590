/**
 * Notations real papers use that the masters do not spell out: the other (British or American) spelling of
 * a name, and Roman numerals for grades. The generator writes them for the spelling-variant and
 * roman-numeral classes (classes.ts); the expected verdict treats them as the entity or value they stand for.
 */
import { catalog } from './catalog';
import { findMentions, phrasesOf, tokens, type Named } from './text-match';

/**
 * Word parts that differ between British and American medical spelling, as [British, American] patterns on
 * lower-case words. An American pattern that could occur inside an unrelated word is anchored ('hem' only
 * where 'hema' / 'hemo' starts a word, so 'chemotherapy' and 'hemithyroidectomy' keep their spelling).
 */
const SPELLINGS: readonly [british: RegExp, toAmerican: string, american: RegExp, toBritish: string][] = [
  [/haem/g, 'hem', /^hem(?=[ao])/, 'haem'],
  [/anaem/g, 'anem', /^anem/, 'anaem'],
  [/oedem/g, 'edem', /^edem/, 'oedem'],
  [/oesophag/g, 'esophag', /^esophag/, 'oesophag'],
  [/tumour/g, 'tumor', /tumor(?!u)/g, 'tumour'],
  [/caesar/g, 'cesar', /^cesar/, 'caesar'],
  [/ischaem/g, 'ischem', /^ischem/, 'ischaem'],
  [/^foet/, 'fet', /^fet(?=al|us)/, 'foet'],
  [/gynaec/g, 'gynec', /gynec/g, 'gynaec'],
  [/paed/g, 'ped', /(ortho|^)ped(?=i)/, '$1paed'],
  [/leucocyt/g, 'leukocyt', /leukocyt/g, 'leucocyt'],
  [/goitre/g, 'goiter', /goiter/g, 'goitre'],
  [/isation/g, 'ization', /ization/g, 'isation'],
  [/diarrhoea/g, 'diarrhea', /diarrhea/g, 'diarrhoea'],
  [/^oestr/, 'estr', /^estr(?=o|a|i)/, 'oestr'],
  [/coeliac/g, 'celiac', /celiac/g, 'coeliac'],
];

/** The word in the case pattern of `like` (UPPER, Capitalised or lower). */
function inCaseOf(word: string, like: string): string {
  if (like.length > 1 && like === like.toUpperCase()) return word.toUpperCase();
  if (like[0] === like[0].toUpperCase()) return word[0].toUpperCase() + word.slice(1);
  return word;
}

function otherSpellingOfWord(word: string): string {
  const lower = word.toLowerCase();
  // A word with a British spelling becomes American; otherwise an American one becomes British.
  let british = lower;
  for (const [pattern, toAmerican] of SPELLINGS) british = british.replace(pattern, toAmerican);
  if (british !== lower) return inCaseOf(british, word);
  let american = lower;
  for (const [, , pattern, toBritish] of SPELLINGS) american = american.replace(pattern, toBritish);
  return american === lower ? word : inCaseOf(american, word);
}

/** The phrase in the other spelling, word by word ('Pre-Authorization Form' -> 'Pre-Authorisation Form'); null when no word changes. */
export function otherSpelling(phrase: string): string | null {
  const changed = phrase.replace(/[A-Za-z]+/g, otherSpellingOfWord);
  return changed === phrase ? null : changed;
}

/** Every name the catalog's text matcher knows, of any kind: a variant must match none of them. */
const ALL_NAMED: readonly Named[] = [
  ...catalog.procedures,
  ...catalog.diagnoses,
  ...catalog.evidence,
  ...catalog.drugs,
  ...catalog.tissues,
  ...catalog.preExistingDiseases,
  ...catalog.documents,
  ...catalog.clinicalAttributes,
];

/**
 * The entity's names and aliases in the other spelling, where that spelling is none of its own names (so an
 * exact matcher misses it) and names no other entity either.
 */
export function spellingVariants(entity: Named): string[] {
  const own = new Set(phrasesOf(entity).map((p) => p.join(' ')));
  const variants = [entity.name, ...entity.alias]
    .map(otherSpelling)
    .filter((v): v is string => v !== null)
    .filter((v) => !own.has(tokens(v).join(' ')) && findMentions(tokens(v), ALL_NAMED).length === 0);
  return [...new Set(variants)];
}

const ROMAN: readonly [number, string][] = [
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

/** 1..39 in Roman numerals ('grade IV'); a grade of 0 has none. */
export function toRoman(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 39) throw new Error(`toRoman: ${n} has no Roman numeral here`);
  let rest = n;
  let out = '';
  for (const [value, letters] of ROMAN) {
    while (rest >= value) {
      out += letters;
      rest -= value;
    }
  }
  return out;
}
