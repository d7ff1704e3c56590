import { BasicsRoot, Spinner } from '@claims/shared-kernel/ui/basics';

/** What a screen shows while its code is fetched (plain: it also shows before antd has arrived). */
export function PageLoading() {
  return (
    <BasicsRoot style={{ display: 'flex', justifyContent: 'center', padding: 64 }}>
      <Spinner label="Loading" />
    </BasicsRoot>
  );
}
