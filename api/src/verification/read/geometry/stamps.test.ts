import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { OcrPool } from '../ocr';
import { readScan } from '../scan';
import { buildRealWorldClaim } from '../../../../testing/realworld/generator';
import { documentScan, pageOf } from '../../../../testing/verification/test-images';
import { withoutStamps } from './stamps';

jest.setTimeout(180_000);
const pool = new OcrPool(1);
afterAll(() => pool.close());

describe('a stamp across the text of a scan', () => {
  it('is taken out, and the title under it reads', async () => {
    const { png } = await documentScan({ stamp: true });
    const reading = await readScan(await pageOf(png), (image) => pool.recognize(image));
    const text = reading.words.map((w) => w.text).join(' ');
    expect(text).toContain('CITY CARE HOSPITAL DISCHARGE SUMMARY');
    expect(text).not.toContain('PAID');
  });

  it('is taken out when it touches a letterhead in a colour band, and the title under it reads', async () => {
    const { png } = await documentScan();
    const image = await loadImage(Buffer.from(png));
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    context.fillStyle = 'rgb(140,30,45)';
    context.fillRect(0, 95, image.width, 80);
    context.fillStyle = 'rgb(250,250,250)';
    context.font = 'bold 44px sans-serif';
    context.fillText('CITY CARE HOSPITAL', 380, 150);
    // A blue 'VERIFIED' laid on as half-opaque paint, its frame reaching up to the band.
    context.globalAlpha = 0.75;
    context.strokeStyle = 'rgb(70,90,190)';
    context.fillStyle = 'rgb(70,90,190)';
    context.lineWidth = 5;
    context.translate(700, 230);
    context.rotate((-12 * Math.PI) / 180);
    context.strokeRect(-170, -45, 340, 95);
    context.font = 'bold 56px sans-serif';
    context.fillText('VERIFIED', -135, 20);
    const page = await pageOf(await canvas.encode('png'));
    const reading = await readScan(page, (image) => pool.recognize(image));
    expect(reading.words.map((w) => w.text).join(' ')).toContain('DISCHARGE SUMMARY');
  });

  it.each([
    // a blue 'CASHLESS DESK' over a third of the title, mostly on paper, its frame touching the letterhead's purple one
    { seed: 7, index: 1, title: 'SONOGRAPHY REPORT' },
    // a purple 'PAID' in JPEG over the title's first word, touching a letterhead frame of its own colour
    { seed: 3, index: 13, title: 'CT SCAN REPORT' },
  ])(
    'is taken out where it lies mostly on paper beside a letterhead frame (real-world corpus, seed $seed)',
    async ({ seed, index, title }) => {
      const claim = await buildRealWorldClaim('watermark-stamp', index, seed);
      const scan = claim.documents.find((document) => document.contentType !== 'application/pdf');
      if (!scan) throw new Error('the claim has no scan');
      const reading = await readScan(await pageOf(scan.data), (image) => pool.recognize(image));
      expect(reading.words.map((w) => w.text).join(' ')).toContain(title);
    },
  );

  it('keeps the strokes under a half-opaque stamp as dark as ink', async () => {
    const { png } = await documentScan();
    const image = await loadImage(Buffer.from(png));
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const clean = await pageOf(await canvas.encode('png'));
    // Stamp ink laid over three lines as paint is, not multiplied: a black stroke under it turns stamp-coloured grey.
    context.globalAlpha = 0.6;
    context.fillStyle = 'rgb(40,60,170)';
    context.strokeStyle = 'rgb(40,60,170)';
    context.lineWidth = 3;
    context.translate(520, 425);
    context.rotate((-12 * Math.PI) / 180);
    context.strokeRect(-150, -60, 300, 110);
    context.font = '40px sans-serif';
    context.fillText('RECEIVED', -130, 20);
    const stamped = await pageOf(await canvas.encode('png'));
    const cleaned = withoutStamps(stamped.rgba, stamped.width, stamped.height, stamped.pixelsPerPoint);
    if (!cleaned) throw new Error('no stamp found');
    // The strokes that the stamp's ink covers.
    let covered = 0;
    let sum = 0;
    for (let i = 0; i < clean.rgba.length; i += 4) {
      const strokeBefore = clean.rgba[i] < 60;
      const underStamp = Math.abs(stamped.rgba[i + 2] - clean.rgba[i + 2]) > 60;
      if (!strokeBefore || !underStamp) continue;
      covered += 1;
      sum += cleaned[i];
    }
    expect(covered).toBeGreaterThan(100);
    expect(sum / covered).toBeLessThan(40);
  });

  it('keeps a letterhead in colour just above black text', async () => {
    const { png } = await documentScan();
    const image = await loadImage(Buffer.from(png));
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    context.fillStyle = 'rgb(230,230,226)';
    context.fillRect(300, 100, 800, 60);
    context.fillStyle = 'rgb(25,70,150)';
    context.font = 'bold 40px sans-serif';
    context.fillText('Kaveri Medical Centre', 340, 150);
    const page = await pageOf(await canvas.encode('png'));
    expect(withoutStamps(page.rgba, page.width, page.height, page.pixelsPerPoint)).toBeNull();
  });

  it('leaves coloured print away from the black text', async () => {
    const { png } = await documentScan();
    const image = await loadImage(Buffer.from(png));
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    context.fillStyle = 'rgb(20,60,170)';
    context.fillRect(300, 1400, 600, 40);
    const page = await pageOf(await canvas.encode('png'));
    // Only the blue band is coloured, and no text is near it.
    expect(withoutStamps(page.rgba, page.width, page.height, page.pixelsPerPoint)).toBeNull();
  });
});
