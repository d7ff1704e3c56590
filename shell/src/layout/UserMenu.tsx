import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, Typography } from 'antd';
import { useSession } from '@claims/shared-kernel';
import { useSignOut } from '../session/sign-out';

/** The signed-in user and organisation, with Logout (every signed-in user has it). */
export function UserMenu() {
  const { user, organization } = useSession((s) => s);
  const signOut = useSignOut();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [{ key: 'logout', label: 'Logout', icon: <LogoutOutlined /> }],
        onClick: ({ key }) => {
          if (key === 'logout') void signOut();
        },
      }}
    >
      <Button type="text" aria-label="User menu" style={{ height: 'auto', padding: '4px 8px' }}>
        <Flex align="center" gap={8}>
          <Avatar size="small" icon={<UserOutlined />} style={{ background: '#ffffff33' }} />
          <Flex vertical align="start" style={{ lineHeight: 1.2 }}>
            <Typography.Text strong style={{ color: '#fff' }}>
              {user}
            </Typography.Text>
            <Typography.Text style={{ color: '#ffffffb3', fontSize: 12 }}>{organization}</Typography.Text>
          </Flex>
        </Flex>
      </Button>
    </Dropdown>
  );
}
