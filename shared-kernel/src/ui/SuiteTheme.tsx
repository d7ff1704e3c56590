import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { suiteTheme } from './basicsTheme';

/**
 * One antd theme for the whole suite: the shell renders it around its signed-in frame (the screens before
 * sign-in use no antd), a standalone remote around its own.
 */
export function SuiteTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={suiteTheme}>{children}</ConfigProvider>;
}
