import { ApiError, LIMITS } from '@claims/shared-kernel';
import type { ConsoleClaimRow } from '@claims/shared-kernel';
import { LimitedSelect } from '@claims/shared-kernel/ui';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { addProcedureNames } from '../../api/claimActions';
import type { FilterOption } from '../console/ConsoleFilter';
import { CONFIRM_TITLE, OVERRIDE_PROCEDURE_QUESTION, SUCCESS } from '../console/texts';
import { useConsoleRefresh } from '../console/useConsoleWrite';

export interface AddProcedureDialogProps {
  org: string;
  selected: readonly ConsoleClaimRow[];
  procedureOptions: readonly FilterOption[];
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Add Procedure Name (spec 3 §5, §7): procedures for the selected claims. When a claim already has procedure codes
 * the override question comes first, and the call carries override; the server asks the same of claims whose
 * codes it knows and this page did not yet (409), and the question is then put to the user.
 */
export function AddProcedureDialog({ org, selected, procedureOptions, open, onClose, onDone }: AddProcedureDialogProps) {
  const { message, modal } = App.useApp();
  const refreshConsole = useConsoleRefresh(org);
  const [codes, setCodes] = useState<string[]>([]);
  const ids = selected.map((c) => c.id);

  const save = useMutation({
    mutationFn: (override: boolean) => addProcedureNames(ids, codes, org, override),
    onSuccess: (answer) => {
      void message.success(answer.Message || SUCCESS.done);
      refreshConsole();
      onDone();
      onClose();
    },
  });

  const askOverride = () =>
    modal.confirm({
      title: CONFIRM_TITLE,
      content: OVERRIDE_PROCEDURE_QUESTION,
      okText: 'Yes',
      cancelText: 'Cancel',
      onOk: () => save.mutateAsync(true).catch((error: Error) => void message.error(error.message)),
    });

  const submit = () => {
    if (!codes.length || save.isPending) return;
    if (selected.some((c) => c.vitraya_procedure_code.length > 0)) {
      askOverride();
      return;
    }
    save.mutate(false, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) askOverride();
        else void message.error(error.message);
      },
    });
  };

  return (
    <Modal
      title="Add Procedure Name"
      open={open}
      okText="Add"
      cancelText="Cancel"
      okButtonProps={{ disabled: !codes.length }}
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={onClose}
      afterClose={() => setCodes([])}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{`${selected.length} claim(s) selected.`}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label="Procedure Name" required style={{ marginBottom: 0 }} extra={`Up to ${LIMITS.multiSelectMax} procedures.`}>
          {/* The kernel's picker (spec 3 §9): at most 10 procedures, 20 tags shown, 50 of the matches listed. */}
          <LimitedSelect<string>
            aria-label="Procedure Name"
            max={LIMITS.multiSelectMax}
            placeholder="Choose procedures"
            options={[...procedureOptions]}
            value={codes}
            onChange={setCodes}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
