import { Button, Collapse, DatePicker, Flex, Form, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { DATE_WIRE_FORMAT, LIMITS, todayInZone } from '@claims/shared-kernel';

export const DATE_RANGE_ERROR = 'Date should not exceed 90 days.';

/** The from/to rule of every filter: no future dates, end on or after start, at most 90 days. */
export function dateRangeError(from: Dayjs | null | undefined, to: Dayjs | null | undefined): string | null {
  if (!from || !to) return null;
  if (to.isBefore(from, 'day') || to.diff(from, 'day') > LIMITS.maxDateRangeDays) return DATE_RANGE_ERROR;
  return null;
}

export const toWireDate = (d: Dayjs | null | undefined): string | undefined => (d ? d.format(DATE_WIRE_FORMAT) : undefined);

const disableFuture = (current: Dayjs) => current.isAfter(todayInZone(), 'day');

export interface DateRange {
  from: Dayjs | null;
  to: Dayjs | null;
}

export function DateRangeFields({
  value,
  onChange,
  displayFormat = 'DD-MM-YYYY',
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  displayFormat?: string;
}) {
  const error = dateRangeError(value.from, value.to);
  return (
    <Flex vertical gap={4}>
      <Flex gap={8} wrap>
        <Form.Item label="From" style={{ marginBottom: 0 }}>
          <DatePicker
            aria-label="From"
            value={value.from}
            format={displayFormat}
            disabledDate={disableFuture}
            onChange={(from) => onChange({ ...value, from })}
          />
        </Form.Item>
        <Form.Item label="To" style={{ marginBottom: 0 }}>
          <DatePicker
            aria-label="To"
            value={value.to}
            format={displayFormat}
            disabledDate={disableFuture}
            onChange={(to) => onChange({ ...value, to })}
          />
        </Form.Item>
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
          Max 90 days
        </Typography.Text>
      </Flex>
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}

export interface FilterPanelProps {
  children: ReactNode;
  onFilter: () => void;
  onReset: () => void;
  /** Filter is disabled while the form is invalid (a bad date range) or locked. */
  filterDisabled?: boolean;
  defaultOpen?: boolean;
}

/** The collapsible panel titled 'Filter' with its Filter and Reset Filter buttons. */
export function FilterPanel({ children, onFilter, onReset, filterDisabled, defaultOpen = false }: FilterPanelProps) {
  return (
    <Collapse
      defaultActiveKey={defaultOpen ? ['filter'] : []}
      style={{ marginBottom: 12 }}
      items={[
        {
          key: 'filter',
          label: 'Filter',
          children: (
            <Flex vertical gap={12}>
              {children}
              <Flex gap={8}>
                <Button type="primary" onClick={onFilter} disabled={filterDisabled}>
                  Filter
                </Button>
                <Button onClick={onReset}>Reset Filter</Button>
              </Flex>
            </Flex>
          ),
        },
      ]}
    />
  );
}
