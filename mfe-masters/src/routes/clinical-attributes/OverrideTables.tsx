import { DeleteOutlined, EditOutlined, UndoOutlined } from '@ant-design/icons';
import type { DocumentOverride, PatternOverride } from '@claims/shared-kernel';
import { occurrenceKeys } from '@claims/shared-kernel/ui';
import { Button, Flex, Table, Tag, Tooltip, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { type Entry, entryState, patternText } from './draft';
import { ListChanges } from './ListChanges';

const STATE_TAGS = {
  new: <Tag color="green">New</Tag>,
  changed: <Tag color="gold">Changed</Tag>,
  deleted: <Tag color="red">Deleted</Tag>,
};

export interface EntryActions {
  onEdit: (index: number) => void;
  /** Marks the entry for deletion (a new one is simply dropped); undone with onRestore. */
  onDelete: (index: number) => void;
  onRestore: (index: number) => void;
}

interface Row<T> {
  entry: Entry<T>;
  index: number;
}

function EntryTable<T>({
  label,
  entries,
  columns,
  actions,
}: {
  label: string;
  entries: Entry<T>[];
  columns: TableColumnsType<Row<T>>;
  actions?: EntryActions;
}) {
  const { token } = theme.useToken();
  const rows = entries.map((entry, index) => ({ entry, index }));
  // Spec 3 §5: the last remaining entry cannot be deleted (one marked for deletion no longer remains).
  const lastRemaining = entries.filter((entry) => !entry.deleted).length <= 1;
  // Shown only once an entry is new, changed or marked for deletion: an always-empty column without a title puzzled people.
  const anyChange = entries.some((entry) => entryState(entry));
  const changeColumn: TableColumnsType<Row<T>> = anyChange
    ? [
        {
          key: 'state',
          title: 'Change',
          width: 90,
          render: (_, { entry }) => {
            const state = entryState(entry);
            return state ? STATE_TAGS[state] : null;
          },
        },
      ]
    : [];
  const actionColumn: TableColumnsType<Row<T>> = actions
    ? [
        ...changeColumn,
        {
          key: 'actions',
          title: 'Actions',
          width: 110,
          render: (_, { entry, index }) =>
            entry.deleted ? (
              <Button
                size="small"
                icon={<UndoOutlined />}
                aria-label={`Restore ${label} ${index + 1}`}
                onClick={() => actions.onRestore(index)}
              />
            ) : (
              <Flex gap={4}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`Edit ${label} ${index + 1}`}
                  onClick={() => actions.onEdit(index)}
                />
                {lastRemaining ? (
                  <Tooltip title={`The last remaining ${label.toLowerCase()} cannot be deleted`}>
                    {/* A disabled button fires no pointer events: the wrapper shows the tooltip. */}
                    <span>
                      <Button size="small" danger disabled icon={<DeleteOutlined />} aria-label={`Delete ${label} ${index + 1}`} />
                    </span>
                  </Tooltip>
                ) : (
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Delete ${label} ${index + 1}`}
                    onClick={() => actions.onDelete(index)}
                  />
                )}
              </Flex>
            ),
        },
      ]
    : [];
  return (
    <Table<Row<T>>
      size="small"
      pagination={false}
      aria-label={label}
      rowKey={(row) => row.entry.key}
      dataSource={rows}
      columns={[...columns, ...actionColumn]}
      locale={{ emptyText: 'None' }}
      onRow={({ entry }) => ({
        // A new, changed or deleted override is highlighted until saved (spec 3 §2.4).
        style: entryState(entry)
          ? { background: token.colorWarningBg, ...(entry.deleted ? { textDecoration: 'line-through' } : {}) }
          : undefined,
      })}
    />
  );
}

/** The document-precedence overrides (spec 3 §2.3, §3.1): an empty hospitals or procedures list means All, no exclusions None. */
export function DocumentOverrideTable({ entries, actions }: { entries: Entry<DocumentOverride>[]; actions?: EntryActions }) {
  const list =
    (field: keyof DocumentOverride, empty: string, ordered = false) =>
    (_: unknown, { entry }: Row<DocumentOverride>) => (
      <ListChanges items={entry.value[field]} before={entry.origin?.[field] ?? null} empty={empty} ordered={ordered} />
    );
  return (
    <EntryTable<DocumentOverride>
      label="Override"
      entries={entries}
      actions={actions}
      columns={[
        { key: 'hospitals', title: 'Hospitals', render: list('hospitals', 'All') },
        { key: 'procedures', title: 'Procedures', render: list('procedures', 'All') },
        { key: 'override_value', title: 'Documents in Order', render: list('override_value', 'None', true) },
        { key: 'exclude', title: 'Documents to Exclude', render: list('exclude_document_headers', 'None') },
      ]}
    />
  );
}

/** The hospital-specific pattern overrides (spec 3 §2.5): hospitals and the patterns, each part by part. */
export function PatternOverrideTable({ entries, actions }: { entries: Entry<PatternOverride>[]; actions?: EntryActions }) {
  return (
    <EntryTable<PatternOverride>
      label="Pattern override"
      entries={entries}
      actions={actions}
      columns={[
        {
          key: 'hospitals',
          title: 'Hospitals',
          render: (_, { entry }) => <ListChanges items={entry.value.hospitals} before={entry.origin?.hospitals ?? null} empty="None" />,
        },
        {
          key: 'patterns',
          title: 'Patterns',
          render: (_, { entry }) => {
            const texts = entry.value.overrides.map(patternText);
            const keys = occurrenceKeys(texts);
            return (
              <Flex vertical gap={2}>
                {texts.map((text, i) => (
                  <Typography.Text key={keys[i]}>
                    {i + 1}. {text}
                  </Typography.Text>
                ))}
              </Flex>
            );
          },
        },
      ]}
    />
  );
}
