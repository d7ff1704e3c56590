import { Button, Flex, Select, Typography, type SelectProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { LIMITS } from '@claims/shared-kernel';

/** The pickers' limits (spec 2 §9, spec 3 §9). */
export const PICKER_LIMITS = {
  /** Selections shown as tags; more read '+N'. */
  tags: 20,
  /** Options listed for what is typed (the fuzzy search's matches of a multi-select). */
  options: 50,
  /** Typed characters before Select All is offered. */
  selectAllMinChars: 4,
} as const;

type Value = string | number;
interface Option<V extends Value> {
  value: V;
  label?: ReactNode;
  disabled?: boolean;
}

export type LimitedSelectProps<V extends Value> = Omit<
  SelectProps<V[], Option<V>>,
  'mode' | 'options' | 'showSearch' | 'labelInValue' | 'filterOption' | 'optionFilterProp' | 'searchValue' | 'onSearch'
> & {
  options?: Option<V>[];
  /** At most this many selections (10 unless said otherwise). */
  max?: number;
  /** Offer Select All for what is typed (on unless turned off). */
  selectAll?: boolean;
};

const textOf = (option: Option<Value>): string =>
  (typeof option.label === 'string' || typeof option.label === 'number' ? String(option.label) : String(option.value)).toLowerCase();

/**
 * The suite's multi-select picker (spec 2 §9): at most 10 selections, at most 20 tags, the first 50 options that
 * match what is typed, and, once 4 characters are typed, Select All for the matches (as many as still fit).
 */
export function LimitedSelect<V extends Value = string>({
  max = LIMITS.multiSelectMax,
  selectAll = true,
  options = [],
  value,
  onChange,
  onOpenChange,
  popupRender,
  ...rest
}: LimitedSelectProps<V>) {
  const [search, setSearch] = useState('');
  const chosen = value ?? [];
  const needle = search.trim().toLowerCase();
  const matches = needle ? options.filter((option) => textOf(option).includes(needle)) : options;
  const listed = matches.slice(0, PICKER_LIMITS.options);
  // Chosen options stay among the options (hidden from the list while they do not match) so their tags keep their labels.
  const listedValues = new Set(listed.map((option) => option.value));
  const kept = options.filter((option) => chosen.includes(option.value) && !listedValues.has(option.value));
  const room = Math.max(0, max - chosen.length);
  const addable = matches.filter((option) => !option.disabled && !chosen.includes(option.value));
  const offerSelectAll = selectAll && needle.length >= PICKER_LIMITS.selectAllMinChars && addable.length > 0;

  const change = (next: V[], picked?: Option<V> | Option<V>[]) => {
    setSearch('');
    onChange?.(next, picked);
  };
  const chooseAll = () => {
    const added = addable.slice(0, room);
    change([...chosen, ...added.map((option) => option.value)], added);
  };

  const notes = [
    offerSelectAll && addable.length > room && `Only ${room} more can be chosen (at most ${max})`,
    !offerSelectAll && chosen.length >= max && `At most ${max} can be chosen`,
    matches.length > listed.length && `Showing ${listed.length} of ${matches.length}: type to narrow the list`,
  ].filter((note): note is string => !!note);

  return (
    <Select<V[], Option<V>>
      mode="multiple"
      allowClear
      maxCount={max}
      maxTagCount={PICKER_LIMITS.tags}
      {...rest}
      value={chosen}
      options={[...kept, ...listed]}
      showSearch={{
        searchValue: search,
        onSearch: setSearch,
        filterOption: (_input, option) => !!option && listedValues.has(option.value),
      }}
      onChange={change}
      onOpenChange={(open) => {
        if (!open) setSearch('');
        onOpenChange?.(open);
      }}
      popupRender={(menu) => (
        <>
          {offerSelectAll && (
            <Flex style={{ padding: '2px 8px' }}>
              <Button type="link" size="small" disabled={room === 0} onMouseDown={(event) => event.preventDefault()} onClick={chooseAll}>
                Select All
              </Button>
            </Flex>
          )}
          {popupRender ? popupRender(menu) : menu}
          {notes.map((note) => (
            <Typography.Text key={note} type="secondary" style={{ display: 'block', padding: '4px 12px', fontSize: 12 }}>
              {note}
            </Typography.Text>
          ))}
        </>
      )}
    />
  );
}
