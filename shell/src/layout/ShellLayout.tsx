import { Layout } from 'antd';
import { Outlet } from 'react-router-dom';
import { isProviderOrg, useSession } from '@claims/shared-kernel';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';

/** The frame around every signed-in area. */
export function ShellLayout() {
  const organization = useSession((s) => s.organization);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <TopBar />
      <Layout>
        {isProviderOrg(organization) && <SideNav />}
        <Layout.Content style={{ padding: 16, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
