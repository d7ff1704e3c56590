/**
 * Where the claims' documents live: outside the database, behind this one small interface, so an object
 * store can replace the folder of the default implementation. The database keeps each document's key
 * (claim_documents.storage_key) beside its name, type, size and what the adjudicator read.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Bytes start..end of a file, both included (as HTTP's Range counts them). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface DocumentStore {
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** The whole file. */
  read(key: string): Promise<Buffer>;
  /** The whole file or one byte range of it, as a stream (large files are never held in memory). */
  stream(key: string, range?: ByteRange): Promise<Readable>;
  /** The file's size in bytes. */
  size(key: string): Promise<number>;
  /** Removes the file; a key with no file is not an error. */
  delete(key: string): Promise<void>;
}

/** read, stream and size of a key with no file (it was deleted, or the store lost it). */
export class MissingDocumentError extends Error {
  constructor(readonly key: string) {
    super(`No document is stored under '${key}'`);
    this.name = 'MissingDocumentError';
  }
}

/** A new key: random, and spread over 256 folders so that no folder of a store holds every file. */
export function newDocumentKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
}

/** Keys are the store's own (newDocumentKey): lowercase letters, digits, '-', '.', in '/'-separated parts, never '..'. */
export const isDocumentKey = (key: string): boolean => /^[a-z0-9][a-z0-9.-]*(\/[a-z0-9][a-z0-9.-]*)*$/.test(key) && !key.includes('..');
