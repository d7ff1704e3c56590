import { App } from 'antd';
import type { ReactNode } from 'react';
import { SuiteTheme } from '../ui/SuiteTheme';

/**
 * The theme and antd's App (message, modal and notification hooks) around signed-in screens. The
 * shell's pages before sign-in get the theme alone: App would add antd's dialogs to their download.
 */
export function SuiteProviders({ children }: { children: ReactNode }) {
  return (
    <SuiteTheme>
      <App>{children}</App>
    </SuiteTheme>
  );
}
