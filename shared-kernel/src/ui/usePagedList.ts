import { hashKey, keepPreviousData, useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@claims/shared-kernel';
import { useChanged } from './useChanged';

export interface PagedList<T> {
  rows: T[];
  total: number;
  /** The server stopped counting at `total` (a list of more rows than that): the screens say '10,000+'. */
  totalCapped: boolean;
  loading: boolean;
  /** The last failure, or null; its message has already been shown. */
  error: Error | null;
  page: number;
  pageSize: number;
  setPage: (page: number, pageSize?: number) => void;
  reload: () => void;
}

type Fetcher<T> = (page: number, pageSize: number) => Promise<{ rows: T[]; total: number; totalCapped?: boolean }>;

/**
 * Server-paged list state on the page's query cache. `key` names the list and everything its rows depend
 * on (organisation, filter, search text): a change of key goes back to page 1, and each page is cached
 * under the key with its page number and size. The previous page stays on screen while the next loads.
 * A failed fetch shows an empty list (spec 1 §8) and says why.
 */
export function usePagedList<T>(key: readonly unknown[], fetcher: Fetcher<T>, initialPageSize = DEFAULT_PAGE_SIZE): PagedList<T> {
  const { message } = App.useApp();
  const [paging, setPaging] = useState({ page: 1, pageSize: initialPageSize });
  if (useChanged([hashKey(key)])) setPaging((p) => ({ ...p, page: 1 }));

  const query = useQuery({
    queryKey: [...key, { page: paging.page, pageSize: paging.pageSize }],
    queryFn: () => fetcher(paging.page, paging.pageSize),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (query.error) void message.error(query.error.message);
  }, [query.error, message]);

  const setPage = useCallback((page: number, pageSize?: number) => setPaging((p) => ({ page, pageSize: pageSize ?? p.pageSize })), []);
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const data = query.error ? undefined : query.data;
  return {
    rows: data?.rows ?? [],
    total: data?.total ?? 0,
    totalCapped: data?.totalCapped ?? false,
    loading: query.isFetching,
    error: query.error,
    page: paging.page,
    pageSize: paging.pageSize,
    setPage,
    reload,
  };
}
