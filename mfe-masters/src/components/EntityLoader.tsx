import { ApiError } from '@claims/shared-kernel';
import { Button, Flex, Result, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

type LoadState<T> = { status: 'loading' } | { status: 'ready'; entity: T } | { status: 'missing' } | { status: 'failed'; message: string };

export interface EntityLoaderProps<T> {
  code: string;
  load: (code: string) => Promise<T>;
  /** 'Hospital', 'Diagnosis': used in the not-found and failure messages. */
  noun: string;
  /** Where 'Back to list' goes, e.g. /hospitals. */
  listPath: string;
  children: (entity: T, reload: () => void) => ReactNode;
}

/**
 * Loads one master record for the view and edit screens. A code the server does not know gets a
 * clear not-found page and any other failure its reason with a retry, never a blank screen.
 */
export function EntityLoader<T>({ code, load, noun, listPath, children }: EntityLoaderProps<T>) {
  const navigate = useNavigate();
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  /** The number of the latest load: an earlier one's answer, or any after unmounting, is dropped. */
  const latest = useRef(0);
  /** Loads the record afresh (Retry, and children after a change), superseding a load under way. */
  const reload = useCallback(() => {
    const request = ++latest.current;
    setState({ status: 'loading' });
    load(code)
      .then((entity) => request === latest.current && setState({ status: 'ready', entity }))
      .catch((error: Error) => {
        if (request !== latest.current) return;
        setState(error instanceof ApiError && error.status === 404 ? { status: 'missing' } : { status: 'failed', message: error.message });
      });
  }, [code, load]);

  useEffect(() => {
    reload();
    return () => {
      latest.current += 1;
    };
  }, [reload]);

  const back = (
    <Button key="back" onClick={() => navigate(listPath)}>
      Back to list
    </Button>
  );
  switch (state.status) {
    case 'loading':
      return (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      );
    case 'missing':
      return (
        <Result
          status="404"
          title={`${noun} not found`}
          subTitle={`There is no ${noun.toLowerCase()} with the code ${code}.`}
          extra={back}
        />
      );
    case 'failed':
      return (
        <Result
          status="error"
          title={`${noun} could not be loaded`}
          subTitle={state.message}
          extra={[
            <Button key="retry" type="primary" onClick={reload}>
              Retry
            </Button>,
            back,
          ]}
        />
      );
    default:
      return <>{children(state.entity, reload)}</>;
  }
}
