import { parseDecimal } from '@claims/shared-kernel';
import { useChanged } from '@claims/shared-kernel/ui';
import { Input } from 'antd';
import { useState } from 'react';

/**
 * A number typed as text (spec 3 §5): a decimal with an optional sign and fraction is the value; anything else
 * is no value (null), flagged while typed and emptied when the field is left.
 */
export function DecimalInput({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  label: string;
  placeholder?: string;
}) {
  const [text, setText] = useState(value == null ? '' : String(value));
  // A value set from outside (another operator, a restored version) replaces what was typed.
  const parsed = parseDecimal(text);
  const changed = useChanged([value ?? null]);
  if (changed && (value ?? null) !== parsed) setText(value == null ? '' : String(value));
  const invalid = text.trim() !== '' && parsed === null;
  return (
    <Input
      size="small"
      aria-label={label}
      placeholder={placeholder}
      inputMode="decimal"
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid}
      value={text}
      style={{ width: 120 }}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseDecimal(event.target.value));
      }}
      onBlur={() => invalid && setText('')}
    />
  );
}
