/**
 * antd components that load when they are first rendered, not with the page: the facade exports these
 * instead of the components themselves, and each loads its shared module ('antd/es/tabs', LAZY_ANTD in
 * build/federated-app.cjs), the shell's copy, the first time one is shown. For components several areas use
 * but no landing page shows (tabs, error results and alerts, the filter's date fields while the filter is
 * closed, the history's timeline), and for those antd's own components import for a feature no landing page
 * uses (Card's tabs, Table's radio and tree filters and radio selection, loading skeletons, Input's and
 * Typography's rarer parts, App's notifications: DEFERRED_INSIDE_ANTD there).
 * Typed with their props only, so a static member (DatePicker.RangePicker) fails the typecheck: add it here.
 * Component tests import antd itself, so they render these at once.
 */
import type {
  AlertProps,
  DatePickerProps,
  PopoverProps,
  RadioProps,
  ResultProps,
  SegmentedProps,
  SkeletonProps,
  TableProps,
  TabsProps,
  TimelineProps,
  TreeProps,
} from 'antd/es/index';
import type { OTPProps } from 'antd/es/input/OTP';
import type { TextAreaProps } from 'antd/es/input/TextArea';
import type { Dayjs } from 'dayjs';
import { type ComponentType, createElement, type JSX, lazy, Suspense } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: the loaded component; the result takes the props named by P
type AnyComponent = ComponentType<any>;

function deferred<P extends object>(load: () => Promise<{ default: AnyComponent }>): (props: P) => JSX.Element {
  const Component = lazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component, at module level below
  return function Deferred(props: P) {
    return createElement(Suspense, { fallback: null }, createElement(Component, props));
  };
}

// The facade's own (antd.ts). DatePicker is generic in its value; the suite's values are single Dayjs dates.
export const Alert = deferred<AlertProps>(() => import('antd/es/alert'));
export const DatePicker = deferred<DatePickerProps<Dayjs, false>>(() => import('antd/es/date-picker'));
export const Result = deferred<ResultProps>(() => import('antd/es/result'));
// Generic in its values, as antd's is.
export const Segmented = deferred<SegmentedProps>(() => import('antd/es/segmented')) as <Value = string>(
  props: SegmentedProps<Value>,
) => JSX.Element;
export const Tabs = deferred<TabsProps>(() => import('antd/es/tabs'));
export const Timeline = deferred<TimelineProps>(() => import('antd/es/timeline'));

// What antd's own modules import (DEFERRED_INSIDE_ANTD): shared modules, or parts of one (the page's copy either way).
// The props of antd's internal parts are what antd passes them; the suite never renders these itself.
export const DropdownButton = deferred<object>(() => import('antd/es/dropdown/dropdown-button'));
export const InputGroup = deferred<object>(() => import('antd/es/input/Group'));
export const InputOTP = deferred<OTPProps>(() => import('antd/es/input/OTP'));
export const InputPassword = deferred<object>(() => import('antd/es/input/Password'));
export const InputTextArea = deferred<TextAreaProps>(() => import('antd/es/input/TextArea'));
export const Popover = deferred<PopoverProps>(() => import('antd/es/popover'));
export const Radio = deferred<RadioProps>(() => import('antd/es/radio'));
export const Skeleton = deferred<SkeletonProps>(() => import('antd/es/skeleton'));
export const Tree = deferred<TreeProps>(() => import('antd/es/tree'));
export const TypographyCopyBtn = deferred<object>(() => import('antd/es/typography/Base/CopyBtn'));
export const TypographyEditable = deferred<object>(() => import('antd/es/typography/Editable'));
export const VirtualTable = deferred<TableProps>(() => import('antd/es/table/RcTable/VirtualTable'));
