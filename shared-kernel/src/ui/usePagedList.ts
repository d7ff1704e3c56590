import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@claims/shared-kernel';
import { useChanged } from './useChanged';

export interface PagedList<T> {
  rows: T[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  setPage: (page: number, pageSize?: number) => void;
  reload: () => void;
}

type Fetcher<T> = (page: number, pageSize: number) => Promise<{ rows: T[]; total: number }>;

/**
 * Server-paged list state. A failed fetch falls back to an empty list (spec 1 §8) and says why.
 * `fetcher` may change identity freely; pass `deps` for what should send the list back to page 1
 * (stable values: see useChanged).
 */
export function usePagedList<T>(fetcher: Fetcher<T>, deps: readonly unknown[] = [], initialPageSize = DEFAULT_PAGE_SIZE): PagedList<T> {
  const { message } = App.useApp();
  const [state, setState] = useState({ rows: [] as T[], total: 0, loading: true });
  const [paging, setPaging] = useState({ page: 1, pageSize: initialPageSize, nonce: 0 });
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  if (useChanged(deps)) setPaging((p) => ({ ...p, page: 1, nonce: p.nonce + 1 }));

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    fetcherRef
      .current(paging.page, paging.pageSize)
      .then(({ rows, total }) => live && setState({ rows, total, loading: false }))
      .catch((error: Error) => {
        if (!live) return;
        setState({ rows: [], total: 0, loading: false });
        void message.error(error.message);
      });
    return () => {
      live = false;
    };
  }, [paging, message]);

  const setPage = useCallback(
    (page: number, pageSize?: number) => setPaging((p) => ({ page, pageSize: pageSize ?? p.pageSize, nonce: p.nonce })),
    [],
  );
  const reload = useCallback(() => setPaging((p) => ({ ...p, nonce: p.nonce + 1 })), []);
  return { ...state, page: paging.page, pageSize: paging.pageSize, setPage, reload };
}
