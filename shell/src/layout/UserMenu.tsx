import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, Typography, theme } from 'antd';
import { useSession } from '@claims/shared-kernel';
import { useSignOut } from '../session/sign-out';
import { barCaption, barText } from './barText';

/** The signed-in user and organisation, with Logout (every signed-in user has it). */
export function UserMenu() {
  const { user, organization } = useSession((s) => s);
  const signOut = useSignOut();
  const { token } = theme.useToken();
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
      <Button type="text" aria-label="User menu" style={{ height: 'auto', padding: `${token.paddingXXS}px ${token.paddingXS}px` }}>
        <Flex align="center" gap={8}>
          <Avatar size="small" icon={<UserOutlined />} style={{ background: token.colorPrimaryHover }} />
          <Flex vertical align="start" style={{ lineHeight: 1.2 }}>
            <Typography.Text strong style={barText(token)}>
              {user}
            </Typography.Text>
            <Typography.Text style={barCaption(token)}>{organization}</Typography.Text>
          </Flex>
        </Flex>
      </Button>
    </Dropdown>
  );
}
