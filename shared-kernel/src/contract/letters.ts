/**
 * Decision letters (issue 24 §4): a PDF the api makes from a claim's verdict, kept with the claim (who made it,
 * when) so that each one downloads again exactly as it was made.
 */
import { z } from 'zod';
import { ADJUDICATION_RESULTS } from '../constants';
import { ClaimIdParams } from './claims';

/** One letter made for a claim. */
export const DecisionLetter = z.object({
  id: z.number(),
  claimId: z.number(),
  fileName: z.string(),
  size: z.number().int(),
  /** The claim's result when the letter was made. */
  adjudicationResult: z.enum(ADJUDICATION_RESULTS).nullable(),
  createdBy: z.string(),
  createdOn: z.string(),
});
export type DecisionLetter = z.infer<typeof DecisionLetter>;

/** GET /claims/{claimId}/letters: the claim's letters, newest first. */
export const DecisionLetters = z.array(DecisionLetter);
export type DecisionLetters = z.infer<typeof DecisionLetters>;

/** GET /claims/{claimId}/letters/{letterId}: one letter of the claim in the path. */
export const DecisionLetterParams = ClaimIdParams.extend({ letterId: z.coerce.number().int().positive().max(2_147_483_647) });

/** Where a letter is downloaded, relative to the API base path (bearer-protected). */
export const decisionLetterPath = (claimId: number, letterId: number): string => `/claims/${claimId}/letters/${letterId}`;
