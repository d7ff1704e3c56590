import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { consoleKeys } from '../../api/console';

/**
 * Reads again what a console write may change: every claims list and batch list (the console's, the claims
 * filter's batch options, a batch's outcome claims) and the insurer's header statistics.
 */
export function useConsoleRefresh(org: string): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['claims'] });
    void queryClient.invalidateQueries({ queryKey: ['batches'] });
    void queryClient.invalidateQueries({ queryKey: consoleKeys.counts(org) });
  }, [queryClient, org]);
}

export interface ConsoleWriteOptions<TVariables> {
  /** The success alert (spec 3 §8). */
  success: string | ((variables: TVariables) => string);
  /** After the alert, e.g. to close a dialog or clear the selection. */
  onDone?: () => void;
}

/**
 * A console write: on success its alert, what it changed read again, then `onDone`; on failure the server's reason.
 * (A confirmation's Yes awaits `mutateAsync` and ignores its rejection: the reason is already on screen.)
 */
export function useConsoleWrite<TVariables = void>(
  org: string,
  write: (variables: TVariables) => Promise<unknown>,
  { success, onDone }: ConsoleWriteOptions<TVariables>,
) {
  const { message } = App.useApp();
  const refreshConsole = useConsoleRefresh(org);
  return useMutation({
    mutationFn: write,
    onSuccess: (_, variables) => {
      void message.success(typeof success === 'string' ? success : success(variables));
      refreshConsole();
      onDone?.();
    },
    onError: (error) => void message.error(error.message),
  });
}

/** For a confirmation's Yes: the failure has been said by the write itself. */
export const alreadySaid = (): void => undefined;
