/**
 * Scanned-looking page images for the reader's tests and the benchmark (@napi-rs/canvas): grey paper with
 * grain and dust, scribbles, and a lab table with or without its grid. Seeded, so every run draws the same
 * pixels.
 */
import { createCanvas, GlobalFonts, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { findSystemFont } from '../fixtures';
import type { PageImage } from './prepare';

/** The width of an A4 page in points: the scans are drawn at A4's proportions. */
export const A4_POINTS = 595;

/** A drawn scan as the reader's page image (its pixels, at the scan's resolution over an A4 width). */
export async function pageOf(png: Uint8Array): Promise<PageImage> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return {
    width: image.width,
    height: image.height,
    rgba: context.getImageData(0, 0, image.width, image.height).data,
    pixelsPerPoint: image.width / A4_POINTS,
  };
}

/** A small linear congruential generator: the same seed gives the same image. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

const FONT_FAMILY = 'ClaimsTestScan';

function ensureFont(): void {
  if (GlobalFonts.has(FONT_FAMILY)) return;
  const font = findSystemFont();
  if (!font) throw new Error('no TrueType font found on this machine to render test images');
  GlobalFonts.registerFromPath(font, FONT_FAMILY);
}

/** Grey paper (level ~232) with per-pixel grain of ±`grain` levels and one dark speck of dust per 2,500 pixels. */
function paper(context: SKRSContext2D, width: number, height: number, random: () => number, grain: number): void {
  const image = context.createImageData(width, height);
  for (let i = 0; i < width * height; i += 1) {
    const level = 232 + Math.round((random() - 0.5) * 2 * grain);
    image.data[4 * i] = level;
    image.data[4 * i + 1] = level;
    image.data[4 * i + 2] = level - 4;
    image.data[4 * i + 3] = 255;
  }
  context.putImageData(image, 0, 0);
  for (let i = 0; i < (width * height) / 2500; i += 1) {
    const level = Math.round(60 + random() * 110);
    context.fillStyle = `rgb(${level},${level},${level})`;
    context.fillRect(
      Math.floor(random() * width),
      Math.floor(random() * height),
      1 + Math.floor(random() * 2),
      1 + Math.floor(random() * 2),
    );
  }
}

export interface ScanOptions {
  width?: number;
  height?: number;
  seed?: number;
  /** Paper grain, ± levels (default 14). */
  grain?: number;
}

function scanCanvas({ width = 1240, height = 1754, seed = 7, grain = 14 }: ScanOptions) {
  ensureFont();
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const random = seeded(seed);
  paper(context, width, height, random, grain);
  return { canvas, context, random, width, height };
}

/** A scan of a blank page: paper grain and dust, nothing written (150 dpi A4 by default). */
export async function blankScan(options: ScanOptions = {}): Promise<Uint8Array> {
  const { canvas } = scanCanvas(options);
  return canvas.encode('png');
}

/** A scan of a page of scribbles: forty random pen strokes crossing each other, no letters. */
export async function scribbleScan(options: ScanOptions = {}): Promise<Uint8Array> {
  const { canvas, context, random, width, height } = scanCanvas(options);
  context.strokeStyle = 'rgb(30,30,60)';
  context.lineCap = 'round';
  for (let stroke = 0; stroke < 40; stroke += 1) {
    context.lineWidth = 2 + random() * 3;
    context.beginPath();
    let x = 100 + random() * (width - 200);
    let y = 100 + random() * (height - 200);
    context.moveTo(x, y);
    for (let k = 0; k < 6; k += 1) {
      const nextX = x + (random() - 0.5) * 400;
      const nextY = y + (random() - 0.5) * 300;
      const wobble = () => (random() - 0.5) * 300;
      context.bezierCurveTo(x + wobble(), y + wobble(), nextX + wobble(), nextY + wobble(), nextX, nextY);
      x = Math.min(width - 50, Math.max(50, nextX));
      y = Math.min(height - 50, Math.max(50, nextY));
    }
    context.stroke();
  }
  return canvas.encode('png');
}

export interface TextLine {
  text: string;
  x: number;
  /** Baseline, pixels from the top. */
  y: number;
}

/** A scan of printed lines (`size` pixels high) on grainy paper, in ink of grey level `ink` (dark by default; 200 is faded print). */
export async function textScan(
  lines: TextLine[],
  size: number,
  { ink = 25, ...options }: ScanOptions & { ink?: number } = {},
): Promise<Uint8Array> {
  const { canvas, context } = scanCanvas(options);
  context.fillStyle = `rgb(${ink},${ink},${ink + 5})`;
  context.font = `${size}px ${FONT_FAMILY}`;
  for (const line of lines) context.fillText(line.text, line.x, line.y);
  return canvas.encode('png');
}

/** Cells of a lab table: test, result, unit, reference range. */
export const LAB_ROWS = [
  ['Test', 'Result', 'Unit', 'Normal range'],
  ['Haemoglobin', '11.2', 'g/dL', '13.0 - 17.0'],
  ['Endometrial thickness', '11', 'mm', '4 - 8'],
  ['Prolactin', '3.8', 'ng/mL', '1.5 - 4.5'],
  ['Creatinine', '0.9', 'mg/dL', '0.6 - 1.2'],
];

export interface LabTable {
  png: Uint8Array;
  /** Each cell's box in pixels, by row and column of LAB_ROWS. */
  cells: { left: number; top: number; right: number; bottom: number }[][];
}

/**
 * A scanned lab table (LAB_ROWS), with every cell ruled in a grid of 2-pixel lines or without lines; the
 * text is the same in both. `tilt` in degrees, as a page lies in a scanner.
 */
export async function labTableScan({ grid, tilt = 0 }: { grid: boolean; tilt?: number }): Promise<LabTable> {
  const { canvas, context, width, height } = scanCanvas({ width: 1240, height: 700, seed: 3 });
  const columns = [80, 440, 600, 800, 1160];
  const rowHeight = 52;
  const top = 120;
  context.save();
  context.translate(width / 2, height / 2);
  context.rotate((tilt * Math.PI) / 180);
  context.translate(-width / 2, -height / 2);
  context.fillStyle = 'rgb(25,25,30)';
  context.font = `26px ${FONT_FAMILY}`;
  for (const [r, row] of LAB_ROWS.entries())
    for (const [c, cell] of row.entries()) context.fillText(cell, columns[c] + 10, top + r * rowHeight + 36);
  if (grid) {
    context.strokeStyle = 'rgb(60,60,65)';
    context.lineWidth = 2;
    for (let r = 0; r <= LAB_ROWS.length; r += 1) {
      context.beginPath();
      context.moveTo(columns[0], top + r * rowHeight);
      context.lineTo(columns[columns.length - 1], top + r * rowHeight);
      context.stroke();
    }
    for (const x of columns) {
      context.beginPath();
      context.moveTo(x, top);
      context.lineTo(x, top + LAB_ROWS.length * rowHeight);
      context.stroke();
    }
  }
  context.restore();
  const cells = LAB_ROWS.map((row, r) =>
    row.map((_, c) => ({ left: columns[c], top: top + r * rowHeight, right: columns[c + 1], bottom: top + (r + 1) * rowHeight })),
  );
  return { png: await canvas.encode('png'), cells };
}
