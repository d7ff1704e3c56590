import { describe, expect, it } from '@jest/globals';
import { attribute, docFromText } from '../../testing/verification/fixtures';
import { PhraseIndex } from './match';
import { boxOf, buildClaimText } from './text';
import type { ReadDocument, Word } from './types';
import { displayValue, ValueReader } from './values';

const REPORT = [
  'ULTRASOUND REPORT',
  'Patient Name  Mrs. Anjali Kulkarni     Age / Sex  55 Yrs / Female',
  'Study: CT KUB (PLAIN)',
  'Mild hydroureteronephrosis above the calculus.',
  'Size of calculus : 9 mm                Haemoglobin 11.2 g/dL',
  'Impression: Ureteric calculus.',
].join('\n');

/**
 * The report as a scan read upright and given back on the page as scanned: `place` maps a box of the upright page to
 * the page as given (a quarter turn, a skew), where the words stand on end or their lines run into each other.
 */
function scanned(place: (box: Word) => Word, size: { width: number; height: number }): ReadDocument {
  const upright = docFromText('scan.png', [REPORT], 1, 'ocr');
  const page = upright.pages[0];
  return {
    ...upright,
    pages: [
      {
        ...page,
        ...size,
        upright: { width: page.width, height: page.height },
        words: page.words.map((word) => ({ ...place(word), upright: { x: word.x, y: word.y, width: word.width, height: word.height } })),
      },
    ],
  };
}

/** Turned a quarter clockwise: the upright page's top edge is the given page's right edge. */
const quarterTurn =
  (height: number) =>
  (box: Word): Word => ({ ...box, x: height - box.y - box.height, y: box.x, width: box.height, height: box.width });

/** Skewed by `degrees` about the top left: the smallest upright box holding the turned word. */
const skew =
  (degrees: number) =>
  (box: Word): Word => {
    const [c, s] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
    const xs = [box.x, box.x + box.width].flatMap((x) => [box.y, box.y + box.height].map((y) => x * c - y * s));
    const ys = [box.x, box.x + box.width].flatMap((x) => [box.y, box.y + box.height].map((y) => x * s + y * c));
    return {
      ...box,
      x: Math.min(...xs),
      y: Math.min(...ys),
      width: Math.max(...xs) - Math.min(...xs),
      height: Math.max(...ys) - Math.min(...ys),
    };
  };

const linesOf = (document: ReadDocument) => buildClaimText([document]).pages[0].text.split('\n');

describe('claim text of a straightened scan', () => {
  const page = docFromText('scan.png', [REPORT]).pages[0];
  const turned = scanned(quarterTurn(page.height), { width: page.height, height: page.width });
  const skewed = scanned(skew(6), page);

  it('lays lines out on the upright page, not across the page as scanned', () => {
    for (const document of [turned, skewed]) {
      const lines = linesOf(document);
      expect(lines).toContain('Study: CT KUB (PLAIN)');
      expect(lines).toContain('Mild hydroureteronephrosis above the calculus.');
      expect(lines[0]).toBe('ULTRASOUND REPORT');
    }
  });

  it('reads a value beside its label on a turned page', () => {
    const text = buildClaimText([turned]);
    const [first] = new ValueReader(text, new PhraseIndex(text)).candidates(
      attribute('Calculus Size', { alias: ['Size of calculus'] }),
      null,
    );
    expect(first && displayValue(first.value)).toBe(9);
  });

  it('draws evidence on the page as the viewer shows it', () => {
    const text = buildClaimText([turned]);
    const study = text.tokens.findIndex((t) => t.word.text === 'Study:');
    const given = turned.pages[0].words.find((w) => w.text === 'Study:')!;
    expect(boxOf(text, [study])).toEqual({ x: given.x, y: given.y, width: given.width, height: given.height });
    expect(text.pages[0].given.width).toBe(page.height);
  });

  it('lays a page read as given out as it is', () => {
    expect(linesOf(docFromText('page.pdf', [REPORT]))[2]).toBe('Study: CT KUB (PLAIN)');
  });
});

describe("OCR's '|' for a lone letter", () => {
  const troponin = attribute('Troponin I', { alias: ['hs Troponin I'] });
  const troponinIn = (document: ReadDocument) => {
    const text = buildClaimText([document]);
    const [first] = new ValueReader(text, new PhraseIndex(text)).candidates(troponin, null);
    return first && displayValue(first.value);
  };

  it("reads as the 'I' of a name on an OCRed page", () => {
    expect(troponinIn(docFromText('lab.png', ['hs Troponin | 0.86 ng/mL'], 1, 'ocr'))).toBe(0.86);
    expect(troponinIn(docFromText('lab.png', ['hs Troponin [ 0.86 ng/mL'], 1, 'ocr'))).toBe(0.86);
  });

  it('stays punctuation in a text layer', () => {
    expect(troponinIn(docFromText('lab.pdf', ['hs Troponin | 0.86 ng/mL']))).toBeUndefined();
  });
});
