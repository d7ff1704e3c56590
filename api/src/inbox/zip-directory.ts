/**
 * An .xlsx manifest is a zip. Its central directory is read and held to ZIP_LIMITS (parts, the size each declares
 * unpacked, how tightly it is packed, their total) before a byte is inflated, and a part is then inflated as a stream
 * that fails as soon as it passes the size it declared (yauzl's validateEntrySizes): a zip bomb is refused by what it
 * declares, and one that lies about it stops at the lie.
 */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { MEGABYTE } from '../config';
import { ManifestError } from './manifest';

export const ZIP_LIMITS = {
  parts: 1000,
  partBytes: 32 * MEGABYTE,
  totalBytes: 64 * MEGABYTE,
  /** Unpacked to packed; spreadsheet XML packs 5-30 times, a bomb about 1,000 times. */
  ratio: 100,
  /** Parts smaller than this unpacked are not held to the ratio (a small part of repeated markup packs very well). */
  ratioFromBytes: MEGABYTE,
} as const;

export interface ZipDirectory {
  has(name: string): boolean;
  /** The part inflated as UTF-8 text; the stream fails once it passes the size the directory declares. */
  openText(name: string): Promise<Readable>;
  close(): void;
}

const inMegabytes = (bytes: number): string => `${Number((bytes / MEGABYTE).toFixed(1))} MB`;
const unreadable = () => new ManifestError('not a readable .xlsx workbook');

/** What is wrong with a part as the directory declares it, or null. */
function partProblem(entry: yauzl.Entry): string | null {
  const { fileName, uncompressedSize, compressedSize } = entry;
  if (uncompressedSize > ZIP_LIMITS.partBytes) {
    return `'${fileName}' unpacks to ${inMegabytes(uncompressedSize)}, more than ${inMegabytes(ZIP_LIMITS.partBytes)}, the limit per part`;
  }
  if (uncompressedSize >= ZIP_LIMITS.ratioFromBytes && uncompressedSize > ZIP_LIMITS.ratio * Math.max(1, compressedSize)) {
    const ratio = Math.round(uncompressedSize / Math.max(1, compressedSize));
    return `'${fileName}' unpacks to ${ratio} times its packed size, more than ${ZIP_LIMITS.ratio} times, the limit per part`;
  }
  return null;
}

export async function openZipDirectory(data: Buffer): Promise<ZipDirectory> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, opened) =>
      error || !opened ? reject(unreadable()) : resolve(opened),
    ),
  );
  if (zip.entryCount > ZIP_LIMITS.parts) {
    zip.close();
    throw new ManifestError(`the workbook has ${zip.entryCount} parts, more than ${ZIP_LIMITS.parts}, the limit`, true);
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    await new Promise<void>((resolve, reject) => {
      let total = 0;
      zip.on('error', () => reject(unreadable()));
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        const problem = partProblem(entry);
        total += entry.uncompressedSize;
        if (problem) return reject(new ManifestError(problem, true));
        if (total > ZIP_LIMITS.totalBytes) {
          return reject(new ManifestError(`the workbook unpacks to more than ${inMegabytes(ZIP_LIMITS.totalBytes)}, the limit`, true));
        }
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error;
  }

  return {
    has: (name) => entries.has(name),
    openText: (name) =>
      new Promise((resolve, reject) => {
        const entry = entries.get(name);
        if (!entry) return reject(unreadable());
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return reject(unreadable());
          resolve(stream.setEncoding('utf8'));
        });
      }),
    close: () => zip.close(),
  };
}

/** A part's stream failed: inflating past its declared size is a bomb (413); anything else is a broken workbook. */
export function partFailure(name: string, error: unknown): ManifestError {
  if (error instanceof ManifestError) return error;
  const message = error instanceof Error ? error.message : '';
  if (message.startsWith('too many bytes in the stream')) {
    return new ManifestError(`'${name}' unpacks to more than the size it declares`, true);
  }
  return unreadable();
}
