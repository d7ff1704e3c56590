/**
 * The document store in an S3-compatible bucket (DOCUMENT_STORE=s3): one object per key under `documents/`, shared
 * by every process on every machine. S3 replaces an object whole, so a reader never sees half a file.
 */
import type { Readable } from 'node:stream';
import type { S3Bucket } from './s3-bucket';
import { isDocumentKey, MissingDocumentError, type ByteRange, type DocumentStore } from './store';

export const DOCUMENTS_PREFIX = 'documents/';

export function createS3Store(bucket: S3Bucket): DocumentStore {
  const objectOf = (key: string): string => {
    if (!isDocumentKey(key)) throw new Error(`Not a document key: '${key}'`);
    return `${DOCUMENTS_PREFIX}${key}`;
  };

  async function stream(key: string, range?: ByteRange): Promise<Readable> {
    const object = await bucket.get(objectOf(key), range);
    if (!object) throw new MissingDocumentError(key);
    // A server that ignores or misreads the range would otherwise send more bytes than the answer's Content-Length says.
    if (range && object.size !== range.end - range.start + 1) {
      object.body.destroy();
      throw new Error(`S3 answered ${object.size} bytes for bytes ${range.start}-${range.end} of '${key}'`);
    }
    return object.body;
  }

  return {
    put: async (key, data) => bucket.put(objectOf(key), data),

    async read(key) {
      const chunks: Buffer[] = [];
      for await (const chunk of await stream(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    stream,

    async size(key) {
      const object = await bucket.head(objectOf(key));
      if (!object) throw new MissingDocumentError(key);
      return object.size;
    },

    delete: async (key) => bucket.delete(objectOf(key)),
  };
}
