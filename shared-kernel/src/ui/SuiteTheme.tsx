import type { ReactNode } from 'react';
import { ConfigProvider } from '../facades/antd-basics';

/** One theme for the whole suite; the shell renders it once, a standalone remote renders it itself. */
export const suiteTheme = {
  token: { colorPrimary: '#1F4E79', borderRadius: 6, fontSize: 14 },
} as const;

export function SuiteTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={suiteTheme}>{children}</ConfigProvider>;
}
