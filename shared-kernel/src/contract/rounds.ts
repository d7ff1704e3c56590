/**
 * Document rounds of a claim (issue 24): a reviewer of the provider asks the insurer for the documents a QUERY
 * claim lacks, the claim's organisation adds them to the same claim, and the claim is verified again. A round
 * keeps each step: requested (by whom, when, what, a note), answered (by whom, when, which files) and
 * verified again (the verdict before the documents were added and after).
 */
import { z } from 'zod';
import { ADJUDICATION_RESULTS } from '../constants';
import { DOCUMENT_REQUEST_LIMITS } from '../document-rounds';

export { DOCUMENT_REQUEST_LIMITS, missingDocumentsOf } from '../document-rounds';

/** POST /claims/{claimId}/documentRequests: the documents asked for (pre-filled with the missing ones) and a note. */
export const DocumentRequestBody = z.object({
  documents: z
    .array(z.string().trim().min(1, 'a document name is empty').max(DOCUMENT_REQUEST_LIMITS.documentName))
    .min(1, 'name at least one document')
    .max(DOCUMENT_REQUEST_LIMITS.documents)
    .refine((names) => new Set(names.map((name) => name.toLowerCase())).size === names.length, 'a document is named twice'),
  note: z.string().trim().max(DOCUMENT_REQUEST_LIMITS.note).default(''),
});
export type DocumentRequestBody = z.input<typeof DocumentRequestBody>;

/** A document added in a round, as stored on the claim (GET /claims/{claimId}/documents/{documentId}). */
export const RoundFile = z.object({ documentId: z.number(), fileName: z.string() });
export type RoundFile = z.infer<typeof RoundFile>;

const verdict = z.enum(ADJUDICATION_RESULTS).nullable();

export const DocumentRound = z.object({
  id: z.number(),
  /** Null when documents were added without a request. */
  requestedBy: z.string().nullable(),
  requestedAt: z.string().nullable(),
  documents: z.array(z.string()),
  note: z.string(),
  /** Null while the request is open. */
  answeredBy: z.string().nullable(),
  answeredAt: z.string().nullable(),
  files: z.array(RoundFile),
  /** The claim's verdict when the documents were added. */
  verdictBefore: verdict,
  /** The verdict of the verification the documents started; null until it is stored. */
  verdictAfter: verdict,
  verifiedAt: z.string().nullable(),
});
export type DocumentRound = z.infer<typeof DocumentRound>;

/** GET /claims/{claimId}/documentRequests: the rounds, oldest first, and what the verdict found missing (a request's pre-fill). */
export const DocumentRounds = z.object({
  missingDocuments: z.array(z.string()),
  rounds: z.array(DocumentRound),
});
export type DocumentRounds = z.infer<typeof DocumentRounds>;
