/** The records the clinical attribute screens' tests answer with. */
import type { ClinicalAttribute, ClinicalUnit, Hospital, KeywordEntity, PatternPart, Procedure } from '@claims/shared-kernel';
import { type FakeApi, fakeApi } from '@claims/shared-kernel/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

export const gdl: ClinicalUnit = { id: 1, name: 'g/dL', alias: [{ keyword: 'g/dl', conversion_unit: 1 }] };
export const percent: ClinicalUnit = { id: 2, name: '%', alias: [{ keyword: '%', conversion_unit: 1 }] };
export const hospitals: Hospital[] = [
  { id: 7, hospital_code: 'H007', name: 'Apollo Chennai' },
  { id: 8, hospital_code: 'F100', name: 'Fortis Mulund' },
];
export const procedures: Procedure[] = [
  { id: 1, procedure_code: 'P1', name: 'Cataract Surgery', snomedct_code: '1', procedure_group: null, alias: [] },
  { id: 2, procedure_code: 'P2', name: 'Appendectomy', snomedct_code: '2', procedure_group: null, alias: [] },
];
export const documents: KeywordEntity[] = [
  { id: 21, name: 'Discharge Summary', alias: [] },
  { id: 22, name: 'Lab Report', alias: [] },
  { id: 23, name: 'Claim Form', alias: [] },
];

export const NEXT_LINE: PatternPart[] = [
  { type: 'attributeName' },
  { type: 'newline' },
  { type: 'valueExpression', pattern: ['NUMBER'] },
  { type: 'attributeUnit' },
];

export const haemoglobin: ClinicalAttribute = {
  id: 5,
  name: 'Haemoglobin',
  alias: ['Hb', 'Hgb'],
  value_type: 'Number',
  tabular: true,
  distributed_attribute_value: false,
  fk_clinical_unit: [1],
  clinical_unit: [{ id: 1, name: 'g/dL' }],
  number_range: { lower_limit: 2, upper_limit: 22 },
  text_possible_values: [],
  overrides: [
    { hospitals: ['H007'], procedures: [], override_value: ['Lab Report', 'Discharge Summary'], exclude_document_headers: ['Claim Form'] },
  ],
  override_message: null,
  patternOverridesForValues: [{ hospitals: ['F100'], overrides: [NEXT_LINE] }],
  audit_trail: [
    { last_modified_by: 'vitraya.admin', last_modified_on: '2024-03-01T04:00:00Z' },
    { last_modified_by: 'vitraya.analyst', last_modified_on: '2024-03-05T10:00:00Z' },
  ],
  created_by: 'vitraya.admin',
  created_at: '2024-03-01T04:00:00Z',
  last_modified_by: 'vitraya.analyst',
  last_modified_at: '2024-03-05T10:00:00Z',
};

/** The calls every clinical attribute screen makes, answered. */
export function attributeApi(): FakeApi {
  return fakeApi({
    'GET /clinicalAttribute': [{ ...haemoglobin, total_count: 1, page_number: 1 }],
    'GET /clinicalAttribute/:id': haemoglobin,
    'GET /clinicalUnit': [gdl, percent],
    'GET /hospitals': { results: hospitals },
    'GET /procedures': procedures,
    'GET /document': documents,
  });
}

export const input = (label: string, scope: HTMLElement = document.body) => within(scope).getByLabelText(label, { selector: 'input' });
export const type = (label: string, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label, { selector: 'input, textarea' }), { target: { value } });
/** A button by its text (after its icon's name, if it has one) or its aria-label. */
export const button = (name: string | RegExp, scope: HTMLElement = document.body) =>
  within(scope).getByRole('button', {
    name: typeof name === 'string' ? new RegExp(`(^|\\s)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : name,
  });

/**
 * Opens a select and clicks one of its options (antd renders them in a popup at the end of the page), after typing
 * `search` when given (a long list shows only its first options).
 */
export async function choose(label: string, optionText: string, scope: HTMLElement = document.body, search?: string) {
  fireEvent.mouseDown(input(label, scope));
  if (search !== undefined) fireEvent.change(input(label, scope), { target: { value: search } });
  const option = await waitFor(() => {
    const shown = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option'))
      .filter((o) => o.textContent === optionText)
      .at(-1);
    if (!shown) throw new Error(`option ${optionText} is not offered`);
    return shown;
  });
  await act(async () => {
    fireEvent.click(option);
  });
}

/** The chosen items a multi-select shows. */
export const chosen = (label: string, scope: HTMLElement = document.body) =>
  Array.from(input(label, scope).closest('.ant-select')!.querySelectorAll('.ant-select-selection-item')).map((item) => item.textContent);

/** An open wizard by its title (antd's test ids make every dialog's aria-labelledby alike, so the title is looked for inside). */
export const wizard = async (title: string): Promise<HTMLElement> => {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
};
