import {
  DeleteOutlined,
  PlusOutlined,
  RedoOutlined,
  UndoOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { LIMITS } from '@claims/shared-kernel';
import { Button, Flex, Input, Tooltip, type InputRef } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Undo keeps this many snapshots, dropping the oldest (spec 2 §4, §9). */
export const UNDO_LIMIT = 10;
/** The new row takes the focus after this delay (spec 2 §9). */
const FOCUS_DELAY_MS = 500;

/** What a row's fields get from the list editor. */
export interface ListRow<T> {
  row: T;
  index: number;
  /**
   * Replaces the row. `field` names what is being typed into: typing into one field of one row is one undo
   * step, not one per key.
   */
  edit: (next: T, field: string) => void;
  /** Ends the typing step (the field lost the focus). */
  endEdit: () => void;
  /** Enter in a field: adds a row after this one (when no row is empty). */
  addNext: () => void;
  /** The row's first field, focused when the row has just been added. */
  focusRef: (input: InputRef | null) => void;
}

export interface OrderedListEditorProps<T> {
  /** The group's accessible name, e.g. 'Attribute Alias'. */
  label: string;
  /** What one row is called in its controls' names: 'alias' gives 'Move alias 2 to first', 'Position of alias 2'. */
  rowNoun: string;
  value: T[];
  onChange: (next: T[]) => void;
  /** What Reset goes back to: the list as loaded. */
  initial: T[];
  /** A new, empty row. */
  blank: () => T;
  /** A row without text: while one exists no row can be added (spec 2 §5). */
  isBlank: (row: T) => boolean;
  renderRow: (row: ListRow<T>) => ReactNode;
}

/** The rows and their keys (for undo and redo); a key stays with its row as rows are added, deleted and moved. */
interface Snapshot<T> {
  rows: T[];
  ids: number[];
}

let lastRowId = 0;
const newRowIds = (count: number): number[] => Array.from({ length: count }, () => ++lastRowId);

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/** A row's position box: digits only; Enter or leaving it moves the row to that position (spec 2 §5). */
function PositionInput({ label, index, count, onMove }: { label: string; index: number; count: number; onMove: (to: number) => void }) {
  const [text, setText] = useState(String(index + 1));
  useEffect(() => setText(String(index + 1)), [index]);
  const apply = () => {
    const position = Number(text);
    if (text && position >= 1 && Math.min(position, count) - 1 !== index) onMove(Math.min(position, count) - 1);
    else setText(String(index + 1));
  };
  return (
    <Input
      aria-label={label}
      value={text}
      inputMode="numeric"
      style={{ width: 52, textAlign: 'center' }}
      onChange={(event) => /^\d*$/.test(event.target.value) && setText(event.target.value)}
      onPressEnter={apply}
      onBlur={apply}
    />
  );
}

/**
 * The ordered list editor (spec 2 §2.13): add and delete rows, move a row first, last or to a typed position,
 * Undo and Redo (the last 10 changes) and Reset to the list as loaded. The rows' fields are the caller's
 * (one text for an alias list, a keyword and a conversion unit for a test unit).
 */
export function OrderedListEditor<T>({ label, rowNoun, value, onChange, initial, blank, isBlank, renderRow }: OrderedListEditorProps<T>) {
  const rows = value.length ? value : [blank()];
  const [ids, setIds] = useState(() => newRowIds(rows.length));
  // The list replaced from outside (the record loaded) with another number of rows: new rows, new keys.
  if (ids.length !== rows.length) setIds(newRowIds(rows.length));
  const [past, setPast] = useState<Snapshot<T>[]>([]);
  const [future, setFuture] = useState<Snapshot<T>[]>([]);
  /** The field being typed into ('3:keyword'): further keys there join its undo step. */
  const typing = useRef<string | null>(null);
  const inputs = useRef(new Map<number, InputRef>());
  const [focusRowId, setFocusRowId] = useState<number | null>(null);

  useEffect(() => {
    if (focusRowId === null) return;
    const timer = setTimeout(() => inputs.current.get(focusRowId)?.focus(), FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [focusRowId]);

  const current: Snapshot<T> = { rows, ids };
  const commit = (next: Snapshot<T>) => {
    setPast((p) => [...p, current].slice(-UNDO_LIMIT));
    setFuture([]);
    setIds(next.ids);
    onChange(next.rows);
  };
  const structural = (next: Snapshot<T>) => {
    typing.current = null;
    commit(next);
  };
  const moveRow = (from: number, to: number) => structural({ rows: move(rows, from, to), ids: move(ids, from, to) });
  const edit = (index: number, next: T, field: string) => {
    const changed = rows.map((row, i) => (i === index ? next : row));
    const step = `${ids[index]}:${field}`;
    if (typing.current === step) onChange(changed);
    else {
      typing.current = step;
      commit({ rows: changed, ids });
    }
  };
  const anyBlank = rows.some(isBlank);
  const addAfter = (index: number) => {
    if (anyBlank) return;
    const [id] = newRowIds(1);
    structural({
      rows: [...rows.slice(0, index + 1), blank(), ...rows.slice(index + 1)],
      ids: [...ids.slice(0, index + 1), id, ...ids.slice(index + 1)],
    });
    setFocusRowId(id);
  };
  const remove = (index: number) =>
    structural(
      rows.length === 1
        ? { rows: [blank()], ids: newRowIds(1) }
        : { rows: rows.filter((_, i) => i !== index), ids: ids.filter((_, i) => i !== index) },
    );
  const show = (snapshot: Snapshot<T>) => {
    typing.current = null;
    setIds(snapshot.ids);
    onChange(snapshot.rows);
  };
  const undo = () => {
    const previous = past.at(-1);
    if (!previous) return;
    setPast(past.slice(0, -1));
    setFuture([current, ...future]);
    show(previous);
  };
  const redo = () => {
    const [next, ...rest] = future;
    if (!next) return;
    setFuture(rest);
    setPast([...past, current].slice(-UNDO_LIMIT));
    show(next);
  };
  const reset = () => {
    const rowsAsLoaded = initial.length ? [...initial] : [blank()];
    structural({ rows: rowsAsLoaded, ids: newRowIds(rowsAsLoaded.length) });
  };
  const last = rows.length - 1;

  return (
    <Flex vertical gap={8} role="group" aria-label={label}>
      <Flex gap={8}>
        <Button size="small" icon={<UndoOutlined />} disabled={!past.length} onClick={undo}>
          Undo
        </Button>
        <Button size="small" icon={<RedoOutlined />} disabled={!future.length} onClick={redo}>
          Redo
        </Button>
        <Button size="small" onClick={reset}>
          Reset
        </Button>
      </Flex>
      {rows.map((row, index) => {
        const id = ids[index];
        const position = index + 1;
        return (
          <Flex key={id} gap={6} align="start">
            <PositionInput
              label={`Position of ${rowNoun} ${position}`}
              index={index}
              count={rows.length}
              onMove={(to) => moveRow(index, to)}
            />
            <Flex flex={1} gap={6}>
              {renderRow({
                row,
                index,
                edit: (next, field) => edit(index, next, field),
                endEdit: () => {
                  typing.current = null;
                },
                addNext: () => addAfter(index),
                focusRef: (input) => {
                  if (input) inputs.current.set(id, input);
                  else inputs.current.delete(id);
                },
              })}
            </Flex>
            <Tooltip title="First">
              <Button
                aria-label={`Move ${rowNoun} ${position} to first`}
                icon={<VerticalAlignTopOutlined />}
                disabled={index === 0}
                onClick={() => moveRow(index, 0)}
              />
            </Tooltip>
            <Tooltip title="Last">
              <Button
                aria-label={`Move ${rowNoun} ${position} to last`}
                icon={<VerticalAlignBottomOutlined />}
                disabled={index === last}
                onClick={() => moveRow(index, last)}
              />
            </Tooltip>
            <Tooltip title="Add a row after this one">
              <Button
                aria-label={`Add ${rowNoun} after ${position}`}
                icon={<PlusOutlined />}
                disabled={anyBlank}
                onClick={() => addAfter(index)}
              />
            </Tooltip>
            <Tooltip title="Delete">
              <Button aria-label={`Delete ${rowNoun} ${position}`} danger icon={<DeleteOutlined />} onClick={() => remove(index)} />
            </Tooltip>
          </Flex>
        );
      })}
    </Flex>
  );
}

export interface AliasListEditorProps {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  /** What Reset goes back to: the list as loaded. */
  initial: string[];
}

const blankAlias = () => '';
const isBlankAlias = (alias: string) => !alias.trim();

/**
 * The ordered alias list editor (spec 2 §2.13) for a list of texts: one field per row, 'Alias 1', 'Alias 2'...
 * The first alias is required (shown in red while empty); Enter adds the next row.
 */
export function AliasListEditor({ label, value, onChange, initial }: AliasListEditorProps) {
  return (
    <OrderedListEditor<string>
      label={label}
      rowNoun="alias"
      value={value}
      onChange={onChange}
      initial={initial}
      blank={blankAlias}
      isBlank={isBlankAlias}
      renderRow={({ row, index, edit, endEdit, addNext, focusRef }) => (
        <Input
          ref={focusRef}
          aria-label={`Alias ${index + 1}`}
          value={row}
          count={{ show: true, max: LIMITS.masterTextMaxLength }}
          status={(index === 0 && isBlankAlias(row)) || row.trim().length > LIMITS.masterTextMaxLength ? 'error' : undefined}
          onChange={(event) => edit(event.target.value, 'alias')}
          onBlur={endEdit}
          onPressEnter={(event) => {
            event.preventDefault();
            addNext();
          }}
        />
      )}
    />
  );
}
