import type { BatchProgress, BatchRow } from '@claims/shared-kernel';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchBatchProgress } from '../../api/batchActions';
import { consoleKeys } from '../../api/console';
import { isProcessing, PROGRESS_POLL_MS } from './batchProgress';

const NO_PROGRESS = new Map<number, BatchProgress>();

/**
 * The live progress of the shown batches that are processing, asked for every few seconds while any of them is
 * (GET /claim/batch/progress); nothing is asked while none is. When a batch leaves processing its row's status and
 * the statistics are read again.
 */
export function useBatchProgress(org: string, batches: readonly BatchRow[]): Map<number, BatchProgress> {
  const queryClient = useQueryClient();
  const ids = useMemo(() => batches.filter(isProcessing).map((b) => b.id), [batches]);
  const query = useQuery({
    queryKey: consoleKeys.progress(org, ids),
    queryFn: () => fetchBatchProgress(ids, org),
    enabled: ids.length > 0,
    refetchInterval: (current) => (current.state.data?.some(isProcessing) === false ? false : PROGRESS_POLL_MS),
    meta: { failureLog: 'Batch progress could not be read' },
  });
  const { data } = query;
  // The batches that have left processing since the list was read, named so each is acted on once.
  const finished = (data ?? [])
    .filter((p) => !isProcessing(p))
    .map((p) => p.id)
    .join(',');
  useEffect(() => {
    if (!finished) return;
    void queryClient.invalidateQueries({ queryKey: ['batches', 'console', org] });
    void queryClient.invalidateQueries({ queryKey: consoleKeys.counts(org) });
  }, [finished, queryClient, org]);
  return useMemo(() => (data ? new Map(data.map((p) => [p.id, p])) : NO_PROGRESS), [data]);
}
