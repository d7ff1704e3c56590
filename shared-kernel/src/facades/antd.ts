/**
 * What the suite's code gets when it imports 'antd': the components the suite uses, not the whole
 * library (the bundlers alias 'antd' to this file, and Module Federation shares this module as the 'antd'
 * singleton). A shared module cannot be tree-shaken, so sharing antd whole would put all of it in
 * every page. TypeScript reads 'antd' as this file too (tsconfig paths), so using a component that
 * is not listed fails the typecheck; add it here. Every type of antd is available as it is.
 * A component only one area uses is not listed: it is imported from its own module ('antd/es/upload') and
 * shared on its own (LAZY_ANTD in build/federated-app.cjs), so it loads with that area, not with every page.
 * A component several areas use that no landing page shows is listed but deferred (antd-deferred.tsx): it
 * loads the first time it is rendered.
 */
export type * from 'antd/es/index';
// Loaded on first render (see antd-deferred.tsx).
export { Alert, DatePicker, Result, Segmented, Tabs, Timeline } from './antd-deferred';
export { default as App } from 'antd/es/app';
export { default as Card } from 'antd/es/card';
export { default as Avatar } from 'antd/es/avatar';
export { default as Button } from 'antd/es/button';
export { default as Checkbox } from 'antd/es/checkbox';
export { default as Col } from 'antd/es/col';
export { default as Collapse } from 'antd/es/collapse';
export { default as ConfigProvider } from 'antd/es/config-provider';
export { default as Dropdown } from 'antd/es/dropdown';
export { default as Empty } from 'antd/es/empty';
export { default as Flex } from 'antd/es/flex';
export { default as Form } from 'antd/es/form';
export { default as Input } from 'antd/es/input';
export { default as Layout } from 'antd/es/layout';
export { default as Menu } from 'antd/es/menu';
export { default as Modal } from 'antd/es/modal';
export { default as Row } from 'antd/es/row';
export { default as Select } from 'antd/es/select';
export { default as Spin } from 'antd/es/spin';
export { default as Table } from 'antd/es/table';
export { default as Tag } from 'antd/es/tag';
export { default as theme } from 'antd/es/theme';
export { default as Tooltip } from 'antd/es/tooltip';
export { default as Typography } from 'antd/es/typography';
