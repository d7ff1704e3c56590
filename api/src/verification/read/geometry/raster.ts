/**
 * The raster work of straightening a page: projective maps (3×3 matrices), bilinear resampling through them,
 * a greyscale page reduced for analysis, and its paper's level estimated cell by cell.
 *
 * Coordinates are continuous: pixel (i, j) covers [i, i + 1) × [j, j + 1), so a word box (x, y, width,
 * height) maps corner by corner. A map always goes from the image being made (output) to the image it is
 * sampled from (source): each output pixel is looked up once, and a box found on the output is taken back to
 * the source by the same map.
 */

/** A 3×3 matrix, row by row: (x, y) maps to ((m0 x + m1 y + m2) / w, (m3 x + m4 y + m5) / w), w = m6 x + m7 y + m8. */
export type Matrix = readonly [number, number, number, number, number, number, number, number, number];

export interface Point {
  x: number;
  y: number;
}

export const IDENTITY: Matrix = [1, 0, 0, 0, 1, 0, 0, 0, 1];

export function multiply(a: Matrix, b: Matrix): Matrix {
  const out: number[] = [];
  for (let r = 0; r < 3; r += 1)
    for (let c = 0; c < 3; c += 1) out.push(a[3 * r] * b[c] + a[3 * r + 1] * b[3 + c] + a[3 * r + 2] * b[6 + c]);
  return out as unknown as Matrix;
}

export function apply(m: Matrix, x: number, y: number): Point {
  const w = m[6] * x + m[7] * y + m[8];
  return { x: (m[0] * x + m[1] * y + m[2]) / w, y: (m[3] * x + m[4] * y + m[5]) / w };
}

export const scaling = (factor: number): Matrix => [factor, 0, 0, 0, factor, 0, 0, 0, 1];

/**
 * The map from an image turned by `degrees` (clockwise as seen, the source's content turned back upright) to the
 * source: output (x', y') about its centre is the source about its centre turned by the angle. Also the output's
 * size, which holds the whole source.
 */
export function rotation(degrees: number, sourceWidth: number, sourceHeight: number): { map: Matrix; width: number; height: number } {
  const radians = (degrees * Math.PI) / 180;
  // Exact zeros at quarter turns, so a turned page keeps its pixels one for one.
  const clean = (v: number) => (Math.abs(v) < 1e-12 ? 0 : v);
  const cos = clean(Math.cos(radians));
  const sin = clean(Math.sin(radians));
  const width = Math.round(Math.abs(sourceWidth * cos) + Math.abs(sourceHeight * sin));
  const height = Math.round(Math.abs(sourceWidth * sin) + Math.abs(sourceHeight * cos));
  const [cx, cy, ox, oy] = [sourceWidth / 2, sourceHeight / 2, width / 2, height / 2];
  return { map: [cos, -sin, cx - cos * ox + sin * oy, sin, cos, cy - sin * ox - cos * oy, 0, 0, 1], width, height };
}

/**
 * The projective map from a width × height rectangle to a quadrilateral (its corners top-left, top-right,
 * bottom-right, bottom-left): the rectangle's corners go to the quadrilateral's.
 */
export function rectangleToQuad(width: number, height: number, quad: readonly [Point, Point, Point, Point]): Matrix {
  const corners: [Point, Point, Point, Point] = [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
  return quadToQuad(corners, quad);
}

/** The projective map taking each of four points to its counterpart. */
export function quadToQuad(from: readonly [Point, Point, Point, Point], to: readonly [Point, Point, Point, Point]): Matrix {
  // Eight equations in m0..m7 (m8 = 1): x = (m0 u + m1 v + m2) / (m6 u + m7 v + 1), likewise y.
  const rows: number[][] = [];
  for (let k = 0; k < 4; k += 1) {
    const { x: u, y: v } = from[k];
    const { x, y } = to[k];
    rows.push([u, v, 1, 0, 0, 0, -u * x, -v * x, x]);
    rows.push([0, 0, 0, u, v, 1, -u * y, -v * y, y]);
  }
  return [...solve(rows), 1] as unknown as Matrix;
}

/** Gaussian elimination with partial pivoting on an augmented n × (n + 1) system. */
function solve(rows: number[][]): number[] {
  const n = rows.length;
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < n; r += 1) if (Math.abs(rows[r][col]) > Math.abs(rows[pivot][col])) pivot = r;
    [rows[col], rows[pivot]] = [rows[pivot], rows[col]];
    const head = rows[col][col];
    if (Math.abs(head) < 1e-12) throw new Error('the four corners do not make a quadrilateral');
    for (let r = 0; r < n; r += 1) {
      if (r === col) continue;
      const factor = rows[r][col] / head;
      if (factor === 0) continue;
      for (let c = col; c <= n; c += 1) rows[r][c] -= factor * rows[col][c];
    }
  }
  return rows.map((row, i) => row[n] / row[i]);
}

/** A box (x, y, width, height) taken through the map: the smallest upright box holding its four mapped corners. */
export function mapBox<T extends { x: number; y: number; width: number; height: number }>(m: Matrix, box: T): T {
  const corners = [
    apply(m, box.x, box.y),
    apply(m, box.x + box.width, box.y),
    apply(m, box.x + box.width, box.y + box.height),
    apply(m, box.x, box.y + box.height),
  ];
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { ...box, x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * An image of `channels` bytes a pixel resampled through `map` (output to source) with bilinear weights;
 * outside the source, `fill` (one value a channel).
 */
export function warp(
  source: Uint8Array | Uint8ClampedArray,
  sourceWidth: number,
  sourceHeight: number,
  channels: number,
  map: Matrix,
  width: number,
  height: number,
  fill: readonly number[],
): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height * channels);
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = map;
  const maxX = sourceWidth - 1;
  const maxY = sourceHeight - 1;
  let at = 0;
  for (let j = 0; j < height; j += 1) {
    const y = j + 0.5;
    // Along a row the numerators and the denominator grow by m0, m3 and m6 a pixel.
    let nu = m0 * 0.5 + m1 * y + m2;
    let nv = m3 * 0.5 + m4 * y + m5;
    let w = m6 * 0.5 + m7 * y + m8;
    for (let i = 0; i < width; i += 1, nu += m0, nv += m3, w += m6) {
      // The source pixel centres around the mapped point.
      const u = nu / w - 0.5;
      const v = nv / w - 0.5;
      if (u < -0.5 || v < -0.5 || u > maxX + 0.5 || v > maxY + 0.5) {
        for (let c = 0; c < channels; c += 1) out[at++] = fill[c];
        continue;
      }
      let x0 = Math.floor(u);
      let y0 = Math.floor(v);
      let fx = u - x0;
      let fy = v - y0;
      if (x0 < 0) {
        x0 = 0;
        fx = 0;
      } else if (x0 >= maxX) {
        x0 = maxX;
        fx = 0;
      }
      if (y0 < 0) {
        y0 = 0;
        fy = 0;
      } else if (y0 >= maxY) {
        y0 = maxY;
        fy = 0;
      }
      const a = (y0 * sourceWidth + x0) * channels;
      const b = fx > 0 ? a + channels : a;
      const c0 = fy > 0 ? a + sourceWidth * channels : a;
      const d = fx > 0 ? c0 + channels : c0;
      const wa = (1 - fx) * (1 - fy);
      const wb = fx * (1 - fy);
      const wc = (1 - fx) * fy;
      const wd = fx * fy;
      for (let c = 0; c < channels; c += 1) out[at++] = source[a + c] * wa + source[b + c] * wb + source[c0 + c] * wc + source[d + c] * wd;
    }
  }
  return out;
}

export interface GreyImage {
  grey: Uint8Array;
  width: number;
  height: number;
}

/** The page in grey (ITU-R 601 luma), each `factor` × `factor` block of pixels averaged into one. */
export function reducedGrey(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, factor: number): GreyImage {
  if (factor === 1) {
    const grey = new Uint8Array(width * height);
    for (let i = 0, j = 0; i < grey.length; i += 1, j += 4) grey[i] = (rgba[j] * 77 + rgba[j + 1] * 150 + rgba[j + 2] * 29) >> 8;
    return { grey, width, height };
  }
  const outWidth = Math.max(1, Math.floor(width / factor));
  const outHeight = Math.max(1, Math.floor(height / factor));
  const sums = new Uint32Array(outWidth * outHeight);
  const column = new Uint32Array(outWidth * factor);
  for (let x = 0; x < column.length; x += 1) column[x] = Math.floor(x / factor);
  for (let y = 0; y < outHeight * factor; y += 1) {
    const row = Math.floor(y / factor) * outWidth;
    let j = y * width * 4;
    for (let x = 0; x < column.length; x += 1, j += 4) sums[row + column[x]] += (rgba[j] * 77 + rgba[j + 1] * 150 + rgba[j + 2] * 29) >> 8;
  }
  const grey = new Uint8Array(sums.length);
  const area = factor * factor;
  for (let i = 0; i < sums.length; i += 1) grey[i] = Math.round(sums[i] / area);
  return { grey, width: outWidth, height: outHeight };
}

/**
 * The paper's level around each pixel: the brightest pixel of each `cell` × `cell` block (wider than a stroke,
 * so each holds some paper), smoothed over its eight neighbours, and interpolated back to every pixel. Ink is what is much darker than it; a shadow or the falling light of a
 * photo moves it along.
 */
export function paperLevels({ grey, width, height }: GreyImage, cell: number): Float32Array {
  const columns = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const block = new Float32Array(columns * rows);
  const column = new Uint32Array(width);
  for (let x = 0; x < width; x += 1) column[x] = Math.floor(x / cell);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / cell) * columns;
    for (let x = 0, i = y * width; x < width; x += 1, i += 1) {
      const k = row + column[x];
      if (grey[i] > block[k]) block[k] = grey[i];
    }
  }
  const neighbourhood = (values: Float32Array, reduce: 'max' | 'mean') => {
    const out = new Float32Array(values.length);
    for (let r = 0; r < rows; r += 1)
      for (let c = 0; c < columns; c += 1) {
        let best = 0;
        let sum = 0;
        let n = 0;
        for (let dr = -1; dr <= 1; dr += 1)
          for (let dc = -1; dc <= 1; dc += 1) {
            const rr = r + dr;
            const cc = c + dc;
            if (rr < 0 || cc < 0 || rr >= rows || cc >= columns) continue;
            const value = values[rr * columns + cc];
            best = Math.max(best, value);
            sum += value;
            n += 1;
          }
        out[r * columns + c] = reduce === 'max' ? best : sum / n;
      }
    return out;
  };
  const smooth = neighbourhood(block, 'mean');
  const levels = new Float32Array(width * height);
  const c0s = new Uint32Array(width);
  const c1s = new Uint32Array(width);
  const fxs = new Float32Array(width);
  for (let x = 0; x < width; x += 1) {
    const gx = Math.min(columns - 1, Math.max(0, (x + 0.5) / cell - 0.5));
    c0s[x] = Math.floor(gx);
    c1s[x] = Math.min(columns - 1, c0s[x] + 1);
    fxs[x] = gx - c0s[x];
  }
  for (let y = 0; y < height; y += 1) {
    const gy = Math.min(rows - 1, Math.max(0, (y + 0.5) / cell - 0.5));
    const r0 = Math.floor(gy) * columns;
    const r1 = Math.min(rows - 1, Math.floor(gy) + 1) * columns;
    const fy = gy - Math.floor(gy);
    for (let x = 0, i = y * width; x < width; x += 1, i += 1) {
      const fx = fxs[x];
      const top = smooth[r0 + c0s[x]] * (1 - fx) + smooth[r0 + c1s[x]] * fx;
      const bottom = smooth[r1 + c0s[x]] * (1 - fx) + smooth[r1 + c1s[x]] * fx;
      levels[i] = top + (bottom - top) * fy;
    }
  }
  return levels;
}
