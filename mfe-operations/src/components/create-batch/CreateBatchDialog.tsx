import { ApiError, CASE_TYPES } from '@claims/shared-kernel';
import { lookupQueries, useLookup } from '@claims/shared-kernel/data';
import type { BatchCreateAction, CaseType, ConsoleClaimRow, Hospital } from '@claims/shared-kernel';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Flex, Form, Input, Modal, Select, Typography, theme } from 'antd';
import Radio from 'antd/es/radio';
import { useState } from 'react';
import { createConsoleBatch } from '../../api/batchActions';
import { CREATE_ACTIONS, CREATE_SUCCESS, type CreateBatchTab, planBatch } from './createBatch';
import { NOT_AUTHORIZED } from '../console/texts';
import { useConsoleRefresh } from '../console/useConsoleWrite';

const hospitalOptions = (hospitals: Hospital[]) =>
  hospitals.map((h) => ({ value: h.hospital_code, label: `${h.hospital_code} - ${h.name}` }));

const CASE_TYPE_OPTIONS = CASE_TYPES.map((c) => ({ value: c.code, label: c.label }));

interface Draft {
  batchName: string;
  action?: BatchCreateAction;
  hospitalCode?: string;
  caseType?: CaseType;
  reason: string;
}

/** What is still missing before Create Batch can be pressed; null when the form is complete. */
function missing(draft: Draft): string | null {
  if (!draft.batchName.trim()) return 'Enter the batch name';
  if (!draft.action) return 'Choose an action';
  if (draft.action === 'verify' && (!draft.hospitalCode || !draft.caseType)) return 'Verify needs a hospital and a case type';
  if (draft.action === 'discard' && !draft.reason.trim()) return 'Discard needs a reason';
  return null;
}

export interface CreateBatchDialogProps {
  tab: CreateBatchTab;
  org: string;
  /** The selected claims, as the grid shows them. */
  selected: readonly ConsoleClaimRow[];
  open: boolean;
  onClose: () => void;
  /** The batch was created: the selection is done with. */
  onCreated: () => void;
}

/**
 * Create Batch (spec 3 §2.7, §4, §5): a name and an action for the selected claims, a hospital and a case type
 * to verify, a reason to discard. The alerts of §5 show above the form as soon as they apply.
 */
export function CreateBatchDialog({ tab, org, selected, open, onClose, onCreated }: CreateBatchDialogProps) {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const refreshConsole = useConsoleRefresh(org);
  const hospitals = useLookup(lookupQueries.hospitals(), { enabled: open, select: hospitalOptions });
  const [draft, setDraft] = useState<Draft>({ batchName: '', reason: '' });
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const plan = planBatch(selected, draft.action, draft.caseType);
  const incomplete = missing(draft);

  const create = useMutation({
    mutationFn: (action: BatchCreateAction) =>
      createConsoleBatch({
        claims: plan.claims.map((c) => c.id),
        batchName: draft.batchName.trim(),
        downloadedClaimFlag: true,
        organization: org,
        action,
        ...(action === 'verify' ? { hospitalCode: draft.hospitalCode, caseType: draft.caseType } : {}),
        ...(action === 'discard' ? { reason: draft.reason.trim() } : {}),
      }),
    onSuccess: (_, action) => {
      void message.success(CREATE_SUCCESS[action]);
      refreshConsole();
      onCreated();
      onClose();
    },
    onError: (error) => {
      void message.error(error.message);
      // Refused as not allowed (spec 3 §6): what the page shows may be out of date, so it is read again.
      if (error instanceof ApiError && (error.status === 403 || error.detail === NOT_AUTHORIZED)) {
        refreshConsole();
        onClose();
      }
    },
  });

  const submit = () => {
    if (!incomplete && !plan.blocker && draft.action && !create.isPending) create.mutate(draft.action);
  };

  return (
    <Modal
      title="Create Batch"
      open={open}
      okText="Create Batch"
      cancelText="Cancel"
      okButtonProps={{ disabled: !!incomplete || !!plan.blocker }}
      confirmLoading={create.isPending}
      onOk={submit}
      onCancel={onClose}
      afterClose={() => setDraft({ batchName: '', reason: '' })}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        {plan.notices.map((notice) => (
          <Alert key={notice} type="warning" showIcon title={notice} />
        ))}
        {plan.blocker && <Alert type="error" showIcon title={plan.blocker} />}
        <Typography.Text type="secondary">{`${plan.claims.length} claim(s) go into the batch.`}</Typography.Text>
        <Form layout="vertical" component="div">
          <Form.Item label="Batch name" required style={{ marginBottom: token.marginSM }}>
            <Input
              aria-label="Batch name"
              autoFocus
              maxLength={200}
              value={draft.batchName}
              onChange={(e) => set({ batchName: e.target.value })}
              onPressEnter={submit}
            />
          </Form.Item>
          <Form.Item label="Action" required style={{ marginBottom: token.marginSM }}>
            <Radio.Group
              aria-label="Action"
              value={draft.action}
              onChange={(e) => set({ action: e.target.value as BatchCreateAction })}
              options={CREATE_ACTIONS[tab].map((a) => ({ value: a.value, label: a.label }))}
            />
          </Form.Item>
          {draft.action === 'verify' && (
            <Flex gap={12} wrap>
              <Form.Item label="Hospital" required style={{ flex: 1, minWidth: 220, marginBottom: token.marginSM }}>
                <Select
                  aria-label="Hospital"
                  showSearch
                  optionFilterProp="label"
                  placeholder="Choose a hospital"
                  options={hospitals}
                  value={draft.hospitalCode}
                  onChange={(hospitalCode: string) => set({ hospitalCode })}
                />
              </Form.Item>
              <Form.Item label="Case Type" required style={{ flex: 1, minWidth: 180, marginBottom: token.marginSM }}>
                <Select
                  aria-label="Case Type"
                  placeholder="Choose a case type"
                  options={CASE_TYPE_OPTIONS}
                  value={draft.caseType}
                  onChange={(caseType: CaseType) => set({ caseType })}
                />
              </Form.Item>
            </Flex>
          )}
          {draft.action === 'discard' && (
            <Form.Item label="Reason" required style={{ marginBottom: token.marginSM }}>
              <Input.TextArea
                aria-label="Reason"
                rows={3}
                maxLength={500}
                value={draft.reason}
                onChange={(e) => set({ reason: e.target.value })}
              />
            </Form.Item>
          )}
        </Form>
        {incomplete && !plan.blocker && <Typography.Text type="secondary">{incomplete}</Typography.Text>}
      </Flex>
    </Modal>
  );
}
