import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { OcrPool } from '../ocr';
import { readScan } from '../scan';
import { documentScan, pageOf, phonePhoto, type PhotoOptions } from '../test-images';
import { findSheet } from './perspective';
import { apply, rectangleToQuad } from './raster';

jest.setTimeout(180_000);
const pool = new OcrPool(1);
afterAll(() => pool.close());

const PHOTO: PhotoOptions = {
  corners: [
    { x: 230, y: 180 },
    { x: 1300, y: 260 },
    { x: 1380, y: 1850 },
    { x: 150, y: 1760 },
  ],
  width: 1500,
  height: 2000,
  shadow: { from: { x: 0, y: 700 }, to: { x: 1500, y: 1300 }, light: 0.5 },
  quality: 60,
};

describe('a phone photo of a page on a desk', () => {
  it('finds the sheet by its corners', async () => {
    const { png } = await documentScan();
    const page = await pageOf(await phonePhoto(png, PHOTO));
    const sheet = findSheet(page.rgba, page.width, page.height);
    if (!sheet) throw new Error('no sheet found');
    // Each corner within 2% of the photo's width of where it lies (the sheet is cut 1% inside its edges).
    for (const [k, corner] of sheet.corners.entries()) {
      expect(Math.abs(corner.x - PHOTO.corners[k].x)).toBeLessThan(30);
      expect(Math.abs(corner.y - PHOTO.corners[k].y)).toBeLessThan(30);
    }
  });

  it('finds no sheet on a scan, whose paper fills the image', async () => {
    const { png } = await documentScan();
    const page = await pageOf(png);
    expect(findSheet(page.rgba, page.width, page.height)).toBeNull();
  });

  it('reads the title and a table value through the perspective, the shadow and the JPEG, boxed where they are in the photo', async () => {
    const { png, words: drawn } = await documentScan();
    const reading = await readScan(await pageOf(await phonePhoto(png, PHOTO)), (image) => pool.recognize(image));
    const text = reading.words.map((w) => w.text).join(' ');
    expect(text).toContain('CITY CARE HOSPITAL');
    expect(text).toContain('DISCHARGE SUMMARY');
    expect(text).toContain('Haemoglobin 11.2 g/dL');
    // Below the shadow's edge.
    expect(text).toContain('Advised review after two weeks');
    const pageToPhoto = rectangleToQuad(1240, 1754, PHOTO.corners);
    for (const name of ['Haemoglobin', 'HOSPITAL']) {
      const word = drawn.find((w) => w.text === name);
      const read = reading.words.find((w) => w.text === name);
      if (!word || !read) throw new Error(`'${name}' was not read`);
      const centre = apply(pageToPhoto, (word.left + word.right) / 2, (word.top + word.bottom) / 2);
      expect(Math.abs(read.x + read.width / 2 - centre.x)).toBeLessThan(8);
      expect(Math.abs(read.y + read.height / 2 - centre.y)).toBeLessThan(8);
    }
  });
});
