import { Layout, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '@claims/shared-kernel';
import { activeNavPath, navigationFor } from '../areas';
import { NavIcon } from './navigation';
import { TOP_BAR_HEIGHT } from './TopBar';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The entries the areas declare for this user, a divider between sections and a heading where a section has one. */
function useMenuItems(): MenuItem[] {
  const organization = useSession((s) => s.organization);
  const role = useSession((s) => s.role);
  return useMemo(
    () =>
      navigationFor({ organization, role }).flatMap((section, index): MenuItem[] => {
        const entries = section.entries.map(({ path, label, icon }) => ({ key: path, label, icon: <NavIcon name={icon} /> }));
        const divider: MenuItem[] = index > 0 ? [{ type: 'divider' }] : [];
        if (!section.title) return [...divider, ...entries];
        return [...divider, { type: 'group', label: section.title, children: entries }];
      }),
    [organization, role],
  );
}

/** The side navigation; the areas' declarations say who sees which entry (spec 1 §2: the provider's organisation). */
export function SideNav() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState(false);
  const items = useMenuItems();
  const active = activeNavPath(pathname);
  if (items.length === 0) return null;
  return (
    <Layout.Sider
      theme="light"
      width={232}
      collapsible
      collapsed={collapsed}
      onCollapse={setCollapsed}
      style={{ position: 'sticky', top: TOP_BAR_HEIGHT, height: `calc(100vh - ${TOP_BAR_HEIGHT}px)` }}
    >
      <nav aria-label="Main" style={{ height: '100%', overflowY: 'auto' }}>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={active ? [active] : []}
          onClick={({ key }) => void navigate(key)}
          style={{ borderInlineEnd: 'none' }}
        />
      </nav>
    </Layout.Sider>
  );
}
