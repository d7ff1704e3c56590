import { LIMITS } from '@claims/shared-kernel';
import { DateRangeFields, dateRangeError, FilterPanel, toWireDate, type DateRange } from '@claims/shared-kernel/ui';
import type { ConsoleFilterBody } from '@claims/shared-kernel';
import { Form, Select } from 'antd';
import { useState } from 'react';

/** The list-valued fields of the console filter object (spec 3 §3.6). */
export type FilterListKey = Exclude<keyof ConsoleFilterBody, 'startDate' | 'endDate'>;

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterField {
  key: FilterListKey;
  label: string;
  options: readonly FilterOption[];
  /** Free values: the user may type values the options do not list. */
  free?: boolean;
}

type Values = Partial<Record<FilterListKey, string[]>>;
const NO_DATES: DateRange = { from: null, to: null };

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

/** A tab's collapsible Filter panel: a date range (90-day rule) and one multi-select per filter field. */
export function ConsoleFilter({
  fields,
  onFilter,
  onReset,
}: {
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
      <Form layout="vertical" component="div">
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', columnGap: 12 }}>
          {fields.map((field) => (
            <Form.Item key={field.key} label={field.label} style={{ marginBottom: 8 }}>
              <Select<string[]>
                aria-label={field.label}
                mode={field.free ? 'tags' : 'multiple'}
                allowClear
                showSearch
                optionFilterProp="label"
                maxCount={LIMITS.multiSelectMax}
                maxTagCount={20}
                placeholder={field.free ? 'Type or choose' : 'Choose'}
                options={[...field.options]}
                value={values[field.key] ?? []}
                onChange={(list) => setValues((v) => ({ ...v, [field.key]: list }))}
              />
            </Form.Item>
          ))}
        </div>
      </Form>
    </FilterPanel>
  );
}

/** Distinct non-empty values of the loaded rows, offered as choices for a free field. */
export function distinctOptions<T>(rows: readonly T[], pick: (row: T) => string | null | undefined): FilterOption[] {
  const seen = new Set<string>();
  for (const row of rows) {
    const value = pick(row)?.trim();
    if (value) seen.add(value);
  }
  return [...seen].sort((a, b) => a.localeCompare(b)).map((value) => ({ value, label: value }));
}
