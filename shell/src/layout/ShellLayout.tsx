import { QueryClientProvider } from '@tanstack/react-query';
import { App, Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { queryClient } from '@claims/shared-kernel/data';
import { RefusalNotice, SuiteTheme } from '@claims/shared-kernel/ui';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';

/**
 * The frame around every signed-in area: the suite's antd theme (the page's one, which the areas' antd
 * components take), antd's App for the areas' message and modal hooks, and the page's one query client for
 * their server data.
 */
export function ShellLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <SuiteTheme>
        <App>
          <Layout style={{ minHeight: '100vh' }}>
            <TopBar />
            <Layout>
              <SideNav />
              <Layout.Content style={{ padding: 16, minWidth: 0 }}>
                <RefusalNotice />
                <Suspense fallback={<PageLoading />}>
                  <Outlet />
                </Suspense>
              </Layout.Content>
            </Layout>
          </Layout>
        </App>
      </SuiteTheme>
    </QueryClientProvider>
  );
}
