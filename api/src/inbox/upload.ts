/**
 * POST /claim/batch/uploadManifest: an operator's manifest with its documents, checked and put into the insurer's
 * inbox, then taken up by a refresh. Everything is checked before anything is written: the manifest is a readable
 * .csv or .xlsx, every document a PDF, PNG or JPEG by its first bytes and named by the manifest, and the files keep to
 * the limits (per file as POST /claims, files and bytes in all as INBOX_UPLOAD_MAX_FILES and INBOX_UPLOAD_MAX_MB).
 */
import type { FastifyRequest } from 'fastify';
import type { ManifestLimits, UploadLimits } from '@claims/shared-kernel/contract';
import { MANIFEST_COLUMNS } from '@claims/shared-kernel/contract';
import { MEGABYTE } from '../config';
import { sniffType } from '../claims/upload';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../http/errors';
import { isDocumentName, isManifestName, type InboxConnector, type InboxFile } from './connector';
import { documentNames, ManifestError, REQUIRED_COLUMNS } from './manifest';
import { parseManifest } from './manifest-thread';

export interface ManifestUploadLimits {
  maxFileBytes: number;
  maxFiles: number;
  maxTotalBytes: number;
}

export const manifestLimits = (upload: UploadLimits, inbox: { maxFiles: number; maxTotalBytes: number }): ManifestLimits => ({
  maxFileBytes: upload.maxFileBytes,
  maxTotalBytes: inbox.maxTotalBytes,
  maxFiles: inbox.maxFiles,
  columns: [...MANIFEST_COLUMNS],
  required: [...REQUIRED_COLUMNS],
});

const inMegabytes = (bytes: number): string => `${Number((bytes / MEGABYTE).toFixed(2))} MB`;
/** The base name only, without control characters or quotes. */
const baseName = (name: string | undefined): string =>
  (name ?? '')
    .split(/[\\/]/)
    .pop()!
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters from client-supplied file names is the point
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200);

const XLSX_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

async function readUpload(request: FastifyRequest, limits: ManifestUploadLimits) {
  if (!request.isMultipart()) throw unsupportedMediaType('Expected a multipart/form-data body');
  let manifest: InboxFile | null = null;
  const documents: InboxFile[] = [];
  let files = 0;
  let total = 0;
  const parts = request.parts({
    limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles + 1, fields: 10, parts: limits.maxFiles + 11 },
  });
  for await (const part of parts) {
    if (part.type !== 'file') continue;
    files++;
    if (files > limits.maxFiles)
      throw payloadTooLarge(`${part.fieldname}: '${part.filename}' is one file too many: at most ${limits.maxFiles} files`);
    const data = await part.toBuffer().catch((error: unknown) => {
      if ((error as { code?: unknown })?.code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
      throw payloadTooLarge(`${part.fieldname}: '${part.filename}' is larger than ${inMegabytes(limits.maxFileBytes)}, the limit per file`);
    });
    total += data.length;
    if (total > limits.maxTotalBytes) {
      throw payloadTooLarge(`${part.fieldname}: with '${part.filename}' the files come to more than ${inMegabytes(limits.maxTotalBytes)}`);
    }
    const fileName = baseName(part.filename);
    if (data.length === 0) throw badRequest(`${part.fieldname}: '${fileName}' is empty`);
    if (part.fieldname === 'manifest') {
      if (manifest) throw badRequest('manifest: send one manifest at a time');
      if (!isManifestName(fileName)) throw unsupportedMediaType(`manifest: '${fileName}' is not a .csv or .xlsx file`);
      manifest = { fileName, data };
    } else if (part.fieldname === 'documents') {
      if (!sniffType(data)) throw unsupportedMediaType(`documents: '${fileName}' is not a PNG, JPEG or PDF file`);
      if (!isDocumentName(fileName)) throw badRequest(`documents: '${part.filename}' is not a usable file name`);
      if (documents.some((d) => d.fileName === fileName)) throw badRequest(`documents: '${fileName}' is sent twice`);
      documents.push({ fileName, data });
    } else {
      throw badRequest(`${part.fieldname}: unexpected file field (the manifest goes in 'manifest', documents in 'documents')`);
    }
  }
  if (!manifest) throw badRequest('manifest: a manifest (.csv or .xlsx) is required');
  return { manifest, documents };
}

/** Checks the upload and drops it into the insurer's inbox; answers the manifest's path there. */
export async function dropManifestUpload(
  request: FastifyRequest,
  inbox: InboxConnector,
  org: string,
  limits: ManifestUploadLimits,
): Promise<string> {
  const { manifest, documents } = await readUpload(request, limits);
  const isXlsx = manifest.fileName.toLowerCase().endsWith('.xlsx');
  if (isXlsx && !XLSX_SIGNATURE.every((b, i) => manifest.data[i] === b)) {
    throw unsupportedMediaType(`manifest: '${manifest.fileName}' is not an .xlsx workbook`);
  }
  const rows = await parseManifest(manifest.fileName, manifest.data).catch((error: unknown) => {
    if (!(error instanceof ManifestError)) throw error;
    const detail = `manifest: '${manifest.fileName}' cannot be read: ${error.message}`;
    throw error.tooLarge ? payloadTooLarge(detail) : badRequest(detail);
  });
  if (!rows.length) throw badRequest(`manifest: '${manifest.fileName}' has no claims`);
  const named = new Set(rows.flatMap((row) => documentNames(row.fields.insurer_documents)));
  const unnamed = documents.filter((d) => !named.has(d.fileName));
  if (unnamed.length) throw badRequest(`documents: not named by the manifest: ${unnamed.map((d) => `'${d.fileName}'`).join(', ')}`);
  return inbox.drop(org, manifest, documents);
}
