import { DATE_WIRE_FORMAT, QUALITY_PERIOD, qualityPeriodOf, todayInZone, type QualityPeriodChoice } from '@claims/shared-kernel';
import { DatePicker, Flex, Form, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router-dom';
import { FormItemSpacing } from '../../components/FormItemSpacing';

export const DISPLAY_DATE = 'DD-MM-YYYY';
const disableFuture = (day: Dayjs) => day.isAfter(todayInZone(), 'day');
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The dashboard's period in the address (?from=&to=, days of the display zone; by default the last 90 days, at most
 * a year), so a reload or a shared link shows the same period, and every tab of the dashboard keeps it.
 */
export function useDashboardPeriod(): QualityPeriodChoice & { choose: (field: 'from' | 'to', day: Dayjs | null) => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = qualityPeriodOf({ from: searchParams.get('from'), to: searchParams.get('to') }, todayInZone().format(DATE_WIRE_FORMAT));
  const choose = (field: 'from' | 'to', day: Dayjs | null) =>
    setSearchParams((params) => {
      if (day) params.set(field, day.format(DATE_WIRE_FORMAT));
      else params.delete(field);
      return params;
    });
  return { ...period, choose };
}

/** From and To pickers of the period (no future day), what the period counts, and what is wrong with it. */
export function PeriodPicker({ period, note }: { period: ReturnType<typeof useDashboardPeriod>; note: string }) {
  // A day typed into the address that is none (the message below names it) leaves its picker empty.
  const shown = (day: string) => (dayjs(day).isValid() ? dayjs(day) : null);
  return (
    <Flex vertical gap={8}>
      <FormItemSpacing step="none">
        <Flex gap={8} wrap align="center">
          {(['from', 'to'] as const).map((field) => (
            <Form.Item key={field} label={capitalized(field)}>
              <DatePicker
                aria-label={capitalized(field)}
                value={shown(period[field])}
                format={DISPLAY_DATE}
                disabledDate={disableFuture}
                onChange={(day) => period.choose(field, day)}
              />
            </Form.Item>
          ))}
          <Typography.Text type="secondary">
            {note}, at most {QUALITY_PERIOD.maxDays} days
          </Typography.Text>
        </Flex>
      </FormItemSpacing>
      {period.problem && (
        <Typography.Text type="danger" role="alert">
          {capitalized(period.problem.message)}.
        </Typography.Text>
      )}
    </Flex>
  );
}
