/** The insurer inbox the configuration names: drop folders under INBOX_DIR, or a prefix per insurer in the S3 bucket. */
import type { AppConfig } from '../config';
import { openS3Bucket } from '../storage/s3-bucket';
import type { InboxConnector } from './connector';
import { createFolderInbox } from './folder';
import { createS3Inbox } from './s3';

export function openInbox(config: Pick<AppConfig, 'storage' | 'inboxDir'>): InboxConnector {
  return config.storage.kind === 's3' ? createS3Inbox(openS3Bucket(config.storage.s3)) : createFolderInbox(config.inboxDir);
}
