import { App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/** One theme for the whole suite; the shell renders it once, a standalone remote renders it itself. */
export const suiteTheme = {
  token: { colorPrimary: '#1F4E79', borderRadius: 6, fontSize: 14 },
} as const;

export function SuiteProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={suiteTheme}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
