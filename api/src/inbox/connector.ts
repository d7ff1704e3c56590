/**
 * Where downloaded claims come from: an insurer's inbox of manifests (one claim a row, spec 3 §3.3 insurer-side fields)
 * and the documents they name. The console's refresh (src/inbox/refresh.ts) reads it through this one small interface,
 * so a connector to an insurer's portal or an object store can replace the drop folder of the default (./folder.ts).
 */

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
