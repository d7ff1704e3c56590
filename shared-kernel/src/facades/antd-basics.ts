/**
 * The antd components of the screens a visitor sees before signing in (sign-in, sign-up, the parent
 * handshake, not-found). The shell imports them from here, not from 'antd', so that the sign-in page
 * loads this tier only; the full set (./antd.ts) re-exports these same modules, so the page still
 * holds one instance of each.
 */
export { default as Alert } from 'antd/es/alert';
export { default as Button } from 'antd/es/button';
export { default as Col } from 'antd/es/col';
export { default as ConfigProvider } from 'antd/es/config-provider';
export { default as Flex } from 'antd/es/flex';
export { default as Form } from 'antd/es/form';
export { default as Input } from 'antd/es/input';
export { default as Row } from 'antd/es/row';
export { default as Segmented } from 'antd/es/segmented';
export { default as Spin } from 'antd/es/spin';
export { default as Typography } from 'antd/es/typography';
