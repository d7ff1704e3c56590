import { DownloadOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Flex, Form, Modal, Tag, Timeline, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { AUDIT_ACTION_LABELS, type AuditEntity, type AuditLogEntry, type Audited } from '../contract';
import {
  AUDIT_EXPORT_MAX_DAYS,
  DATE_WIRE_FORMAT,
  formatInZone,
  isProviderOrg,
  saveBlob,
  todayInZone,
  useSession,
} from '@claims/shared-kernel';
import { auditFieldLabel, entryFields, type FieldChange, fieldChange, scalarText, summarise } from './auditChanges';
import { AUDIT_PAGE_SIZE, auditExportFileName, auditKeys, downloadAuditExport, fetchAuditHistory } from './auditLog';
import { ScreenLoading } from './ScreenLoading';

/** The generic view's time format (spec 2 §2.9), shown in the configured display zone. */
export const AUDIT_TIME_FORMAT = 'YYYY-MM-DD, h:mm:ss a';
export const NO_MODIFIED_DATE = 'No Records for Modified Date';
export const NO_CREATION_DATE = 'No Records for Creation Date';

/** How a history shows a time (a UTC ISO string); a screen whose spec gives another format passes its own. */
export type AuditTimeFormat = (at: string) => string;

const stamp: AuditTimeFormat = (at) => formatInZone(at, AUDIT_TIME_FORMAT);

/** 'Last modified by {user} at {time}', or the spec's text when the record has no modification. */
export function lastModifiedText(record: Audited, formatTime: AuditTimeFormat = stamp): string {
  return record.last_modified_by && record.last_modified_at
    ? `Last modified by ${record.last_modified_by} at ${formatTime(record.last_modified_at)}`
    : NO_MODIFIED_DATE;
}

export function createdText(record: Audited, formatTime: AuditTimeFormat = stamp): string {
  return record.created_by && record.created_at ? `Created by ${record.created_by} at ${formatTime(record.created_at)}` : NO_CREATION_DATE;
}

/** The line heading one entry; the newest modification reads 'Last modified by', as the view's caption does. */
function entryHeading(entry: AuditLogEntry, newestUpdate: boolean, formatTime: AuditTimeFormat): string {
  const by = `by ${entry.username} at ${formatTime(entry.at)}`;
  if (entry.action === 'update') return `${newestUpdate ? 'Last modified' : 'Modified'} ${by}`;
  return `${AUDIT_ACTION_LABELS[entry.action]} ${by}`;
}

type Labels = Readonly<Record<string, string>>;

function BigValue({ value }: { value: unknown }) {
  return (
    <pre style={{ margin: 0, maxHeight: 240, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {value === null || value === undefined ? '(empty)' : JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** A value too big for a line: its summary before and after, the full values on request. */
function BigChange({ label, change }: { label: string; change: Extract<FieldChange, { kind: 'big' }> }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <Flex vertical gap={4}>
      <span>
        <Typography.Text type="secondary">{summarise(change.before)}</Typography.Text> →{' '}
        <Typography.Text>{summarise(change.after)}</Typography.Text>{' '}
        <Button type="link" size="small" aria-expanded={expanded} onClick={() => setExpanded((open) => !open)}>
          {expanded ? `Hide ${label}` : `Show ${label}`}
        </Button>
      </span>
      {expanded && (
        <Flex gap={8} wrap>
          <Flex vertical style={{ flex: '1 1 240px', minWidth: 0 }}>
            <Typography.Text strong>Before</Typography.Text>
            <BigValue value={change.before} />
          </Flex>
          <Flex vertical style={{ flex: '1 1 240px', minWidth: 0 }}>
            <Typography.Text strong>After</Typography.Text>
            <BigValue value={change.after} />
          </Flex>
        </Flex>
      )}
    </Flex>
  );
}

function ChangeValue({ label, change }: { label: string; change: FieldChange }): ReactNode {
  if (change.kind === 'value') {
    return (
      <span>
        <Typography.Text type="secondary" delete={change.before !== null && change.before !== ''}>
          {scalarText(change.before)}
        </Typography.Text>{' '}
        → <Typography.Text>{scalarText(change.after)}</Typography.Text>
      </span>
    );
  }
  if (change.kind === 'list') {
    return (
      <Flex gap={4} wrap align="center">
        {change.added.map((item) => (
          <Tag key={`added ${item}`} color="green" aria-label={`added ${item}`}>
            + {item}
          </Tag>
        ))}
        {change.removed.map((item) => (
          <Tag key={`removed ${item}`} color="red" aria-label={`removed ${item}`}>
            <Typography.Text delete>{item}</Typography.Text>
          </Tag>
        ))}
        {change.reordered && <Typography.Text type="secondary">order changed</Typography.Text>}
      </Flex>
    );
  }
  return <BigChange label={label} change={change} />;
}

/** The fields of one entry: for a modification what changed, for a creation or deletion the values it had. */
function EntryFields({ entry, labels }: { entry: AuditLogEntry; labels: Labels }) {
  const names = entryFields(entry);
  if (names.length === 0) return null;
  return (
    <dl style={{ margin: '4px 0 0', display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr', gap: '4px 12px' }}>
      {names.map((name) => {
        const label = auditFieldLabel(name, labels);
        const change = fieldChange(entry.before?.[name], entry.after?.[name]);
        return (
          <div key={name} style={{ display: 'contents' }}>
            <dt>
              <Typography.Text strong>{label}</Typography.Text>
            </dt>
            <dd style={{ margin: 0, minWidth: 0 }}>
              <ChangeValue label={label} change={change} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** Creations and deletions list every field; folded until asked, so the timeline stays readable. */
function FoldedFields({ entry, labels }: { entry: AuditLogEntry; labels: Labels }) {
  const [open, setOpen] = useState(false);
  const count = entryFields(entry).length;
  if (count === 0) return null;
  const what = entry.action === 'create' ? 'values created' : 'values deleted';
  return (
    <>
      <Button type="link" size="small" style={{ paddingInline: 0 }} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? `Hide ${what}` : `Show ${what} (${count})`}
      </Button>
      {open && <EntryFields entry={entry} labels={labels} />}
    </>
  );
}

/** A claim's or batch's action (a status change, a re-run, an assignment…) is an edit of it: blue. */
const actionColour = (action: AuditLogEntry['action']): string => (action === 'create' ? 'green' : action === 'delete' ? 'red' : 'blue');

interface TimelineLine {
  key: string;
  color?: string;
  content: ReactNode;
}

const specLine = (key: string, text: string): TimelineLine => ({
  key,
  color: 'gray',
  content: <Typography.Text type={text.startsWith('No Records') ? 'secondary' : undefined}>{text}</Typography.Text>,
});

/**
 * The lines of the timeline, newest first. Where the log holds no creation (records from before it, or not yet
 * loaded pages) the record's own created-by line closes it; where it holds no modification, the record's
 * last-modified line (or 'No Records for Modified Date' once its creation is logged) opens it.
 */
function timelineLines(
  entries: AuditLogEntry[],
  complete: boolean,
  record: Audited,
  labels: Labels,
  formatTime: AuditTimeFormat,
): TimelineLine[] {
  const newestUpdate = entries.find((e) => e.action === 'update');
  const lines: TimelineLine[] = entries.map((entry) => ({
    key: String(entry.id),
    color: actionColour(entry.action),
    content: (
      <Flex vertical gap={2}>
        <Typography.Text>{entryHeading(entry, entry === newestUpdate, formatTime)}</Typography.Text>
        {entry.action === 'create' || entry.action === 'delete' ? (
          <FoldedFields entry={entry} labels={labels} />
        ) : (
          <EntryFields entry={entry} labels={labels} />
        )}
      </Flex>
    ),
  }));
  if (!complete) return lines;
  const created = entries.some((e) => e.action === 'create');
  if (!newestUpdate) lines.unshift(specLine('modified', created ? NO_MODIFIED_DATE : lastModifiedText(record, formatTime)));
  if (!created) lines.push(specLine('created', createdText(record, formatTime)));
  return lines;
}

function RecordTimeline({
  entity,
  recordKey,
  record,
  labels,
  formatTime,
}: {
  entity: AuditEntity;
  recordKey: string;
  record: Audited;
  labels: Labels;
  formatTime: AuditTimeFormat;
}) {
  const history = useInfiniteQuery({
    queryKey: auditKeys.record(entity, recordKey),
    queryFn: ({ pageParam }) => fetchAuditHistory(entity, recordKey, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page_number * AUDIT_PAGE_SIZE < last.total_count ? last.page_number + 1 : undefined),
    // The log grows with every save: each opening of the dialog asks again.
    staleTime: 0,
    refetchOnMount: 'always',
  });
  if (history.isPending) return <ScreenLoading />;
  if (history.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={history.error.message}
        action={
          <Button size="small" loading={history.isFetching} onClick={() => void history.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  const entries = history.data.pages.flatMap((page) => page.results);
  return (
    <Flex vertical gap={8}>
      <Timeline style={{ marginTop: 16 }} items={timelineLines(entries, !history.hasNextPage, record, labels, formatTime)} />
      {history.hasNextPage && (
        <Button onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
          Show older changes
        </Button>
      )}
    </Flex>
  );
}

export interface AuditHistoryDialogProps {
  open: boolean;
  onClose: () => void;
  /** What the record is: its master module, 'rules' or 'procedureQuestions'. */
  entity: AuditEntity;
  /** The record's id, the key its entries are logged under. */
  recordKey: string | number;
  /** The record's own created and last-modified stamps, for what the log does not hold. */
  record: Audited;
  /** Screen labels of the record's fields by wire name; other fields are spelled out from their names. */
  fieldLabels?: Labels;
  /** How times read (default: the generic view's 'YYYY-MM-DD, h:mm:ss a' in the display zone). */
  formatTime?: AuditTimeFormat;
}

/**
 * The history dialog of the generic view screen (spec 2 §2.9): a timeline of the record's audit log, newest first,
 * each entry with who, when and what changed, field by field. The log is the provider's to read; anyone else sees
 * the record's own created-by and modified-by lines.
 */
export function AuditHistoryDialog({
  open,
  onClose,
  entity,
  recordKey,
  record,
  fieldLabels = {},
  formatTime = stamp,
}: AuditHistoryDialogProps) {
  const readsLog = useSession((s) => isProviderOrg(s.organization));
  return (
    <Modal open={open} onCancel={onClose} footer={null} title="History" width={760} destroyOnHidden>
      {readsLog ? (
        <RecordTimeline entity={entity} recordKey={String(recordKey)} record={record} labels={fieldLabels} formatTime={formatTime} />
      ) : (
        <Timeline
          style={{ marginTop: 16 }}
          items={[specLine('created', createdText(record, formatTime)), specLine('modified', lastModifiedText(record, formatTime))]}
        />
      )}
    </Modal>
  );
}

export const AUDIT_EXPORT_FAILED = 'Failed to download';
export const AUDIT_PERIOD_ORDER = 'To should be on or after From.';
export const AUDIT_PERIOD_TOO_LONG = `Date should not exceed ${AUDIT_EXPORT_MAX_DAYS} days.`;

/** The period rule the server keeps too: To on or after From, at most a year of days, both included. */
export function auditPeriodError(from: Dayjs | null, to: Dayjs | null): string | null {
  if (!from || !to) return null;
  if (to.isBefore(from, 'day')) return AUDIT_PERIOD_ORDER;
  if (to.diff(from, 'day') + 1 > AUDIT_EXPORT_MAX_DAYS) return AUDIT_PERIOD_TOO_LONG;
  return null;
}

const DISPLAY_DATE = 'DD-MM-YYYY';
const disableFuture = (day: Dayjs) => day.isAfter(todayInZone(), 'day');
/** The calendars open inside the dialog, so they move and close with it. */
const inDialog = (trigger: HTMLElement) => trigger.parentElement ?? document.body;

/**
 * 'Export history': the audit log of a period (the last 30 days unless changed) as .xlsx, of one entity or of all.
 * The provider's organisation only (the server refuses anyone else), so it is not shown to others.
 */
export function AuditExportButton({ entity }: { entity?: AuditEntity }) {
  const { message } = App.useApp();
  const allowed = useSession((s) => isProviderOrg(s.organization));
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState<Dayjs | null>(() => todayInZone().subtract(29, 'day'));
  const [to, setTo] = useState<Dayjs | null>(() => todayInZone());
  const download = useMutation({
    mutationFn: async (period: { from: string; to: string; entity?: AuditEntity }) => ({
      data: await downloadAuditExport(period),
      name: auditExportFileName(period),
    }),
    onSuccess: ({ data, name }) => {
      saveBlob(data, name);
      setOpen(false);
    },
    onError: () => void message.error(AUDIT_EXPORT_FAILED),
  });
  if (!allowed) return null;
  const periodError = auditPeriodError(from, to);
  const start = () => {
    if (!from || !to || periodError) return;
    download.mutate({ from: from.format(DATE_WIRE_FORMAT), to: to.format(DATE_WIRE_FORMAT), ...(entity ? { entity } : {}) });
  };
  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        onClick={() => {
          download.reset();
          setOpen(true);
        }}
      >
        Export history
      </Button>
      <Modal
        open={open}
        title="Export history"
        okText="Download"
        onOk={start}
        okButtonProps={{ disabled: !from || !to || !!periodError, loading: download.isPending }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">
            Every create, edit and delete of the period, one row per changed field (.xlsx).
          </Typography.Text>
          <Flex gap={8} wrap>
            <Form.Item label="From" style={{ marginBottom: 0 }}>
              <DatePicker
                aria-label="From"
                value={from}
                format={DISPLAY_DATE}
                disabledDate={disableFuture}
                getPopupContainer={inDialog}
                onChange={setFrom}
              />
            </Form.Item>
            <Form.Item label="To" style={{ marginBottom: 0 }}>
              <DatePicker
                aria-label="To"
                value={to}
                format={DISPLAY_DATE}
                disabledDate={disableFuture}
                getPopupContainer={inDialog}
                onChange={setTo}
              />
            </Form.Item>
          </Flex>
          {periodError && (
            <Typography.Text type="danger" role="alert">
              {periodError}
            </Typography.Text>
          )}
          {download.isError && <Alert type="error" showIcon title={AUDIT_EXPORT_FAILED} description={download.error.message} />}
        </Flex>
      </Modal>
    </>
  );
}
