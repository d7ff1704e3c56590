import { formatInZone, INSURERS, PROVIDER_ORG } from '@claims/shared-kernel';
import { lookupQueries, useLookup } from '@claims/shared-kernel/data';
import type { DownloadedCount, Procedure } from '@claims/shared-kernel';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Avatar, Flex, Select, Tabs, Typography, theme } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { consoleKeys, getDownloadedCount } from '../../api/console';
import { DISPLAY_DATE } from '../../components/claims/claimColumns';
import type { FilterOption } from '../../components/console/ConsoleFilter';
import { BatchSummaryTab } from './BatchSummaryTab';
import { ClaimsTab } from './ClaimsTab';
import { CONSOLE_TABS, type ConsoleTab } from './tabs';

/** The console's insurer choices (spec 3 §2.7): the provider's own organisation, Star Health and Niva Bupa. */
const CONSOLE_INSURERS = INSURERS.filter((i) => (['vitraya', 'starhealth', 'maxbupa'] as string[]).includes(i.code)).map((i) => ({
  value: i.code,
  label: i.label,
}));

/**
 * The header statistics of the chosen insurer. `refresh` loads them again (on a change of tab, so the
 * numbers stay current); another insurer's numbers stay until the new ones arrive.
 */
function useDownloadedCount(org: string): { counts: DownloadedCount | null; refresh: () => void } {
  const { message } = App.useApp();
  const query = useQuery({ queryKey: consoleKeys.counts(org), queryFn: () => getDownloadedCount(org), placeholderData: keepPreviousData });
  useEffect(() => {
    if (query.error) void message.error(`Statistics could not be loaded: ${query.error.message}`);
  }, [query.error, message]);
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  return { counts: query.data ?? null, refresh };
}

/** Procedure codes for the claims filters: the page's cached procedures lookup. */
const toOptions = (procedures: Procedure[]): FilterOption[] =>
  procedures.map((p) => ({ value: p.procedure_code, label: `${p.procedure_code} - ${p.name}` }));

/** /uploadsDownloads: the uploads and downloads console with its four tabs (spec 3 §2.7). */
export function UploadsDownloadsScreen() {
  const { token } = theme.useToken();
  const [org, setOrg] = useState<string>(PROVIDER_ORG);
  const [tab, setTab] = useState<ConsoleTab>('uploads');
  const { counts, refresh: refreshCounts } = useDownloadedCount(org);
  const procedureOptions = useLookup(lookupQueries.procedures(), { select: toOptions });
  const today = formatInZone(new Date(), DISPLAY_DATE);

  return (
    <Flex vertical gap={8} style={{ padding: token.padding }}>
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Flex align="center" gap={8}>
          <Avatar style={{ background: token.colorPrimary }}>UD</Avatar>
          <Typography.Title level={4} style={{ margin: 0 }}>
            Uploads and Downloads
          </Typography.Title>
        </Flex>
        <Flex align="center" gap={8}>
          <Typography.Text>Insurer</Typography.Text>
          <Select aria-label="Insurer" value={org} onChange={setOrg} options={CONSOLE_INSURERS} style={{ width: 180 }} />
        </Flex>
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as ConsoleTab);
          refreshCounts();
        }}
        items={CONSOLE_TABS.map((info) => ({
          key: info.key,
          label: info.label,
          children:
            info.key === 'batches' ? (
              <BatchSummaryTab label={info.label} org={org} stats={info.stats(counts, today)} />
            ) : (
              <ClaimsTab
                tab={info.key}
                label={info.label}
                org={org}
                stats={info.stats(counts, today)}
                procedureOptions={procedureOptions}
              />
            ),
        }))}
      />
    </Flex>
  );
}
