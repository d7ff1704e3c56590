import { ApiError } from '@claims/shared-kernel';
import { LoadState } from '@claims/shared-kernel/ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

export interface EntityLoaderProps<T> {
  /** The record's query key (masterKeys.record): the view and the editor of a record share its cache entry. */
  queryKey: readonly unknown[];
  code: string;
  load: (code: string) => Promise<T>;
  /** 'Hospital', 'Diagnosis': used in the not-found page. */
  noun: string;
  /** Where 'Back to list' goes, e.g. /hospitals. */
  listPath: string;
  children: (entity: T) => ReactNode;
}

/**
 * Loads one master record for the view and edit screens. A code the server does not know gets a
 * clear not-found page; loading and any other failure (with Retry) look as on every screen (LoadState).
 */
export function EntityLoader<T>({ queryKey, code, load, noun, listPath, children }: EntityLoaderProps<T>) {
  const navigate = useNavigate();
  const query = useQuery({ queryKey, queryFn: () => load(code) });
  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <Result
        status="404"
        title={`${noun} not found`}
        subTitle={`There is no ${noun.toLowerCase()} with the code ${code}.`}
        extra={<Button onClick={() => navigate(listPath)}>Back to list</Button>}
      />
    );
  }
  return <LoadState query={query}>{children}</LoadState>;
}
