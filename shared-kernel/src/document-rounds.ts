/**
 * Document rounds of a claim (issue 24 §1-§2): what a document request may hold, and which documents a verdict
 * found missing (a request's pre-fill). Pure data and functions: no zod, so the screens can import it.
 */
import type { ProcedureVerification } from './contract/claims';

/** The longest document name, the most documents and the longest note a request takes. */
export const DOCUMENT_REQUEST_LIMITS = { documentName: 200, documents: 30, note: 2000 } as const;

/**
 * The documents the verdict found missing: of each procedure judged QUERY, the documents its document rule looked
 * for and did not find, once each in the order the verdict lists them.
 */
export function missingDocumentsOf(details: Record<string, ProcedureVerification> | null | undefined): string[] {
  const names = Object.values(details ?? {})
    .filter((procedure) => procedure.adjudicationResult === 'QUERY')
    .flatMap((procedure) => (procedure.document ?? []).filter((item) => !item.found).map((item) => item.standardName ?? item.name));
  return [...new Set(names)];
}
