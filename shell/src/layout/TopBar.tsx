import { useQuery } from '@tanstack/react-query';
import { Flex, Layout, Typography, theme } from 'antd';
import { Link } from 'react-router-dom';
import { fetchVersion } from '@claims/shared-kernel';
import { barCaption, barText } from './barText';
import { ClaimSearchBox } from './ClaimSearchBox';
import { UserMenu } from './UserMenu';

export const PRODUCT_TITLE = 'Claims Verification';
export const TOP_BAR_HEIGHT = 56;

/** The API version beside the title; the bar works without it if /version does not answer (the failure is logged). */
function useApiVersion(): string | null {
  const { data } = useQuery({
    queryKey: ['version'],
    queryFn: fetchVersion,
    meta: { failureLog: 'The API version could not be read' },
  });
  return data?.version ?? null;
}

export function TopBar() {
  const version = useApiVersion();
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        background: token.colorPrimary,
        paddingInline: token.padding,
        height: TOP_BAR_HEIGHT,
        lineHeight: 'normal',
      }}
    >
      <Flex align="center" justify="space-between" gap={16} style={{ height: '100%' }}>
        <Flex align="baseline" gap={8} style={{ flex: 'none' }}>
          <Link to="/claims" style={{ ...barText(token), fontSize: 18, fontWeight: 600 }}>
            {PRODUCT_TITLE}
          </Link>
          {version && (
            <Typography.Text style={barCaption(token)} aria-label="API version">
              {version.startsWith('v') ? version : `v${version}`}
            </Typography.Text>
          )}
        </Flex>
        <Flex flex="1" justify="center">
          <ClaimSearchBox />
        </Flex>
        <UserMenu />
      </Flex>
    </Layout.Header>
  );
}
