import { splitValueList } from '@claims/shared-kernel';
import { useChanged } from '@claims/shared-kernel/ui';
import { Input } from 'antd';
import { useState } from 'react';

export const VALUE_LIST_HINT = 'Use commas to separate values';

/** VALUE_IN / VALUE_NOT_IN values typed as comma-separated text: trimmed, blanks dropped (spec 3 §5). */
export function ValueListInput({ value, onChange, label }: { value: string[]; onChange: (value: string[]) => void; label: string }) {
  const [text, setText] = useState(value.join(', '));
  // A list set from outside replaces what was typed; what was typed and means the same list stays as typed.
  const key = value.join('\u0000');
  const changed = useChanged([key]);
  if (changed && splitValueList(text).join('\u0000') !== key) setText(value.join(', '));
  return (
    <Input
      size="small"
      aria-label={label}
      placeholder={VALUE_LIST_HINT}
      title={VALUE_LIST_HINT}
      value={text}
      style={{ minWidth: 220, flex: 1 }}
      onChange={(event) => {
        setText(event.target.value);
        onChange(splitValueList(event.target.value));
      }}
    />
  );
}
