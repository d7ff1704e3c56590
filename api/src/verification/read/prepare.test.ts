import { describe, expect, it } from '@jest/globals';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { preparePage, type OcrImage, type PageImage, type PreparedPage } from './prepare';
import { A4_POINTS, blankScan, pageOf, scribbleScan, textScan } from '../../../testing/verification/test-images';

function ocrImage(prepared: PreparedPage): OcrImage {
  if (prepared.blank) throw new Error('the page was taken for blank');
  return prepared.image;
}

/** The grey level tesseract gets at a point of the page (pixels of the page); outside the crop it gets nothing, as if white. */
function levelAt(image: OcrImage, x: number, y: number): number {
  if (x < image.left || y < image.top || x >= image.left + image.width || y >= image.top + image.height) return 255;
  const pixels = image.width * image.height;
  return image.pgm[image.pgm.length - pixels + (y - image.top) * image.width + (x - image.left)];
}

const printedLines = [
  { text: 'DISCHARGE SUMMARY', x: 420, y: 160 },
  { text: 'Patient admitted with complaints of blurred vision in the right eye', x: 90, y: 260 },
  { text: 'Diagnosis: senile cataract. Advised review after two weeks.', x: 90, y: 310 },
];

describe('telling a page with text from one without', () => {
  it('takes a scan of blank paper, grain and dust, for blank', async () => {
    expect(preparePage(await pageOf(await blankScan())).blank).toBe(true);
    // Coarser grain and another pattern of dust.
    expect(preparePage(await pageOf(await blankScan({ grain: 24, seed: 99 }))).blank).toBe(true);
  });

  it('takes a page of scribbles for one without text', async () => {
    expect(preparePage(await pageOf(await scribbleScan())).blank).toBe(true);
  });

  it('keeps a page of a few printed lines, cropped to its ink with a margin', async () => {
    const page = await pageOf(await textScan(printedLines, 28));
    const image = ocrImage(preparePage(page));
    // The text runs from about y = 140 to 320; the rest of the 1754-pixel page is left out.
    expect(image.top).toBeGreaterThan(80);
    expect(image.top).toBeLessThan(140);
    expect(image.top + image.height).toBeLessThan(400);
    expect(new TextDecoder().decode(image.pgm.subarray(0, 2))).toBe('P5');
  });

  it('keeps a page of faded print, fainter than the grain of some paper', async () => {
    const faded = await textScan(printedLines, 28, { ink: 200, grain: 8 });
    expect(preparePage(await pageOf(faded)).blank).toBe(false);
  });

  it('whitens the paper and keeps the ink dark', async () => {
    const image = ocrImage(preparePage(await pageOf(await textScan(printedLines, 28))));
    // Paper between the lines, and the stem of the 'D' of DISCHARGE.
    expect(levelAt(image, 700, 200)).toBe(255);
    expect(levelAt(image, 423, 150)).toBeLessThan(100);
  });
});

describe('ruling lines', () => {
  /** Printed lines, a table's horizontal and vertical rules, and a stroke drawn across a rule. */
  async function ruledPage(): Promise<PageImage> {
    const png = await textScan(printedLines, 28);
    const image = await loadImage(Buffer.from(png));
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    context.fillStyle = 'rgb(50,50,55)';
    context.fillRect(80, 400, 1000, 2); // horizontal rule
    context.fillRect(80, 500, 1000, 2); // and another
    context.fillRect(300, 400, 2, 300); // vertical rule
    context.fillRect(600, 380, 3, 40); // a stroke crossing the first rule, as a character's stem would
    return {
      width: canvas.width,
      height: canvas.height,
      rgba: context.getImageData(0, 0, canvas.width, canvas.height).data,
      pixelsPerPoint: canvas.width / A4_POINTS,
    };
  }

  it('erases horizontal and vertical rules', async () => {
    const image = ocrImage(preparePage(await ruledPage()));
    for (const [x, y] of [
      [200, 400],
      [900, 401],
      [200, 500],
      [301, 450],
      [300, 650],
    ])
      expect(levelAt(image, x, y)).toBeGreaterThan(200);
  });

  it('keeps a stroke that crosses a rule, where it crosses it', async () => {
    const image = ocrImage(preparePage(await ruledPage()));
    expect(levelAt(image, 601, 390)).toBeLessThan(100);
    expect(levelAt(image, 601, 400)).toBeLessThan(100);
    expect(levelAt(image, 601, 410)).toBeLessThan(100);
  });

  it('does not take the words of a line of text for a rule', async () => {
    const image = ocrImage(preparePage(await ruledPage()));
    // The baseline of 'Patient admitted ...' (y = 260): the foot of the 'P' stays.
    expect(levelAt(image, 93, 258)).toBeLessThan(100);
  });
});

describe('a bilevel page (a fax, a 1-bit scan)', () => {
  /** The share of the OCR image's pixels that are neither black nor white. */
  const betweenShare = (image: OcrImage): number => {
    const pixels = image.width * image.height;
    let between = 0;
    for (let i = image.pgm.length - pixels; i < image.pgm.length; i += 1) if (image.pgm[i] > 40 && image.pgm[i] < 215) between += 1;
    return between / pixels;
  };

  it("has its letters' staircase edges smoothed, and a grey scan is left as it is", async () => {
    const page = await pageOf(await textScan(printedLines, 28));
    const rgba = Uint8ClampedArray.from(page.rgba);
    for (let i = 0; i < rgba.length; i += 4) {
      const level = rgba[i] < 160 ? 0 : 255;
      rgba.set([level, level, level], i);
    }
    const fax = ocrImage(preparePage({ ...page, rgba }));
    const grey = ocrImage(preparePage(page));
    // Smoothing puts grey levels along every edge of the letters; the black-and-white page had none.
    expect(betweenShare(fax)).toBeGreaterThan(0.02);
    // The same blur over the grey scan would have spread its edges as widely; it was not applied.
    expect(betweenShare(grey)).toBeLessThan(betweenShare(fax));
  });
});
