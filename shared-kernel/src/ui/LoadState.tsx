import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Empty } from 'antd';
import type { ReactNode } from 'react';
import { ScreenLoading } from './ScreenLoading';

export const NO_DATA = 'No Data Found';

/**
 * What every screen shows while its data loads, when it failed, and when there is none: a spinner, the
 * failure's message with Retry, or 'No Data Found'; otherwise `children` with the data. With `failed`, the failure
 * is headed by it and its message follows.
 */
export function LoadState<T>({
  query,
  isEmpty = (data) => (Array.isArray(data) ? data.length === 0 : data === null || data === undefined),
  empty = NO_DATA,
  failed,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'refetch' | 'isFetching'>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  failed?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <ScreenLoading />;
  if (query.error) {
    return (
      <Alert
        type="error"
        showIcon
        title={failed ?? query.error.message}
        description={failed ? query.error.message : undefined}
        action={
          <Button size="small" loading={query.isFetching} onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  const data = query.data as T;
  if (isEmpty(data)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return <>{children(data)}</>;
}
