import type { ClaimDocument, DocumentText } from '@claims/shared-kernel';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { useCallback } from 'react';
import { documentTextQuery } from '../../api/documents';

export interface DocumentTexts {
  /** The texts read so far, in the order of the claim's documents. */
  loaded: DocumentText[];
  byId: ReadonlyMap<number, DocumentText>;
  /** Some text asked for is still on its way. */
  pending: boolean;
  /** How many documents' texts could not be read. */
  failed: number;
}

/**
 * The words of the claim's documents, each read once: the document on screen's always (its page sizes,
 * a quick first search), the others once the reviewer starts searching.
 */
export function useDocumentTexts(
  claimId: number,
  org: string | undefined,
  documents: readonly ClaimDocument[],
  currentId: number,
  searching: boolean,
): DocumentTexts {
  const combine = useCallback(
    (results: UseQueryResult<DocumentText>[]): DocumentTexts => {
      // Filed under the id asked for, whatever the answer says.
      const loaded = results.flatMap((result, i) => (result.data ? [{ ...result.data, documentId: documents[i].id }] : []));
      return {
        loaded,
        byId: new Map(loaded.map((text) => [text.documentId, text])),
        pending: results.some((result) => result.isLoading),
        failed: results.filter((result) => result.isError).length,
      };
    },
    [documents],
  );
  return useQueries({
    queries: documents.map((document) => ({
      ...documentTextQuery(claimId, document.id, org),
      enabled: searching || document.id === currentId,
    })),
    combine,
  });
}
