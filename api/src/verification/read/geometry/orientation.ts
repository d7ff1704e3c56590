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
/** A line: rows with at least this share of the fullest rows' ink; its ascenders and descenders: rows with this share. */
const LINE_SHARE = 0.04;
const FAINT_SHARE = 0.01;
/** A line's core: its rows with at least this share of its fullest row's ink. */
const CORE_SHARE = 0.5;
/** A line votes for up or down when the ink above its core and below it differ by at least this ratio. */
const SURE_RATIO = 1.3;
/** The way up is sure when the votes differ by this many, and by this share of the votes cast. */
const MIN_VOTE_MARGIN = 2;
const VOTE_SHARE = 0.3;

export interface Orientation {
  /** Degrees to turn the page by (clockwise) to read it: a quarter turn (0, 90, 180, 270) plus the skew. */
  angle: number;
  /** The skew alone, degrees. */
  skew: number;
  /** Whether the way up was told with confidence (the lines' votes differ enough). */
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
  const { up, down } = votes(profile(points, angle).rows);
  const sure = Math.abs(up - down) >= Math.max(MIN_VOTE_MARGIN, VOTE_SHARE * (up + down));
  const quarter = angle > 45 ? 90 : 0;
  // Most pages come the right way up: one is turned over only on clear evidence; sideways, either way is as likely.
  const flipped = down > up && (sure || quarter === 90);
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
export function inkPoints({ grey, width, height }: GreyImage): Points {
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
export function profile({ xs, ys, count, reach }: Points, degrees: number): { rows: Float64Array; score: number } {
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
 * The lines' votes for up: a line votes up when the ink above its core outweighs that below it by
 * SURE_RATIO, down the other way round. Lines are found as runs of rows with a fair share of the fullest rows'
 * ink (dust and stray marks between lines are far below it), then widened over the fainter rows of their
 * ascenders and descenders; runs thinner than three rows (rules) or of another height than most lines (a
 * stamp, a logo, two lines run together) do not vote.
 */
export function votes(rows: Float64Array): { up: number; down: number } {
  const sorted = Float64Array.from(rows).sort();
  const full = sorted[Math.floor(0.99 * (sorted.length - 1))];
  const inLine = Math.max(2, LINE_SHARE * full);
  const faint = Math.max(1, FAINT_SHARE * full);
  const runs: [number, number][] = [];
  let start = -1;
  for (let r = 0; r <= rows.length; r += 1) {
    const inked = r < rows.length && rows[r] > inLine;
    if (inked && start < 0) start = r;
    if (inked || start < 0) continue;
    if (r - start >= 3) runs.push([start, r]);
    start = -1;
  }
  const heights = runs.map(([from, to]) => to - from).sort((a, b) => a - b);
  const typical = heights[Math.floor(heights.length / 2)] ?? 0;
  let up = 0;
  let down = 0;
  for (const [k, [runFrom, runTo]] of runs.entries()) {
    const height = runTo - runFrom;
    if (height < 0.5 * typical || height > 2 * typical) continue;
    const floor = Math.max(k > 0 ? runs[k - 1][1] : 0, runFrom - height);
    const ceiling = Math.min(k + 1 < runs.length ? runs[k + 1][0] : rows.length, runTo + height);
    let runFullest = 0;
    for (let r = runFrom; r < runTo; r += 1) runFullest = Math.max(runFullest, rows[r]);
    // A row fuller than any of the line's own is a ruling line under or over it, not its letters.
    const letters = (r: number) => rows[r] > faint && rows[r] <= runFullest;
    let from = runFrom;
    while (from > floor && letters(from - 1)) from -= 1;
    let to = runTo;
    while (to < ceiling && letters(to)) to += 1;
    let fullest = 0;
    for (let r = from; r < to; r += 1) fullest = Math.max(fullest, rows[r]);
    let coreTop = from;
    while (rows[coreTop] < CORE_SHARE * fullest) coreTop += 1;
    let coreBottom = to - 1;
    while (rows[coreBottom] < CORE_SHARE * fullest) coreBottom -= 1;
    let above = 0;
    let below = 0;
    for (let r = from; r < coreTop; r += 1) above += rows[r];
    for (let r = coreBottom + 1; r < to; r += 1) below += rows[r];
    if (above >= SURE_RATIO * Math.max(1, below)) up += 1;
    else if (below >= SURE_RATIO * Math.max(1, above)) down += 1;
  }
  return { up, down };
}
