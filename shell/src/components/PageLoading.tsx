import { Flex, Spin } from '@claims/shared-kernel/antd/basics';

/** What a screen shows while its code is fetched. */
export function PageLoading() {
  return (
    <Flex justify="center" style={{ padding: 64 }}>
      <Spin size="large" aria-label="Loading" />
    </Flex>
  );
}
