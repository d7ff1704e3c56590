/**
 * The insurer inbox in the S3 bucket of DOCUMENT_STORE=s3: a prefix per insurer (inbox/{org}/), laid out as the drop
 * folders are (./connector.ts), so every process on every machine reads the same inbox. S3 writes an object whole; an
 * upload puts its documents first and its manifest last, so a refresh never sees a manifest without its documents.
 */
import { posix } from 'node:path';
import type { S3Bucket } from '../storage/s3-bucket';
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
  type InboxManifest,
} from './connector';

const INBOX_PREFIX = 'inbox/';

const orgPrefix = (org: string): string => `${INBOX_PREFIX}${checkOrgCode(org)}/`;

/** A manifest's path inside the insurer's inbox: in its folder or one folder below, never hidden. */
function isManifestPath(path: string): boolean {
  const parts = path.split('/');
  return parts.length <= 2 && parts.every((part) => part !== '' && isVisible(part)) && isManifestName(parts[parts.length - 1]);
}

export function createS3Inbox(bucket: S3Bucket): InboxConnector {
  /** An object's bytes, unless it is larger than `maxBytes`. One GET: the size checked is the size of the object read. */
  async function readCapped(key: string, maxBytes: number): Promise<InboxDocument> {
    const object = await bucket.get(key);
    if (!object) return { kind: 'missing' };
    if (object.size > maxBytes) {
      object.body.destroy();
      return { kind: 'tooLarge', size: object.size };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return { kind: 'found', data: Buffer.concat(chunks) };
  }

  return {
    async manifests(org) {
      const prefix = orgPrefix(org);
      const found: InboxManifest[] = [];
      for await (const object of bucket.list(prefix)) {
        const path = object.key.slice(prefix.length);
        if (!isManifestPath(path)) continue;
        found.push({ path, modifiedAt: object.modifiedAt, size: object.size, read: (maxBytes) => readCapped(object.key, maxBytes) });
      }
      return found.sort(newestFirst);
    },

    async readDocument(org, manifestPath, name, maxBytes) {
      if (!isDocumentName(name)) return { kind: 'missing' };
      const folder = posix.dirname(manifestPath);
      const parts = [...(folder === '.' ? [] : folder.split('/')), ...name.split(/[/\\]/)];
      return readCapped(`${orgPrefix(org)}${parts.join('/')}`, maxBytes);
    },

    async drop(org, manifest: InboxFile, documents: InboxFile[]) {
      const folder = `${orgPrefix(org)}${uploadFolderName(new Date())}/`;
      const keyOf = (file: InboxFile): string => {
        if (!isDocumentName(file.fileName)) throw new Error(`Not a document name: '${file.fileName}'`);
        return `${folder}${file.fileName.split(/[/\\]/).join('/')}`;
      };
      const put: string[] = [];
      try {
        for (const file of [...documents, manifest]) {
          const key = keyOf(file);
          await bucket.put(key, file.data);
          put.push(key);
        }
      } catch (error) {
        await Promise.allSettled(put.map((key) => bucket.delete(key)));
        throw error;
      }
      return posix.join(folder.slice(orgPrefix(org).length), manifest.fileName);
    },
  };
}
