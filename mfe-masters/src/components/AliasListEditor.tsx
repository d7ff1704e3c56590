import {
  DeleteOutlined,
  PlusOutlined,
  RedoOutlined,
  UndoOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { Button, Flex, Input, Tooltip, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';

/** Undo keeps this many snapshots, dropping the oldest (spec 2 §4). */
export const UNDO_LIMIT = 10;
/** The new row takes the focus after this delay (spec 2 §9). */
const FOCUS_DELAY_MS = 500;

export interface AliasListEditorProps {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  /** What Reset goes back to: the list as loaded. */
  initial: string[];
}

/** The rows' texts and their keys (for undo and redo); a key stays with its row as rows are added, deleted and moved. */
interface Snapshot {
  rows: string[];
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

/** A row's position box: digits only; Enter or leaving it moves the row there. */
function PositionInput({ index, count, onMove }: { index: number; count: number; onMove: (to: number) => void }) {
  const [text, setText] = useState(String(index + 1));
  useEffect(() => setText(String(index + 1)), [index]);
  const apply = () => {
    const position = Number(text);
    if (text && position >= 1 && position - 1 !== index) onMove(Math.min(position, count) - 1);
    else setText(String(index + 1));
  };
  return (
    <Input
      aria-label={`Position of alias ${index + 1}`}
      value={text}
      style={{ width: 52, textAlign: 'center' }}
      onChange={(event) => /^\d*$/.test(event.target.value) && setText(event.target.value)}
      onPressEnter={apply}
      onBlur={apply}
    />
  );
}

/**
 * The ordered alias list editor (spec 2 §2.13): add and delete rows, move a row first, last or to a
 * typed position, Undo, Redo and Reset. Typing into one row is one undo step, not one per key.
 */
export function AliasListEditor({ label, value, onChange, initial }: AliasListEditorProps) {
  const rows = value.length ? value : [''];
  const [ids, setIds] = useState(() => newRowIds(rows.length));
  // The list replaced from outside (the record loaded) with another number of rows: new rows, new keys.
  if (ids.length !== rows.length) setIds(newRowIds(rows.length));
  const [past, setPast] = useState<Snapshot[]>([]);
  const [future, setFuture] = useState<Snapshot[]>([]);
  const editing = useRef<number | null>(null);
  const inputs = useRef<(InputRef | null)[]>([]);
  const [focusRow, setFocusRow] = useState<number | null>(null);

  useEffect(() => {
    if (focusRow === null) return;
    const timer = setTimeout(() => inputs.current[focusRow]?.focus(), FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [focusRow]);

  const change = (next: string[], nextIds = ids) => {
    setPast((p) => [...p, { rows, ids }].slice(-UNDO_LIMIT));
    setFuture([]);
    setIds(nextIds);
    onChange(next);
  };
  const structural = (next: string[], nextIds: number[]) => {
    editing.current = null;
    change(next, nextIds);
  };
  const moveRow = (from: number, to: number) => structural(move(rows, from, to), move(ids, from, to));
  const edit = (index: number, text: string) => {
    const next = rows.map((row, i) => (i === index ? text : row));
    if (editing.current === index) onChange(next);
    else {
      editing.current = index;
      change(next);
    }
  };
  const anyEmpty = rows.some((row) => !row.trim());
  const addAfter = (index: number) => {
    if (anyEmpty) return;
    structural(
      [...rows.slice(0, index + 1), '', ...rows.slice(index + 1)],
      [...ids.slice(0, index + 1), ...newRowIds(1), ...ids.slice(index + 1)],
    );
    setFocusRow(index + 1);
  };
  const remove = (index: number) => {
    if (rows.length === 1) return structural([''], newRowIds(1));
    structural(
      rows.filter((_, i) => i !== index),
      ids.filter((_, i) => i !== index),
    );
  };
  const undo = () => {
    const previous = past[past.length - 1];
    if (!previous) return;
    editing.current = null;
    setPast(past.slice(0, -1));
    setFuture((f) => [{ rows, ids }, ...f]);
    setIds(previous.ids);
    onChange(previous.rows);
  };
  const redo = () => {
    const [next, ...rest] = future;
    if (!next) return;
    editing.current = null;
    setFuture(rest);
    setPast((p) => [...p, { rows, ids }].slice(-UNDO_LIMIT));
    setIds(next.ids);
    onChange(next.rows);
  };
  const reset = () => structural(initial.length ? [...initial] : [''], newRowIds(initial.length || 1));
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
      {rows.map((row, index) => (
        <Flex key={ids[index]} gap={6} align="center">
          <PositionInput index={index} count={rows.length} onMove={(to) => moveRow(index, to)} />
          <Input
            ref={(element) => {
              inputs.current[index] = element;
            }}
            aria-label={`Alias ${index + 1}`}
            value={row}
            maxLength={200}
            status={index === 0 && !row.trim() ? 'error' : undefined}
            onChange={(event) => edit(index, event.target.value)}
            onBlur={() => {
              editing.current = null;
            }}
            onPressEnter={(event) => {
              event.preventDefault();
              addAfter(index);
            }}
          />
          <Tooltip title="Move to first">
            <Button
              aria-label={`Move alias ${index + 1} to first`}
              icon={<VerticalAlignTopOutlined />}
              disabled={index === 0}
              onClick={() => moveRow(index, 0)}
            />
          </Tooltip>
          <Tooltip title="Move to last">
            <Button
              aria-label={`Move alias ${index + 1} to last`}
              icon={<VerticalAlignBottomOutlined />}
              disabled={index === last}
              onClick={() => moveRow(index, last)}
            />
          </Tooltip>
          <Tooltip title="Add an alias after this one">
            <Button
              aria-label={`Add alias after ${index + 1}`}
              icon={<PlusOutlined />}
              disabled={anyEmpty}
              onClick={() => addAfter(index)}
            />
          </Tooltip>
          <Tooltip title="Delete">
            <Button aria-label={`Delete alias ${index + 1}`} danger icon={<DeleteOutlined />} onClick={() => remove(index)} />
          </Tooltip>
        </Flex>
      ))}
    </Flex>
  );
}
