import { todayInZone } from '@claims/shared-kernel';
import { toWireDate } from '@claims/shared-kernel/ui';
import type { BatchRow, OrgUser } from '@claims/shared-kernel';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Flex, Form, Modal, Select, Typography, theme } from 'antd';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { assignEqually, assignSpecified, listUsers, updateAssignDate } from '../../api/batchActions';
import { consoleKeys } from '../../api/console';
import { type AllocationMode, checkAllocation, equalShares, percentageShares, specifiedData } from './allocation';
import { DISPLAY_DATE } from '../claims/claimColumns';
import { SUCCESS } from '../console/texts';
import { useConsoleWrite } from '../console/useConsoleWrite';

const MODES: { value: AllocationMode; label: string }[] = [
  { value: 'equally', label: 'Equally' },
  { value: 'number', label: 'By Number' },
  { value: 'percentage', label: 'By Percentage' },
];

/** An assignment is for today or a later day. */
const disablePast = (day: Dayjs) => day.isBefore(todayInZone(), 'day');

const analystOptions = (users: OrgUser[]) => users.map((u) => ({ value: u.username, label: u.username }));

const claimsText = (count: number) => `${count} claim${count === 1 ? '' : 's'}`;

function AssignDateField({ value, onChange }: { value: Dayjs | null; onChange: (date: Dayjs | null) => void }) {
  const { token } = theme.useToken();
  return (
    <Form.Item label="Date" required style={{ marginBottom: token.marginSM }}>
      <DatePicker
        aria-label="Date"
        value={value}
        format={DISPLAY_DATE}
        disabledDate={disablePast}
        onChange={onChange}
        allowClear={false}
        // Inside the dialog, so the calendar opens within it rather than in a second layer over it.
        getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
      />
    </Form.Item>
  );
}

interface DialogProps {
  batch: BatchRow;
  org: string;
  open: boolean;
  onClose: () => void;
  /** The dialog has finished closing. */
  afterClose: () => void;
}

/**
 * Assign Batch (spec 3 §4, §5): analysts from the users list, equally or by a specified split by number or by
 * percentage; a split that does not add up shows its total in red with the message, and Assign stays disabled.
 */
function AssignBatch({ batch, org, open, onClose, afterClose }: DialogProps) {
  const { token } = theme.useToken();
  const claimCount = batch.total_claims_count;
  const users = useQuery({ queryKey: consoleKeys.users(), queryFn: listUsers, select: analystOptions });
  const [analysts, setAnalysts] = useState<string[]>([]);
  const [mode, setMode] = useState<AllocationMode>('equally');
  const [values, setValues] = useState<Record<string, number | null>>({});
  const [date, setDate] = useState<Dayjs | null>(() => todayInZone());
  const check = mode === 'equally' ? null : checkAllocation(mode, claimCount, analysts, values);
  const shares =
    mode === 'equally' ? equalShares(claimCount, analysts) : mode === 'percentage' ? percentageShares(claimCount, analysts, values) : null;
  const ready = analysts.length > 0 && !!date && (check === null || check.balanced);

  const assign = useConsoleWrite(
    org,
    async () => {
      const wireDate = toWireDate(date) ?? '';
      if (mode === 'equally') await assignEqually(batch.id, analysts, wireDate, org);
      else await assignSpecified(batch.id, specifiedData(analysts, values), mode === 'percentage', wireDate, org);
    },
    { success: SUCCESS.done, onDone: onClose },
  );

  return (
    <Modal
      title="Assign Batch"
      open={open}
      afterClose={afterClose}
      okText="Assign"
      cancelText="Cancel"
      okButtonProps={{ disabled: !ready }}
      confirmLoading={assign.isPending}
      onOk={() => ready && assign.mutate(undefined)}
      onCancel={onClose}
      width={640}
    >
      <Typography.Paragraph type="secondary">{`${batch.batchName}: ${claimsText(claimCount)}`}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label="Analysts" required style={{ marginBottom: token.marginSM }}>
          <Select<string[]>
            aria-label="Analysts"
            mode="multiple"
            showSearch
            optionFilterProp="label"
            placeholder="Choose analysts"
            loading={users.isPending}
            options={users.data ?? []}
            value={analysts}
            onChange={setAnalysts}
            notFoundContent={users.error ? `Users could not be loaded: ${users.error.message}` : undefined}
          />
        </Form.Item>
        <AssignDateField value={date} onChange={setDate} />
        <Form.Item label="Allocation" style={{ marginBottom: token.marginSM }}>
          <Radio.Group aria-label="Allocation" value={mode} onChange={(e) => setMode(e.target.value as AllocationMode)} options={MODES} />
        </Form.Item>
      </Form>
      {analysts.length > 0 && (
        <Flex vertical gap={6} role="group" aria-label="Allocation by analyst">
          {analysts.map((analyst) => (
            <Flex key={analyst} align="center" gap={12}>
              <Typography.Text style={{ flex: 1, minWidth: 0 }} ellipsis>
                {analyst}
              </Typography.Text>
              {mode !== 'equally' && (
                <InputNumber<number>
                  aria-label={`${mode === 'percentage' ? 'Percentage' : 'Claims'} for ${analyst}`}
                  min={0}
                  max={mode === 'percentage' ? 100 : claimCount}
                  precision={0}
                  value={values[analyst] ?? null}
                  onChange={(value) => setValues((v) => ({ ...v, [analyst]: value }))}
                  suffix={mode === 'percentage' ? '%' : undefined}
                  style={{ width: 120 }}
                />
              )}
              {shares && (
                <Typography.Text type="secondary" style={{ width: 110, textAlign: 'right' }}>
                  {claimsText(shares[analyst] ?? 0)}
                </Typography.Text>
              )}
            </Flex>
          ))}
          {check && (
            <Flex vertical align="end" gap={2}>
              <Typography.Text strong type={check.balanced ? undefined : 'danger'} data-testid="allocation-total">
                {`Total: ${check.total}${mode === 'percentage' ? '%' : ''} of ${check.target}${mode === 'percentage' ? '%' : ''}`}
              </Typography.Text>
              {check.message && (
                <Typography.Text type="danger" role="alert">
                  {check.message}
                </Typography.Text>
              )}
            </Flex>
          )}
        </Flex>
      )}
    </Modal>
  );
}

/** ReAssign the batch date (spec 3 §2.7): an assigned batch keeps its analysts; only its date changes. */
function ReassignDate({ batch, org, open, onClose, afterClose }: DialogProps) {
  const [date, setDate] = useState<Dayjs | null>(() => (batch.assigned_date ? dayjs(batch.assigned_date) : todayInZone()));
  const reassign = useConsoleWrite(org, (day: string) => updateAssignDate(batch.id, day, org), { success: SUCCESS.done, onDone: onClose });
  const wireDate = toWireDate(date);
  return (
    <Modal
      title="ReAssign the batch date"
      open={open}
      afterClose={afterClose}
      okText="ReAssign"
      cancelText="Cancel"
      okButtonProps={{ disabled: !wireDate || wireDate === batch.assigned_date }}
      confirmLoading={reassign.isPending}
      onOk={() => wireDate && reassign.mutate(wireDate)}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">
        {batch.assigned_date
          ? `${batch.batchName} is assigned for ${dayjs(batch.assigned_date).format(DISPLAY_DATE)}.`
          : `${batch.batchName} is assigned.`}
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <AssignDateField value={date} onChange={setDate} />
      </Form>
    </Modal>
  );
}

/** Work allocation of one batch: Assign Batch, or ReAssign the batch date once assigned; mounted until it has closed. */
export function AllocationDialog({ kind, ...props }: DialogProps & { kind: 'assign' | 'reassign' }) {
  return kind === 'assign' ? <AssignBatch {...props} /> : <ReassignDate {...props} />;
}
