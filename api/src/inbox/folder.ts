/**
 * The default insurer inbox: a drop folder per insurer under INBOX_DIR ({INBOX_DIR}/{org}/), laid out as ./connector.ts
 * says. An upload's files are written beside their final names and renamed into place, the manifest last, so a refresh
 * never sees half an upload.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import {
  checkOrgCode,
  isDocumentName,
  isManifestName,
  isVisible,
  newestFirst,
  uploadFolderName,
  type InboxConnector,
  type InboxDocument,
  type InboxFile,
} from './connector';

const isMissing = (error: unknown): boolean => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException)?.code ?? '');

const orgFolder = (root: string, org: string): string => join(root, checkOrgCode(org));

/** A path inside `base`, or null when `name` would lead out of it. */
function inside(base: string, name: string): string | null {
  const path = resolve(base, ...name.split(/[/\\]/));
  const rel = relative(base, path);
  return rel && !rel.startsWith('..') && !rel.includes(`..${sep}`) ? path : null;
}

/** A file's bytes, unless it is larger than `maxBytes`. Opened once: the size checked is the size of the file read. */
async function readCapped(path: string, maxBytes: number): Promise<InboxDocument> {
  const handle = await open(path, 'r').catch((error: unknown) => {
    if (isMissing(error)) return null;
    throw error;
  });
  if (!handle) return { kind: 'missing' };
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { kind: 'missing' };
    if (info.size > maxBytes) return { kind: 'tooLarge', size: info.size };
    return { kind: 'found', data: await handle.readFile() };
  } finally {
    await handle.close();
  }
}

async function writeInPlace(path: string, data: Uint8Array): Promise<void> {
  const partial = `${path}.${randomUUID()}.partial`;
  try {
    await writeFile(partial, data, { mode: 0o600 });
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

export function createFolderInbox(root: string): InboxConnector {
  async function manifestsIn(folder: string, prefix: string): Promise<{ path: string; full: string; modifiedAt: Date; size: number }[]> {
    const entries = await readdir(folder, { withFileTypes: true }).catch((error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    });
    const found: { path: string; full: string; modifiedAt: Date; size: number }[] = [];
    for (const entry of entries) {
      if (!isVisible(entry.name)) continue;
      const full = join(folder, entry.name);
      if (entry.isFile() && isManifestName(entry.name)) {
        const { mtime, size } = await stat(full);
        found.push({ path: prefix ? posix.join(prefix, entry.name) : entry.name, full, modifiedAt: mtime, size });
      } else if (entry.isDirectory() && !prefix) {
        found.push(...(await manifestsIn(full, entry.name)));
      }
    }
    return found;
  }

  return {
    async manifests(org) {
      const found = await manifestsIn(orgFolder(root, org), '');
      found.sort(newestFirst);
      return found.map(({ path, full, modifiedAt, size }) => ({ path, modifiedAt, size, read: (maxBytes) => readCapped(full, maxBytes) }));
    },

    async readDocument(org, manifestPath, name, maxBytes): Promise<InboxDocument> {
      const base = orgFolder(root, org);
      const manifestFolder = dirname(join(base, ...manifestPath.split('/')));
      // A document name never holds '..' (isDocumentName), so it stays in the manifest's folder.
      if (!isDocumentName(name)) return { kind: 'missing' };
      return readCapped(resolve(manifestFolder, ...name.split(/[/\\]/)), maxBytes);
    },

    async drop(org, manifest: InboxFile, documents: InboxFile[]) {
      const folderName = uploadFolderName(new Date());
      const folder = join(orgFolder(root, org), folderName);
      await mkdir(folder, { recursive: true });
      try {
        for (const document of documents) {
          const path = inside(folder, document.fileName);
          if (!path) throw new Error(`Not a document name: '${document.fileName}'`);
          await mkdir(dirname(path), { recursive: true });
          await writeInPlace(path, document.data);
        }
        await writeInPlace(join(folder, manifest.fileName), manifest.data);
      } catch (error) {
        await rm(folder, { recursive: true, force: true });
        throw error;
      }
      return posix.join(folderName, manifest.fileName);
    },
  };
}
