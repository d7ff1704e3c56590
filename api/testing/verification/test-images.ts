/**
 * Scanned-looking page images for the reader's tests and the benchmark (@napi-rs/canvas): grey paper with
 * grain and dust, scribbles, and a lab table with or without its grid. Seeded, so every run draws the same
 * pixels.
 */
import { createCanvas, GlobalFonts, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { findSystemFont } from './fixtures';
import { apply, type Point, quadToQuad, warp } from '../../src/verification/read/geometry/raster';
import type { PageImage } from '../../src/verification/read/prepare';

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

/** A word drawn on a test page and its box, pixels. */
export interface DrawnWord {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The lines of a discharge summary with a lab table, as a hospital prints it: [text, x, baseline, size]. */
export const DOCUMENT_LINES: [string, number, number, number][] = [
  ['CITY CARE HOSPITAL', 380, 150, 44],
  ['DISCHARGE SUMMARY', 420, 230, 34],
  ['Patient name: Ramesh Kumar', 90, 330, 28],
  ['Admitted with pain in the right lower abdomen.', 90, 390, 28],
  ['Diagnosis: right ureteric calculus, size 9 mm.', 90, 450, 28],
  ['Procedure: ureteroscopic lithotripsy done.', 90, 510, 28],
  ['Haemoglobin 11.2 g/dL', 90, 620, 28],
  ['Creatinine 0.9 mg/dL', 90, 680, 28],
  ['Platelets 2.5 lakhs', 90, 740, 28],
  ['Advised review after two weeks with reports.', 90, 850, 28],
];

/**
 * A scanned page of DOCUMENT_LINES (150 dpi A4 on grainy paper), with each word's box as drawn. `stamp`: a red
 * 'PAID' stamp in a box drawn across the second title line, as an accounts office leaves it.
 */
export async function documentScan({ stamp = false, ...options }: ScanOptions & { stamp?: boolean } = {}): Promise<{
  png: Uint8Array;
  words: DrawnWord[];
}> {
  const { canvas, context } = scanCanvas(options);
  context.fillStyle = 'rgb(25,25,30)';
  const words: DrawnWord[] = [];
  for (const [text, x, baseline, size] of DOCUMENT_LINES) {
    context.font = `${size}px ${FONT_FAMILY}`;
    context.fillText(text, x, baseline);
    let at = x;
    for (const word of text.split(' ')) {
      const metrics = context.measureText(word);
      words.push({
        text: word,
        left: at,
        top: baseline - metrics.actualBoundingBoxAscent,
        right: at + metrics.width,
        bottom: baseline + metrics.actualBoundingBoxDescent,
      });
      at += context.measureText(`${word} `).width;
    }
  }
  if (stamp) {
    context.save();
    // Stamp ink darkens what it covers, as ink on paper does.
    context.globalCompositeOperation = 'multiply';
    context.translate(640, 215);
    context.rotate((-12 * Math.PI) / 180);
    context.strokeStyle = 'rgb(210,40,45)';
    context.fillStyle = 'rgb(210,40,45)';
    context.lineWidth = 6;
    context.strokeRect(-150, -60, 300, 110);
    context.font = `bold 84px ${FONT_FAMILY}`;
    context.fillText('PAID', -105, 30);
    context.restore();
  }
  return { png: await canvas.encode('png'), words };
}

/** The image turned clockwise by `degrees` about its centre, on a canvas that holds all of it (the corners get paper). */
export async function turnedImage(png: Uint8Array, degrees: number): Promise<Uint8Array> {
  const image = await loadImage(Buffer.from(png));
  const radians = (degrees * Math.PI) / 180;
  const width = Math.round(Math.abs(image.width * Math.cos(radians)) + Math.abs(image.height * Math.sin(radians)));
  const height = Math.round(Math.abs(image.width * Math.sin(radians)) + Math.abs(image.height * Math.cos(radians)));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = 'rgb(232,232,228)';
  context.fillRect(0, 0, width, height);
  context.translate(width / 2, height / 2);
  context.rotate(radians);
  context.drawImage(image, -image.width / 2, -image.height / 2);
  return canvas.encode('png');
}

/** Where a point of the upright image lands in turnedImage(…, degrees) of it. */
export function turnedPoint(x: number, y: number, source: { width: number; height: number }, degrees: number): { x: number; y: number } {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const width = Math.round(Math.abs(source.width * cos) + Math.abs(source.height * sin));
  const height = Math.round(Math.abs(source.width * sin) + Math.abs(source.height * cos));
  const dx = x - source.width / 2;
  const dy = y - source.height / 2;
  return { x: width / 2 + dx * cos - dy * sin, y: height / 2 + dx * sin + dy * cos };
}

export interface PhotoOptions {
  /** Where the page's corners land in the photo (top-left, top-right, bottom-right, bottom-left), pixels. */
  corners: [Point, Point, Point, Point];
  width: number;
  height: number;
  /** The light falls to this share behind the shadow's edge (the line through `shadow.from` and `shadow.to`, the shadow on its right). */
  shadow?: { from: Point; to: Point; light: number };
  /** JPEG quality (0-100). */
  quality: number;
}

/** A phone photo of a page: the page in perspective on a brown desk, lit warmer than a scanner, with a shadow across it, saved as a JPEG. */
export async function phonePhoto(png: Uint8Array, { corners, width, height, shadow, quality }: PhotoOptions): Promise<Uint8Array> {
  const image = await loadImage(Buffer.from(png));
  const flat = createCanvas(image.width, image.height);
  const flatContext = flat.getContext('2d');
  flatContext.drawImage(image, 0, 0);
  const source = flatContext.getImageData(0, 0, image.width, image.height).data;
  const toPage = quadToQuad(corners, [
    { x: 0, y: 0 },
    { x: image.width, y: 0 },
    { x: image.width, y: image.height },
    { x: 0, y: image.height },
  ]);
  const random = seeded(11);
  const desk = [92, 64, 44];
  const pixels = warp(source, image.width, image.height, 4, toPage, width, height, [-1, -1, -1, 255]);
  const edge = shadow && {
    dx: shadow.to.x - shadow.from.x,
    dy: shadow.to.y - shadow.from.y,
    length: Math.hypot(shadow.to.x - shadow.from.x, shadow.to.y - shadow.from.y),
  };
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = 4 * (y * width + x);
      const inside = apply(toPage, x + 0.5, y + 0.5);
      const onPage = inside.x >= 0 && inside.y >= 0 && inside.x < image.width && inside.y < image.height;
      let light = 1 - 0.15 * (y / height);
      if (shadow && edge) {
        // Signed distance from the shadow's edge, a soft penumbra of 40 pixels.
        const side = ((x - shadow.from.x) * edge.dy - (y - shadow.from.y) * edge.dx) / edge.length;
        const depth = Math.min(1, Math.max(0, (side + 20) / 40));
        light *= 1 - (1 - shadow.light) * depth;
      }
      const noise = (random() - 0.5) * 12;
      for (let c = 0; c < 3; c += 1) {
        const base = onPage ? pixels[i + c] * [1, 0.97, 0.9][c] : desk[c] + 10 * Math.sin(x / 7 + c);
        pixels[i + c] = base * light + noise;
      }
      pixels[i + 3] = 255;
    }
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const data = context.createImageData(width, height);
  data.data.set(pixels);
  context.putImageData(data, 0, 0);
  return canvas.encode('jpeg', quality);
}
