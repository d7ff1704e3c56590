/**
 * Negated mentions: 'No evidence of cholelithiasis', 'inguinal hernia ruled out', 'negative for malignancy'
 * name something only to say it is absent, so such a mention is not a finding (NegEx, Chapman et al. 2001,
 * adapted to the layouts of claim documents).
 *
 * A mention is negated when a trigger stands in its scope:
 *   before it   ('no', 'not', 'without', 'denies', 'negative for', 'absence of', 'free of', ...): the mention
 *               starts at most PRE_WINDOW words after the trigger. The scope runs over commas ('no fever,
 *               cough or cold') except for 'absent', which also follows what it denies;
 *   after it    ('ruled out', 'excluded', 'absent', 'not seen', 'negative', 'nil', 'none', ...): the mention
 *               ends at most POST_WINDOW words before the trigger, with no comma between ('Cholelithiasis,
 *               hernia ruled out' denies the hernia only).
 * Scopes end at a sentence's end (. ; ? !), at 'but', 'however', 'except' and their kin, at a blank line,
 * and at a new line that does not carry the sentence on (one starting in upper case after a line that
 * does not end on 'of', 'and', 'with', ...). A new item (a 'Label:' or a table cell) ends them too, but a
 * trigger standing right after it looks back across it: 'Hernia: absent', 'Hernia | Not seen'.
 * Phrases that hold a trigger's words without denying anything do not count: 'cannot be ruled out', 'no
 * change', 'not only', 'gram negative', and 'No' before a number ('Bill No 42').
 */
import type { Hit } from './match';
import { cellGapBetween } from './layout';
import type { ClaimText, PageInfo, Token } from './text';

const PRE_WINDOW = 6;
const POST_WINDOW = 3;

/** How a trigger's scope runs: after the trigger (over commas or not), before it, or both. */
interface TriggerKind {
  before: 'list' | 'phrase' | null;
  after: boolean;
}

const TRIGGERS: [string, TriggerKind][] = [
  ...['no', 'not', 'without', 'denies', 'denied', 'deny', 'never', 'neither', 'nor', 'none of'].map((t): [string, TriggerKind] => [
    t,
    { before: 'list', after: false },
  ]),
  ...['negative for', 'absence of', 'free of', 'free from', 'no evidence of', 'no signs of'].map((t): [string, TriggerKind] => [
    t,
    { before: 'list', after: false },
  ]),
  ['absent', { before: 'phrase', after: true }],
  ...[
    'ruled out',
    'excluded',
    'negative',
    'nil',
    'none',
    ...['seen', 'detected', 'found', 'visualised', 'visualized', 'noted', 'present', 'identified', 'demonstrated', 'observed'].map(
      (verb) => `not ${verb}`,
    ),
    'not appreciated',
    'not evident',
    'not elicited',
  ].map((t): [string, TriggerKind] => [t, { before: null, after: true }]),
];

const PSEUDO_TRIGGERS = [
  'no change',
  'no significant change',
  'no interval change',
  'no increase',
  'no further',
  'not only',
  'not necessarily',
  'not ruled out',
  'not be ruled out',
  'not been ruled out',
  'cannot be ruled out',
  'cant be ruled out',
  'to be ruled out',
  'not excluded',
  'not be excluded',
  'cannot be excluded',
  'cannot exclude',
  'gram negative',
];

/** Words that end a trigger's scope (the clause after them says something else). */
const TERMINATORS = new Set([
  'but',
  'however',
  'although',
  'though',
  'except',
  'whereas',
  'yet',
  'apart',
  'aside',
  'nevertheless',
  'which',
]);

/** Words a sentence goes on after, across a line break ('no evidence of / Cholelithiasis'). */
const CONTINUING = new Set([
  'of',
  'for',
  'and',
  'or',
  'with',
  'to',
  'the',
  'a',
  'an',
  'in',
  'on',
  'at',
  'by',
  'from',
  'no',
  'not',
  'any',
  'is',
  'was',
  'are',
  'were',
]);

/** Phrases as word lists, grouped by their first word, longest first. */
function byFirstWord<T>(entries: [string, T][]): Map<string, { words: string[]; value: T }[]> {
  const map = new Map<string, { words: string[]; value: T }[]>();
  for (const [phrase, value] of entries) {
    const words = phrase.split(' ');
    map.set(
      words[0],
      [...(map.get(words[0]) ?? []), { words, value }].sort((a, b) => b.words.length - a.words.length),
    );
  }
  return map;
}

const TRIGGER_INDEX = byFirstWord(TRIGGERS);
const PSEUDO_INDEX = byFirstWord(PSEUDO_TRIGGERS.map((p): [string, true] => [p, true]));

/** What separates a token from the one before it, from the weakest: nothing, a comma, a new item, a new sentence. */
type Boundary = 'none' | 'comma' | 'item' | 'sentence';

interface Trigger {
  first: number;
  last: number;
  kind: TriggerKind;
}

interface PageScopes {
  /** By token index minus the page's firstToken: the boundary between the token and the one before it. */
  boundary: Boundary[];
  triggers: Trigger[];
}

export interface Negation {
  hit: Hit;
  /** The trigger and the mention with what lies between, for the evidence box. */
  tokens: number[];
}

const scopesOfClaim = new WeakMap<ClaimText, Map<number, PageScopes>>();

/** Whether the hit is a negated mention, and the words that negate it. */
export function negationOf(text: ClaimText, hit: Hit): Negation | null {
  let pages = scopesOfClaim.get(text);
  if (!pages) {
    pages = new Map();
    scopesOfClaim.set(text, pages);
  }
  let scopes = pages.get(hit.page);
  if (!scopes) {
    scopes = pageScopes(text, text.pages[hit.page]);
    pages.set(hit.page, scopes);
  }
  const offset = text.pages[hit.page].firstToken;
  const boundary = (t: number) => scopes.boundary[t - offset];
  const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  for (const trigger of scopes.triggers) {
    if (trigger.kind.before && trigger.last < hit.first && hit.first - trigger.last - 1 <= PRE_WINDOW) {
      let open = true;
      for (let t = trigger.last + 1; t <= hit.first && open; t += 1)
        open = boundary(t) === 'none' || (boundary(t) === 'comma' && trigger.kind.before === 'list');
      if (open) return { hit, tokens: span(trigger.first, hit.last) };
    }
    if (trigger.kind.after && trigger.first > hit.last && trigger.first - hit.last - 1 <= POST_WINDOW) {
      let open = true;
      for (let t = hit.last + 1; t <= trigger.first && open; t += 1)
        open = boundary(t) === 'none' || (boundary(t) === 'item' && t === trigger.first);
      if (open) return { hit, tokens: span(hit.first, trigger.last) };
    }
  }
  return null;
}

const SENTENCE_END = /[.;!?]$/;
const STARTS_LOWER = /^\p{Ll}/u;
const ENDS_WORD = /[\p{L}\p{N},-]$/u;

function pageScopes(text: ClaimText, page: PageInfo): PageScopes {
  const tokens = text.tokens.slice(page.firstToken, page.endToken);
  const boundary = tokens.map((token, i) => (i === 0 ? 'sentence' : boundaryBefore(text, page, tokens[i - 1], token, page.firstToken + i)));
  tokens.forEach((token, i) => {
    if (!TERMINATORS.has(token.plain)) return;
    boundary[i] = 'sentence';
    if (i + 1 < tokens.length) boundary[i + 1] = 'sentence';
  });
  const pseudo = new Set<number>();
  const triggers: Trigger[] = [];
  const phraseAt = <T>(index: Map<string, { words: string[]; value: T }[]>, i: number) =>
    index
      .get(tokens[i].plain)
      ?.find(({ words }) => words.every((w, k) => tokens[i + k]?.plain === w && (k === 0 || boundary[i + k] === 'none')));
  tokens.forEach((_, i) => {
    const words = phraseAt(PSEUDO_INDEX, i)?.words.length ?? 0;
    for (let k = 0; k < words; k += 1) pseudo.add(i + k);
  });
  tokens.forEach((token, i) => {
    const found = phraseAt(TRIGGER_INDEX, i);
    if (!found || found.words.some((_, k) => pseudo.has(i + k))) return;
    // 'No' before a number is the number's label ('Bill No 42', 'IP No: 1234').
    if (token.plain === 'no' && /\d/.test(tokens[i + 1]?.word.text ?? '')) return;
    triggers.push({ first: page.firstToken + i, last: page.firstToken + i + found.words.length - 1, kind: found.value });
  });
  return { boundary, triggers };
}

function boundaryBefore(text: ClaimText, page: PageInfo, previous: Token, token: Token, index: number): Boundary {
  const before = previous.word.text;
  if (SENTENCE_END.test(before)) return 'sentence';
  if (previous.line !== token.line) {
    const above = page.lines[previous.line];
    const below = page.lines[token.line];
    if (below.top - above.bottom > above.bottom - above.top) return 'sentence';
    const continues = ENDS_WORD.test(before) && (STARTS_LOWER.test(token.word.text) || CONTINUING.has(previous.plain));
    if (!continues) return 'item';
  } else if (cellGapBetween(text, index - 1, index)) return 'item';
  if (before.endsWith(':') || !previous.plain) return 'item';
  if (before.endsWith(',')) return 'comma';
  return 'none';
}
