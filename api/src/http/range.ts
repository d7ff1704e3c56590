/**
 * The byte range a request asks of a file (RFC 9110 §14): the claim page's PDF viewer reads a large
 * document piece by piece with `Range: bytes=first-last`.
 */
import type { ByteRange } from '../storage/store';

export type RangeAnswer =
  /** No Range, a unit other than bytes, or several ranges: the whole file (a server may ignore Range). */
  | { kind: 'whole' }
  | ({ kind: 'part' } & ByteRange)
  /** 416, sent with a Content-Range that names the file's size. */
  | { kind: 'unsatisfiable'; detail: string };

const FORMS = 'bytes=first-last, bytes=first- or bytes=-count';

/** What to send for the Range header of a request for a file of `size` bytes: `bytes=a-b`, `bytes=a-` or `bytes=-n`. */
export function requestedRange(header: string | undefined, size: number): RangeAnswer {
  if (!header?.trim() || !/^\s*bytes\s*=/i.test(header) || header.includes(',')) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) {
    return { kind: 'unsatisfiable', detail: `Range: '${header}' is not a byte range (${FORMS})` };
  }
  const outside = { kind: 'unsatisfiable', detail: `Range: ${header.trim()} is outside the document's ${size} bytes` } as const;
  if (match[1] === '') {
    const count = Number(match[2]);
    if (count === 0 || size === 0) return outside;
    return { kind: 'part', start: Math.max(0, size - count), end: size - 1 };
  }
  const start = Number(match[1]);
  const last = match[2] === '' ? null : Number(match[2]);
  if (last !== null && last < start) return { kind: 'unsatisfiable', detail: `Range: ${header.trim()} ends before it starts` };
  if (start >= size) return outside;
  return { kind: 'part', start, end: Math.min(last ?? size - 1, size - 1) };
}
