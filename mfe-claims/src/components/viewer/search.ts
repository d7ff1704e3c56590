import type { DocumentText, DocumentTextPage } from '@claims/shared-kernel';
import type { PageBox } from './types';

/** One place the search text was found: a page of a document, with a box per line the phrase covers. */
export interface SearchHit {
  /** Names the hit while the search stands: document, page and its rank on the page. */
  key: string;
  documentId: number;
  pageNumber: number;
  boxes: PageBox[];
}

/** Case and spacing do not matter: 'Haemoglobin  LEVEL' finds 'haemoglobin level'. */
export const normaliseQuery = (query: string): string => query.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** Two words sit on one line when they overlap by at least half the height of the smaller. */
function sameLine(a: PageBox, b: PageBox): boolean {
  const overlap = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return overlap >= Math.min(a.height, b.height) / 2;
}

/** The words of a hit as one box per line, so a phrase reads as one highlight. */
function lineBoxes(words: readonly PageBox[]): PageBox[] {
  const lines: PageBox[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last && sameLine(last, word) && word.x >= last.x) {
      const top = Math.min(last.y, word.y);
      const bottom = Math.max(last.y + last.height, word.y + word.height);
      lines[lines.length - 1] = { ...last, y: top, width: word.x + word.width - last.x, height: bottom - top };
    } else {
      lines.push(word);
    }
  }
  return lines;
}

/**
 * Every occurrence of `query` (already normalised) on a page: the page's words are read as one text,
 * a space between consecutive words, so a phrase runs across words and lines and a part of a word is
 * found too ('haemo' in 'Haemoglobin').
 */
export function findOnPage(page: DocumentTextPage, query: string): PageBox[][] {
  if (!query || page.width <= 0 || page.height <= 0 || page.words.length === 0) return [];
  const starts: number[] = [];
  let text = '';
  for (const word of page.words) {
    if (text) text += ' ';
    starts.push(text.length);
    text += word.text.replace(/\s+/g, ' ').toLocaleLowerCase();
  }
  const wordAt = (offset: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const hits: PageBox[][] = [];
  for (let at = text.indexOf(query); at !== -1; at = text.indexOf(query, at + query.length)) {
    const first = wordAt(at);
    const last = wordAt(at + query.length - 1);
    const words = page.words.slice(first, last + 1).map(({ x, y, width, height }) => ({
      x,
      y,
      width,
      height,
      pageWidth: page.width,
      pageHeight: page.height,
    }));
    hits.push(lineBoxes(words));
  }
  return hits;
}

/** The hits of every document, in the order of the documents given, then page, then reading order. */
export function searchDocuments(texts: readonly DocumentText[], query: string): SearchHit[] {
  const wanted = normaliseQuery(query);
  if (!wanted) return [];
  return texts.flatMap((text) =>
    [...text.pages]
      .sort((a, b) => a.pageNumber - b.pageNumber)
      .flatMap((page) =>
        findOnPage(page, wanted).map((boxes, rank) => ({
          key: `${text.documentId}:${page.pageNumber}:${rank}`,
          documentId: text.documentId,
          pageNumber: page.pageNumber,
          boxes,
        })),
      ),
  );
}

/**
 * The hit to show first: the first at or after the page on screen, in the document on screen or a later
 * one, else the first of all (the search wraps around).
 */
export function firstHitFrom(hits: readonly SearchHit[], documentOrder: readonly number[], documentId: number, pageNumber: number): number {
  if (hits.length === 0) return -1;
  const position = (hit: SearchHit) => [documentOrder.indexOf(hit.documentId), hit.pageNumber] as const;
  const here = [documentOrder.indexOf(documentId), pageNumber] as const;
  const index = hits.findIndex((hit) => {
    const [document, page] = position(hit);
    return document > here[0] || (document === here[0] && page >= here[1]);
  });
  return index === -1 ? 0 : index;
}
