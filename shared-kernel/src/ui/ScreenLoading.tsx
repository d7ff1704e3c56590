import { Flex, Spin, theme } from 'antd';

/** What a screen shows while its code or its data loads: the routes' Suspense fallback and LoadState's wait. */
export function ScreenLoading() {
  const { token } = theme.useToken();
  return (
    <Flex justify="center" style={{ padding: token.paddingXL }}>
      <Spin aria-label="Loading" />
    </Flex>
  );
}
