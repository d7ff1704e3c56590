/**
 * What the suite's code gets when it imports 'antd': the components the suite uses, not the whole
 * library (the bundlers alias 'antd' to this file, and Module Federation shares this module as the 'antd'
 * singleton). A shared module cannot be tree-shaken, so sharing antd whole would put all of it in
 * every page. TypeScript reads 'antd' as this file too (tsconfig paths), so using a component that
 * is not listed fails the typecheck; add it here. Every type of antd is available as it is.
 * A component only one area uses is not listed: it is imported from its own module ('antd/es/tabs') and
 * shared on its own (LAZY_ANTD in build/federated-app.cjs), so it loads with that area, not with every page.
 */
export type * from 'antd/es/index';
export * from './antd-basics';
export { default as App } from 'antd/es/app';
export { default as Card } from 'antd/es/card';
export { default as Result } from 'antd/es/result';
export { default as Avatar } from 'antd/es/avatar';
export { default as Checkbox } from 'antd/es/checkbox';
export { default as Collapse } from 'antd/es/collapse';
export { default as DatePicker } from 'antd/es/date-picker';
export { default as Dropdown } from 'antd/es/dropdown';
export { default as Empty } from 'antd/es/empty';
export { default as Layout } from 'antd/es/layout';
export { default as Menu } from 'antd/es/menu';
export { default as Modal } from 'antd/es/modal';
export { default as Select } from 'antd/es/select';
export { default as Table } from 'antd/es/table';
export { default as Tabs } from 'antd/es/tabs';
export { default as Tag } from 'antd/es/tag';
export { default as Timeline } from 'antd/es/timeline';
export { default as Tooltip } from 'antd/es/tooltip';
