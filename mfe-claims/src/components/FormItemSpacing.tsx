import { ConfigProvider, theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * The form items inside set a small step apart, as the claim page's narrow panels and dialogs need (antd's own
 * step is made for full-page forms); `none` for items that stand in a row, labelling a control.
 */
export function FormItemSpacing({ step = 'small', children }: { step?: 'small' | 'none'; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <ConfigProvider theme={{ components: { Form: { itemMarginBottom: step === 'small' ? token.marginXS : 0 } } }}>
      {children}
    </ConfigProvider>
  );
}
