import { ApiError } from '@claims/shared-kernel';
import { LoadState } from '@claims/shared-kernel/ui';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { claimQuery } from '../../api/claims';
import { ClaimNotFound } from './ClaimNotFound';
import { ClaimReview } from './ClaimReview';
import { POLL_INTERVAL_MS, verificationRunning } from './progress';

export const LOAD_FAILED = 'The claim could not be loaded.';

const claimIdOf = (param: string | undefined): number | null => (param && /^\d+$/.test(param) && Number(param) > 0 ? Number(param) : null);

/**
 * /claims/{claimId}?org[&batchId&adjType&batchName | &showAnnotation&caseType]: one claim's verification beside
 * its documents (spec 1 §2). Not found (a 404, or an address that names no claim) has its own page.
 */
export function ClaimScreen() {
  const claimId = claimIdOf(useParams().claimId);
  const [searchParams] = useSearchParams();
  const org = searchParams.get('org') ?? undefined;
  const query = useQuery({
    ...claimQuery(claimId ?? 0, org),
    enabled: claimId !== null,
    refetchInterval: (current) => (verificationRunning(current.state.data) ? POLL_INTERVAL_MS : false),
  });

  if (claimId === null || (query.error instanceof ApiError && query.error.status === 404)) return <ClaimNotFound />;
  // Another claim (the next of the list) starts with nothing chosen in its documents.
  return (
    <LoadState query={query} failed={LOAD_FAILED}>
      {(claim) => <ClaimReview key={claim.id} claim={claim} org={org} />}
    </LoadState>
  );
}
