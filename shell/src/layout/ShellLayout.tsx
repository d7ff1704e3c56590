import { QueryClientProvider } from '@tanstack/react-query';
import { App, Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { queryClient } from '@claims/shared-kernel/data';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';

/**
 * The frame around every signed-in area; antd's App gives the areas its message and modal hooks, and the
 * page's one query client their server data.
 */
export function ShellLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <App>
        <Layout style={{ minHeight: '100vh' }}>
          <TopBar />
          <Layout>
            <SideNav />
            <Layout.Content style={{ padding: 16, minWidth: 0 }}>
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </Layout.Content>
          </Layout>
        </Layout>
      </App>
    </QueryClientProvider>
  );
}
