/** The document store the configuration names (DOCUMENT_STORE): a folder on this machine, or an S3-compatible bucket. */
import type { AppConfig } from '../config';
import { createFolderStore } from './folder';
import { createS3Store, DOCUMENTS_PREFIX } from './s3';
import { openS3Bucket } from './s3-bucket';
import type { DocumentStore } from './store';

export function openDocumentStore(config: Pick<AppConfig, 'storage' | 'documentStoreDir'>): DocumentStore {
  return config.storage.kind === 's3' ? createS3Store(openS3Bucket(config.storage.s3)) : createFolderStore(config.documentStoreDir);
}

/** Where the documents are, for the log: the folder, or s3://bucket/prefix/documents/. */
export const documentStoreLocation = (config: Pick<AppConfig, 'storage' | 'documentStoreDir'>): string =>
  config.storage.kind === 's3'
    ? `s3://${config.storage.s3.bucket}/${config.storage.s3.prefix}${DOCUMENTS_PREFIX}`
    : config.documentStoreDir;
