import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type ScreenReaderInstructions,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

const INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move a document, press Space or Enter to pick it up, the arrow keys to move it, and Space or Enter to drop it. Escape cancels.',
};

function Item({
  id,
  index,
  count,
  mark,
  onMove,
  onRemove,
}: {
  id: string;
  index: number;
  count: number;
  mark?: ReactNode;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      data-sort-index={index}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        listStyle: 'none',
        padding: '4px 8px',
        border: '1px solid #f0f0f0',
        borderRadius: 6,
        background: isDragging ? '#e6f4ff' : '#fff',
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <Flex align="center" gap={8}>
        <Button
          ref={setActivatorNodeRef}
          type="text"
          size="small"
          icon={<HolderOutlined />}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
          aria-label={`Drag ${id}`}
        />
        <Typography.Text style={{ flex: 1 }}>
          {index + 1}. {id}
        </Typography.Text>
        {mark}
        <Button
          size="small"
          icon={<ArrowUpOutlined />}
          aria-label={`Move ${id} up`}
          disabled={index === 0}
          onClick={() => onMove(index, index - 1)}
        />
        <Button
          size="small"
          icon={<ArrowDownOutlined />}
          aria-label={`Move ${id} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1)}
        />
        <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Remove ${id}`} onClick={() => onRemove(index)} />
      </Flex>
    </li>
  );
}

export interface SortableListProps {
  /** The list's accessible name, e.g. 'Documents in order'. */
  label: string;
  /** Distinct texts, in order (each item's text is its identity). */
  items: string[];
  onChange: (next: string[]) => void;
  /** A marker beside an item, e.g. 'New' against the list as loaded. */
  mark?: (item: string, index: number) => ReactNode;
}

/**
 * An ordered list set by drag and drop (@dnd-kit): with the mouse or touch on the handle, or from the keyboard
 * (Space on the handle, the arrow keys, Space again), announced to screen readers; Up and Down buttons move an
 * item one place as well.
 */
export function SortableList({ label, items, onChange, mark }: SortableListProps) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const position = (id: string | number) => items.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${active.id}, position ${position(active.id)} of ${items.length}.`,
    onDragOver: ({ active, over }) => (over ? `${active.id} is over position ${position(over.id)} of ${items.length}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${active.id} dropped at position ${position(over.id)} of ${items.length}.` : `${active.id} dropped.`,
    onDragCancel: ({ active }) => `Moving ${active.id} was cancelled.`,
  };
  const move = (from: number, to: number) => onChange(arrayMove(items, from, to));
  const dropped = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(items.indexOf(String(active.id)), items.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{ announcements, screenReaderInstructions: INSTRUCTIONS }}
    >
      <SortableContext items={items} strategy={verticalListSortingStrategy}>
        <Flex component="ol" vertical gap={4} aria-label={label} style={{ margin: 0, padding: 0 }}>
          {items.map((item, index) => (
            <Item
              key={item}
              id={item}
              index={index}
              count={items.length}
              mark={mark?.(item, index)}
              onMove={move}
              onRemove={(at) => onChange(items.filter((_, i) => i !== at))}
            />
          ))}
        </Flex>
      </SortableContext>
    </DndContext>
  );
}
