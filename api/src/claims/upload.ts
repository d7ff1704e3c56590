/**
 * Reads the multipart body of POST /claims and of POST /claims/{id}/documents (documents added to a claim): the
 * form fields and the documents, each checked by its first bytes (the declared type and the file name are not
 * trusted) and against the upload limits; then puts the documents into the document store, their pages counted
 * for the queue.
 */
import type { FastifyRequest } from 'fastify';
import type { CLAIM_UPLOAD_TYPES, UploadLimits } from '@claims/shared-kernel/contract';
import type { DbOrTx } from '../db';
import { claimDocuments } from '../db/schema';
import { MEGABYTE } from '../config';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../http/errors';
import { countPages } from '../jobs/page-count';
import { newDocumentKey, type DocumentStore } from '../storage/store';

export type UploadType = (typeof CLAIM_UPLOAD_TYPES)[number];

export interface UploadedFile {
  fileName: string;
  contentType: UploadType;
  data: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
}

const SIGNATURES: { type: UploadType; bytes: number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

export function sniffType(data: Uint8Array): UploadType | null {
  return SIGNATURES.find(({ bytes }) => bytes.every((b, i) => data[i] === b))?.type ?? null;
}

/** 20 MB, 0.5 MB: how a refusal names the limit. */
const inMegabytes = (bytes: number): string => `${Number((bytes / MEGABYTE).toFixed(2))} MB`;

const isMultipartError = (error: unknown, code: string): boolean => (error as { code?: unknown })?.code === code;

/** What a claim already holds when documents are added to it: they count against the limits per claim. */
export interface ClaimHolding {
  files: number;
  bytes: number;
}

/**
 * Collects the parts; files must be under `fileField`, repeated fields become lists. A file over the
 * limit per file, one file too many, or files over the limit per claim (with what the claim already `holds`)
 * are refused (413) naming the file and the limit, before anything is stored.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileField: string,
  limits: UploadLimits,
  holds: ClaimHolding = { files: 0, bytes: 0 },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw unsupportedMediaType('Expected a multipart/form-data body');
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  let totalBytes = holds.bytes;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (holds.files + files.length >= limits.maxFiles) {
        throw payloadTooLarge(`${fileField}: '${part.filename}' is one file too many: a claim may have at most ${limits.maxFiles} files`);
      }
      const data = await part.toBuffer().catch((error: unknown) => {
        if (!isMultipartError(error, 'FST_REQ_FILE_TOO_LARGE')) throw error;
        throw payloadTooLarge(`${fileField}: '${part.filename}' is larger than ${inMegabytes(limits.maxFileBytes)}, the limit per file`);
      });
      if (part.fieldname !== fileField) throw badRequest(`${part.fieldname}: unexpected file field (documents go in '${fileField}')`);
      if (data.length === 0) throw badRequest(`${fileField}: '${part.filename}' is empty`);
      totalBytes += data.length;
      if (totalBytes > limits.maxClaimBytes) {
        throw payloadTooLarge(
          `${fileField}: with '${part.filename}' the documents come to more than ${inMegabytes(limits.maxClaimBytes)}, the limit per claim`,
        );
      }
      const contentType = sniffType(data);
      if (!contentType) throw unsupportedMediaType(`${fileField}: '${part.filename}' is not a PNG, JPEG or PDF file`);
      files.push({ fileName: safeFileName(part.filename, contentType), contentType, data });
    } else {
      const value = String(part.value);
      const previous = fields[part.fieldname];
      fields[part.fieldname] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
    }
  }
  return { fields, files };
}

const EXTENSION: Record<UploadType, string> = { 'application/pdf': '.pdf', 'image/png': '.png', 'image/jpeg': '.jpg' };

/** The longest document name kept, in characters: a longer one is shortened before its extension. */
export const MAX_DOCUMENT_NAME = 200;

/** The base name only, without control characters, at most MAX_DOCUMENT_NAME long, its extension kept or added. */
function safeFileName(name: string | undefined, type: UploadType): string {
  const base =
    (name ?? '')
      .split(/[\\/]/)
      .pop()!
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters (NUL..US, DEL) from client-supplied file names is the point
      .replace(/[\u0000-\u001f\u007f"]/g, '')
      .trim() || 'document';
  const extension = /\.(pdf|png|jpe?g)$/i.exec(base)?.[0] ?? '';
  const stem = base.slice(0, base.length - extension.length);
  const kept = extension || EXTENSION[type];
  // By code points, so an emoji at the cut is not split in half.
  return `${Array.from(stem)
    .slice(0, MAX_DOCUMENT_NAME - kept.length)
    .join('')}${kept}`;
}

/** A document put into the store, ready to be recorded beside its claim. */
export interface StoredDocument {
  fileName: string;
  contentType: UploadType;
  size: number;
  storageKey: string;
  /** Counted as it is stored (an estimate the queue's lanes use until the document is read); null when not seen. */
  pages: number | null;
}

/**
 * Puts the files into the document store, then lets `record` write the claim and its document rows (one
 * transaction); when that fails the files are removed again, so a claim that was not created leaves none behind.
 */
export async function withStoredDocuments<T>(
  store: DocumentStore,
  files: { fileName: string; contentType: UploadType; data: Uint8Array }[],
  record: (stored: StoredDocument[]) => Promise<T>,
): Promise<T> {
  const stored: StoredDocument[] = [];
  try {
    for (const { fileName, contentType, data } of files) {
      const storageKey = newDocumentKey();
      await store.put(storageKey, data);
      stored.push({ fileName, contentType, size: data.length, storageKey, pages: countPages(contentType, data) });
    }
    return await record(stored);
  } catch (error) {
    await Promise.allSettled(stored.map((d) => store.delete(d.storageKey)));
    throw error;
  }
}

/** The rows of a claim's stored documents (uploaded or seeded), with the ids they were given. */
export async function recordClaimDocuments(
  db: DbOrTx,
  claimId: number,
  stored: StoredDocument[],
): Promise<{ documentId: number; fileName: string }[]> {
  if (stored.length === 0) return [];
  return db
    .insert(claimDocuments)
    .values(stored.map((document) => ({ claimId, ...document })))
    .returning({ documentId: claimDocuments.id, fileName: claimDocuments.fileName });
}
