/** The insurer inbox: the connector interface, its drop folder and S3 kinds, the refresh and the console's manifest upload. */
export { isDocumentName, type InboxConnector, type InboxDocument, type InboxFile, type InboxManifest } from './connector';
export { createFolderInbox } from './folder';
export { openInbox } from './open';
export { createS3Inbox } from './s3';
export { refreshDownloads, REFRESHED, type InboxContext } from './refresh';
export { dropManifestUpload, manifestLimits } from './upload';
