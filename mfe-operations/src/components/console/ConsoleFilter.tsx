import type { ConsoleFilterBody, ConsoleFilterOptions } from '@claims/shared-kernel';
import { DateRangeFields, dateRangeError, FilterPanel, LimitedSelect, toWireDate, type DateRange } from '@claims/shared-kernel/ui';
import { useQuery } from '@tanstack/react-query';
import { Form, theme } from 'antd';
import { useState } from 'react';
import { consoleKeys, fetchFilterOptions } from '../../api/console';

/** The list-valued fields of the console filter object (spec 3 §3.6). */
export type FilterListKey = Exclude<keyof ConsoleFilterBody, 'startDate' | 'endDate'>;

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A multi-select of the filter: fixed choices, or 'server' for every value the insurer's claims or batches have
 * (GET /claim/batch/filterOptions, read once the panel is first opened).
 */
export type FilterField =
  | { key: FilterListKey; label: string; options: readonly FilterOption[] }
  | { key: keyof ConsoleFilterOptions; label: string; options: 'server' };

type Values = Partial<Record<FilterListKey, string[]>>;
const NO_DATES: DateRange = { from: null, to: null };
const asOptions = (values: readonly string[]): FilterOption[] => values.map((value) => ({ value, label: value }));

/** Only what the user chose goes on the wire: dates as YYYY-MM-DD and non-empty lists. */
export function filterBody(dates: DateRange, values: Values): ConsoleFilterBody {
  const body: Record<string, unknown> = {};
  const startDate = toWireDate(dates.from);
  const endDate = toWireDate(dates.to);
  if (startDate) body.startDate = startDate;
  if (endDate) body.endDate = endDate;
  for (const [key, list] of Object.entries(values)) if (list?.length) body[key] = list;
  return body as ConsoleFilterBody;
}

/**
 * The multi-selects, each the kernel's LimitedSelect (spec 3 §9: at most 10 choices, 20 tags shown, 50 options
 * listed). Mounted when the panel first opens, so the server's choices are read only by those who filter.
 */
function FilterFields({
  org,
  fields,
  values,
  onChange,
}: {
  org: string;
  fields: readonly FilterField[];
  values: Values;
  onChange: (key: FilterListKey, list: string[]) => void;
}) {
  const { token } = theme.useToken();
  const fromServer = useQuery({
    queryKey: consoleKeys.filterOptions(org),
    queryFn: () => fetchFilterOptions(org),
    enabled: fields.some((field) => field.options === 'server'),
  });
  const optionsOf = (field: FilterField): FilterOption[] =>
    field.options === 'server' ? asOptions(fromServer.data?.[field.key] ?? []) : [...field.options];
  return (
    <Form layout="vertical" component="div">
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', columnGap: token.marginSM }}>
        {fields.map((field) => {
          const serverChoices = field.options === 'server';
          return (
            <Form.Item key={field.key} label={field.label} style={{ marginBottom: token.marginXS }}>
              <LimitedSelect<string>
                aria-label={field.label}
                placeholder={serverChoices && fromServer.isError ? 'The choices could not be loaded' : 'Choose'}
                loading={serverChoices && fromServer.isLoading}
                options={optionsOf(field)}
                value={values[field.key] ?? []}
                onChange={(list) => onChange(field.key, list)}
              />
            </Form.Item>
          );
        })}
      </div>
    </Form>
  );
}

/** A tab's collapsible Filter panel: a date range (90-day rule) and one multi-select per filter field. */
export function ConsoleFilter({
  org,
  fields,
  onFilter,
  onReset,
}: {
  /** The insurer whose claims and batches the choices come from. */
  org: string;
  fields: readonly FilterField[];
  onFilter: (body: ConsoleFilterBody) => void;
  onReset: () => void;
}) {
  const [dates, setDates] = useState<DateRange>(NO_DATES);
  const [values, setValues] = useState<Values>({});
  return (
    <FilterPanel
      filterDisabled={!!dateRangeError(dates.from, dates.to)}
      onFilter={() => onFilter(filterBody(dates, values))}
      onReset={() => {
        setDates(NO_DATES);
        setValues({});
        onReset();
      }}
    >
      <DateRangeFields value={dates} onChange={setDates} />
      <FilterFields org={org} fields={fields} values={values} onChange={(key, list) => setValues((v) => ({ ...v, [key]: list }))} />
    </FilterPanel>
  );
}
