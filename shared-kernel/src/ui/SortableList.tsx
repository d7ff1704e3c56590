import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Flex, theme, Typography } from 'antd';
import type { ReactNode } from 'react';

interface RowProps {
  id: string;
  name: string;
  index: number;
  count: number;
  details?: ReactNode;
  onMove: (from: number, to: number) => void;
  onRemove?: () => void;
}

function SortableRow({ id, name, index, count, details, onMove, onRemove }: RowProps) {
  const { token } = theme.useToken();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      data-sort-index={index}
      data-sort-id={id}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        listStyle: 'none',
        padding: `${token.paddingXXS}px ${token.paddingXS}px`,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        background: isDragging ? token.colorPrimaryBg : token.colorBgContainer,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <Flex align="center" gap="small">
        <Button
          ref={setActivatorNodeRef}
          type="text"
          size="small"
          icon={<HolderOutlined />}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
          aria-label={`Drag ${name}`}
        />
        <Typography.Text style={{ flex: 1, minWidth: 0 }} ellipsis={{ tooltip: name }} data-testid="sort-name">
          {index + 1}. {name}
        </Typography.Text>
        {details}
        <Button
          size="small"
          icon={<ArrowUpOutlined />}
          aria-label={`Move ${name} up`}
          disabled={index === 0}
          onClick={() => onMove(index, index - 1)}
        />
        <Button
          size="small"
          icon={<ArrowDownOutlined />}
          aria-label={`Move ${name} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1)}
        />
        {onRemove && <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Remove ${name}`} onClick={onRemove} />}
      </Flex>
    </li>
  );
}

export interface SortableListProps<T> {
  /** The list's accessible name, e.g. 'Documents in order'. */
  label: string;
  /** What one item is called in the keyboard instructions ('document', 'batch'). */
  noun: string;
  items: readonly T[];
  /** Each item's distinct identity. */
  idOf: (item: T) => string;
  /** How an item is named on its row, its buttons and in the announcements. */
  nameOf: (item: T) => string;
  onChange: (next: T[]) => void;
  /** What a row shows after the item's name, e.g. 'New' against the list as loaded. */
  details?: (item: T, index: number) => ReactNode;
  /** Each row gets a Remove button. */
  removable?: boolean;
}

/**
 * An ordered list set by drag and drop (@dnd-kit): with the mouse or touch on a row's handle, or from the keyboard
 * (Space on the handle, the arrow keys, Space again), announced to screen readers; Up and Down buttons move an item
 * one place as well. The masters' document order and the console's batch priority.
 */
export function SortableList<T>({ label, noun, items, idOf, nameOf, onChange, details, removable = false }: SortableListProps<T>) {
  const { token } = theme.useToken();
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = items.map(idOf);
  const nameOfId = (id: string | number) => {
    const at = ids.indexOf(String(id));
    return at < 0 ? String(id) : nameOf(items[at]);
  };
  const position = (id: string | number) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOfId(active.id)}, position ${position(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOfId(active.id)} is over position ${position(over.id)} of ${ids.length}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${nameOfId(active.id)} dropped at position ${position(over.id)} of ${ids.length}.` : `${nameOfId(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOfId(active.id)} was cancelled.`,
  };
  const instructions = {
    draggable: `To move a ${noun}, press Space or Enter to pick it up, the arrow keys to move it, and Space or Enter to drop it. Escape cancels.`,
  };
  const move = (from: number, to: number) => onChange(arrayMove([...items], from, to));
  const dropped = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Flex component="ol" vertical gap={token.marginXXS} aria-label={label} style={{ margin: 0, padding: 0 }}>
          {items.map((item, index) => (
            <SortableRow
              key={ids[index]}
              id={ids[index]}
              name={nameOf(item)}
              index={index}
              count={items.length}
              details={details?.(item, index)}
              onMove={move}
              onRemove={removable ? () => onChange(items.filter((_, i) => i !== index)) : undefined}
            />
          ))}
        </Flex>
      </SortableContext>
    </DndContext>
  );
}
