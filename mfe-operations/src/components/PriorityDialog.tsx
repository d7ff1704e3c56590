import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import type { BatchRow } from '@claims/shared-kernel';
import { LoadState } from '@claims/shared-kernel/ui';
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
import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { changePriority } from '../api/batchActions';
import { batchesByPriority, consoleKeys } from '../api/console';
import { CONFIRM_TITLE, SUCCESS } from './texts';
import { alreadySaid, useConsoleWrite } from './useConsoleWrite';
import { PRIORITY_BATCH_COUNT, PRIORITY_STATUSES, statusAfterReorder } from './priority';
import { statusText } from './batchStatus';

export const PRIORITY_QUESTION = 'Are you sure you want to change the priority of the batches?';

const INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move a batch, press Space or Enter to pick it up, the arrow keys to move it, and Space or Enter to drop it. Escape cancels.',
};

function BatchItem({
  batch,
  index,
  count,
  onMove,
}: {
  batch: BatchRow;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
}) {
  const id = String(batch.id);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const status = batch.status_info.status;
  const after = statusAfterReorder(batch, index);
  return (
    <li
      ref={setNodeRef}
      data-priority-id={id}
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
          aria-label={`Drag ${batch.batchName}`}
        />
        <Typography.Text style={{ flex: 1, minWidth: 0 }} ellipsis={{ tooltip: batch.batchName }} data-testid="priority-name">
          {index + 1}. {batch.batchName}
        </Typography.Text>
        <Typography.Text type="secondary">{`${batch.total_claims_count} claim${batch.total_claims_count === 1 ? '' : 's'}`}</Typography.Text>
        <Tag>{statusText(status)}</Tag>
        <Typography.Text type={after === status ? 'secondary' : undefined} style={{ width: 150 }} data-testid="status-after">
          {after === status ? 'unchanged' : `→ ${statusText(after)}`}
        </Typography.Text>
        <Button
          size="small"
          icon={<ArrowUpOutlined />}
          aria-label={`Move ${batch.batchName} up`}
          disabled={index === 0}
          onClick={() => onMove(index, index - 1)}
        />
        <Button
          size="small"
          icon={<ArrowDownOutlined />}
          aria-label={`Move ${batch.batchName} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1)}
        />
      </Flex>
    </li>
  );
}

/** Said in the dialog itself, not the Batch Summary grid's empty text: the dialog lists only batches still to be worked on. */
const NO_OPEN_BATCHES = 'No open batches to reorder: every batch is finished, suspended or archived.';

/** The reorderable list: drag a handle with the mouse, or from the keyboard (Space, the arrows, Space). */
function PriorityList({ batches, onChange }: { batches: BatchRow[]; onChange: (next: BatchRow[]) => void }) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = batches.map((b) => String(b.id));
  const nameOf = (id: string | number) => batches.find((b) => String(b.id) === String(id))?.batchName ?? String(id);
  const position = (id: string | number) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${position(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over position ${position(over.id)} of ${ids.length}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at position ${position(over.id)} of ${ids.length}.` : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  const move = (from: number, to: number) => onChange(arrayMove(batches, from, to));
  const dropped = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{ announcements, screenReaderInstructions: INSTRUCTIONS }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Flex component="ol" vertical gap={4} aria-label="Batches in priority order" style={{ margin: 0, padding: 0 }}>
          {batches.map((batch, index) => (
            <BatchItem key={batch.id} batch={batch} index={index} count={batches.length} onMove={move} />
          ))}
        </Flex>
      </SortableContext>
    </DndContext>
  );
}

/** The dialog's body, mounted afresh each time it opens: the batches as loaded, then as the user orders them. */
function PriorityEditor({ org, onClose }: { org: string; onClose: () => void }) {
  const { modal } = App.useApp();
  const query = useQuery({
    queryKey: consoleKeys.priority(org),
    queryFn: () => batchesByPriority(org, PRIORITY_STATUSES, PRIORITY_BATCH_COUNT),
    staleTime: 0,
  });
  const [order, setOrder] = useState<BatchRow[] | null>(null);
  const shown = order ?? query.data ?? [];
  const changed = order?.some((batch, index) => batch.id !== query.data?.[index]?.id) ?? false;
  const save = useConsoleWrite(org, (names: string[]) => changePriority(names, org), { success: SUCCESS.done, onDone: onClose });

  const confirm = () =>
    modal.confirm({
      title: CONFIRM_TITLE,
      content: PRIORITY_QUESTION,
      okText: 'Yes',
      cancelText: 'Cancel',
      onOk: () => save.mutateAsync(shown.map((b) => b.batchName)).catch(alreadySaid),
    });

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        Drag a batch by its handle, or focus the handle and use Space and the arrow keys. The first batch is verified first; the others wait
        as shown.
      </Typography.Text>
      <div style={{ maxHeight: 450, overflowY: 'auto' }}>
        <LoadState query={query} empty={NO_OPEN_BATCHES}>
          {() => <PriorityList batches={shown} onChange={setOrder} />}
        </LoadState>
      </div>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" disabled={!changed} loading={save.isPending} onClick={confirm}>
          Save
        </Button>
      </Flex>
    </Flex>
  );
}

/** Change batch priority (spec 3 §2.7, §4): the first 25 batches reordered, a confirmation, then the new order. */
export function PriorityDialog({ open, org, onClose }: { open: boolean; org: string; onClose: () => void }) {
  return (
    <Modal title="Change Batch Priority" open={open} onCancel={onClose} footer={null} width={820} destroyOnHidden>
      {open && <PriorityEditor org={org} onClose={onClose} />}
    </Modal>
  );
}
