/**
 * Which way a page's text runs, and how far it is skewed, from its ink alone.
 *
 * Rows of text make the ink's projection across them strongly peaked (lines and the gaps between them), and
 * most peaked when the projection runs exactly along the lines: the angle that maximises the sum of the
 * squared row counts is the lines' angle, looked for within SKEW_RANGE of level and of upright (a page fed
 * sideways). Which of the two ways along it is up comes from the letters: in Latin print far more letters rise
 * above the x-height (capitals, digits, b d f h k l t) than hang below the baseline (g j p q y), so on an
 * upside-down page the ink outside each line's core lies below it.
 */
import type { GreyImage } from './raster';

/** Skews looked for, degrees either side of level (and of a quarter turn). */
const SKEW_RANGE = 8;
const COARSE_STEP = 0.5;
const FINE_STEP = 0.1;
/** Enough ink points to measure by; more are sampled down to this many. */
const MAX_POINTS = 120_000;
const MIN_POINTS = 400;
/** A line's core: its rows with at least this share of its fullest row's ink. */
const CORE_SHARE = 0.5;
/** Up is told when the ink above the lines' cores and below them differ by at least this ratio. */
const SURE_RATIO = 1.3;

export interface Orientation {
  /** Degrees to turn the page by (clockwise) to read it: a quarter turn (0, 90, 180, 270) plus the skew. */
  angle: number;
  /** The skew alone, degrees. */
  skew: number;
  /** Whether the way up was told with confidence (the ink above and below the lines differ enough). */
  sure: boolean;
}

/** The page's orientation from its ink (1 for ink, 0 for paper). Null when there is too little ink to tell. */
export function findOrientation(ink: GreyImage): Orientation | null {
  const points = inkPoints(ink);
  if (points.count < MIN_POINTS) return null;
  const sharpness = (angle: number) => profile(points, angle).score;
  const search = (from: number, to: number, step: number) => {
    let best = from;
    let bestScore = -1;
    for (let angle = from; angle <= to + 1e-9; angle += step) {
      const score = sharpness(angle);
      if (score > bestScore) {
        bestScore = score;
        best = angle;
      }
    }
    return { angle: best, score: bestScore };
  };
  const level = search(-SKEW_RANGE, SKEW_RANGE, COARSE_STEP);
  const sideways = search(90 - SKEW_RANGE, 90 + SKEW_RANGE, COARSE_STEP);
  const coarse = level.score >= sideways.score ? level : sideways;
  const fine = search(coarse.angle - COARSE_STEP, coarse.angle + COARSE_STEP, FINE_STEP).angle;
  const angle = Math.round(fine * 10) / 10;
  const { above, below } = outsideCores(profile(points, angle).rows);
  const flipped = below > above;
  const sure = Math.max(above, below) >= SURE_RATIO * Math.max(1, Math.min(above, below));
  const quarter = angle > 45 ? 90 : 0;
  const skew = Math.round((angle - quarter) * 10) / 10;
  return { angle: normalise(angle + (flipped ? 180 : 0)), skew, sure };
}

/** An angle in [0, 360), to one decimal. */
const normalise = (degrees: number) => Math.round((((degrees % 360) + 360) % 360) * 10) / 10;

interface Points {
  xs: Float32Array;
  ys: Float32Array;
  count: number;
  /** Half the image's diagonal: no point projects farther from the centre. */
  reach: number;
}

/** The ink's pixel centres about the image's centre, every k-th of them when there are many. */
function inkPoints({ grey, width, height }: GreyImage): Points {
  let total = 0;
  for (let i = 0; i < grey.length; i += 1) total += grey[i];
  const every = Math.max(1, Math.ceil(total / MAX_POINTS));
  const count = Math.floor(total / every);
  const xs = new Float32Array(count);
  const ys = new Float32Array(count);
  let seen = 0;
  let n = 0;
  for (let y = 0; y < height && n < count; y += 1)
    for (let x = 0; x < width && n < count; x += 1) {
      if (!grey[y * width + x]) continue;
      if (seen++ % every) continue;
      xs[n] = x + 0.5 - width / 2;
      ys[n] = y + 0.5 - height / 2;
      n += 1;
    }
  return { xs, ys, count: n, reach: Math.ceil(Math.hypot(width, height) / 2) + 2 };
}

/**
 * The ink counted by row of the page turned by `degrees` (rows one pixel high, top to bottom), and the sum
 * of their squares: how sharply the rows stand out.
 */
function profile({ xs, ys, count, reach }: Points, degrees: number): { rows: Float64Array; score: number } {
  const radians = (degrees * Math.PI) / 180;
  const sin = Math.sin(radians);
  const cos = Math.cos(radians);
  const rows = new Float64Array(2 * reach + 1);
  for (let i = 0; i < count; i += 1) rows[Math.floor(-xs[i] * sin + ys[i] * cos) + reach] += 1;
  let score = 0;
  for (const n of rows) score += n * n;
  return { rows, score };
}

/**
 * The ink of the rows above each line's core and below it, summed over the lines. A line is a run of rows
 * with ink between empty ones; lines thinner than three rows (rules) are left out.
 */
function outsideCores(rows: Float64Array): { above: number; below: number } {
  const total = rows.reduce((sum, n) => sum + n, 0);
  // Stray points between the lines (specks, a ruling line's anti-aliasing) do not join two lines.
  const empty = Math.max(1, total / rows.length / 20);
  let above = 0;
  let below = 0;
  let start = -1;
  for (let r = 0; r <= rows.length; r += 1) {
    const inked = r < rows.length && rows[r] > empty;
    if (inked && start < 0) start = r;
    if (inked || start < 0) continue;
    const end = r;
    if (end - start >= 3) {
      let fullest = 0;
      for (let k = start; k < end; k += 1) fullest = Math.max(fullest, rows[k]);
      let coreTop = start;
      while (rows[coreTop] < CORE_SHARE * fullest) coreTop += 1;
      let coreBottom = end - 1;
      while (rows[coreBottom] < CORE_SHARE * fullest) coreBottom -= 1;
      for (let k = start; k < coreTop; k += 1) above += rows[k];
      for (let k = coreBottom + 1; k < end; k += 1) below += rows[k];
    }
    start = -1;
  }
  return { above, below };
}
