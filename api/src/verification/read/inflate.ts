/**
 * How far a PDF's compressed streams inflate, measured before pdfjs reads it. pdfjs inflates into typed
 * arrays outside the JavaScript heap, which a worker's heap limit does not bound: a 2 MB file whose
 * content stream inflates to 2 GB would take the whole process. Each FlateDecode stream (and a stream
 * compressed twice over) is inflated here with a cap on what it may produce, summed over the document.
 */
import { constants, inflateSync } from 'node:zlib';

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/** A zlib header: compression method 8 and a check value that divides by 31. */
const isZlib = (data: Uint8Array, at = 0) => data.length >= at + 2 && (data[at] & 0x0f) === 8 && (data[at] * 256 + data[at + 1]) % 31 === 0;

/** The bytes `data` inflates to (through every zlib layer), or null when that is more than `budget`. */
function inflatedSize(data: Uint8Array, budget: number): number | null {
  let output: Buffer;
  try {
    output = inflateSync(data, { maxOutputLength: budget + 1, finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return null;
    // Not really deflate data: pdfjs reports it (or skips the stream) on its own.
    return 0;
  }
  if (output.length > budget) return null;
  if (!isZlib(output)) return output.length;
  const inner = inflatedSize(output, budget - output.length);
  return inner === null ? null : output.length + inner;
}

/** Whether the PDF's streams inflate to more than `limit` bytes together. */
export function inflatesBeyond(pdf: Uint8Array, limit: number): boolean {
  const data = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let budget = limit;
  let at = data.indexOf(STREAM);
  while (at !== -1) {
    const keywordEnd = at + STREAM.length;
    // 'endstream' also contains 'stream': only the keyword followed by an end of line opens a stream.
    const start = data[keywordEnd] === 0x0d ? keywordEnd + (data[keywordEnd + 1] === 0x0a ? 2 : 1) : keywordEnd + 1;
    if (data[keywordEnd] !== 0x0d && data[keywordEnd] !== 0x0a) {
      at = data.indexOf(STREAM, keywordEnd);
      continue;
    }
    const end = data.indexOf(END_STREAM, start);
    const body = data.subarray(start, end === -1 ? data.length : end);
    if (isZlib(body)) {
      const size = inflatedSize(body, budget);
      if (size === null) return true;
      budget -= size;
    }
    if (end === -1) break;
    at = data.indexOf(STREAM, end + END_STREAM.length);
  }
  return false;
}
