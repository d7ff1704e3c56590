/**
 * Finding names in the documents, tolerant of case, spacing, punctuation, line breaks, missing spaces and
 * the usual OCR confusions.
 *
 * Every word is reduced to its lower-case letters and digits ("plain"), then the confusable characters are
 * folded onto one ("fold": 0→o, 1/i/l→l, 5→s, 8→b, m→rn, w→vv). A page is the concatenation of its words'
 * folds in reading order, so spaces, punctuation and line breaks vanish and a name broken across words or
 * lines still matches. Hits are then graded:
 *   3  whole words, and the plain letters equal the name's (an exact match but for case and punctuation);
 *   2  whole words, equal only after folding (an OCR confusion);
 *   1  starts or ends inside a word where words visibly run together (see breaksWord), names of 6 or
 *      more letters only;
 *   0.5 approximate (one edit per 8 letters, at most 2; first and last letters right), names of 8 or more
 *      letters, on OCRed pages only (a text layer has no misreadings), asked for explicitly.
 * Names shorter than 4 letters must match one whole word exactly (grade 3): 'MI' must not match 'ml'.
 */
import type { ClaimText } from './text';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export function plainOf(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text.toLowerCase().replace(/[^a-z0-9]/g, '');
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Each confusable character maps to one spelling; 'm' and 'w' map to the pairs OCR reads them as. A map
 * of single characters keeps the fold of a phrase equal to the folds of its words joined, wherever the
 * words break ('Doctor Notes' and 'DoctorNotes' both hold 'rn').
 */
const CONFUSABLE: Record<string, string> = { '0': 'o', '1': 'l', i: 'l', '5': 's', '8': 'b', m: 'rn', w: 'vv' };

export function foldPlain(plain: string): string {
  return plain.replace(/[01i58mw]/g, (c) => CONFUSABLE[c]);
}

/** Names are folded over and over while rules are evaluated: remember the recent ones. */
const foldCache = new Map<string, string>();
const FOLD_CACHE_SIZE = 50_000;

export function foldOf(text: string): string {
  let fold = foldCache.get(text);
  if (fold === undefined) {
    if (foldCache.size >= FOLD_CACHE_SIZE) foldCache.clear();
    fold = foldPlain(plainOf(text));
    foldCache.set(text, fold);
  }
  return fold;
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
      hits = this.search(phrase, plainOf(phrase));
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

  private search(phrase: string, plain: string): Hit[] {
    const fold = foldPlain(plain);
    if (!fold) return [];
    const { tokens } = this.text;
    if (fold.length < KEY) {
      return (this.byWord.get(fold) ?? [])
        .filter((t) => tokens[t].plain === plain)
        .map((t) => ({ page: tokens[t].page, first: t, last: t, quality: 3, phrase }));
    }
    const hits = new Map<number, Hit>();
    const consider = (start: number) => {
      if (hits.has(start) || start < 0 || !this.stream.startsWith(fold, start)) return;
      const end = start + fold.length;
      const first = this.charToken[start];
      const last = this.charToken[end - 1];
      const startsWord = this.foldStart[first] === start;
      const endsWord = this.foldEnd[last] === end;
      let quality: number;
      if (startsWord && endsWord) quality = this.plainBetween(first, last) === plain ? 3 : 2;
      else if (
        fold.length >= MIN_PARTIAL &&
        (startsWord || breaksWord(tokens[first].word.text, tokens[first].plain, start - this.foldStart[first])) &&
        (endsWord || breaksWord(tokens[last].word.text, tokens[last].plain, end - this.foldStart[last]))
      )
        quality = 1;
      else return;
      hits.set(start, { page: tokens[first].page, first, last, quality, phrase });
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
      // whole words only, on one page, first and last letters right ('Hemorrhoid' is not 'Hemorrhoids')
      if (this.foldStart[first] !== match.start || this.foldEnd[last] !== match.end) continue;
      if (this.stream.slice(match.start, match.end).includes(PAGE_BREAK)) continue;
      if (this.stream[match.start] !== fold[0] || this.stream[match.end - 1] !== fold[fold.length - 1]) continue;
      if (this.text.pages[tokens[first].page].page.source !== 'ocr') continue;
      hits.push({ page: tokens[first].page, first, last, quality: 0.5, phrase });
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

/** How many plain characters make up the first `foldLength` folded characters (m and w fold to two), or -1 mid-character. */
function plainLength(plain: string, foldLength: number): number {
  let f = 0;
  let p = 0;
  while (f < foldLength && p < plain.length) f += (CONFUSABLE[plain[p++]] ?? ' ').length;
  return f === foldLength ? p : -1;
}

/**
 * Whether a word may be cut after `foldOffset` folded characters: only where the words run together
 * visibly, at punctuation ('Diagnosis:Senile'), a lower-to-upper case change ('NoSenile') or a change
 * between letters and digits ('Hb12.5'). So 'Ovarian cyst' is not found in 'Ovarian cystectomy', nor
 * 'Grade I' in 'Grade III'.
 */
function breaksWord(text: string, plain: string, foldOffset: number): boolean {
  const cut = plainLength(plain, foldOffset);
  if (cut < 0) return false;
  if (cut === 0 || cut >= plain.length) return true;
  let kept = 0;
  let before = -1;
  for (let i = 0; i < text.length; i += 1) {
    if (!plainOf(text[i])) continue;
    if (kept === cut) {
      if (i - before > 1) return true;
      const a = text[before];
      const b = text[i];
      const caseChange = a === a.toLowerCase() && a !== a.toUpperCase() && b === b.toUpperCase() && b !== b.toLowerCase();
      return caseChange || /\d/.test(a) !== /\d/.test(b);
    }
    before = i;
    kept += 1;
  }
  return true;
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
