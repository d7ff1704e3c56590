/**
 * The sheet of paper in a photo: a bright quadrilateral against a darker desk, seen in perspective. Found on
 * a small copy of the photo: the desk's level is read from the photo's border and the paper's from its middle;
 * what is clearly brighter than the desk (a shadow across the sheet included) is paper; the largest such
 * region is the sheet; its corners are the extremes of x + y and x − y, then refined as the crossings of lines
 * fitted to its four edges (a dog-eared or rounded corner does not pull the sheet with it).
 *
 * A scan has no desk: its paper reaches the image's border on most sides, and nothing is found.
 */
import { type Point, reducedGrey } from './raster';

/** The small copy's longest side, pixels. */
const ANALYSIS_SIDE = 500;
/** The border ring read as desk: this share of the image's smaller side. */
const RING_SHARE = 0.03;
/** The paper must be brighter than the desk by at least this (grey levels). */
const MIN_CONTRAST = 30;
/**
 * Paper is brighter than a share of the way from the desk's level up to the paper's: the share that makes the
 * brightest region most like a quadrilateral is taken (too low and the light spilling on the desk joins in, too
 * high and a shadow cuts a corner off).
 */
const PAPER_SHARES = [0.25, 0.35, 0.45, 0.55, 0.65];
/** A side of the image shows desk when less than this share of its ring is sheet; a photo shows desk on two sides at least. */
const DESK_SIDE_SHARE = 0.5;
const MIN_DESK_SIDES = 2;
/** The sheet region fills its corners' quadrilateral to at least this share (its area over both's). */
const MIN_QUAD_FIT = 0.98;
const FIT_MARGIN = 0.005;
/** Bright specks of the desk up to this many small-copy pixels across are taken off the paper mask. */
const OPEN_RADIUS = 2;
/** A step in log level this large across two small-copy pixels is an edge (a sheet's against the desk), not a shadow's. */
const SHARP_STEP = 0.12;
/** The sheet reached without crossing an edge is taken when it is this much larger than the one found by level, and no larger than this share of the photo. */
const MIN_FLOOD_GAIN = 1.03;
/** Where no level gave a clean quadrilateral, a clean one reached without crossing an edge is taken from this share of the level's size. */
const MIN_FLOOD_SHARE = 0.8;
const MAX_SHEET_SHARE = 0.95;
/** The sheet covers at least this share of the photo. */
const MIN_SHEET_SHARE = 0.15;
/** The sheet is cut this share of its size inside its found edges: no rim of desk comes along. */
const INSET = 0.01;
/** An edge point within this (small-copy pixels) of a line lies on it. */
const EDGE_TOLERANCE = 2;
/** Pairs of points tried per gap for an edge's line. */
const LINE_TRIALS = 40;
/**
 * Where no level gives a clean quadrilateral, the sheet is the region whose edges have at least this share of
 * their points on a line, and which fills the quadrilateral of those lines to this share.
 */
const MIN_STRAIGHT_SHARE = 0.4;
const MIN_EDGED_FIT = 0.95;

export interface Sheet {
  /** Corners in the image's pixels: top-left, top-right, bottom-right, bottom-left. */
  corners: [Point, Point, Point, Point];
  /** The sheet's size once flat: its longer opposite edges, pixels. */
  width: number;
  height: number;
}

export function findSheet(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Sheet | null {
  const factor = Math.max(1, Math.ceil(Math.max(width, height) / ANALYSIS_SIDE));
  const small = reducedGrey(rgba, width, height, factor);
  const { grey, width: w, height: h } = small;
  const ring = Math.max(2, Math.round(RING_SHARE * Math.min(w, h)));
  const deskLevels: number[] = [];
  const middleLevels: number[] = [];
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      const level = grey[y * w + x];
      if (x < ring || y < ring || x >= w - ring || y >= h - ring) deskLevels.push(level);
      else if (x > w / 4 && x < (3 * w) / 4 && y > h / 4 && y < (3 * h) / 4) middleLevels.push(level);
    }
  const desk = quantile(deskLevels, 0.5);
  const paper = quantile(middleLevels, 0.9);
  if (paper - desk < MIN_CONTRAST) return null;
  // The desk's bright grain, read where the ring is desk: a sheet skewed on a scanner's dark lid, or photographed
  // close, reaches the border along some of it.
  const deskBright = quantile(
    deskLevels.filter((level) => level < (desk + paper) / 2),
    0.9,
  );
  let sheet: { label: Uint8Array; size: number } | null = null;
  let bestFit = 0;
  const regions: { label: Uint8Array; size: number }[] = [];
  for (const share of PAPER_SHARES) {
    const threshold = Math.max(deskBright + 8, desk + share * (paper - desk));
    const mask = new Uint8Array(w * h);
    for (let i = 0; i < mask.length; i += 1) mask[i] = grey[i] > threshold ? 1 : 0;
    const found = largestRegion(open(close(mask, w, h), w, h), w, h);
    if (!found || found.size < MIN_SHEET_SHARE * w * h) continue;
    const region = withoutHoles(found.label, w, h);
    regions.push(region);
    const fit = quadFit(region.label, region.size, extremeCorners(region.label, w, h), w, h);
    // Levels are tried from the lowest, whose region is the largest: a higher one must fit clearly better
    // (the part of a sheet lit beside a straight shadow is a quadrilateral too).
    if (fit > bestFit + FIT_MARGIN) {
      bestFit = fit;
      sheet = region;
    }
  }
  if (!sheet) return null;
  // No level gives a clean quadrilateral (a shadow bites into an edge, light spilt on the desk joins a corner):
  // a sheet still has four straight edges over most of their length, which a bite or a blob does not bend.
  // The lowest level that gives one is taken: a shadow's edge across a corner is straight too, but then the
  // lower level holds the whole sheet.
  let edged: Corners | null = null;
  if (bestFit < MIN_QUAD_FIT)
    for (const region of regions) {
      const refined = refinedCorners(region.label, w, h);
      if (!refined || refined.straight < MIN_STRAIGHT_SHARE || quadFit(region.label, region.size, refined.corners, w, h) < MIN_EDGED_FIT)
        continue;
      edged = refined.corners;
      sheet = region;
      break;
    }

  // A shadow can darken part of the sheet to the desk's level, so that no level holds the whole sheet: the part
  // lit beside the shadow is then taken. The sheet's edge is a sharp step even in shadow (paper and desk are
  // shaded alike), a shadow's edge a soft one: the paper reached from the middle without crossing a sharp step
  // is the whole sheet. It is taken when it is a quadrilateral larger than the one found by level, or a clean one
  // of about its size where no level gave a clean one (the shaded desk joined the sheet). A smaller one may be a
  // ruled box on the page.
  const flooded = floodedSheet(grey, w, h, (desk + paper) / 2);
  if (flooded && flooded.size < MAX_SHEET_SHARE * w * h) {
    const refined = refinedCorners(flooded.label, w, h);
    const clean = quadFit(flooded.label, flooded.size, extremeCorners(flooded.label, w, h), w, h) >= MIN_QUAD_FIT;
    const straight =
      refined !== null &&
      refined.straight >= MIN_STRAIGHT_SHARE &&
      quadFit(flooded.label, flooded.size, refined.corners, w, h) >= MIN_EDGED_FIT;
    const larger = flooded.size > MIN_FLOOD_GAIN * sheet.size && (clean || straight);
    const cleaner = clean && bestFit < MIN_QUAD_FIT && edged === null && flooded.size > MIN_FLOOD_SHARE * sheet.size;
    if (larger || cleaner) {
      sheet = flooded;
      bestFit = MIN_QUAD_FIT;
      edged = null;
    }
  }

  const inSheet = (x: number, y: number) => sheet.label[y * w + x] === 1;
  let deskSides = 0;
  for (const side of [
    { along: w, at: (k: number, d: number) => inSheet(k, d) },
    { along: w, at: (k: number, d: number) => inSheet(k, h - 1 - d) },
    { along: h, at: (k: number, d: number) => inSheet(d, k) },
    { along: h, at: (k: number, d: number) => inSheet(w - 1 - d, k) },
  ]) {
    let covered = 0;
    for (let d = 0; d < ring; d += 1) for (let k = 0; k < side.along; k += 1) if (side.at(k, d)) covered += 1;
    if (covered < DESK_SIDE_SHARE * ring * side.along) deskSides += 1;
  }
  if (deskSides < MIN_DESK_SIDES) return null;

  // A region that is no clean quadrilateral at any level (a shadow or a glare across an edge) is not flattened
  // by guesswork: the desk around it is only cut away.
  const corners =
    bestFit >= MIN_QUAD_FIT
      ? (refinedCorners(sheet.label, w, h)?.corners ?? extremeCorners(sheet.label, w, h))
      : (edged ?? boundingCorners(sheet.label, w, h));
  const centre = corners.reduce((sum, p) => ({ x: sum.x + p.x / 4, y: sum.y + p.y / 4 }), { x: 0, y: 0 });
  const full = corners.map((p) => ({
    x: (p.x + (centre.x - p.x) * 2 * INSET) * factor,
    y: (p.y + (centre.y - p.y) * 2 * INSET) * factor,
  })) as Sheet['corners'];
  const [tl, tr, br, bl] = full;
  const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  const sheetWidth = Math.round(Math.max(distance(tl, tr), distance(bl, br)));
  const sheetHeight = Math.round(Math.max(distance(tl, bl), distance(tr, br)));
  if (!convex(full) || sheetWidth < 0.2 * width || sheetHeight < 0.2 * height) return null;
  return { corners: full, width: sheetWidth, height: sheetHeight };
}

/**
 * The region reached from the brightest paper near the image's middle through pixels on no sharp step of
 * brightness (a step of SHARP_STEP in log level across two pixels, widened by a pixel so that it closes), its
 * holes filled, or null when no paper lies near the middle.
 */
function floodedSheet(grey: Uint8Array, w: number, h: number, paperFloor: number): { label: Uint8Array; size: number } | null {
  const log = new Float32Array(grey.length);
  for (let i = 0; i < grey.length; i += 1) log[i] = Math.log(grey[i] + 8);
  const step = new Uint8Array(grey.length);
  for (let y = 1; y < h - 1; y += 1)
    for (let x = 1; x < w - 1; x += 1) {
      const i = y * w + x;
      if (Math.abs(log[i + 1] - log[i - 1]) > SHARP_STEP || Math.abs(log[i + w] - log[i - w]) > SHARP_STEP) step[i] = 1;
    }
  const barrier = morph(step, w, h, 1);
  let start = -1;
  let nearest = Infinity;
  for (let y = Math.floor(h / 3); y < (2 * h) / 3; y += 1)
    for (let x = Math.floor(w / 3); x < (2 * w) / 3; x += 1) {
      const i = y * w + x;
      const distance = Math.hypot(x - w / 2, y - h / 2);
      if (!barrier[i] && grey[i] >= paperFloor && distance < nearest) {
        nearest = distance;
        start = i;
      }
    }
  if (start < 0) return null;
  const reached = new Uint8Array(grey.length);
  const stack = [start];
  reached[start] = 1;
  while (stack.length) {
    const i = stack.pop() as number;
    const x = i % w;
    for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w])
      if (j >= 0 && j < grey.length && !reached[j] && !barrier[j]) {
        reached[j] = 1;
        stack.push(j);
      }
  }
  // The barrier's own pixels along the sheet's edge belong to it.
  return withoutHoles(morph(reached, w, h, 1), w, h);
}

/** How much the region is its corners' quadrilateral: the area they share over the area of either (1 when they are one). */
function quadFit(label: Uint8Array, size: number, corners: [Point, Point, Point, Point], w: number, h: number): number {
  const edges = corners.map((a, k) => {
    const b = corners[(k + 1) % 4];
    return { ax: a.x, ay: a.y, dx: b.x - a.x, dy: b.y - a.y };
  });
  // The corners run clockwise on the screen (y down): inside is where every edge turns the same way.
  let inQuad = 0;
  let shared = 0;
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      const px = x + 0.5;
      const py = y + 0.5;
      let inside = true;
      for (const e of edges)
        if (e.dx * (py - e.ay) - e.dy * (px - e.ax) < 0) {
          inside = false;
          break;
        }
      if (!inside) continue;
      inQuad += 1;
      if (label[y * w + x]) shared += 1;
    }
  return shared / Math.max(1, size + inQuad - shared);
}

function quantile(values: number[], share: number): number {
  const sorted = Uint8Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

/** The mask with gaps of one pixel closed (a thin rule or a crease across the sheet does not cut it in two). */
function close(mask: Uint8Array, w: number, h: number): Uint8Array {
  return morph(morph(mask, w, h, 1), w, h, 0);
}

/**
 * The mask without bright specks of OPEN_RADIUS pixels or less: a speckled or grained desk has light flecks as
 * bright as the paper, and a chain of them joins the desk to the sheet's edge.
 */
function open(mask: Uint8Array, w: number, h: number): Uint8Array {
  let out = mask;
  for (let k = 0; k < OPEN_RADIUS; k += 1) out = morph(out, w, h, 0);
  for (let k = 0; k < OPEN_RADIUS; k += 1) out = morph(out, w, h, 1);
  return out;
}

/**
 * The region with its holes filled (everything the outside cannot reach): the print, a photo or a dark logo on
 * the sheet is darker than the paper, but the sheet's outline is what is fitted.
 */
function withoutHoles(label: Uint8Array, w: number, h: number): { label: Uint8Array; size: number } {
  const outside = new Uint8Array(w * h);
  const stack: number[] = [];
  const reach = (i: number) => {
    if (!label[i] && !outside[i]) {
      outside[i] = 1;
      stack.push(i);
    }
  };
  for (let x = 0; x < w; x += 1) {
    reach(x);
    reach((h - 1) * w + x);
  }
  for (let y = 0; y < h; y += 1) {
    reach(y * w);
    reach(y * w + w - 1);
  }
  while (stack.length) {
    const i = stack.pop() as number;
    const x = i % w;
    if (x > 0) reach(i - 1);
    if (x < w - 1) reach(i + 1);
    if (i >= w) reach(i - w);
    if (i + w < w * h) reach(i + w);
  }
  const filled = new Uint8Array(w * h);
  let size = 0;
  for (let i = 0; i < filled.length; i += 1)
    if (!outside[i]) {
      filled[i] = 1;
      size += 1;
    }
  return { label: filled, size };
}

/** One step of dilation (keep 1: a pixel becomes 1 when a neighbour is) or erosion (keep 0) over the 3×3 square. */
function morph(source: Uint8Array, w: number, h: number, keep: 0 | 1): Uint8Array {
  const out = new Uint8Array(source.length);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      let value = source[y * w + x];
      for (let dy = -1; dy <= 1 && value !== keep; dy += 1)
        for (let dx = -1; dx <= 1; dx += 1) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx >= 0 && yy >= 0 && xx < w && yy < h && source[yy * w + xx] === keep) {
            value = keep;
            break;
          }
        }
      out[y * w + x] = value;
    }
  return out;
}

/** The largest 4-connected region of the mask, as a label image (1 inside it) and its size. */
function largestRegion(mask: Uint8Array, w: number, h: number): { label: Uint8Array; size: number } | null {
  const region = new Int32Array(w * h).fill(-1);
  const stack = new Int32Array(w * h);
  let best = -1;
  let bestSize = 0;
  let next = 0;
  for (let start = 0; start < mask.length; start += 1) {
    if (!mask[start] || region[start] >= 0) continue;
    const id = next++;
    let top = 0;
    let size = 0;
    stack[top++] = start;
    region[start] = id;
    while (top > 0) {
      const i = stack[--top];
      size += 1;
      const x = i % w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w]) {
        if (j < 0 || j >= mask.length || !mask[j] || region[j] >= 0) continue;
        region[j] = id;
        stack[top++] = j;
      }
    }
    if (size > bestSize) {
      bestSize = size;
      best = id;
    }
  }
  if (best < 0) return null;
  const label = new Uint8Array(w * h);
  for (let i = 0; i < label.length; i += 1) label[i] = region[i] === best ? 1 : 0;
  return { label, size: bestSize };
}

/** Corners as the region's extremes: least and most x + y (top-left, bottom-right), most and least x − y (top-right, bottom-left). */
function extremeCorners(label: Uint8Array, w: number, h: number): [Point, Point, Point, Point] {
  const best = [
    { score: Infinity, x: 0, y: 0 },
    { score: -Infinity, x: 0, y: 0 },
    { score: -Infinity, x: 0, y: 0 },
    { score: Infinity, x: 0, y: 0 },
  ];
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      if (!label[y * w + x]) continue;
      const sum = x + y;
      const difference = x - y;
      if (sum < best[0].score) best[0] = { score: sum, x, y };
      if (difference > best[1].score) best[1] = { score: difference, x: x + 1, y };
      if (sum > best[2].score) best[2] = { score: sum, x: x + 1, y: y + 1 };
      if (difference < best[3].score) best[3] = { score: difference, x, y: y + 1 };
    }
  return best.map(({ x, y }) => ({ x, y })) as [Point, Point, Point, Point];
}

/** The corners of the region's upright bounding box. */
function boundingCorners(label: Uint8Array, w: number, h: number): [Point, Point, Point, Point] {
  let [left, top, right, bottom] = [w, h, 0, 0];
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1)
      if (label[y * w + x]) {
        left = Math.min(left, x);
        top = Math.min(top, y);
        right = Math.max(right, x + 1);
        bottom = Math.max(bottom, y + 1);
      }
  return [
    { x: left, y: top },
    { x: right, y: top },
    { x: right, y: bottom },
    { x: left, y: bottom },
  ];
}

/** A line a·t + b, t running along an edge (x for the top and bottom edges, y for the sides). */
interface EdgeLine {
  a: number;
  b: number;
}

type Corners = [Point, Point, Point, Point];

/**
 * The corners as crossings of lines fitted to the region's four edges: each edge's outermost region pixel in
 * every column (row) of its middle stretch between the extreme corners. `straight`: the least share of an
 * edge's points on its line. Null when an edge has too few points.
 */
function refinedCorners(label: Uint8Array, w: number, h: number): { corners: Corners; straight: number } | null {
  const [tl, tr, br, bl] = extremeCorners(label, w, h);
  const edge = (from: number, to: number, outer: (t: number) => number | null): FittedLine | null => {
    const lo = Math.ceil(from + 0.15 * (to - from));
    const hi = Math.floor(to - 0.15 * (to - from));
    const ts: number[] = [];
    const vs: number[] = [];
    for (let t = lo; t <= hi; t += 1) {
      const v = outer(t);
      if (v !== null) {
        ts.push(t + 0.5);
        vs.push(v);
      }
    }
    return fitLine(ts, vs);
  };
  const columnTop = (x: number) => {
    for (let y = 0; y < h; y += 1) if (label[y * w + x]) return y;
    return null;
  };
  const columnBottom = (x: number) => {
    for (let y = h - 1; y >= 0; y -= 1) if (label[y * w + x]) return y + 1;
    return null;
  };
  const rowLeft = (y: number) => {
    for (let x = 0; x < w; x += 1) if (label[y * w + x]) return x;
    return null;
  };
  const rowRight = (y: number) => {
    for (let x = w - 1; x >= 0; x -= 1) if (label[y * w + x]) return x + 1;
    return null;
  };
  const top = edge(tl.x, tr.x, columnTop);
  const bottom = edge(bl.x, br.x, columnBottom);
  const left = edge(tl.y, bl.y, rowLeft);
  const right = edge(tr.y, br.y, rowRight);
  if (!top || !bottom || !left || !right) return null;
  // y = a_h x + b_h crossing x = a_v y + b_v.
  const cross = (horizontal: EdgeLine, vertical: EdgeLine): Point => {
    const y = (horizontal.a * vertical.b + horizontal.b) / (1 - horizontal.a * vertical.a);
    return { x: vertical.a * y + vertical.b, y };
  };
  const corners: Corners = [cross(top, left), cross(top, right), cross(bottom, right), cross(bottom, left)];
  // A crossing far from its extreme corner means a fit went wrong (a torn edge): the extremes are kept then.
  const limit = 0.1 * Math.max(w, h);
  const near = corners.every((p, k) => Math.hypot(p.x - [tl, tr, br, bl][k].x, p.y - [tl, tr, br, bl][k].y) < limit);
  return near ? { corners, straight: Math.min(top.share, bottom.share, left.share, right.share) } : null;
}

interface FittedLine extends EdgeLine {
  /** The share of the points within EDGE_TOLERANCE of the line. */
  share: number;
}

/**
 * The line most of the points lie on, v = a·t + b: of the lines through pairs of points, the one with the most
 * points within EDGE_TOLERANCE (a bite out of the edge or a blob on it are not on it), fitted by least squares
 * to those points.
 */
function fitLine(ts: number[], vs: number[]): FittedLine | null {
  const n = ts.length;
  if (n < 5) return null;
  const near = (line: EdgeLine, k: number) => Math.abs(vs[k] - (line.a * ts[k] + line.b)) <= EDGE_TOLERANCE;
  const count = (line: EdgeLine) => {
    let inliers = 0;
    for (let k = 0; k < n; k += 1) if (near(line, k)) inliers += 1;
    return inliers;
  };
  let best: EdgeLine | null = null;
  let bestCount = 0;
  const stride = Math.max(1, Math.floor(n / LINE_TRIALS));
  for (const gap of [Math.floor(n / 3), Math.floor(n / 2)])
    for (let i = 0; i + gap < n; i += stride) {
      const j = i + gap;
      if (ts[j] === ts[i]) continue;
      const a = (vs[j] - vs[i]) / (ts[j] - ts[i]);
      const line = { a, b: vs[i] - a * ts[i] };
      const inliers = count(line);
      if (inliers > bestCount) {
        bestCount = inliers;
        best = line;
      }
    }
  if (!best) return null;
  const chosen = best;
  let m = 0;
  let st = 0;
  let sv = 0;
  let stt = 0;
  let stv = 0;
  for (let k = 0; k < n; k += 1) {
    if (!near(chosen, k)) continue;
    m += 1;
    st += ts[k];
    sv += vs[k];
    stt += ts[k] * ts[k];
    stv += ts[k] * vs[k];
  }
  const denominator = m * stt - st * st;
  if (m < 5 || Math.abs(denominator) < 1e-9) return { ...chosen, share: bestCount / n };
  const a = (m * stv - st * sv) / denominator;
  const line = { a, b: (sv - a * st) / m };
  return { ...line, share: count(line) / n };
}

/** Whether the corners, in order, turn the same way at each (a quadrilateral that is not folded over itself). */
function convex(corners: Point[]): boolean {
  let sign = 0;
  for (let k = 0; k < 4; k += 1) {
    const [a, b, c] = [corners[k], corners[(k + 1) % 4], corners[(k + 2) % 4]];
    const turn = Math.sign((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x));
    if (turn === 0 || (sign !== 0 && turn !== sign)) return false;
    sign = turn;
  }
  return true;
}
