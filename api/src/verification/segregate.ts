/**
 * Splits the claim's pages into document types (discharge summary, lab report, bill, ...).
 *
 * With the hospital's docgroups configuration: a page begins a document of a configured type when one of
 * its begin alias groups is found in the page header (groups: the inner list joined by 'and', the outer by
 * 'or') and the begin inclusion/exclusion lists hold (header lists against the header, body lists against
 * the rest of the page). The document runs over the following pages of the same file until a page meets
 * its end conditions (an end alias group anywhere on the page, with the end inclusion/exclusion lists), a
 * page begins another document, or the file ends. For bills the flags add end conditions: subtotal_flag, a
 * 'Sub Total' line with an amount; total_flag, a 'Total' / 'Grand Total' line with an amount;
 * total_special_character_flag, such a total line whose 'Total' is followed by a special character
 * ('Total:', 'TOTAL -', 'Total ₹ ...').
 *
 * The header is the part of the page above top_threshold: a value up to 1 is a fraction of the page height,
 * a larger value is a distance in PDF points from the top (for images, whose units are pixels, the page is
 * taken as A4-wide, 595 points); without a threshold the header is the top quarter of the page.
 *
 * Pages no configuration claims are typed by their title: a name or alias of a document master the hospital
 * has not configured (a configured type is recognised only through its configuration), found as whole
 * words either in the top quarter of the page, or lower down where it stands as a title does under a tall
 * letterhead (see looksLikeTitle): in the upper half of the page, above the running text, alone in its line
 * or cell and set apart by a larger size than the body text, bold type, centring or capitals. The topmost
 * wins. Such a title also interrupts a configured document that has not ended. A page without a title
 * continues the type of the page before it in the same file.
 */
import type { DocgroupConfig } from '@claims/shared-kernel/contract';
import { bodyHeight, cellsOf } from './layout';
import { foldOf, type Hit, type PhraseIndex } from './match';
import type { ClaimText, PageInfo } from './text';
import type { KeywordMaster } from './types';

const DEFAULT_HEADER_FRACTION = 0.25;
const A4_WIDTH_POINTS = 595;
/** A title below the top quarter stands in the upper half of the page... */
const TITLE_ZONE_FRACTION = 0.5;
/** ...and is set apart: this much larger than the body text, or centred within this share of the page width. */
const TITLE_SIZE_RATIO = 1.15;
const CENTRED_WITHIN = 0.05;
/** A line with this many words starting in lower case is running text: no title stands below it. */
const RUNNING_TEXT_WORDS = 5;

export type PageTypeSource = 'docgroup' | 'title' | 'continued';

export interface PageType {
  /** The document master's name, or null when the page could not be typed. */
  type: string | null;
  via: PageTypeSource | null;
  /** Where the type was recognised (begin alias or title); null on continued pages. */
  hit: Hit | null;
}

export interface Segregation {
  /** By page index (ClaimText.pages). */
  pages: PageType[];
  /** Page indices of each document type (keys are folded names), in reading order. */
  pagesOfType(name: string): number[];
}

type Region = 'header' | 'body' | 'page';

function headerBottom(page: PageInfo, topThreshold: number | null | undefined): number {
  const { width, height, unit } = page.page;
  if (!topThreshold || topThreshold <= 0) return DEFAULT_HEADER_FRACTION * height;
  if (topThreshold <= 1) return topThreshold * height;
  return Math.min(height, unit === 'px' ? (topThreshold * width) / A4_WIDTH_POINTS : topThreshold);
}

export function segregate(
  text: ClaimText,
  index: PhraseIndex,
  documentMasters: KeywordMaster[],
  docgroups: Record<string, DocgroupConfig>,
): Segregation {
  const configs = Object.entries(docgroups ?? {});
  const configured = new Set(configs.map(([type]) => foldOf(type)));
  const titles = documentMasters
    .filter((m) => !configured.has(foldOf(m.name)))
    .map((m) => ({ name: m.name, phrases: [m.name, ...(m.alias ?? [])].filter((p) => p.trim()) }));

  const inRegion = (hit: Hit, page: PageInfo, region: Region, bottom: number): boolean => {
    if (region === 'page') return true;
    const word = text.tokens[hit.first].word;
    const isHeader = word.y + word.height / 2 <= bottom;
    return region === 'header' ? isHeader : !isHeader;
  };
  const hitsOn = (phrase: string, page: PageInfo, region: Region, bottom: number): Hit[] =>
    index.find(phrase).filter((h) => h.page === page.index && h.quality >= 1 && inRegion(h, page, region, bottom));

  /** The topmost hit of the first alias group fully present, or null; undefined when there are no groups. */
  const groupsHit = (groups: string[][], page: PageInfo, region: Region, bottom: number): Hit | null | undefined => {
    const usable = (groups ?? []).map((g) => g.filter((s) => s.trim())).filter((g) => g.length > 0);
    if (usable.length === 0) return undefined;
    let best: Hit | null = null;
    for (const group of usable) {
      const found = group.map((phrase) => hitsOn(phrase, page, region, bottom)[0]);
      if (found.some((h) => !h)) continue;
      for (const h of found as Hit[]) if (!best || text.tokens[h.first].word.y < text.tokens[best.first].word.y) best = h;
    }
    return best;
  };
  const listsHold = (inclusion: string[][], exclusion: string[][], page: PageInfo, region: Region, bottom: number) =>
    groupsHit(inclusion, page, region, bottom) !== null && !groupsHit(exclusion, page, region, bottom);
  const extraListsHold = (c: DocgroupConfig, side: 'begin' | 'end', page: PageInfo, bottom: number) =>
    listsHold(c[`${side}_inclusion_header`], c[`${side}_exclusion_header`], page, 'header', bottom) &&
    listsHold(c[`${side}_inclusion_body`], c[`${side}_exclusion_body`], page, 'body', bottom);

  const begins = (c: DocgroupConfig, page: PageInfo): Hit | null => {
    const bottom = headerBottom(page, c.top_threshold);
    const hit = groupsHit(c.begin_alias, page, 'header', bottom);
    return hit && extraListsHold(c, 'begin', page, bottom) ? hit : null;
  };
  const ends = (c: DocgroupConfig, page: PageInfo): boolean => {
    const bottom = headerBottom(page, c.top_threshold);
    const byAlias = !!groupsHit(c.end_alias, page, 'page', bottom);
    return (byAlias || hasTotalLine(text, page, c)) && extraListsHold(c, 'end', page, bottom);
  };
  const title = (page: PageInfo): { name: string; hit: Hit } | null => {
    const band = headerBottom(page, null);
    const zone = TITLE_ZONE_FRACTION * page.page.height;
    let runningText: number | null = null;
    const runningTextLine = () => (runningText ??= firstRunningTextLine(text, page));
    let best: { name: string; hit: Hit; y: number; length: number } | null = null;
    // A title OCR misread ('SONOGRAFHY REPORT', a letter under a stamp or lost on a fax) counts only on a scanned
    // page with no title as written: the phrase index's approximate hits (long phrases, one or two letters off).
    const written = (phrase: string) => hitsOn(phrase, page, 'page', band).filter((hit) => hit.quality >= 2);
    const misread = (phrase: string) => index.findApproximate(phrase).filter((hit) => hit.page === page.index);
    for (const hitsOf of page.page.source === 'ocr' ? [written, misread] : [written]) {
      if (best) break;
      for (const { name, phrases } of titles)
        for (const phrase of phrases)
          for (const hit of hitsOf(phrase)) {
            const first = text.tokens[hit.first];
            const middle = first.word.y + first.word.height / 2;
            const titled = middle <= band || (middle <= zone && first.line < runningTextLine() && looksLikeTitle(text, page, hit));
            if (!titled) continue;
            const y = first.word.y;
            if (!best || y < best.y || (y === best.y && phrase.length > best.length)) best = { name, hit, y, length: phrase.length };
          }
    }
    return best && { name: best.name, hit: best.hit };
  };

  const pages: PageType[] = [];
  /** The document the current page belongs to unless it begins another; config null for titled ones. */
  let open: { type: string; config: DocgroupConfig | null } | null = null;
  let previousDoc = -1;
  for (const page of text.pages) {
    if (page.docIndex !== previousDoc) open = null;
    previousDoc = page.docIndex;
    let typed: PageType | null = null;
    for (const [type, config] of configs) {
      const hit = begins(config, page);
      if (hit && (!typed?.hit || text.tokens[hit.first].word.y < text.tokens[typed.hit.first].word.y)) {
        typed = { type, via: 'docgroup', hit };
        open = { type, config };
      }
    }
    if (!typed) {
      const found = title(page);
      if (found && found.name !== open?.type) {
        typed = { type: found.name, via: 'title', hit: found.hit };
        open = { type: found.name, config: null };
      }
    }
    typed ??= open ? { type: open.type, via: 'continued', hit: null } : { type: null, via: null, hit: null };
    pages.push(typed);
    if (open?.config && ends(open.config, page)) open = null;
  }

  const byType = new Map<string, number[]>();
  pages.forEach((p, i) => {
    if (!p.type) return;
    const key = foldOf(p.type);
    byType.set(key, [...(byType.get(key) ?? []), i]);
  });
  return { pages, pagesOfType: (name) => byType.get(foldOf(name)) ?? [] };
}

/** The index of the page's first line of running text (RUNNING_TEXT_WORDS words in lower case), or the line count. */
function firstRunningTextLine(text: ClaimText, page: PageInfo): number {
  const at = page.lines.findIndex(
    (line) => line.tokens.filter((t) => /^\p{Ll}/u.test(text.tokens[t].word.text)).length >= RUNNING_TEXT_WORDS,
  );
  return at < 0 ? page.lines.length : at;
}

/**
 * Whether a hit on one line stands as a title: alone in its cell (other words of the line only across a
 * wide gap, punctuation aside), and set apart from the body text by a larger size (in a text layer the
 * word height is the font size), bold type (when the text layer says so), centring on the page, or capitals.
 */
function looksLikeTitle(text: ClaimText, page: PageInfo, hit: Hit): boolean {
  const tokens = Array.from({ length: hit.last - hit.first + 1 }, (_, i) => text.tokens[hit.first + i]);
  const line = tokens[0].line;
  if (tokens.some((t) => t.line !== line)) return false;
  const cell = cellsOf(text, page.lines[line].tokens).find((c) => c.includes(hit.first)) ?? [];
  if (cell.some((t) => (t < hit.first || t > hit.last) && text.tokens[t].plain)) return false;
  const words = tokens.map((t) => t.word);
  const heights = words.map((w) => w.height).sort((a, b) => a - b);
  const larger = heights[heights.length >> 1] >= TITLE_SIZE_RATIO * bodyHeight(text, page);
  const bold = words.every((w) => w.bold);
  const left = Math.min(...words.map((w) => w.x));
  const right = Math.max(...words.map((w) => w.x + w.width));
  const centred = Math.abs((left + right) / 2 - page.page.width / 2) <= CENTRED_WITHIN * page.page.width;
  const letters = words.map((w) => w.text.replace(/[^\p{L}]/gu, '')).join('');
  const capitals = letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
  return larger || bold || centred || capitals;
}

const SPECIAL_AFTER = /[^\p{L}\p{N}\s]$/u;
const SPECIAL_BEFORE = /^[^\p{L}\p{N}\s]/u;

/** A line of a bill closing it, per the configuration's total flags. */
function hasTotalLine(text: ClaimText, page: PageInfo, c: DocgroupConfig): boolean {
  if (!c.subtotal_flag && !c.total_flag && !c.total_special_character_flag) return false;
  for (const line of page.lines) {
    const tokens = line.tokens.map((t) => text.tokens[t]);
    for (let i = 0; i < tokens.length; i += 1) {
      const token = tokens[i];
      const previous = tokens[i - 1]?.plain;
      const isSubtotal = token.plain === 'subtotal' || (token.plain === 'total' && previous === 'sub');
      const isTotal = !isSubtotal && (token.plain === 'total' || token.plain === 'grandtotal');
      if (!isSubtotal && !isTotal) continue;
      if (!tokens.slice(i + 1).some((t) => /\d/.test(t.word.text))) continue;
      if (isSubtotal && c.subtotal_flag) return true;
      if (isTotal && (c.total_flag || c.total_special_character_flag)) {
        const special = SPECIAL_AFTER.test(token.word.text) || SPECIAL_BEFORE.test(tokens[i + 1]?.word.text ?? '');
        if (!c.total_special_character_flag || special) return true;
      }
    }
  }
  return false;
}
