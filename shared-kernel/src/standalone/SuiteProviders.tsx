import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { queryClient as pageQueryClient } from '@claims/shared-kernel/data';
import { SuiteTheme } from '../ui/SuiteTheme';

/**
 * The theme, antd's App (message, modal and notification hooks) and the query client around a remote's
 * screens when it runs alone, and in component tests (each with a client of its own). The shell splits
 * them: the theme at its root, App and the client in its signed-in layout, so that the sign-in page does
 * not download antd's dialogs.
 */
export function SuiteProviders({ children, queryClient = pageQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SuiteTheme>
        <App>{children}</App>
      </SuiteTheme>
    </QueryClientProvider>
  );
}
