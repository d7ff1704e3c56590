/**
 * The default document store: one file per key under a folder (DOCUMENT_STORE_DIR). A file is written
 * beside its final name and renamed into place, so a reader never sees half a file.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { isDocumentKey, MissingDocumentError, type ByteRange, type DocumentStore } from './store';

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

export function createFolderStore(root: string): DocumentStore {
  const pathOf = (key: string): string => {
    if (!isDocumentKey(key)) throw new Error(`Not a document key: '${key}'`);
    return join(root, key);
  };
  /** The filesystem's error, or MissingDocumentError for a key with no file. */
  const missingAs = (key: string) => (error: unknown) => {
    throw isMissing(error) ? new MissingDocumentError(key) : error;
  };

  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomUUID()}.partial`;
      try {
        await writeFile(partial, data, { mode: 0o600 });
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    read: async (key) => readFile(pathOf(key)).catch(missingAs(key)),

    async stream(key, range?: ByteRange): Promise<Readable> {
      // Opened here, so a missing file is reported before anything is sent.
      const handle = await open(pathOf(key), 'r').catch(missingAs(key));
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    size: async (key) => (await stat(pathOf(key)).catch(missingAs(key))).size,

    delete: async (key) => rm(pathOf(key), { force: true }),
  };
}
