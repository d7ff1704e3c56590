/** The insurer inbox: the connector interface, its default drop folder, the refresh and the console's manifest upload. */
export { isDocumentName, type InboxConnector, type InboxDocument, type InboxFile, type InboxManifest } from './connector';
export { createFolderInbox } from './folder';
export { refreshDownloads, REFRESHED, type InboxContext } from './refresh';
export { dropManifestUpload, manifestLimits } from './upload';
