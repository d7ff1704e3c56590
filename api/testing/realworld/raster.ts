/**
 * Pages as the pictures hospitals send: a flatbed scan, the same scan fed sideways or upside down, a
 * skewed scan, a phone photo of the sheet on a desk (perspective, shadow, JPEG at quality ~60), a fax
 * (1-bit, low resolution, streaks), and a rubber stamp across the title. All noise is seeded.
 */
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import type { Rng } from '../../src/seed/synthetic/rng';
import { canvasFamily, type Page, type Rgb } from './page';

type Ctx = ReturnType<Canvas['getContext']>;
const rgb = (c: Rgb, alpha = 1) => (alpha === 1 ? `rgb(${c[0]},${c[1]},${c[2]})` : `rgba(${c[0]},${c[1]},${c[2]},${alpha})`);

export interface Raster {
  canvas: Canvas;
  /** Pixels per point the page was drawn at (for an image PDF's page size). */
  scale: number;
}

/** The page drawn on paper-coloured ground at `scale` pixels per point. */
export function drawPage(page: Page, scale: number, rng: Rng, opts: { paper?: number; inkFade?: number } = {}): Raster {
  const canvas = createCanvas(Math.round(page.width * scale), Math.round(page.height * scale));
  const ctx = canvas.getContext('2d');
  const paper = opts.paper ?? Math.round(rng.uniform(236, 250));
  ctx.fillStyle = `rgb(${paper},${paper},${paper - 3})`;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.scale(scale, scale);
  for (const item of page.items) {
    if (item.kind === 'rect') {
      if (item.fill) {
        ctx.fillStyle = rgb(item.fill);
        ctx.fillRect(item.x, item.y, item.w, item.h);
      }
      if (item.stroke) {
        ctx.strokeStyle = rgb(item.stroke);
        ctx.lineWidth = Math.max(item.width, 1 / scale);
        ctx.strokeRect(item.x, item.y, item.w, item.h);
      }
    } else if (item.kind === 'line') {
      ctx.strokeStyle = rgb(item.color);
      ctx.lineWidth = Math.max(item.width, 1 / scale);
      ctx.beginPath();
      ctx.moveTo(item.x1, item.y1);
      ctx.lineTo(item.x2, item.y2);
      ctx.stroke();
    } else {
      ctx.save();
      ctx.font = `${item.size}px ${canvasFamily(item.face, item.bold)}`;
      ctx.fillStyle = rgb(item.color, item.alpha ?? 1);
      ctx.translate(item.x, item.y);
      if (item.angle) ctx.rotate((-item.angle * Math.PI) / 180);
      ctx.fillText(item.text, 0, 0);
      ctx.restore();
    }
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  specks(ctx, canvas.width, canvas.height, Math.round((canvas.width * canvas.height) / 6000), rng);
  return { canvas, scale };
}

function specks(ctx: Ctx, width: number, height: number, count: number, rng: Rng): void {
  for (let i = 0; i < count; i++) {
    const g = Math.round(rng.uniform(70, 180));
    ctx.fillStyle = `rgb(${g},${g},${g})`;
    ctx.fillRect(rng.int(0, width - 1), rng.int(0, height - 1), rng.chance(0.9) ? 1 : 2, 1);
  }
}

// ---------------------------------------------------------------- stamps

/** A rubber stamp ('PAID', 'RECEIVED' with a date) pressed across the page's title. */
export function stamp(r: Raster, page: Page, rng: Rng, date: string): void {
  const ctx = r.canvas.getContext('2d');
  const s = r.scale;
  const t = page.title ?? { x: 200, y: 100, w: 200, h: 20 };
  const word = rng.pick(['PAID', 'RECEIVED', 'RECEIVED', 'VERIFIED', 'CASHLESS DESK']);
  const ink: Rgb = rng.pick([
    [190, 30, 40],
    [40, 60, 170],
    [120, 40, 140],
  ] as const);
  ctx.save();
  ctx.translate((t.x + t.w * rng.uniform(0.3, 0.7)) * s, (t.y + t.h / 2 + rng.uniform(-6, 6)) * s);
  ctx.rotate(((rng.chance(0.5) ? -1 : 1) * rng.uniform(6, 22) * Math.PI) / 180);
  const size = rng.uniform(20, 28) * s;
  ctx.font = `${size}px ${canvasFamily('sans', true)}`;
  const w = ctx.measureText(word).width;
  const h = size * (word === 'PAID' ? 1.5 : 2.3);
  ctx.globalAlpha = rng.uniform(0.55, 0.8);
  ctx.strokeStyle = rgb(ink);
  ctx.fillStyle = rgb(ink);
  ctx.lineWidth = 2.2 * s;
  const pad = 10 * s;
  ctx.strokeRect(-w / 2 - pad, -size * 0.95, w + 2 * pad, h);
  ctx.lineWidth = 0.9 * s;
  ctx.strokeRect(-w / 2 - pad + 3 * s, -size * 0.95 + 3 * s, w + 2 * pad - 6 * s, h - 6 * s);
  ctx.fillText(word, -w / 2, 0);
  if (word !== 'PAID') {
    ctx.font = `${size * 0.45}px ${canvasFamily('mono', true)}`;
    const d = date.toUpperCase();
    ctx.fillText(d, -ctx.measureText(d).width / 2, size * 0.85);
  }
  ctx.restore();
}

// ---------------------------------------------------------------- scanner transforms

/** The scan turned by a quarter, half or three quarters (clockwise), as a sheet fed sideways. */
export function turn(r: Raster, quarters: 1 | 2 | 3): Raster {
  const src = r.canvas;
  const swap = quarters % 2 === 1;
  const out = createCanvas(swap ? src.height : src.width, swap ? src.width : src.height);
  const ctx = out.getContext('2d');
  ctx.translate(out.width / 2, out.height / 2);
  ctx.rotate((quarters * Math.PI) / 2);
  ctx.drawImage(src, -src.width / 2, -src.height / 2);
  return { canvas: out, scale: r.scale };
}

/** The sheet skewed on the scanner glass by `degrees`, the glass around it the scanner's lid colour. */
export function skew(r: Raster, degrees: number, rng: Rng): Raster {
  const src = r.canvas;
  const out = createCanvas(src.width, src.height);
  const ctx = out.getContext('2d');
  const lid = rng.chance(0.6) ? Math.round(rng.uniform(235, 252)) : Math.round(rng.uniform(40, 80));
  ctx.fillStyle = `rgb(${lid},${lid},${lid})`;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.translate(out.width / 2 + rng.uniform(-10, 10), out.height / 2 + rng.uniform(-10, 10));
  ctx.rotate((degrees * Math.PI) / 180);
  const shrink = rng.uniform(0.9, 0.97);
  ctx.drawImage(src, (-src.width * shrink) / 2, (-src.height * shrink) / 2, src.width * shrink, src.height * shrink);
  return { canvas: out, scale: r.scale * shrink };
}

// ---------------------------------------------------------------- fax

/**
 * A fax: the page sampled at standard fax resolution (204 x 98 dpi, rows doubled back to square) or at a
 * low square resolution, thresholded to black and white, with streaks, dropouts and salt-and-pepper noise
 * (the transmission header is the caller's text run).
 */
export function fax(page: Page, rng: Rng): Raster {
  const standard = rng.chance(0.5);
  const sx = standard ? 204 / 72 : rng.uniform(110, 130) / 72;
  const sy = standard ? 98 / 72 : sx;
  // Drawn square at the finer of the two resolutions, then sampled down per axis.
  const hi = drawPage(page, Math.max(sx, sy), rng, { paper: 255 });
  const w = Math.round(page.width * sx);
  const h = Math.round(page.height * sy);
  const sampled = createCanvas(w, h);
  const sctx = sampled.getContext('2d');
  sctx.drawImage(hi.canvas, 0, 0, w, h);
  const image = sctx.getImageData(0, 0, w, h);
  const d = image.data;
  const threshold = rng.uniform(150, 185);
  for (let i = 0; i < w * h; i++) {
    const v = d[i * 4] * 0.3 + d[i * 4 + 1] * 0.59 + d[i * 4 + 2] * 0.11;
    let bit = v + (rng.next() - 0.5) * 60 < threshold ? 0 : 255;
    if (rng.next() < 0.0015) bit = 255 - bit;
    d[i * 4] = d[i * 4 + 1] = d[i * 4 + 2] = bit;
    d[i * 4 + 3] = 255;
  }
  // Streaks: a few black lines part-way across, and white dropout rows.
  for (let k = 0, n = rng.int(2, 6); k < n; k++) {
    const y = rng.int(0, h - 1);
    const x0 = rng.int(0, w / 2);
    const x1 = rng.int(x0 + 40, w);
    const black = rng.chance(0.5);
    for (let x = x0; x < x1; x++) {
      const i = (y * w + x) * 4;
      d[i] = d[i + 1] = d[i + 2] = black ? 0 : 255;
    }
  }
  if (rng.chance(0.6)) {
    const x = rng.int(20, w - 20);
    for (let y = 0; y < h; y++) if (rng.next() < 0.7) d[(y * w + x) * 4] = d[(y * w + x) * 4 + 1] = d[(y * w + x) * 4 + 2] = 0;
  }
  sctx.putImageData(image, 0, 0);
  if (!standard) return { canvas: sampled, scale: sx };
  // Rows doubled: the receiving machine prints each 98 dpi row twice.
  const out = createCanvas(w, h * 2);
  const octx = out.getContext('2d');
  octx.imageSmoothingEnabled = false;
  octx.drawImage(sampled, 0, 0, w, h * 2);
  return { canvas: out, scale: sx };
}

// ---------------------------------------------------------------- phone photo

/** The 3x3 homography taking the unit square's corners to `quad` (clockwise from the top left). */
function squareToQuad(q: [number, number][]): number[] {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q;
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / den;
  const h = (dx1 * sy - sx * dy1) / den;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

function invert3(m: number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}

/** A desk: wood grain, a dark cloth or a speckled laminate, drawn small and scaled up. */
function desk(width: number, height: number, rng: Rng): Canvas {
  const kind = rng.pick(['wood', 'cloth', 'laminate'] as const);
  const sw = Math.ceil(width / 4);
  const sh = Math.ceil(height / 4);
  const small = createCanvas(sw, sh);
  const sctx = small.getContext('2d');
  const img = sctx.createImageData(sw, sh);
  const base: Rgb = kind === 'wood' ? [120, 78, 44] : kind === 'cloth' ? [38, 40, 48] : [150, 146, 138];
  const phase = rng.uniform(0, 10);
  const freq = rng.uniform(0.04, 0.09);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      let v = (rng.next() - 0.5) * (kind === 'laminate' ? 50 : 18);
      if (kind === 'wood') v += 22 * Math.sin(y * freq + Math.sin(x * 0.01 + phase) * 3 + Math.sin(y * 0.3) * 0.4);
      const i = (y * sw + x) * 4;
      img.data[i] = Math.max(0, Math.min(255, base[0] + v));
      img.data[i + 1] = Math.max(0, Math.min(255, base[1] + v * 0.8));
      img.data[i + 2] = Math.max(0, Math.min(255, base[2] + v * 0.6));
      img.data[i + 3] = 255;
    }
  }
  sctx.putImageData(img, 0, 0);
  const out = createCanvas(width, height);
  out.getContext('2d').drawImage(small, 0, 0, width, height);
  return out;
}

/**
 * A phone photo of the sheet: on a desk, in perspective (each corner moved at random), a soft shadow across
 * it, light falling off towards one side, a little blur and sensor noise.
 */
export function photo(page: Page, rng: Rng): Canvas {
  const landscape = rng.chance(0.15);
  const W = landscape ? 2000 : 1500;
  const H = landscape ? 1500 : 2000;
  // The sheet's corners: inset from the frame, each pushed about at random.
  const sheetH = (landscape ? W : H) * rng.uniform(0.78, 0.88);
  const sheetW = sheetH * (page.width / page.height);
  const cx = W / 2 + rng.uniform(-60, 60);
  const cy = H / 2 + rng.uniform(-60, 60);
  const jitter = () => rng.uniform(-0.07, 0.07) * sheetW;
  let corners: [number, number][] = [
    [-sheetW / 2, -sheetH / 2],
    [sheetW / 2, -sheetH / 2],
    [sheetW / 2, sheetH / 2],
    [-sheetW / 2, sheetH / 2],
  ];
  // A keystone: the far edge narrower, as when the phone is held at an angle.
  const keystone = rng.uniform(0.02, 0.12) * sheetW;
  corners = corners.map(([x, y], i) => [x + (i < 2 ? (i === 0 ? keystone : -keystone) : 0) + jitter(), y + jitter()]);
  const rot = landscape ? Math.PI / 2 : rng.uniform(-0.06, 0.06);
  const quad = corners.map(
    ([x, y]) => [cx + x * Math.cos(rot) - y * Math.sin(rot), cy + x * Math.sin(rot) + y * Math.cos(rot)] as [number, number],
  );

  const source = drawPage(page, (sheetH / page.height) * 1.15, rng);
  const src = source.canvas;
  const sctx = src.getContext('2d');
  const sdata = sctx.getImageData(0, 0, src.width, src.height).data;
  const toSrc = invert3(squareToQuad(quad));

  const out = desk(W, H, rng);
  const octx = out.getContext('2d');
  const image = octx.getImageData(0, 0, W, H);
  const d = image.data;
  // Shadow: a soft-edged half plane (a hand or the phone) across part of the frame.
  const shadowAngle = rng.uniform(0, Math.PI * 2);
  const nx = Math.cos(shadowAngle);
  const ny = Math.sin(shadowAngle);
  const offset = rng.uniform(0.15, 0.4) * Math.min(W, H);
  const softness = rng.uniform(40, 110);
  const depth = rng.uniform(0.3, 0.5);
  const lightX = rng.uniform(-0.25, 0.25);
  const sw = src.width;
  const sh = src.height;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4;
      const denom = toSrc[6] * x + toSrc[7] * y + toSrc[8];
      const u = (toSrc[0] * x + toSrc[1] * y + toSrc[2]) / denom;
      const v = (toSrc[3] * x + toSrc[4] * y + toSrc[5]) / denom;
      if (u >= 0 && u < 1 && v >= 0 && v < 1) {
        const fx = u * (sw - 1);
        const fy = v * (sh - 1);
        const x0 = Math.floor(fx);
        const y0 = Math.floor(fy);
        const ax = fx - x0;
        const ay = fy - y0;
        const x1 = Math.min(x0 + 1, sw - 1);
        const y1 = Math.min(y0 + 1, sh - 1);
        for (let c = 0; c < 3; c++) {
          const p00 = sdata[(y0 * sw + x0) * 4 + c];
          const p10 = sdata[(y0 * sw + x1) * 4 + c];
          const p01 = sdata[(y1 * sw + x0) * 4 + c];
          const p11 = sdata[(y1 * sw + x1) * 4 + c];
          d[i + c] = (p00 * (1 - ax) + p10 * ax) * (1 - ay) + (p01 * (1 - ax) + p11 * ax) * ay;
        }
        // Warm indoor light on the paper.
        d[i + 2] *= 0.93;
      }
      const along = (x - W / 2) * nx + (y - H / 2) * ny - offset;
      const shade = 1 - depth / (1 + Math.exp(-along / softness));
      const light = 1 - Math.abs(x / W - 0.5 - lightX) * 0.25;
      const noise = (rng.next() - 0.5) * 10;
      for (let c = 0; c < 3; c++) d[i + c] = Math.max(0, Math.min(255, d[i + c] * shade * light + noise));
    }
  }
  octx.putImageData(image, 0, 0);
  // A slight blur, as a phone's focus and JPEG leave it.
  const blurred = createCanvas(W, H);
  const bctx = blurred.getContext('2d');
  bctx.filter = `blur(${rng.uniform(0.5, 1.1).toFixed(2)}px)`;
  bctx.drawImage(out, 0, 0);
  return blurred;
}

export function encode(canvas: Canvas, format: 'png' | 'jpeg', quality = 80): Uint8Array {
  return new Uint8Array(format === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', quality));
}
