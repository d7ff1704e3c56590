import { Layout, Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { activeNavPath, NAV_SECTIONS } from './navigation';
import { TOP_BAR_HEIGHT } from './TopBar';

type MenuItem = NonNullable<MenuProps['items']>[number];

const MENU_ITEMS: MenuItem[] = NAV_SECTIONS.flatMap((section, index): MenuItem[] => {
  const entries = section.entries.map(({ path, label, icon }) => ({ key: path, label, icon }));
  const divider: MenuItem[] = index > 0 ? [{ type: 'divider' }] : [];
  if (!section.title) return [...divider, ...entries];
  return [...divider, { type: 'group', label: section.title, children: entries }];
});

/** Only the provider's own organisation sees it (spec 1 §2, §6). */
export function SideNav() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState(false);
  const active = activeNavPath(pathname);
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
          items={MENU_ITEMS}
          selectedKeys={active ? [active] : []}
          onClick={({ key }) => navigate(key)}
          style={{ borderInlineEnd: 'none' }}
        />
      </nav>
    </Layout.Sider>
  );
}
