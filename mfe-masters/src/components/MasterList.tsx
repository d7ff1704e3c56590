import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Highlight, isProviderOrg, useSession } from '@claims/shared-kernel';
import { usePagedList, PagedTable } from '@claims/shared-kernel/ui';
import { Button, Checkbox, Flex, Input, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { masterKeys } from '../api/queries';
import type { Page } from '../api/types';
import { useMayWriteMasters } from './masterWriter';

export type CellValue = string | number | null | undefined;

export interface ListColumn<T> {
  key: string;
  title: string;
  value: (row: T) => CellValue;
  /** Offered a filter dropdown once 'Enable filter options' is ticked. */
  filterable?: boolean;
}

/** What the generic list screen needs to know about one master (spec 2 §2.2). */
export interface MasterListConfig<T extends object> {
  /** The route segment: hospitals, diagnoses, ... */
  path: string;
  title: string;
  rowKey: keyof T & string;
  columns: ListColumn<T>[];
  /** The code the view route takes. */
  viewCode: (row: T) => string | number;
  fetchPage: (page: number, pageSize: number) => Promise<Page<T>>;
  /** POST /{path}/search with the column filters (keys are the columns' keys). */
  search: (filters: Record<string, string>, page: number, pageSize: number) => Promise<Page<T>>;
  /** The unfiltered list's total for the title, from a count call of its own (procedures, spec 2 §2.2). */
  count?: () => Promise<number>;
}

type Filters = Record<string, string>;

function ColumnFilter({
  title,
  value,
  onApply,
  close,
}: {
  title: string;
  value: string;
  onApply: (text: string) => void;
  close: () => void;
}) {
  const { token } = theme.useToken();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const apply = (next: string) => {
    onApply(next);
    close();
  };
  return (
    <Flex vertical gap={8} style={{ padding: token.paddingXS, width: 220 }} onKeyDown={(event) => event.stopPropagation()}>
      <Input
        autoFocus
        aria-label={`Filter ${title}`}
        placeholder={`Search ${title}`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={() => apply(text)}
      />
      <Flex gap={8}>
        <Button type="primary" size="small" icon={<SearchOutlined />} onClick={() => apply(text)}>
          Search
        </Button>
        <Button size="small" onClick={() => apply('')}>
          Reset
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * The list screen every master shares. Paging is the server's. Column filters (offered to the
 * provider's organisation) search the whole master on the server (POST /{path}/search), not just the
 * page on screen, and page the same way.
 */
export function MasterList<T extends object>({ config }: { config: MasterListConfig<T> }) {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const organization = useSession((s) => s.organization);
  const mayWrite = useMayWriteMasters();
  const [filtersEnabled, setFiltersEnabled] = useState(false);
  const [filters, setFilters] = useState<Filters>({});

  const active = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(filters)
          .map(([key, text]) => [key, text.trim()])
          .filter(([, text]) => text),
      ),
    [filters],
  );
  const filtering = Object.keys(active).length > 0;
  const list = usePagedList<T>(masterKeys.list(config.path, active), (page, pageSize) =>
    filtering ? config.search(active, page, pageSize) : config.fetchPage(page, pageSize),
  );
  const { count } = config;
  const counted = useQuery({
    queryKey: masterKeys.count(config.path),
    queryFn: () => (count ? count() : Promise.resolve(0)),
    enabled: !!count && !filtering,
  });
  const total = !filtering && counted.data !== undefined ? counted.data : list.total;

  const toggleFilters = (on: boolean) => {
    setFiltersEnabled(on);
    setFilters({});
  };

  const columns: TableColumnsType<T> = config.columns.map((column) => {
    const query = filters[column.key] ?? '';
    return {
      key: column.key,
      title: column.title,
      render: (_: unknown, row: T) => <Highlight text={column.value(row)} query={query} />,
      ...(filtersEnabled && column.filterable
        ? {
            filteredValue: query ? [query] : null,
            filterIcon: (filtered: boolean) => (
              <SearchOutlined aria-label={`Filter ${column.title} column`} style={{ color: filtered ? token.blue : undefined }} />
            ),
            filterDropdown: ({ close }: { close: () => void }) => (
              <ColumnFilter
                title={column.title}
                value={query}
                close={close}
                onApply={(text) => setFilters((f) => ({ ...f, [column.key]: text }))}
              />
            ),
          }
        : {}),
    };
  });

  return (
    <PagedTable<T>
      title={config.title}
      columns={columns}
      list={{ ...list, total }}
      rowKey={config.rowKey}
      onRowClick={(row) => navigate(`/${config.path}/view/${encodeURIComponent(config.viewCode(row))}`)}
      toolbar={
        <Flex gap={12} align="center">
          {isProviderOrg(organization) && (
            <Checkbox checked={filtersEnabled} onChange={(event) => toggleFilters(event.target.checked)}>
              Enable filter options
            </Checkbox>
          )}
          {mayWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/${config.path}/create`)}>
              Create
            </Button>
          )}
        </Flex>
      }
    />
  );
}
