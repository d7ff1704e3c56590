import { Button, Select } from 'antd';
import { useState } from 'react';

/** Select All appears once this many characters are typed (spec 2 §5, §9). */
export const SELECT_ALL_MIN_CHARS = 4;

export interface SelectAllPickerProps {
  label: string;
  options: string[];
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
}

/**
 * A multi-select whose list offers 'Select All' for what the typed text matches, once the text is
 * long enough to make "all" a sensible set (e.g. every diagnosis containing 'fever').
 */
export function SelectAllPicker({ label, options, value, onChange, placeholder }: SelectAllPickerProps) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const matching = needle.length >= SELECT_ALL_MIN_CHARS ? options.filter((option) => option.toLowerCase().includes(needle)) : [];
  const selectAll = () => {
    onChange([...new Set([...value, ...matching])]);
    setSearch('');
  };
  return (
    <Select<string[]>
      mode="multiple"
      allowClear
      aria-label={label}
      placeholder={placeholder ?? label}
      value={value}
      onChange={onChange}
      options={options.map((option) => ({ value: option, label: option }))}
      maxTagCount={20}
      showSearch={{ searchValue: search, onSearch: setSearch, autoClearSearchValue: false, optionFilterProp: 'label' }}
      popupRender={(menu) => (
        <>
          {matching.length > 0 && (
            <Button type="link" size="small" onClick={selectAll} onMouseDown={(event) => event.preventDefault()}>
              {`Select All (${matching.length})`}
            </Button>
          )}
          {menu}
        </>
      )}
      style={{ width: '100%' }}
    />
  );
}
