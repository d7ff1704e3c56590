/**
 * A document's pages counted when it is uploaded, so the queue puts a claim in its lane (queue.ts) by real pages
 * rather than by its files' size (a 473 KB PDF of 500 pages of one image looked like five pages). This is an
 * estimate for scheduling, taken on the request thread: the file is only scanned, never parsed by pdfjs, and at
 * most a bounded amount of it inflated. The reader counts the pages again, and its limits decide what is read.
 */
import { constants, inflateSync } from 'node:zlib';
import { DEFAULT_READ_LIMITS } from '../verification/read/limits';

/** Inflated bytes of the object streams looked into, per stream and per file, and how many: page dictionaries are small. */
const MAX_OBJECT_STREAM_BYTES = 1024 * 1024;
const MAX_OBJECT_STREAMS_BYTES = 8 * 1024 * 1024;
const MAX_OBJECT_STREAMS = 256;
/** How far from `/ObjStm` its stream starts, and from `/Type /Pages` its `/Count` is, at most. */
const REACH = 512;
/** Occurrences of `/Page` (and of `/Pages`) looked at: ten times the pages a document may have to be read. */
const MAX_NAMES = 10 * DEFAULT_READ_LIMITS.maxPagesPerDocument;
const COUNT = /\/Count\s+(\d{1,9})/;

/**
 * Pages of an uploaded file: 1 for an image; for a PDF the larger of its page objects and its page tree's count,
 * looking into compressed object streams within a budget; null when no page is seen (the queue then estimates
 * from the size). Only native byte searches run over the whole file.
 */
export function countPages(contentType: string, data: Uint8Array): number | null {
  if (contentType !== 'application/pdf') return 1;
  const parts = [Buffer.from(data.buffer, data.byteOffset, data.byteLength)];
  parts.push(...objectStreams(parts[0]));
  const objects = parts.reduce((sum, part) => sum + pageObjects(part), 0);
  const counted = Math.max(...parts.map(pageTreeCount));
  const pages = Math.max(objects, counted);
  return pages > 0 ? pages : null;
}

const isLetter = (byte: number | undefined) => byte !== undefined && ((byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a));
const isSpace = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;

const TYPE_KEY = Buffer.from('/Type', 'latin1');

/** Whether the name at `at` is the value of a `/Type` key (`/Type /Page`, `/Type/Pages`). */
function typed(bytes: Buffer, at: number): boolean {
  let end = at;
  while (end > at - REACH && end > 0 && isSpace(bytes[end - 1])) end -= 1;
  return end >= TYPE_KEY.length && bytes.compare(TYPE_KEY, 0, TYPE_KEY.length, end - TYPE_KEY.length, end) === 0;
}

/**
 * Calls `each` for the occurrences of `name` (not followed by a letter) that are a `/Type`'s value, among the first
 * MAX_NAMES occurrences: past them a file is large in any case, or made to be slow to count.
 */
function typedNames(bytes: Buffer, name: string, each: (at: number) => void): void {
  let seen = 0;
  for (let at = bytes.indexOf(name); at !== -1 && seen < MAX_NAMES; at = bytes.indexOf(name, at + name.length)) {
    seen += 1;
    if (!isLetter(bytes[at + name.length]) && typed(bytes, at)) each(at);
  }
}

function pageObjects(bytes: Buffer): number {
  let pages = 0;
  typedNames(bytes, '/Page', () => {
    pages += 1;
  });
  return pages;
}

/** The largest `/Count` of a page tree node (`/Type /Pages`): the root's is the document's pages. */
function pageTreeCount(bytes: Buffer): number {
  let counted = 0;
  typedNames(bytes, '/Pages', (at) => {
    // The node's own dictionary around `/Type /Pages` (an outline's `/Count` is in another).
    const before = bytes.toString('latin1', Math.max(0, at - REACH), at);
    const after = bytes.toString('latin1', at, at + REACH);
    const close = after.indexOf('>>');
    const count = COUNT.exec(before.slice(before.lastIndexOf('<<') + 1) + (close === -1 ? after : after.slice(0, close)));
    if (count) counted = Math.max(counted, Number(count[1]));
  });
  return counted;
}

/** The inflated bytes of the file's object streams (`/Type /ObjStm`, where compressed PDFs keep their page dictionaries), within the budgets. */
function objectStreams(bytes: Buffer): Buffer[] {
  const found: Buffer[] = [];
  let budget = MAX_OBJECT_STREAMS_BYTES;
  for (
    let at = bytes.indexOf('/ObjStm');
    at !== -1 && budget > 0 && found.length < MAX_OBJECT_STREAMS;
    at = bytes.indexOf('/ObjStm', at + 1)
  ) {
    const keyword = bytes.subarray(at, at + REACH).indexOf('stream');
    if (keyword === -1) continue;
    let start = at + keyword + 'stream'.length;
    start += bytes[start] === 0x0d && bytes[start + 1] === 0x0a ? 2 : 1;
    const end = bytes.indexOf('endstream', start);
    const inflated = inflate(bytes.subarray(start, end === -1 ? bytes.length : end), Math.min(MAX_OBJECT_STREAM_BYTES, budget));
    // One not looked into (not deflate data, or too large) costs budget too, so a file of many such ends the search.
    budget -= inflated?.length ?? MAX_OBJECT_STREAM_BYTES / 16;
    if (inflated) found.push(inflated);
    if (end === -1) break;
    at = end;
  }
  return found;
}

/** `stream` inflated, or null when it is not zlib data or inflates to more than `most` bytes. */
function inflate(stream: Buffer, most: number): Buffer | null {
  // A zlib header: compression method 8 and a check value that divides by 31.
  if ((stream[0] & 0x0f) !== 8 || (stream[0] * 256 + stream[1]) % 31 !== 0) return null;
  try {
    return inflateSync(stream, { maxOutputLength: most, finishFlush: constants.Z_SYNC_FLUSH });
  } catch {
    return null;
  }
}
