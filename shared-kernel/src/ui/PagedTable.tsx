import { Alert, Avatar, Card, Flex, Table, Typography, theme } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import type { Key, ReactNode } from 'react';
import { Highlight, REVIEW_PAGE_SIZES } from '@claims/shared-kernel';
import type { PagedList } from './usePagedList';

export interface PagedTableProps<T extends object> {
  /** Header title; the total follows it in brackets once the server has answered (not a false 0). */
  title: string;
  /** Avatar initials beside the title (CR, UD, ...). */
  avatar?: string;
  columns: TableColumnsType<T>;
  /** The server-paged rows and paging state (usePagedList); pages are 1-based. */
  list: Pick<PagedList<T>, 'rows' | 'total' | 'loading' | 'page' | 'pageSize' | 'setPage'> & Partial<Pick<PagedList<T>, 'totalCapped'>>;
  pageSizes?: readonly number[];
  rowKey: keyof T & string;
  /** Text to highlight in the cells. */
  searchText?: string;
  selectedKeys?: Key[];
  onSelectionChange?: (keys: Key[], rows: T[]) => void;
  onRowClick?: (row: T) => void;
  toolbar?: ReactNode;
  emptyText?: string;
  maxBodyHeight?: number;
  /**
   * Fits the columns to the card down to this width (table-layout fixed: a column keeps its width, the columns
   * without one share the rest), and scrolls sideways only below it. Without it the columns take their content's width.
   */
  fitWidth?: number;
  expandable?: TableProps<T>['expandable'];
}

/**
 * The paged table every list of the suite uses (spec 1 §2, spec 2 §2.2): 1-based paging driven by
 * the server, search text highlighted in plain cells, optional row selection with its banner.
 */
export function PagedTable<T extends object>({
  title,
  avatar,
  columns,
  list: { rows, total, totalCapped = false, loading, page, pageSize, setPage },
  pageSizes = REVIEW_PAGE_SIZES,
  rowKey,
  searchText,
  selectedKeys,
  onSelectionChange,
  onRowClick,
  toolbar,
  emptyText = 'No Data Found',
  maxBodyHeight = 500,
  fitWidth,
  expandable,
}: PagedTableProps<T>) {
  const { token } = theme.useToken();
  const highlighted = columns.map((column) =>
    'render' in column && column.render
      ? column
      : {
          ...column,
          render: (value: unknown) =>
            typeof value === 'string' || typeof value === 'number' ? <Highlight text={value} query={searchText} /> : (value as ReactNode),
        },
  );
  const selected = selectedKeys?.length ?? 0;
  // A count the server capped is a lower bound: '10,000+'.
  const totalText = totalCapped ? `${total.toLocaleString('en')}+` : String(total);
  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          {avatar && <Avatar style={{ background: token.blue }}>{avatar}</Avatar>}
          <Typography.Title level={5} style={{ margin: 0 }} data-testid="table-title">
            {loading && total === 0 ? title : `${title} (${totalText})`}
          </Typography.Title>
        </Flex>
      }
      extra={toolbar}
      styles={{ body: { padding: 0 } }}
    >
      {onSelectionChange && selected > 0 && (
        <Alert type="info" banner showIcon={false} title={`${selected} row(s) selected`} style={{ margin: 8 }} />
      )}
      <Table<T>
        size="small"
        rowKey={rowKey}
        columns={highlighted}
        dataSource={rows}
        loading={loading}
        scroll={{ y: maxBodyHeight, x: fitWidth ?? 'max-content' }}
        locale={{ emptyText }}
        expandable={expandable}
        rowSelection={
          onSelectionChange
            ? {
                selectedRowKeys: selectedKeys,
                onChange: (keys, selectedRows) => onSelectionChange(keys, selectedRows),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        onRow={onRowClick ? (row) => ({ onClick: () => onRowClick(row), style: { cursor: 'pointer' } }) : undefined}
        pagination={{
          current: page,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: pageSizes.map(String),
          onChange: setPage,
          showTotal: (count, [from, to]) => `${from}-${to} of ${totalCapped ? totalText : count}`,
        }}
      />
    </Card>
  );
}
