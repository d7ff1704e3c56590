import { Modal, Timeline, Typography } from 'antd';
import type { AuditEntry, Audited } from '../contract';
import { formatInZone } from '@claims/shared-kernel';

/** The generic view's time format (spec 2 §2.9), shown in the configured display zone. */
export const AUDIT_TIME_FORMAT = 'YYYY-MM-DD, h:mm:ss a';
export const NO_MODIFIED_DATE = 'No Records for Modified Date';
export const NO_CREATION_DATE = 'No Records for Creation Date';

const stamp = (at: string) => formatInZone(at, AUDIT_TIME_FORMAT);

/** 'Last modified by {user} at {time}', or the spec's text when the record has no modification. */
export function lastModifiedText(record: Audited): string {
  return record.last_modified_by && record.last_modified_at
    ? `Last modified by ${record.last_modified_by} at ${stamp(record.last_modified_at)}`
    : NO_MODIFIED_DATE;
}

export function createdText(record: Audited): string {
  return record.created_by && record.created_at ? `Created by ${record.created_by} at ${stamp(record.created_at)}` : NO_CREATION_DATE;
}

export interface AuditHistoryDialogProps {
  open: boolean;
  onClose: () => void;
  record: Audited;
  /** Every recorded modification, oldest first (rules keep one); without it the last modification stands alone. */
  history?: readonly AuditEntry[];
}

/** The history dialog of the generic view screen: a timeline with the created-by and modified-by lines. */
export function AuditHistoryDialog({ open, onClose, record, history }: AuditHistoryDialogProps) {
  const modifications = history?.length
    ? history.map((entry, index) =>
        index === history.length - 1
          ? lastModifiedText({ last_modified_by: entry.last_modified_by, last_modified_at: entry.last_modified_on })
          : `Modified by ${entry.last_modified_by} at ${stamp(entry.last_modified_on)}`,
      )
    : [lastModifiedText(record)];
  const lines = [createdText(record), ...modifications];
  return (
    <Modal open={open} onCancel={onClose} footer={null} title="History" destroyOnHidden>
      <Timeline
        style={{ marginTop: 16 }}
        items={lines.map((line, index) => ({
          key: index,
          content: <Typography.Text type={line.startsWith('No Records') ? 'secondary' : undefined}>{line}</Typography.Text>,
        }))}
      />
    </Modal>
  );
}
