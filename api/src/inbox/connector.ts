/**
 * Where downloaded claims come from: an insurer's inbox of manifests (one claim a row, spec 3 §3.3 insurer-side fields)
 * and the documents they name. The console's refresh (src/inbox/refresh.ts) reads it through this one small interface:
 * a drop folder per insurer by default (./folder.ts), a prefix per insurer in the S3 bucket with DOCUMENT_STORE=s3
 * (./s3.ts), and a connector to an insurer's portal could replace either. Both lay an inbox out alike: manifests
 * (.csv, .xlsx) in the insurer's folder or one folder below it, each beside the documents it names.
 */
import { randomUUID } from 'node:crypto';

/** A manifest in an insurer's inbox. */
export interface InboxManifest {
  /** Its path inside the insurer's inbox, '/'-separated (names it in messages and in the import record). */
  path: string;
  modifiedAt: Date;
  /** Bytes; with modifiedAt, what tells a changed manifest from one already read. */
  size: number;
  /** The manifest's bytes; a file over `maxBytes` is reported, not read. */
  read(maxBytes: number): Promise<InboxDocument>;
}

/** A document a manifest row names (or a manifest), as the inbox has it. */
export type InboxDocument = { kind: 'found'; data: Buffer } | { kind: 'missing' } | { kind: 'tooLarge'; size: number };

/** A file an operator uploads into the inbox. */
export interface InboxFile {
  fileName: string;
  data: Uint8Array;
}

export interface InboxConnector {
  /** The insurer's manifests, newest first (a claim named by two manifests is taken from the newer). */
  manifests(org: string): Promise<InboxManifest[]>;
  /**
   * A document named by a manifest, relative to the manifest; files over `maxBytes` are reported, not read.
   * `name` is already checked to be a plain relative path (isDocumentName).
   */
  readDocument(org: string, manifestPath: string, name: string, maxBytes: number): Promise<InboxDocument>;
  /** Puts a manifest and its documents into the insurer's inbox, documents first; answers the manifest's path. */
  drop(org: string, manifest: InboxFile, documents: InboxFile[]): Promise<string>;
}

/** A document name a manifest may use: a relative path without '..', no drive or leading slash, no control characters. */
export function isDocumentName(name: string): boolean {
  if (!name || name.length > 255) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a file name may not hold
  if (/[\u0000-\u001f\u007f]/.test(name) || /^[/\\]|^[A-Za-z]:/.test(name)) return false;
  return name.split(/[/\\]/).every((part) => part !== '' && part !== '.' && part !== '..');
}

const MANIFEST_EXTENSIONS = ['.csv', '.xlsx'] as const;
export const isManifestName = (name: string): boolean => MANIFEST_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** Hidden files and files still being written are not the inbox's yet. */
export const isVisible = (name: string): boolean => !name.startsWith('.') && !name.endsWith('.partial');

/** Organisation codes are letters, digits, '-' and '_' (vitraya, starhealth, ML, vitraya-demo): never a path. */
export function checkOrgCode(org: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(org)) throw new Error(`Not an organisation code: '${org}'`);
  return org;
}

/** The folder an upload from the console goes into (upload-{time}-{random}), so two uploads never mix their documents. */
export const uploadFolderName = (now: Date): string =>
  `upload-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}-${randomUUID().slice(0, 8)}`;

/** Newest first; manifests of the same moment in path order. */
export const newestFirst = (a: { path: string; modifiedAt: Date }, b: { path: string; modifiedAt: Date }): number =>
  b.modifiedAt.getTime() - a.modifiedAt.getTime() || a.path.localeCompare(b.path);
