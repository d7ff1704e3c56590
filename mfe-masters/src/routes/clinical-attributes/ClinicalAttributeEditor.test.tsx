import { setRuntimeConfig } from '@claims/shared-kernel';
import type { ClinicalUnit } from '@claims/shared-kernel';
import { failure, type FakeApi, renderScreen, signInAs, signOut } from '@claims/shared-kernel/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import MastersRoutes from '../index';
import { attributeApi, button, choose, chosen, haemoglobin, input, type } from '../../testing/clinicalAttributes';

const save = () => button('Save');
const problems = () => screen.queryByTestId('save-problems')?.textContent ?? '';
const valueType = (name: string) => fireEvent.click(screen.getByRole('radio', { name }));

/** The remote's routes with the pages a delete or a save leads to outside them. */
const withRules = (
  <Routes>
    <Route path="/rules" element={<p>rules list</p>} />
    <Route path="*" element={<MastersRoutes />} />
  </Routes>
);

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'super_user');
  setRuntimeConfig({ externalClaimsUrl: '#claims' });
  window.location.hash = '';
  api = attributeApi();
});
afterEach(() => signOut());

describe('clinical attribute list and view', () => {
  it('lists the seven columns with the total, and opens a row', async () => {
    renderScreen(<MastersRoutes />, '/clinicalAttribute');
    expect(await screen.findByText('Clinical Attributes (1)')).toBeInTheDocument();
    for (const column of ['ID', 'Name', 'Alias', 'Value Type', 'Tabular', 'Distributed Attribute Value', 'Test Unit'])
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    const row = (await screen.findByText('Haemoglobin')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Hb, Hgb');
    expect(row).toHaveTextContent('Yes');
    expect(row).toHaveTextContent('g/dL');
    expect(api.callsTo('GET /clinicalAttribute').map((call) => call.url)).toEqual(['/clinicalAttribute?limit=25&page_number=1']);
    fireEvent.click(screen.getByText('Haemoglobin'));
    expect(await screen.findByText('Last modified by vitraya.analyst at 2024-03-05, 3:30:00 pm')).toBeInTheDocument();
    expect(api.callsTo('GET /clinicalAttribute/:id').map((call) => call.url)).toEqual(['/clinicalAttribute/5?audit=True']);
  });

  it('lists them at /clinicals too (spec 3 §2.1), where the page used to be not found', async () => {
    renderScreen(<MastersRoutes />, '/clinicals');
    expect(await screen.findByText('Clinical Attributes (1)')).toBeInTheDocument();
    expect(await screen.findByText('Haemoglobin')).toBeInTheDocument();
  });

  it('shows the fields and the overrides, an empty alias list as No Alias', async () => {
    api.answer({ 'GET /clinicalAttribute/:id': { ...haemoglobin, alias: [] } });
    renderScreen(<MastersRoutes />, '/clinicalAttribute/view/5');
    const overrides = await screen.findByRole('table', { name: 'Override' });
    const cell = (label: string) => screen.getByText(label, { selector: 'th, th *' }).closest('tr') as HTMLElement;
    expect(cell('Alias')).toHaveTextContent('No Alias');
    expect(cell('Limits')).toHaveTextContent('Lower Limit 2, Upper Limit 22');
    expect(within(overrides).getAllByRole('row')[1]).toHaveTextContent(/H007.*All.*1\. Lab Report.*2\. Discharge Summary.*Claim Form/);
    expect(
      within(screen.getByRole('table', { name: 'Pattern override' })).getByText('1. Name · Newline · Value (Number) · Unit'),
    ).toBeInTheDocument();
  });
});

describe('clinical attribute history', () => {
  it('calls each changed field what the view calls it', async () => {
    api.answer({
      'GET /audit/:entity/:key': {
        results: [
          {
            id: 21,
            entity: 'clinicalAttribute',
            key: '5',
            action: 'update',
            username: 'vitraya.analyst',
            at: '2024-03-05T10:00:00Z',
            before: {
              number_range: { lower_limit: 1, upper_limit: 20 },
              fk_clinical_unit: [],
              clinical_unit: [],
              patternOverridesForValues: [],
            },
            after: {
              number_range: { lower_limit: 2, upper_limit: 22 },
              fk_clinical_unit: [1],
              clinical_unit: [{ id: 1, name: 'g/dL' }],
              patternOverridesForValues: haemoglobin.patternOverridesForValues,
            },
          },
        ],
        total_count: 1,
        page_number: 1,
      },
    });
    renderScreen(<MastersRoutes />, '/clinicalAttribute/view/5');
    fireEvent.click(await screen.findByRole('button', { name: /History/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Limits')).toBeInTheDocument();
    for (const label of ['Test Unit', 'Test Unit IDs', 'Pattern overrides']) expect(within(dialog).getByText(label)).toBeInTheDocument();
    for (const wireName of ['Number Range', 'Fk Clinical Unit', 'Clinical Unit', 'Pattern Overrides For Values'])
      expect(within(dialog).queryByText(wireName)).not.toBeInTheDocument();
  });
});

describe('clinical attribute editor', () => {
  it('keeps Save disabled without a name or a value type, or with a reversed range, and sends only what §5 keeps', async () => {
    api.answer({ 'POST /clinicalAttribute': haemoglobin });
    renderScreen(<MastersRoutes />, '/clinicalAttribute/create');
    // The title reads as one (spec 3 §2.3), not 'Create' beside a grey 'Clinical Attribute'.
    expect(await screen.findByRole('heading', { name: 'Create Clinical Attribute' })).toBeInTheDocument();
    expect(screen.queryByText('Clinical Attribute', { exact: true })).not.toBeInTheDocument();
    expect(save()).toBeDisabled();
    expect(problems()).toBe('Name is required · Choose a value type');

    type('Name', '  Serum Sodium ');
    expect(problems()).toBe('Choose a value type');
    valueType('Number');
    expect(save()).toBeEnabled();
    fireEvent.change(screen.getByLabelText('Lower Limit'), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('Upper Limit'), { target: { value: '120' } });
    await waitFor(() => expect(problems()).toBe('The lower limit must not exceed the upper limit'));
    expect(save()).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Upper Limit'), { target: { value: '160' } });
    await waitFor(() => expect(save()).toBeEnabled());

    fireEvent.click(button('Add Aliases'));
    type('Alias 1', 'Na');
    fireEvent.click(button('Add alias after 1'));
    expect(button('Add alias after 1')).toBeDisabled();
    type('Alias 2', '   ');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tabular' }));
    await choose('Test unit', '%');

    fireEvent.click(save());
    await waitFor(() => expect(api.callsTo('POST /clinicalAttribute')).toHaveLength(1));
    expect(api.callsTo('POST /clinicalAttribute')[0].body).toEqual({
      name: 'Serum Sodium',
      alias: ['Na'],
      value_type: 'Number',
      tabular: true,
      distributed_attribute_value: false,
      fk_clinical_unit: [2],
      number_range: { lower_limit: 150, upper_limit: 160 },
      overrides: [],
      override_message: null,
      patternOverridesForValues: [],
    });
    expect(await screen.findByText('Clinical Attributes (1)')).toBeInTheDocument();
  });

  it('edits text values with their aliases: a row is added only when none is empty, selected rows are deleted, empty ones dropped', async () => {
    api.answer({ 'POST /clinicalAttribute': haemoglobin });
    renderScreen(<MastersRoutes />, '/clinicalAttribute/create');
    await screen.findByLabelText('Name');
    type('Name', 'Urine Albumin');
    valueType('Text');
    expect(screen.queryByLabelText('Lower Limit')).not.toBeInTheDocument();
    const values = screen.getByRole('group', { name: 'Text values' });
    expect(button('Add text value after 1', values)).toBeDisabled();
    type('Text value 1', 'Positive', values);
    const aliases = input('Aliases of text value 1', values);
    fireEvent.change(aliases, { target: { value: '+ve' } });
    fireEvent.keyDown(aliases, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(chosen('Aliases of text value 1', values)).toEqual(['+ve']));
    fireEvent.click(button('Add text value after 1', values));
    type('Text value 2', 'Trace', values);
    fireEvent.click(button('Add text value after 2', values));
    const third = input('Aliases of text value 3', values);
    fireEvent.change(third, { target: { value: 'tr' } });
    fireEvent.keyDown(third, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(problems()).toBe('A text value with aliases needs its text'));
    expect(save()).toBeDisabled();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select text value 2' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select text value 3' }));
    fireEvent.click(button(/Delete Selected/));
    await waitFor(() => expect(screen.queryByLabelText('Text value 2')).not.toBeInTheDocument());
    fireEvent.click(button('Add text value after 1', values));
    expect(save()).toBeEnabled();

    fireEvent.click(save());
    await waitFor(() => expect(api.callsTo('POST /clinicalAttribute')).toHaveLength(1));
    expect(api.callsTo('POST /clinicalAttribute')[0].body).toMatchObject({
      value_type: 'Text',
      number_range: null,
      text_possible_values: [{ text_value: 'Positive', text_value_alias: ['+ve'] }],
    });
  });

  it('offers the test units and stops at 10', async () => {
    const units: ClinicalUnit[] = Array.from({ length: 11 }, (_, i) => ({ id: 11 - i, name: `Unit ${11 - i}`, alias: [] }));
    api.answer({ 'GET /clinicalUnit': units });
    renderScreen(<MastersRoutes />, '/clinicalAttribute/create');
    await screen.findByRole('heading', { name: 'Create Clinical Attribute' });
    for (let n = 1; n <= 10; n += 1) await choose('Test unit', `Unit ${n}`, document.body, `Unit ${n}`);
    expect(chosen('Test unit')).toHaveLength(10);
    fireEvent.mouseDown(input('Test unit'));
    const eleventh = await waitFor(() => {
      const shown = Array.from(document.querySelectorAll('.ant-select-item-option')).find((o) => o.textContent === 'Unit 11');
      if (!shown) throw new Error('Unit 11 is not offered');
      return shown;
    });
    expect(eleventh).toHaveClass('ant-select-item-option-disabled');
    fireEvent.click(eleventh);
    expect(chosen('Test unit')).toHaveLength(10);
  });

  it('loads the attribute with its audit trail, shows the last update, and saves the edit with the overrides kept', async () => {
    api.answer({ 'PUT /clinicalAttribute/:id': haemoglobin });
    renderScreen(<MastersRoutes />, '/clinicalAttribute/edit/5');
    expect(await screen.findByRole('heading', { name: 'Edit Clinical Attribute' })).toBeInTheDocument();
    expect(api.callsTo('GET /clinicalAttribute/:id').map((call) => call.url)).toEqual(['/clinicalAttribute/5?audit=True']);
    expect(screen.getByTestId('last-update')).toHaveTextContent('Last modified by vitraya.analyst at 2024-03-05, 3:30:00 pm');
    expect(input('Name')).toHaveValue('Haemoglobin');
    expect(screen.getByText('Hb, Hgb')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Number' })).toBeChecked();
    expect(screen.getByLabelText('Lower Limit')).toHaveValue('2');
    expect(chosen('Test unit')).toEqual(['g/dL']);
    expect(screen.getByRole('checkbox', { name: 'Tabular' })).toBeChecked();

    fireEvent.click(button('Edit Aliases'));
    fireEvent.click(button('Delete alias 2'));
    fireEvent.click(button('Hide Aliases'));
    expect(screen.getByText('Hb')).toBeInTheDocument();
    fireEvent.click(save());
    await waitFor(() => expect(api.callsTo('PUT /clinicalAttribute/:id')).toHaveLength(1));
    expect(api.callsTo('PUT /clinicalAttribute/:id')[0]).toMatchObject({
      path: '/clinicalAttribute/5',
      body: {
        name: 'Haemoglobin',
        alias: ['Hb'],
        fk_clinical_unit: [1],
        number_range: { lower_limit: 2, upper_limit: 22 },
        overrides: haemoglobin.overrides,
        patternOverridesForValues: haemoglobin.patternOverridesForValues,
      },
    });
  });

  it('marks a deleted override struck through until Save, restores it, and leaves it out of the save', async () => {
    const byBill = { hospitals: [], procedures: ['P1'], override_value: ['Final Bill'], exclude_document_headers: [] };
    api.answer({
      'GET /clinicalAttribute/:id': { ...haemoglobin, overrides: [...haemoglobin.overrides, byBill] },
      'PUT /clinicalAttribute/:id': haemoglobin,
    });
    renderScreen(<MastersRoutes />, '/clinicalAttribute/edit/5');
    const table = await screen.findByRole('table', { name: 'Override' });
    const headers = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent);
    // Every column says what it holds; the change column shows only once there is a change.
    expect(headers()).not.toContain('');
    expect(headers()).not.toContain('Change');
    fireEvent.click(button('Delete Override 1', table));
    expect(within(table).getByText('Deleted')).toBeInTheDocument();
    expect(headers()).toContain('Change');
    fireEvent.click(button('Restore Override 1', table));
    expect(within(table).queryByText('Deleted')).not.toBeInTheDocument();
    expect(headers()).not.toContain('Change');
    fireEvent.click(button('Delete Override 1', table));
    fireEvent.click(save());
    await waitFor(() => expect(api.callsTo('PUT /clinicalAttribute/:id')).toHaveLength(1));
    expect(api.callsTo('PUT /clinicalAttribute/:id')[0].body).toMatchObject({ overrides: [byBill] });
  });

  it('keeps the last remaining override and the last pattern override from deletion, saying why (spec 3 §5)', async () => {
    const byBill = { hospitals: [], procedures: ['P1'], override_value: ['Final Bill'], exclude_document_headers: [] };
    api.answer({ 'GET /clinicalAttribute/:id': { ...haemoglobin, overrides: [...haemoglobin.overrides, byBill] } });
    renderScreen(<MastersRoutes />, '/clinicalAttribute/edit/5');
    const overrides = await screen.findByRole('table', { name: 'Override' });
    expect(button('Delete Override 1', overrides)).toBeEnabled();
    expect(button('Delete Override 2', overrides)).toBeEnabled();
    // Once the first is marked for deletion the second is the last remaining one; restoring the first frees it again.
    fireEvent.click(button('Delete Override 1', overrides));
    expect(button('Delete Override 2', overrides)).toBeDisabled();
    fireEvent.mouseEnter(button('Delete Override 2', overrides).parentElement as HTMLElement);
    expect(await screen.findByText('The last remaining override cannot be deleted')).toBeInTheDocument();
    fireEvent.click(button('Restore Override 1', overrides));
    expect(button('Delete Override 2', overrides)).toBeEnabled();

    // The attribute's one pattern override is the last remaining one.
    const patterns = screen.getByRole('table', { name: 'Pattern override' });
    const onlyPattern = button('Delete Pattern override 1', patterns);
    expect(onlyPattern).toBeDisabled();
    fireEvent.mouseEnter(onlyPattern.parentElement as HTMLElement);
    expect(await screen.findByText('The last remaining pattern override cannot be deleted')).toBeInTheDocument();
    fireEvent.click(onlyPattern);
    expect(within(patterns).queryByText('Deleted')).not.toBeInTheDocument();
  });

  it("shows the server's reason and keeps the input when a save is refused", async () => {
    api.answer({ 'PUT /clinicalAttribute/:id': failure(400, "name: Clinical attribute 'HbA1c' already exists") });
    renderScreen(<MastersRoutes />, '/clinicalAttribute/edit/5');
    await screen.findByLabelText('Name');
    type('Name', 'HbA1c');
    fireEvent.click(save());
    expect(await screen.findByText("Clinical attribute 'HbA1c' already exists")).toBeInTheDocument();
    expect(input('Name')).toHaveValue('HbA1c');
  });

  it('deletes after confirmation and goes to /rules', async () => {
    api.answer({ 'DELETE /clinicalAttribute/:id': { detail: 'Deleted Successfully' } });
    renderScreen(withRules, '/clinicalAttribute/edit/5');
    fireEvent.click(await screen.findByRole('button', { name: /Delete Clinical Attribute$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete?')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    await waitFor(() => expect(api.callsTo('DELETE /clinicalAttribute/:id')).toHaveLength(1));
    expect(api.callsTo('DELETE /clinicalAttribute/:id')[0]).toMatchObject({ path: '/clinicalAttribute/5', body: { id: 5 } });
    expect(await screen.findByText('rules list')).toBeInTheDocument();
  });

  it('sends anyone who is not a super user to the claims page', async () => {
    signInAs('vitraya', 'user');
    renderScreen(<MastersRoutes />, '/clinicalAttribute/create');
    await waitFor(() => expect(window.location.hash).toBe('#claims'));
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });
});
