import { CASE_TYPES, caseTypeLabel, formatInZone, INSURERS, PROVIDER_ORG } from '@claims/shared-kernel';
import type { CaseType, ReviewDueTime, ReviewSettings } from '@claims/shared-kernel';
import { LoadState } from '@claims/shared-kernel/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, App, Button, Card, Flex, Select, Table, theme, Typography } from 'antd';
import InputNumber from 'antd/es/input-number';
import { useState } from 'react';
import { reviewKeys, reviewSettingsQuery, saveReviewSettings } from '../../api/review';

/** The insurers a due time of their own may be set for (the provider's own claims take the default). */
const INSURER_OPTIONS = INSURERS.filter((i) => i.code !== PROVIDER_ORG).map((i) => ({ value: i.code, label: i.label }));
const CASE_TYPE_OPTIONS = CASE_TYPES.map((c) => ({ value: c.code, label: c.label }));
const insurerLabel = (org: string | null) =>
  org === null ? 'Default (every other insurer)' : (INSURERS.find((i) => i.code === org)?.label ?? org);

/** '4 hours', '5 days', '1 day 6 hours': how long the due time gives. */
export function spanText(hours: number): string {
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const parts = [days ? `${days} day${days === 1 ? '' : 's'}` : '', rest ? `${rest} hour${rest === 1 ? '' : 's'}` : ''];
  return parts.filter(Boolean).join(' ') || '0 hours';
}

interface EditedRow extends ReviewDueTime {
  key: string;
}

let nextKey = 0;
const withKeys = (rows: ReviewDueTime[]): EditedRow[] => rows.map((row) => ({ ...row, key: `row-${nextKey++}` }));

function DueTimesEditor({ settings }: { settings: ReviewSettings }) {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<EditedRow[]>(() => withKeys(settings.dueTimes));
  const change = (key: string, patch: Partial<ReviewDueTime>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const save = useMutation({
    mutationFn: () => saveReviewSettings({ dueTimes: rows.map(({ key: _key, ...row }) => row) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(reviewKeys.settings, saved);
      setRows(withKeys(saved.dueTimes));
      void message.success('Due times saved');
    },
  });
  const incomplete = rows.some((row) => !row.dueHours || row.dueHours < 1);

  const columns: TableColumnsType<EditedRow> = [
    {
      title: 'Insurer',
      key: 'org',
      render: (_, row) =>
        row.org === null ? (
          insurerLabel(null)
        ) : (
          <Select
            aria-label="Insurer"
            style={{ minWidth: 180 }}
            value={row.org}
            options={INSURER_OPTIONS}
            onChange={(org) => change(row.key, { org })}
          />
        ),
    },
    {
      title: 'Case Type',
      key: 'caseType',
      render: (_, row) =>
        row.org === null ? (
          caseTypeLabel(row.caseType)
        ) : (
          <Select<CaseType>
            aria-label="Case Type"
            style={{ minWidth: 160 }}
            value={row.caseType}
            options={CASE_TYPE_OPTIONS}
            onChange={(caseType) => change(row.key, { caseType })}
          />
        ),
    },
    {
      title: 'Due within (hours)',
      key: 'dueHours',
      render: (_, row) => (
        <Flex gap="small" align="center">
          <InputNumber<number>
            aria-label={`Due hours of ${insurerLabel(row.org)} ${caseTypeLabel(row.caseType)}`}
            min={1}
            precision={0}
            value={row.dueHours}
            onChange={(value) => change(row.key, { dueHours: value ?? 0 })}
          />
          <Typography.Text type="secondary">{row.dueHours ? spanText(row.dueHours) : ''}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: '',
      key: 'remove',
      render: (_, row) =>
        row.org !== null && (
          <Button type="link" danger onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
            Remove
          </Button>
        ),
    },
  ];

  return (
    <Flex vertical gap={token.margin}>
      <Table<EditedRow> rowKey="key" size="small" columns={columns} dataSource={rows} pagination={false} />
      <Flex gap="small" wrap>
        <Button
          onClick={() => setRows((all) => [...all, ...withKeys([{ org: INSURER_OPTIONS[0].value, caseType: 'PRE_AUTH', dueHours: 4 }])])}
        >
          Add insurer due time
        </Button>
        <Button type="primary" disabled={incomplete} loading={save.isPending} onClick={() => save.mutate()}>
          Save
        </Button>
      </Flex>
      {save.error && <Alert type="error" showIcon title={save.error.message} />}
      <Typography.Text type="secondary">
        A claim is due this long after its arrival; the clock pauses while it waits for documents or answers. A change applies to claims
        verified after it. ACCEPTED claims reviewed by a person: {settings.sampleAcceptedPercent}%. Open claims per reviewer before the
        round robin passes them by: {settings.openClaimLimit}.
        {settings.lastModifiedBy &&
          ` Last changed by ${settings.lastModifiedBy} on ${formatInZone(settings.lastModifiedAt, 'DD-MM-YYYY HH:mm')}.`}
      </Typography.Text>
    </Flex>
  );
}

/** /reviewSettings: the review due times per insurer and case type (provider super users). */
export function ReviewSettingsScreen() {
  const { token } = theme.useToken();
  const settings = useQuery(reviewSettingsQuery());
  return (
    <Flex vertical gap={token.margin} style={{ padding: token.padding }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        Review Settings
      </Typography.Title>
      <Card size="small" title="Due times">
        <LoadState query={settings}>{(data) => <DueTimesEditor settings={data} />}</LoadState>
      </Card>
    </Flex>
  );
}
