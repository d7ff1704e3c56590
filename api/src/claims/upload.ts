/**
 * Reads the multipart body of POST /claims: the form fields and the documents, each checked by its
 * first bytes (the declared type and the file name are not trusted).
 */
import type { FastifyRequest } from 'fastify';
import type { CLAIM_UPLOAD_TYPES } from '@claims/shared-kernel/contract';
import type { DbOrTx } from '../db';
import { claimDocuments } from '../db/schema';
import { badRequest, unsupportedMediaType } from '../http/errors';

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

/** Collects the parts; files must be under `fileField`, repeated fields become lists. */
export async function readMultipart(request: FastifyRequest, fileField: string): Promise<MultipartForm> {
  if (!request.isMultipart()) throw unsupportedMediaType('Expected a multipart/form-data body');
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.fieldname !== fileField) throw badRequest(`${part.fieldname}: unexpected file field (documents go in '${fileField}')`);
      if (data.length === 0) throw badRequest(`${fileField}: '${part.filename}' is empty`);
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

/** The base name only, without control characters, and with an extension that matches the content. */
function safeFileName(name: string | undefined, type: UploadType): string {
  const base =
    (name ?? '')
      .split(/[\\/]/)
      .pop()!
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters (NUL..US, DEL) from client-supplied file names is the point
      .replace(/[\u0000-\u001f\u007f"]/g, '')
      .trim()
      .slice(0, 200) || 'document';
  return /\.(pdf|png|jpe?g)$/i.test(base) ? base : `${base}${EXTENSION[type]}`;
}

/** Stores a claim's documents (uploaded or seeded) beside it, with their sizes. */
export async function storeClaimDocuments(
  db: DbOrTx,
  claimId: number,
  files: { fileName: string; contentType: UploadType; data: Uint8Array }[],
): Promise<void> {
  if (files.length === 0) return;
  await db
    .insert(claimDocuments)
    .values(files.map(({ fileName, contentType, data }) => ({ claimId, fileName, contentType, size: data.length, data })));
}
