import { DeleteOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { OrderedListEditor } from '../../components/AliasListEditor';
import { blankTextValue, isBlankTextValue, type TextValueRow } from './draft';

export interface TextValuesEditorProps {
  value: TextValueRow[];
  onChange: (next: TextValueRow[]) => void;
  initial: TextValueRow[];
}

/**
 * The possible values of a Text attribute (spec 3 §2.3): each a text value with its aliases (typed, Enter adds
 * one), Add and Delete per row, and rows selected by their checkbox for Delete Selected. The list editor adds a
 * row only when none is empty; rows with neither text nor alias are dropped on save.
 */
export function TextValuesEditor({ value, onChange, initial }: TextValuesEditorProps) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const chosen = value.filter((row) => selected.has(row.key));
  const toggle = (key: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const deleteSelected = () => {
    const kept = value.filter((row) => !selected.has(row.key));
    onChange(kept.length ? kept : [blankTextValue()]);
    setSelected(new Set());
  };

  return (
    <Flex vertical gap={8}>
      <OrderedListEditor<TextValueRow>
        label="Text values"
        rowNoun="text value"
        value={value}
        onChange={onChange}
        initial={initial}
        blank={blankTextValue}
        isBlank={isBlankTextValue}
        renderRow={({ row, index, edit, endEdit, addNext, focusRef }) => (
          <>
            <Checkbox
              aria-label={`Select text value ${index + 1}`}
              checked={selected.has(row.key)}
              onChange={(event) => toggle(row.key, event.target.checked)}
              style={{ paddingTop: 5 }}
            />
            <Input
              ref={focusRef}
              aria-label={`Text value ${index + 1}`}
              placeholder="Text value"
              value={row.text_value}
              maxLength={200}
              status={!row.text_value.trim() && row.text_value_alias.length ? 'error' : undefined}
              style={{ flex: 1 }}
              onChange={(event) => edit({ ...row, text_value: event.target.value }, 'text')}
              onBlur={endEdit}
              onPressEnter={(event) => {
                event.preventDefault();
                addNext();
              }}
            />
            <Select<string[]>
              mode="tags"
              aria-label={`Aliases of text value ${index + 1}`}
              placeholder="Aliases"
              open={false}
              suffixIcon={null}
              maxTagCount={20}
              style={{ flex: 1 }}
              value={row.text_value_alias}
              tokenSeparators={[',']}
              onChange={(aliases) => edit({ ...row, text_value_alias: aliases.map((a) => a.trim()).filter(Boolean) }, 'aliases')}
            />
          </>
        )}
      />
      <Button
        danger
        size="small"
        icon={<DeleteOutlined />}
        disabled={!chosen.length}
        onClick={deleteSelected}
        style={{ alignSelf: 'start' }}
      >
        Delete Selected
      </Button>
    </Flex>
  );
}
