import { Select, type SelectProps } from 'antd';
import { LIMITS } from '@claims/shared-kernel';

/** A multi-select capped at 10 selections (spec: pickers, answer pickers, procedures). */
export function LimitedSelect<V extends string | number = string>(props: Omit<SelectProps<V[]>, 'mode'> & { max?: number }) {
  const { max = LIMITS.multiSelectMax, ...rest } = props;
  return <Select<V[]> mode="multiple" allowClear maxCount={max} maxTagCount={20} optionFilterProp="label" showSearch {...rest} />;
}
