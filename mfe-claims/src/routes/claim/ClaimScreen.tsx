import { ApiError } from '@claims/shared-kernel';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Spin } from 'antd';
import { useParams, useSearchParams } from 'react-router-dom';
import { claimQuery } from '../../api/claims';
import { ClaimNotFound } from './ClaimNotFound';
import { ClaimPage } from './ClaimPage';
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
  if (query.isPending) {
    return (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin aria-label="Loading" />
      </Flex>
    );
  }
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        style={{ margin: 16 }}
        title={LOAD_FAILED}
        description={query.error.message}
        action={
          <Button size="small" loading={query.isFetching} onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  // Another claim (the next of the list) starts with nothing chosen in its documents.
  return <ClaimPage key={query.data.id} claim={query.data} org={org} />;
}
