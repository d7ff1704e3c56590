import { App } from 'antd';
import type { ReactNode } from 'react';
import { SuiteTheme } from '../ui/SuiteTheme';

/**
 * The theme and antd's App (message, modal and notification hooks) around a remote's screens when
 * it runs alone, and in component tests. The shell splits the two: the theme at its root, App in its
 * signed-in layout, so that the sign-in page does not download antd's dialogs.
 */
export function SuiteProviders({ children }: { children: ReactNode }) {
  return (
    <SuiteTheme>
      <App>{children}</App>
    </SuiteTheme>
  );
}
