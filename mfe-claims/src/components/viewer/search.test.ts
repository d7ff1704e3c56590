import type { DocumentText, DocumentTextPage } from '@claims/shared-kernel';
import { findOnPage, firstHitFrom, normaliseQuery, searchDocuments } from './search';

/** Words laid out left to right on lines 20 units apart, 10 units per character plus a space. */
function page(pageNumber: number, lines: string[], source: 'text' | 'ocr' = 'text'): DocumentTextPage {
  return {
    pageNumber,
    width: 595,
    height: 842,
    source,
    words: lines.flatMap((line, row) => {
      let x = 10;
      return line.split(' ').map((text) => {
        const word = { text, x, y: 40 + row * 20, width: text.length * 10, height: 12 };
        x += word.width + 10;
        return word;
      });
    }),
  };
}

const text = (documentId: number, pages: DocumentTextPage[]): DocumentText => ({ documentId, pages });

describe('finding a text on a page', () => {
  const lab = page(1, ['Haemoglobin 9.1 g/dL (low)', 'Platelets normal; haemoglobin', 'level rechecked']);

  it('ignores case and finds every occurrence', () => {
    expect(findOnPage(lab, 'haemoglobin')).toHaveLength(2);
  });

  it('finds a phrase across consecutive words, as one box per line', () => {
    const [hit] = findOnPage(lab, normaliseQuery('  Haemoglobin   9.1  G/DL '));
    expect(hit).toEqual([{ x: 10, y: 40, width: 200, height: 12, pageWidth: 595, pageHeight: 842 }]);
  });

  it('follows a phrase onto the next line', () => {
    const [hit] = findOnPage(lab, 'haemoglobin level');
    expect(hit).toHaveLength(2);
    expect(hit[0]).toMatchObject({ y: 60, width: 110 });
    expect(hit[1]).toMatchObject({ x: 10, y: 80, width: 50 });
  });

  it('finds part of a word and text beside punctuation', () => {
    expect(findOnPage(lab, 'haemo')).toHaveLength(2);
    expect(findOnPage(lab, 'low')).toHaveLength(1);
    expect(findOnPage(lab, 'normal; haemoglobin')).toHaveLength(1);
  });

  it('finds nothing that is not there, on an empty page or for an empty text', () => {
    expect(findOnPage(lab, 'platelets low')).toEqual([]);
    expect(findOnPage(page(2, []), 'haemoglobin')).toEqual([]);
    expect(findOnPage(lab, '')).toEqual([]);
  });
});

describe('searching the documents', () => {
  const report = text(11, [page(2, ['haemoglobin 9.1']), page(1, ['Discharge summary']), page(3, ['HAEMOGLOBIN again'])]);
  const scan = text(12, [page(1, ['Haemoglobin by OCR'], 'ocr')]);

  it('lists hits by document, then page, scanned pages too', () => {
    const hits = searchDocuments([report, scan], 'Haemoglobin');
    expect(hits.map((h) => [h.documentId, h.pageNumber])).toEqual([
      [11, 2],
      [11, 3],
      [12, 1],
    ]);
    expect(new Set(hits.map((h) => h.key)).size).toBe(3);
  });

  it('has no hits for a blank text', () => {
    expect(searchDocuments([report], '   ')).toEqual([]);
  });

  it('starts from the page on screen and wraps round', () => {
    const hits = searchDocuments([report, scan], 'haemoglobin');
    const order = [11, 12];
    expect(firstHitFrom(hits, order, 11, 1)).toBe(0);
    expect(firstHitFrom(hits, order, 11, 3)).toBe(1);
    expect(firstHitFrom(hits, order, 12, 1)).toBe(2);
    expect(firstHitFrom(hits, [12, 11], 12, 2)).toBe(0);
    expect(firstHitFrom([], order, 11, 1)).toBe(-1);
  });
});
