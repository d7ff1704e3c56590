import { CloudUploadOutlined, DownOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ConsoleClaimRow } from '@claims/shared-kernel';
import { DECISION_LETTER, useMakeDecisionLetter } from '@claims/shared-kernel/ui';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Dropdown, Flex, type MenuProps } from 'antd';
import { useState } from 'react';
import { dropClaims, refreshDownloads, setClaimStatus } from '../../api/claimActions';
import type { ClaimsTab } from '../../api/console';
import { AddProcedureDialog } from './AddProcedureDialog';
import { ChangeStatusDialog } from './ChangeStatusDialog';
import type { FilterOption } from '../console/ConsoleFilter';
import { CreateBatchDialog } from '../create-batch/CreateBatchDialog';
import { FailedClaimActions } from './FailedClaimActions';
import { importSummary, unreadableManifests } from '../manifest/importSummary';
import { ManifestUploadDialog } from '../manifest/ManifestUploadDialog';
import { CONFIRM_TITLE, SELECT_FIRST, SUCCESS } from '../console/texts';
import { alreadySaid, useConsoleRefresh, useConsoleWrite } from '../console/useConsoleWrite';

type Dialog = 'procedure' | 'status' | 'batch' | 'manifest';
type MenuAction = 'procedure' | 'status' | 'letter' | 'drop';

interface TabActions {
  refresh: boolean;
  upload: boolean;
  /** Retry of failed downloads. */
  retry: boolean;
  /** Upload, Verify and Upload & Verify of failed claims in their batches. */
  retryInBatch: boolean;
  createBatch: boolean;
  menu: MenuAction[];
}

/** What each claims tab offers (spec 3 §2.7, §4): Refresh where claims come in, Retry where downloads failed. */
const TAB_ACTIONS: Record<ClaimsTab, TabActions> = {
  uploads: {
    refresh: true,
    upload: true,
    retry: false,
    retryInBatch: false,
    createBatch: true,
    menu: ['procedure', 'status', 'letter', 'drop'],
  },
  downloadFailed: { refresh: true, upload: false, retry: true, retryInBatch: false, createBatch: false, menu: ['status', 'drop'] },
  uploadFailed: {
    refresh: false,
    upload: false,
    retry: false,
    retryInBatch: true,
    createBatch: true,
    menu: ['procedure', 'status', 'letter', 'drop'],
  },
};

const MENU_LABELS: Record<MenuAction, string> = {
  procedure: 'Add Procedure Name',
  status: 'Change Status',
  letter: DECISION_LETTER,
  drop: 'Drop',
};
/** A letter is of one claim's verdict. */
export const ONE_CLAIM_FOR_LETTER = 'Select one claim for its decision letter';

export interface ClaimActionsProps {
  tab: ClaimsTab;
  org: string;
  selected: readonly ConsoleClaimRow[];
  procedureOptions: readonly FilterOption[];
  /** An action changed the selected claims: the selection is done with. */
  onDone: () => void;
}

/**
 * A claims tab's toolbar: Refresh, Upload Manifest, Retry (downloads failed), Upload, Verify and Upload & Verify (uploads
 * failed), Claim Actions and Create Batch, each on the selection where it needs one.
 */
export function ClaimActions({ tab, org, selected, procedureOptions, onDone }: ClaimActionsProps) {
  const { message, modal } = App.useApp();
  const refreshConsole = useConsoleRefresh(org);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const offers = TAB_ACTIONS[tab];
  const ids = selected.map((c) => c.id);
  const close = () => setDialog(null);

  const refresh = useMutation({
    mutationFn: () => refreshDownloads(org),
    onSuccess: (result) => {
      void message.success(SUCCESS.refreshed);
      void message.info(importSummary(result));
      for (const warning of unreadableManifests(result)) void message.warning(warning);
      refreshConsole();
    },
    onError: (error) => void message.error(error.message),
  });
  const retry = useConsoleWrite(org, () => setClaimStatus(ids, 'TO_BE_REDOWNLOADED', org), { success: SUCCESS.done, onDone });
  const drop = useConsoleWrite(org, () => dropClaims(ids, org), { success: SUCCESS.done, onDone });
  const letter = useMakeDecisionLetter(org);

  /** Whether there is a selection to act on; without one, says to select first. */
  const hasSelection = (): boolean => {
    if (!selected.length) void message.warning(SELECT_FIRST);
    return selected.length > 0;
  };

  const confirmDrop = () =>
    modal.confirm({
      title: CONFIRM_TITLE,
      content: 'Are you sure you want to drop the selected claims?',
      okText: 'Yes',
      cancelText: 'Cancel',
      onOk: () => drop.mutateAsync().catch(alreadySaid),
    });

  const menu: MenuProps = {
    items: offers.menu.map((key) => ({ key, label: MENU_LABELS[key], danger: key === 'drop' })),
    onClick: ({ key }) => {
      if (!hasSelection()) return;
      if (key === 'letter') {
        if (selected.length === 1) letter.mutate(selected[0].id);
        else void message.warning(ONE_CLAIM_FOR_LETTER);
      } else if (key === 'drop') confirmDrop();
      else setDialog(key as Dialog);
    },
  };

  return (
    <Flex gap={8} wrap>
      {offers.refresh && (
        <Button icon={<ReloadOutlined />} loading={refresh.isPending} onClick={() => refresh.mutate()}>
          Refresh
        </Button>
      )}
      {offers.upload && (
        <Button icon={<CloudUploadOutlined />} onClick={() => setDialog('manifest')}>
          Upload Manifest
        </Button>
      )}
      {offers.retry && (
        <Button type="primary" loading={retry.isPending} onClick={() => hasSelection() && retry.mutate()}>
          Retry
        </Button>
      )}
      {offers.retryInBatch && <FailedClaimActions org={org} selected={selected} onDone={onDone} />}
      <Dropdown trigger={['click']} menu={menu}>
        <Button loading={drop.isPending || letter.isPending}>
          Claim Actions <DownOutlined />
        </Button>
      </Dropdown>
      {offers.createBatch && (
        <Button type="primary" onClick={() => hasSelection() && setDialog('batch')}>
          Create Batch
        </Button>
      )}
      <AddProcedureDialog
        org={org}
        selected={selected}
        procedureOptions={procedureOptions}
        open={dialog === 'procedure'}
        onClose={close}
        onDone={onDone}
      />
      <ChangeStatusDialog org={org} selected={selected} open={dialog === 'status'} onClose={close} onDone={onDone} />
      {tab !== 'downloadFailed' && (
        <CreateBatchDialog tab={tab} org={org} selected={selected} open={dialog === 'batch'} onClose={close} onCreated={onDone} />
      )}
      {offers.upload && <ManifestUploadDialog org={org} open={dialog === 'manifest'} onClose={close} />}
    </Flex>
  );
}
