import { ArrowDownOutlined, ArrowUpOutlined, OrderedListOutlined } from '@ant-design/icons';
import type { NamedRef } from '@claims/shared-kernel';
import { LimitedSelect } from '@claims/shared-kernel/ui';
import { Button, Flex, Form, Modal, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** The order dialog: each document moves up or down with its buttons (keyboard too); OK keeps the new order. */
function ReorderDialog({
  title,
  ids,
  names,
  onClose,
  onApply,
}: {
  title: string;
  ids: number[];
  names: Map<number, string>;
  onClose: () => void;
  onApply: (ids: number[]) => void;
}) {
  const { token } = theme.useToken();
  const [order, setOrder] = useState(ids);
  return (
    <Modal open title={`Order of ${title}`} okText="Apply" onOk={() => onApply(order)} onCancel={onClose} destroyOnHidden>
      <ol style={{ paddingInlineStart: token.paddingMD, margin: 0 }}>
        {order.map((id, index) => {
          const name = names.get(id) ?? String(id);
          return (
            <li key={id}>
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text>{name}</Typography.Text>
                <Flex gap={4}>
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => setOrder(move(order, index, index - 1))}
                  />
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={`Move ${name} down`}
                    disabled={index === order.length - 1}
                    onClick={() => setOrder(move(order, index, index + 1))}
                  />
                </Flex>
              </Flex>
            </li>
          );
        })}
      </ol>
    </Modal>
  );
}

/**
 * A document picker of the rule form (spec 2 §2.8): up to 10 documents, in the order chosen; the reorder icon is
 * enabled once more than one is chosen.
 */
export function DocumentPicker({
  id,
  label,
  value,
  onChange,
  documents,
}: {
  /** The picker's element id (unique in the page). */
  id: string;
  label: string;
  value: number[];
  onChange: (ids: number[]) => void;
  documents: readonly NamedRef[];
}) {
  const [reordering, setReordering] = useState(false);
  const names = new Map(documents.map((d) => [d.id, d.name]));
  return (
    <Form.Item label={label} style={{ marginBottom: 0 }}>
      <Flex gap={8} align="center">
        <LimitedSelect<number>
          id={id}
          aria-label={label}
          placeholder={label}
          value={value}
          options={documents.map((d) => ({ value: d.id, label: d.name }))}
          onChange={onChange}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Tooltip title="Reorder">
          <Button
            icon={<OrderedListOutlined />}
            aria-label={`Reorder ${label}`}
            disabled={value.length < 2}
            onClick={() => setReordering(true)}
          />
        </Tooltip>
      </Flex>
      {reordering && (
        <ReorderDialog
          title={label}
          ids={value}
          names={names}
          onClose={() => setReordering(false)}
          onApply={(ids) => {
            onChange(ids);
            setReordering(false);
          }}
        />
      )}
    </Form.Item>
  );
}
