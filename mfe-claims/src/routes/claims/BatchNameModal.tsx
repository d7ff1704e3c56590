import type { BatchLeaving } from '@claims/shared-kernel';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { leavingBatchesQuery } from '../../api/batches';
import { FormItemSpacing } from '../../components/FormItemSpacing';

export const MOVE_CONFIRMATION = 'Move these claims out of their batches';
export const LEAVING_TITLE = 'Some of the selected claims are already in a batch';
export const LEAVING_CHECK_FAILED = 'Could not check whether the selected claims are in other batches; try again.';

/** 'ASSIGNED' reads 'Assigned'. */
const statusWords = (status: string) => status.charAt(0) + status.slice(1).toLowerCase().replaceAll('_', ' ');

/** "'March' (Assigned): 2 of its 5 claims", with what the move does to an assigned or emptied batch. */
export function leavingText(batch: BatchLeaving): string {
  const consequence =
    batch.leaving === batch.total_claims_count
      ? '; it is left with no claims and is discarded'
      : batch.allocation_status === 'ASSIGNED'
        ? "; its analysts' allocation shrinks to the claims it keeps"
        : '';
  return `'${batch.batchName}' (${statusWords(batch.status)}): ${batch.leaving} of its ${batch.total_claims_count} claims${consequence}`;
}

export interface BatchNameModalProps {
  open: boolean;
  busy: boolean;
  /** The selected claims, and their organisation: the prompt names the batches they would leave. */
  claims: number[];
  org: string;
  onCancel: () => void;
  /** `moveFromBatches`: the user confirmed taking the claims out of the batches they are in. */
  onCreate: (batchName: string, moveFromBatches: boolean) => void;
}

/**
 * The batch name prompt of Run Verification: Create Batch stays disabled while the name is empty, and while the
 * selection has claims of other batches until the user confirms moving them (the batches are named first).
 */
export function BatchNameModal({ open, busy, claims, org, onCancel, onCreate }: BatchNameModalProps) {
  const [name, setName] = useState('');
  const [moveConfirmed, setMoveConfirmed] = useState(false);
  const leaving = useQuery({ ...leavingBatchesQuery(claims, org), enabled: open });
  const left = leaving.data ?? [];
  const checked = leaving.isSuccess;
  const trimmed = name.trim();
  const ready = !!trimmed && checked && (left.length === 0 || moveConfirmed);
  const create = () => ready && !busy && onCreate(trimmed, left.length > 0);
  return (
    <Modal
      open={open}
      title="Enter the batch name"
      okText="Create Batch"
      cancelText="Cancel"
      okButtonProps={{ disabled: !ready }}
      confirmLoading={busy}
      onOk={create}
      onCancel={onCancel}
      afterClose={() => {
        setName('');
        setMoveConfirmed(false);
      }}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        {leaving.isError && <Alert type="error" showIcon title={LEAVING_CHECK_FAILED} />}
        {left.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={LEAVING_TITLE}
            description={
              <Flex vertical gap={4}>
                <Typography.Text>They leave these batches for the new one:</Typography.Text>
                <ul style={{ margin: 0, paddingInlineStart: 20 }} aria-label="Batches the claims leave">
                  {left.map((batch) => (
                    <li key={batch.id}>{leavingText(batch)}</li>
                  ))}
                </ul>
                <Checkbox checked={moveConfirmed} onChange={(e) => setMoveConfirmed(e.target.checked)}>
                  {MOVE_CONFIRMATION}
                </Checkbox>
              </Flex>
            }
          />
        )}
        <FormItemSpacing step="none">
          <Form layout="vertical" component="div">
            <Form.Item label="Batch name">
              <Input
                aria-label="Batch name"
                autoFocus
                maxLength={200}
                value={name}
                onChange={(e) => setName(e.target.value)}
                onPressEnter={create}
              />
            </Form.Item>
          </Form>
        </FormItemSpacing>
      </Flex>
    </Modal>
  );
}
