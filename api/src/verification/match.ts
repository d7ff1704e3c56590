/**
 * Finding names in the documents, tolerant of case, spacing, punctuation, line breaks, missing spaces,
 * British and American spellings and the usual OCR confusions.
 *
 * Every word is reduced to its lower-case letters and digits ("plain"), then folded ("fold"): the
 * confusable characters onto one (0→o, 1/i/l→l, 5→s, 8→b, m→rn, w→vv), then British spellings onto
 * American ones (see SPELLING). A page is the concatenation of its words' folds in reading order, so
 * spaces, punctuation and line breaks vanish and a name broken across words or lines still matches. Hits
 * are then graded:
 *   3  whole words, and the plain letters equal the name's (an exact match but for case and punctuation);
 *   2  whole words, equal only after folding (a spelling variant or an OCR confusion);
 *   1  starts or ends inside a word where words visibly run together (see breakOf): names of 6 or more
 *      letters, or of 4 or more where punctuation joins the words ('Grade-III');
 *   0.5 approximate (one edit per 8 letters, at most 2; first and last letters right), names of 8 or more
 *      letters, on OCRed pages only (a text layer has no misreadings), asked for explicitly.
 * Names shorter than 4 letters must match one whole word exactly (grade 3): 'MI' must not match 'ml'.
 */
import type { ClaimText } from './text';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Lower case without accents; ligatures such as 'æ' stay (SPELLING folds them). */
function lowerOf(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/u;

export function plainOf(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text.toLowerCase().replace(/[^a-z0-9]/g, '');
  return lowerOf(text).replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Each confusable character maps to one spelling; 'm' and 'w' map to the pairs OCR reads them as. A map
 * of single characters keeps the fold of a phrase equal to the folds of its words joined, wherever the
 * words break ('Doctor Notes' and 'DoctorNotes' both hold 'rn').
 */
const CONFUSABLE: Record<string, string> = { '0': 'o', '1': 'l', i: 'l', '5': 's', '8': 'b', m: 'rn', w: 'vv' };
const CONFUSABLES = /[01i58mw]/g;

/**
 * British spellings folded onto American ones inside one run of letters (a word, or a part of one between
 * punctuation), so 'haemoglobin', 'oesophagus', 'tumour', 'authorisation', 'centre' and 'analogue' find
 * 'hemoglobin', 'esophagus', 'tumor', 'authorization', 'center' and 'analog' without an alias. The digraphs
 * fold only where British spelling puts them, because medical compounds join 'o|e' and 'a|e' all the time
 * ('phaco|emulsification', 'gastro|enteritis', 'intra|epithelial' must keep their letters):
 *   æ, œ → e
 *   ae → e   at the start ('aetiology'), in haem, -aemi- ('anaemia', 'ischaemic'), paed, gynae, caes, faec,
 *            anaes, and before v ('naevus', 'praevia')
 *   oe → e   at the start ('oedema', 'oesophagus', 'oestrogen'), in -oea(l/s) ('diarrhoea', 'dyspnoea'),
 *            -oedem- ('lymphoedema'), foet, coel, amoeb, homoeo, manoeu
 *   our → or        as an ending after two letters ('tumour', 'colourless', 'behavioural'; not 'four', 'neurourology')
 *   iz, yz → is, ys before a, e, i ('organize', 'authorization', 'analyzing')
 *   ogue → og       at the end ('catalogue', 'analogue')
 *   leuc → leuk     at the start before o or a ('leucocyte', 'leucopenia', 'leucaemia')
 *   re → er         at the end after a consonant and two letters ('centre', 'litre', 'fibre'; not 'acre', 'fracture')
 * The rules read the text after the OCR confusions are folded (so 'Haernoglobin' is 'haemoglobin' to them,
 * and they are written with 'rn' for m, 'l' for i). Both sides are folded alike, so a fold that touches some
 * other word only merges spellings no two real words tell apart.
 */
const SPELLING = new RegExp(
  [
    'æ|œ',
    '^ae|(?<=h)ae(?=rn)|ae(?=rnl)|(?<=p)ae(?=d)|(?<=gyn)ae|(?<=c)ae(?=s)|(?<=f)ae(?=c)|(?<=an)ae(?=s)|ae(?=v)',
    '^oe|oe(?=a[ls]?$)|oe(?=dern)|(?<=f)oe(?=t)|(?<=c)oe(?=l)|(?<=arn)oe(?=b)|(?<=horn)oe(?=o)|(?<=rnan)oe(?=u)',
    '(?<=[a-z]{2})ou(?=r(?:s|ed|lng|al|able|ably|ful|less|lte|ltes|lst|lsts|er|ers)?$)',
    '(?<=[ly])z(?=[ael])',
    'ogue(?=s?$)',
    '(?<=^le)uc(?=[oa])',
    '(?<=[a-z]{2}[b-df-hj-np-tv-xz])re(?=s?$)',
  ].join('|'),
  'g',
);
const RESPELLED: Record<string, string> = { æ: 'e', œ: 'e', ae: 'e', oe: 'e', ou: 'o', z: 's', ogue: 'og', re: 'er', uc: 'uk' };

const foldRun = (run: string): string => run.replace(CONFUSABLES, (c) => CONFUSABLE[c]).replace(SPELLING, (unit) => RESPELLED[unit]);

/** The runs of letters and digits of a text, lower case: joined, they are its plain form. */
const runsOf = (text: string): string[] => lowerOf(text).split(NOT_LETTER_OR_DIGIT);

/** Names and words are folded over and over while rules are evaluated: remember the recent ones. */
const foldCache = new Map<string, string>();
const FOLD_CACHE_SIZE = 50_000;

/** The fold of a text: each run of letters and digits folded on its own, then joined. */
export function foldOf(text: string): string {
  let fold = foldCache.get(text);
  if (fold === undefined) {
    if (foldCache.size >= FOLD_CACHE_SIZE) foldCache.clear();
    fold = runsOf(text).map(foldRun).join('');
    foldCache.set(text, fold);
  }
  return fold;
}

/**
 * Where each plain character of a text starts in its fold: entry p is the fold offset at plain offset p
 * (entry plain.length the fold's length), or -1 where p falls inside a respelled unit ('a|e' of 'ae').
 */
function foldOffsets(text: string): Int32Array {
  const runs = runsOf(text);
  const offsets = new Int32Array(runs.reduce((n, run) => n + run.length, 0) + 1);
  let plain = 0;
  let fold = 0;
  for (const run of runs) {
    // confusables first: where each plain character starts in the folded run
    let confused = '';
    const confusedAt: number[] = [];
    for (let p = 0; p < run.length; p += 1) {
      confusedAt.push(confused.length);
      confused += CONFUSABLE[run[p]] ?? run[p];
    }
    confusedAt.push(confused.length);
    // then the spelling units: where each character of the folded run starts in the fold
    const foldAt = new Int32Array(confused.length + 1);
    let at = 0;
    let length = 0;
    for (const unit of confused.matchAll(SPELLING)) {
      while (at < unit.index) foldAt[at++] = length++;
      foldAt[at] = length;
      for (let i = 1; i < unit[0].length; i += 1) foldAt[at + i] = -1;
      at += unit[0].length;
      length += RESPELLED[unit[0]].length;
    }
    while (at < confused.length) foldAt[at++] = length++;
    foldAt[confused.length] = length;
    for (let p = 0; p < run.length; p += 1) offsets[plain + p] = foldAt[confusedAt[p]] < 0 ? -1 : fold + foldAt[confusedAt[p]];
    plain += run.length;
    fold += length;
  }
  offsets[plain] = fold;
  return offsets;
}

export interface Hit {
  /** Index into ClaimText.pages. */
  page: number;
  /** First and last token of the hit (claim token indices, reading order). */
  first: number;
  last: number;
  quality: number;
  /** The name or alias that matched, as configured. */
  phrase: string;
  /** What follows the hit in its last word when it ends inside it ('-III' of 'Grade-III' for 'Grade'), else ''. */
  tail: string;
}

const KEY = 4;
const MIN_PARTIAL = 6;
const MIN_APPROXIMATE = 8;
const PAGE_BREAK = '|';

export class PhraseIndex {
  private readonly stream: string;
  private readonly charToken: Int32Array;
  private readonly foldStart: Int32Array;
  private readonly foldEnd: Int32Array;
  private readonly byStart = new Map<string, number[]>();
  private readonly byEnd = new Map<string, number[]>();
  private readonly byWord = new Map<string, number[]>();
  private readonly exact = new Map<string, Hit[]>();
  private readonly approximate = new Map<string, Hit[]>();

  constructor(private readonly text: ClaimText) {
    const { tokens } = text;
    this.foldStart = new Int32Array(tokens.length);
    this.foldEnd = new Int32Array(tokens.length);
    const parts: string[] = [];
    let length = 0;
    let page = -1;
    tokens.forEach((token, t) => {
      if (token.page !== page) {
        if (page >= 0) {
          parts.push(PAGE_BREAK);
          length += 1;
        }
        page = token.page;
      }
      this.foldStart[t] = length;
      parts.push(token.fold);
      length += token.fold.length;
      this.foldEnd[t] = length;
    });
    this.stream = parts.join('');
    this.charToken = new Int32Array(this.stream.length).fill(-1);
    tokens.forEach((token, t) => {
      if (!token.fold) return;
      this.charToken.fill(t, this.foldStart[t], this.foldEnd[t]);
      push(this.byStart, this.stream.slice(this.foldStart[t], this.foldStart[t] + KEY), t);
      push(this.byEnd, this.stream.slice(Math.max(0, this.foldEnd[t] - KEY), this.foldEnd[t]), t);
      push(this.byWord, token.fold, t);
    });
  }

  /** Every exact (grades 3, 2, 1) hit of the phrase, in reading order. */
  find(phrase: string): Hit[] {
    let hits = this.exact.get(phrase);
    if (!hits) {
      hits = this.search(phrase);
      this.exact.set(phrase, hits);
    }
    return hits;
  }

  /** Approximate hits (grade 0.5) of a phrase of 8 or more letters, in reading order. */
  findApproximate(phrase: string): Hit[] {
    const fold = foldOf(phrase);
    let hits = this.approximate.get(fold);
    if (!hits) {
      hits = fold.length >= MIN_APPROXIMATE ? this.searchApproximate(phrase, fold) : [];
      this.approximate.set(fold, hits);
    }
    return hits;
  }

  private search(phrase: string): Hit[] {
    const fold = foldOf(phrase);
    if (!fold) return [];
    const plain = plainOf(phrase);
    const { tokens } = this.text;
    if (fold.length < KEY) {
      return (this.byWord.get(fold) ?? [])
        .filter((t) => tokens[t].plain === plain)
        .map((t) => ({ page: tokens[t].page, first: t, last: t, quality: 3, phrase, tail: '' }));
    }
    const hits = new Map<number, Hit>();
    const consider = (start: number) => {
      if (hits.has(start) || start < 0 || !this.stream.startsWith(fold, start)) return;
      const end = start + fold.length;
      const first = this.charToken[start];
      const last = this.charToken[end - 1];
      const startsWord = this.foldStart[first] === start;
      const endsWord = this.foldEnd[last] === end;
      if (startsWord && endsWord) {
        const quality = this.plainBetween(first, last) === plain ? 3 : 2;
        hits.set(start, { page: tokens[first].page, first, last, quality, phrase, tail: '' });
        return;
      }
      const lastText = tokens[last].word.text;
      const head = startsWord ? null : cutOf(tokens[first].word.text, start - this.foldStart[first]);
      const tail = endsWord ? null : cutOf(lastText, end - this.foldStart[last]);
      if ((!startsWord && !head) || (!endsWord && !tail)) return;
      const onlyPunctuation = [head, tail].every((cut) => !cut || cut.kind === 'punctuation');
      if (fold.length < MIN_PARTIAL && !onlyPunctuation) return;
      hits.set(start, { page: tokens[first].page, first, last, quality: 1, phrase, tail: tail ? lastText.slice(tail.at) : '' });
    };
    for (const t of this.byStart.get(fold.slice(0, KEY)) ?? []) consider(this.foldStart[t]);
    for (const t of this.byEnd.get(fold.slice(-KEY)) ?? []) consider(this.foldEnd[t] - fold.length);
    return [...hits.values()].sort((a, b) => a.first - b.first);
  }

  private plainBetween(first: number, last: number): string {
    let plain = '';
    for (let t = first; t <= last; t += 1) plain += this.text.tokens[t].plain;
    return plain;
  }

  /**
   * Approximate substring search with at most k edits. Pigeonhole filter first: split into k + 1 pieces, one
   * of them must occur exactly, so only windows around exact occurrences of a piece are searched, with
   * Sellers' dynamic programming (edit distance, keeping where each match starts).
   */
  private searchApproximate(phrase: string, fold: string): Hit[] {
    const m = fold.length;
    const maxErrors = m >= 16 ? 2 : 1;
    const windows: [number, number][] = [];
    const pieceLength = Math.floor(m / (maxErrors + 1));
    for (let piece = 0; piece <= maxErrors; piece += 1) {
      const offset = piece * pieceLength;
      const text = fold.slice(offset, piece === maxErrors ? m : offset + pieceLength);
      for (let at = this.stream.indexOf(text); at >= 0; at = this.stream.indexOf(text, at + 1))
        windows.push([Math.max(0, at - offset - maxErrors), Math.min(this.stream.length, at - offset + m + maxErrors)]);
    }
    windows.sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const w of windows) {
      const last = merged[merged.length - 1];
      if (last && w[0] <= last[1]) last[1] = Math.max(last[1], w[1]);
      else merged.push([w[0], w[1]]);
    }
    const { tokens } = this.text;
    const hits: Hit[] = [];
    let previousEnd = -1;
    for (const match of merged.flatMap(([from, to]) => this.sellers(fold, maxErrors, from, to))) {
      const first = this.charToken[match.start];
      const last = this.charToken[match.end - 1];
      if (first < 0 || last < 0 || match.start < previousEnd) continue;
      // whole words only, on one page, first and last letters right ('Hemorrhoid' is not 'Hemorrhoids'; a first
      // capital OCR confuses with another may stand for it)
      if (this.foldStart[first] !== match.start || this.foldEnd[last] !== match.end) continue;
      if (this.stream.slice(match.start, match.end).includes(PAGE_BREAK)) continue;
      if (!sameInitial(this.stream[match.start], fold[0]) || this.stream[match.end - 1] !== fold[fold.length - 1]) continue;
      if (this.text.pages[tokens[first].page].page.source !== 'ocr') continue;
      hits.push({ page: tokens[first].page, first, last, quality: 0.5, phrase, tail: '' });
      previousEnd = match.end;
    }
    return hits;
  }

  /** Every match of `fold` in stream[from, to) with at most maxErrors edits: its start, end and cost. */
  private sellers(fold: string, maxErrors: number, from: number, to: number): { start: number; end: number; cost: number }[] {
    const m = fold.length;
    const cost = new Int32Array(m + 1);
    const start = new Int32Array(m + 1);
    for (let i = 0; i <= m; i += 1) {
      cost[i] = i;
      start[i] = from;
    }
    const found: { start: number; end: number; cost: number }[] = [];
    for (let j = from; j < to; j += 1) {
      const c = this.stream[j];
      let diagCost = cost[0];
      let diagStart = start[0];
      cost[0] = 0;
      start[0] = j + 1;
      for (let i = 1; i <= m; i += 1) {
        const upCost = cost[i];
        const upStart = start[i];
        let value = diagCost + (fold[i - 1] === c ? 0 : 1);
        let origin = diagStart;
        if (upCost + 1 < value) {
          value = upCost + 1;
          origin = upStart;
        }
        if (cost[i - 1] + 1 < value) {
          value = cost[i - 1] + 1;
          origin = start[i - 1];
        }
        cost[i] = value;
        start[i] = origin;
        diagCost = upCost;
        diagStart = upStart;
      }
      if (cost[m] <= maxErrors) found.push({ start: start[m], end: j + 1, cost: cost[m] });
    }
    return found;
  }
}

/** Where a word may be cut: at its edge, at punctuation inside it, or where two words visibly ran together. */
type CutKind = 'edge' | 'punctuation' | 'joined';

/**
 * Whether a word may be cut after `foldOffset` folded characters, and where in its text (the index of the
 * first character after the cut): only where the words run together visibly, at punctuation
 * ('Diagnosis:Senile'), a lower-to-upper case change ('NoSenile') or a change between letters and digits
 * ('Hb12.5', also where OCR read the number's first digit as a letter: 'Haemoglobinl1.6'). So 'Ovarian cyst' is not found in 'Ovarian cystectomy', nor 'Grade I' in 'Grade III'.
 */
/** Capitals OCR takes for each other at a word's start ('Fndometrial' for 'Endometrial'), folded. */
const CONFUSED_INITIALS: Readonly<Record<string, string>> = { e: 'f', f: 'e', c: 'g', g: 'c', o: 'd', d: 'o' };
/** Whether an approximate match's first letter is the phrase's, or one OCR takes for it. */
const sameInitial = (read: string, written: string): boolean => read === written || CONFUSED_INITIALS[written] === read;

/** A letter OCR reads for a digit ('l', 'I', 'O', '|'), then digits or a decimal point and digits: a number's start. */
const DIGIT_LOOKALIKE_START = /^[lIO|](?:\d|[.,]\d)/;

function cutOf(text: string, foldOffset: number): { at: number; kind: CutKind } | null {
  const offsets = foldOffsets(text);
  const cut = offsets.indexOf(foldOffset);
  if (cut < 0) return null;
  if (cut === 0) return { at: 0, kind: 'edge' };
  if (cut >= offsets.length - 1) return { at: text.length, kind: 'edge' };
  let kept = 0;
  let before = -1;
  for (let i = 0; i < text.length; i += 1) {
    if (!plainOf(text[i])) continue;
    if (kept === cut) {
      if (i - before > 1) return { at: before + 1, kind: 'punctuation' };
      const a = text[before];
      const b = text[i];
      const caseChange = a === a.toLowerCase() && a !== a.toUpperCase() && b === b.toUpperCase() && b !== b.toLowerCase();
      // OCR's letter for a digit starting the number ('Haemoglobinl1.6' for 'Haemoglobin11.6')
      const lookalikeDigit = /\p{L}/u.test(a) && DIGIT_LOOKALIKE_START.test(text.slice(i));
      return caseChange || lookalikeDigit || /\d/.test(a) !== /\d/.test(b) ? { at: i, kind: 'joined' } : null;
    }
    before = i;
    kept += 1;
  }
  return { at: text.length, kind: 'edge' };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The best hit: highest grade, then earliest in reading order. */
export function bestHit(hits: Iterable<Hit>): Hit | null {
  let best: Hit | null = null;
  for (const hit of hits) if (!best || hit.quality > best.quality || (hit.quality === best.quality && hit.first < best.first)) best = hit;
  return best;
}
