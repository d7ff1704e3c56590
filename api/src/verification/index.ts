/**
 * The adjudicator (pure: no HTTP, no database).
 *   readDocument(file) / createDocumentReader({ ocrWorkers }).read(file)  -> ReadDocument (async)
 *   verifyClaim(input)                                                    -> ClaimVerification (synchronous)
 */
export { createDocumentReader, readDocument, type DocumentReader, type DocumentReaderOptions } from './read/reader';
export { verifyClaim } from './verify';
export { DEFAULT_FRAUD_MARKERS } from './context';
export { protocolNotConfigured } from './result';
export type * from './types';
