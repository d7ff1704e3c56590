import { setRuntimeConfig } from '@claims/shared-kernel';
import type { Docgroup, DocgroupConfig, Hospital, KeywordEntity } from '@claims/shared-kernel';
import { failure, fakeApi, renderScreen, signInAs, signOut, type FakeApi } from '@claims/shared-kernel/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import MastersRoutes from '../index';
import { emptyConfig } from './configuration';

const summaryConfig: DocgroupConfig = {
  ...emptyConfig(),
  begin_alias: [['DISCHARGE SUMMARY', 'PATIENT'], ['DISCHARGE CARD']],
  end_alias: [['Signature of Treating Doctor']],
  begin_exclusion_header: [['DRAFT']],
  top_threshold: 0.3,
  subtotal_flag: true,
};
const billConfig: DocgroupConfig = {
  ...emptyConfig(),
  begin_alias: [['FINAL BILL']],
  end_alias: [['Net Payable Amount']],
  total_flag: true,
};
const apollo: Hospital = { id: 7, hospital_code: 'H007', name: 'Apollo Chennai' };
const fortis: Hospital = { id: 8, hospital_code: 'F100', name: 'Fortis Mulund' };
const group: Docgroup = {
  id: 3,
  hospital_id: [apollo],
  docgroup_id: [
    { id: 21, name: 'Discharge Summary' },
    { id: 22, name: 'Final Bill' },
  ],
  docgroupConfig_id: { 'Discharge Summary': summaryConfig, 'Final Bill': billConfig },
  created_by: 'vitraya.admin',
  created_at: '2024-03-01T04:00:00Z',
  last_modified_by: 'vitraya.admin',
  last_modified_at: '2024-03-05T10:00:00Z',
};
const other: Docgroup = {
  id: 4,
  hospital_id: [fortis, { id: 9, hospital_code: 'M200', name: 'Manipal' }],
  docgroup_id: [{ id: 23, name: 'Lab Report' }],
  docgroupConfig_id: { 'Lab Report': { ...emptyConfig(), begin_alias: [['LAB REPORT']], end_alias: [['End of Report']] } },
};
const documents: KeywordEntity[] = [
  { id: 21, name: 'Discharge Summary', alias: [] },
  { id: 22, name: 'Final Bill', alias: [] },
  { id: 23, name: 'Lab Report', alias: [] },
];

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const type = (label: string, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label, { selector: 'input' }), { target: { value } });
const mainSave = () => screen.getByRole('button', { name: 'Save' });
const dialog = () => screen.getByRole('dialog', { name: 'Configuration' });
const dialogSave = () => within(dialog()).getByRole('button', { name: 'Save' });
/** The options a select shows as chosen. */
const chosen = (label: string) =>
  Array.from(field(label).closest('.ant-select')!.querySelectorAll('.ant-select-selection-item')).map((item) => item.textContent);

async function choose(label: string, optionText: string) {
  fireEvent.mouseDown(field(label));
  const option = await waitFor(() => {
    const shown = Array.from(document.querySelectorAll<HTMLElement>(`.ant-select-item-option[title="${optionText}"]`)).at(-1);
    if (!shown) throw new Error(`option ${optionText} is not offered`);
    return shown;
  });
  await act(async () => {
    fireEvent.click(option);
  });
}

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'super_user');
  setRuntimeConfig({ externalClaimsUrl: '#claims' });
  window.location.hash = '';
  api = fakeApi({
    'GET /docgroups': [
      { ...group, total_count: 2, page_number: 1 },
      { ...other, total_count: undefined },
    ],
    'GET /docgroups/:id': group,
    'GET /hospitals': { results: [apollo, fortis] },
    'GET /document': documents,
  });
});
afterEach(() => signOut());

describe('document segregation list', () => {
  it('shows the title with the total and the three columns, documents and hospitals joined', async () => {
    renderScreen(<MastersRoutes />, '/docgroups');
    expect(await screen.findByText('Document Segregation (2)')).toBeInTheDocument();
    for (const column of ['Document Segregation ID', 'Document Name', 'Hospital Code'])
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    expect(await screen.findByText('Discharge Summary, Final Bill')).toBeInTheDocument();
    expect(screen.getByText('F100, M200')).toBeInTheDocument();
    expect(api.callsTo('GET /docgroups').map((call) => call.url)).toEqual(['/docgroups?limit=25&page_number=1']);
  });

  it('filters a column on the server and opens the view of a clicked row', async () => {
    api.answer({ 'POST /docgroups/search': [{ ...group, total_count: 1, page_number: 1 }] });
    renderScreen(<MastersRoutes />, '/docgroups');
    await screen.findByText('Document Segregation (2)');
    fireEvent.click(screen.getByLabelText('Enable filter options'));
    fireEvent.click((await screen.findAllByLabelText('Filter Hospital Code column'))[0]);
    fireEvent.change(await screen.findByLabelText('Filter Hospital Code'), { target: { value: 'h007' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('Document Segregation (1)')).toBeInTheDocument();
    expect(api.callsTo('POST /docgroups/search').map((call) => [call.url, call.body])).toEqual([
      ['/docgroups/search?limit=25&page_number=1', { filters: { hospital_code: 'h007' } }],
    ]);

    fireEvent.click(screen.getByText('Discharge Summary, Final Bill'));
    expect(await screen.findByText('Document Segregation 3')).toBeInTheDocument();
    expect(api.callsTo('GET /docgroups/:id').map((call) => call.path)).toEqual(['/docgroups/3']);
  });

  it('sends anyone who is not a super user to the claims page', async () => {
    signInAs('vitraya', 'user');
    renderScreen(<MastersRoutes />, '/docgroups');
    await waitFor(() => expect(window.location.hash).toBe('#claims'));
    expect(screen.queryByText(/Document Segregation \(/)).not.toBeInTheDocument();
    expect(api.callsTo('GET /docgroups')).toHaveLength(0);
  });
});

describe('document segregation view', () => {
  it('shows the hospitals and each document with its configuration', async () => {
    renderScreen(<MastersRoutes />, '/docgroups/view/3');
    expect(await screen.findByText('Last modified by vitraya.admin at 2024-03-05, 3:30:00 pm')).toBeInTheDocument();
    expect(screen.getByText('H007 - Apollo Chennai')).toBeInTheDocument();
    const summary = screen.getByRole('button', { name: /Discharge Summary/ }).closest('.ant-collapse-item') as HTMLElement;
    const row = (label: string) => within(summary).getByText(label, { selector: 'th, th *' }).closest('tr') as HTMLElement;
    expect(row('Beginning Alias')).toHaveTextContent('DISCHARGE SUMMARYandPATIENTorDISCHARGE CARD');
    expect(row('Ending Alias')).toHaveTextContent('Signature of Treating Doctor');
    expect(row('Begin Exclusion Header')).toHaveTextContent('DRAFT');
    expect(row('End Inclusion Body')).toHaveTextContent('None');
    expect(row('Top threshold')).toHaveTextContent('0.3 (of the page height)');
    expect(row('Sub Total')).toHaveTextContent('Yes');
    expect(row('Total')).toHaveTextContent('No');
    expect(screen.getByRole('button', { name: /Final Bill/ })).toBeInTheDocument();
  });

  it('says clearly when the group does not exist, without asking for a code that is no number', async () => {
    renderScreen(<MastersRoutes />, '/docgroups/view/abc');
    expect(await screen.findByText('Document group not found')).toBeInTheDocument();
    expect(screen.getByText('There is no document group with the code abc.')).toBeInTheDocument();
    expect(api.callsTo('GET /docgroups/:id')).toHaveLength(0);
  });
});

describe('document segregation editor', () => {
  it('creates a group: hospitals, a configuration built in the dialog, then Save posts the whole group', async () => {
    api.answer({ 'POST /docgroups': group });
    renderScreen(<MastersRoutes />, '/docgroups/create');
    expect(await screen.findByRole('heading', { name: 'Create' })).toBeInTheDocument();
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
    expect(mainSave()).toBeDisabled();
    expect(screen.getByTestId('save-problems')).toHaveTextContent(
      'Choose at least one hospital · Add a configuration for at least one document',
    );

    await choose('Hospital Codes', 'F100 - Fortis Mulund');
    expect(chosen('Hospital Codes')).toEqual(['F100 - Fortis Mulund']);
    fireEvent.click(screen.getByRole('button', { name: /Add Configuration/ }));
    const box = await screen.findByRole('dialog', { name: 'Configuration' });
    expect(dialogSave()).toBeDisabled();
    expect(within(box).getByTestId('configuration-problems')).toHaveTextContent(
      'Choose a document · Beginning Alias is required · Ending Alias is required',
    );

    await choose('Document Name', 'Final Bill');
    type('Beginning Alias 1.1', 'FINAL BILL', box);
    // A group is 'and'-ed text by text and groups are 'or'-ed; nothing is added while a text is empty.
    fireEvent.click(within(box).getByRole('button', { name: "Add an 'and' text to Beginning Alias 1" }));
    expect(within(box).getByRole('button', { name: "Add an 'or' group to Beginning Alias" })).toBeDisabled();
    type('Beginning Alias 1.2', 'IP', box);
    fireEvent.click(within(box).getByRole('button', { name: "Add an 'or' group to Beginning Alias" }));
    type('Beginning Alias 2.1', ' DETAILED BILL ', box);
    expect(dialogSave()).toBeDisabled();
    type('Ending Alias 1.1', 'Net Payable Amount', box);
    type('End Exclusion Body 1.1', 'Provisional', box);
    fireEvent.click(within(box).getByLabelText('Total'));
    expect(within(box).getByTestId('configuration-problems')).toHaveTextContent('');
    expect(dialogSave()).toBeEnabled();

    fireEvent.change(within(box).getByLabelText('Top threshold'), { target: { value: '0' } });
    expect(
      within(box).getByText('Top threshold must be a number above 0', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    expect(dialogSave()).toBeDisabled();
    fireEvent.change(within(box).getByLabelText('Top threshold'), { target: { value: '120' } });
    expect(dialogSave()).toBeEnabled();
    fireEvent.click(dialogSave());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Configuration' })).not.toBeInTheDocument());

    const row = screen.getByRole('cell', { name: 'Final Bill' }).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('FINAL BILL and IP or DETAILED BILL');
    expect(mainSave()).toBeEnabled();
    fireEvent.click(mainSave());
    await waitFor(() => expect(api.callsTo('POST /docgroups')).toHaveLength(1));
    expect(api.callsTo('POST /docgroups')[0].body).toEqual({
      hospital_id: [8],
      docgroup_id: [22],
      docgroupConfig_id: {
        'Final Bill': {
          ...emptyConfig(),
          begin_alias: [['FINAL BILL', 'IP'], ['DETAILED BILL']],
          end_alias: [['Net Payable Amount']],
          end_exclusion_body: [['Provisional']],
          total_flag: true,
          top_threshold: 120,
        },
      },
    });
    expect(await screen.findByText('Saved Successfully')).toBeInTheDocument();
    expect(await screen.findByText('Document Segregation (2)')).toBeInTheDocument();
  });

  it('does not save a configuration before a hospital is chosen, and says so', async () => {
    renderScreen(<MastersRoutes />, '/docgroups/create');
    fireEvent.click(await screen.findByRole('button', { name: /Add Configuration/ }));
    const box = await screen.findByRole('dialog', { name: 'Configuration' });
    expect(within(box).getByText('Choose at least one hospital before saving a configuration.')).toBeInTheDocument();
    await choose('Document Name', 'Lab Report');
    type('Beginning Alias 1.1', 'LAB REPORT', box);
    type('Ending Alias 1.1', 'End of Report', box);
    expect(within(box).getByTestId('configuration-problems')).toHaveTextContent('Choose at least one hospital');
    expect(dialogSave()).toBeDisabled();
  });

  it('shows a cleared first alias as required and lets texts and groups be removed', async () => {
    renderScreen(<MastersRoutes />, '/docgroups/create');
    fireEvent.click(await screen.findByRole('button', { name: /Add Configuration/ }));
    const box = await screen.findByRole('dialog', { name: 'Configuration' });
    type('Beginning Alias 1.1', 'A', box);
    fireEvent.click(within(box).getByRole('button', { name: "Add an 'and' text to Beginning Alias 1" }));
    type('Beginning Alias 1.2', 'B', box);
    fireEvent.click(within(box).getByRole('button', { name: "Add an 'or' group to Beginning Alias" }));
    type('Beginning Alias 2.1', 'C', box);
    fireEvent.click(within(box).getByRole('button', { name: 'Remove Beginning Alias 1.1' }));
    expect(within(box).getByLabelText('Beginning Alias 1.1')).toHaveValue('B');
    expect(within(box).queryByLabelText('Beginning Alias 1.2')).not.toBeInTheDocument();
    fireEvent.click(within(box).getByRole('button', { name: 'Delete Beginning Alias 1' }));
    expect(within(box).getByLabelText('Beginning Alias 1.1')).toHaveValue('C');
    expect(within(box).queryByRole('button', { name: 'Delete Beginning Alias 1' })).not.toBeInTheDocument();
    type('Beginning Alias 1.1', '', box);
    expect(within(box).getByText('Beginning Alias is required')).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: "Add an 'and' text to Beginning Alias 1" })).toBeDisabled();
  });

  it('edits a group: a configuration edited, one looked at and one deleted, then PUT sends the rest', async () => {
    api.answer({ 'PUT /docgroups/:id': group });
    renderScreen(<MastersRoutes />, '/docgroups/edit/3');
    expect(await screen.findByRole('heading', { name: 'Edit' })).toBeInTheDocument();
    expect(chosen('Hospital Codes')).toEqual(['H007 - Apollo Chennai']);
    expect(screen.getByRole('cell', { name: 'Discharge Summary' }).closest('tr')).toHaveTextContent(
      'DISCHARGE SUMMARY and PATIENT or DISCHARGE CARD',
    );

    fireEvent.click(screen.getByRole('button', { name: 'View Final Bill' }));
    const view = await screen.findByRole('dialog', { name: 'Final Bill' });
    expect(within(view).getByText('Net Payable Amount')).toBeInTheDocument();
    fireEvent.click(within(view).getByText('Close', { selector: 'button span' }));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Final Bill' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Confirmation' });
    expect(within(confirm).getByText('Are you sure you want to delete?')).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Final Bill' })).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Edit Discharge Summary' }));
    const box = await screen.findByRole('dialog', { name: 'Configuration' });
    expect(within(box).getByLabelText('Beginning Alias 2.1')).toHaveValue('DISCHARGE CARD');
    expect(within(box).getByLabelText('Begin Exclusion Header 1.1')).toHaveValue('DRAFT');
    expect(within(box).getByLabelText('Sub Total')).toBeChecked();
    // The document another row configures is not offered twice; this row's own document is.
    fireEvent.mouseDown(within(box).getByLabelText('Document Name', { selector: 'input' }));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="Lab Report"]')).not.toBeNull());
    type('Beginning Alias 2.1', 'DISCHARGE CARD ISSUED', box);
    fireEvent.change(within(box).getByLabelText('Top threshold'), { target: { value: '' } });
    fireEvent.click(dialogSave());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Configuration' })).not.toBeInTheDocument());

    fireEvent.click(mainSave());
    await waitFor(() => expect(api.callsTo('PUT /docgroups/:id')).toHaveLength(1));
    expect(api.callsTo('PUT /docgroups/:id')[0]).toMatchObject({
      path: '/docgroups/3',
      body: {
        hospital_id: [7],
        docgroup_id: [21],
        docgroupConfig_id: {
          'Discharge Summary': {
            ...summaryConfig,
            begin_alias: [['DISCHARGE SUMMARY', 'PATIENT'], ['DISCHARGE CARD ISSUED']],
            top_threshold: null,
          },
        },
      },
    });
    expect(await screen.findByText('Document Segregation (2)')).toBeInTheDocument();
  });

  it('disables a document other rows configure in the picker', async () => {
    renderScreen(<MastersRoutes />, '/docgroups/edit/3');
    fireEvent.click(await screen.findByRole('button', { name: /Add Configuration/ }));
    const box = await screen.findByRole('dialog', { name: 'Configuration' });
    fireEvent.mouseDown(within(box).getByLabelText('Document Name', { selector: 'input' }));
    const option = (title: string) =>
      waitFor(() => {
        const shown = document.querySelector(`.ant-select-item-option[title="${title}"]`);
        if (!shown) throw new Error(`${title} is not offered`);
        return shown;
      });
    expect(await option('Final Bill')).toHaveClass('ant-select-item-option-disabled');
    expect(await option('Lab Report')).not.toHaveClass('ant-select-item-option-disabled');
  });

  it('keeps Save disabled when the group has no document left', async () => {
    renderScreen(<MastersRoutes />, '/docgroups/edit/3');
    for (const name of ['Discharge Summary', 'Final Bill']) {
      fireEvent.click(await screen.findByRole('button', { name: `Delete ${name}` }));
      fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Confirmation' })).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('cell', { name })).not.toBeInTheDocument());
    }
    expect(mainSave()).toBeDisabled();
    expect(screen.getByTestId('save-problems')).toHaveTextContent('Add a configuration for at least one document');
  });

  it("shows the server's reason and keeps the input when a save fails", async () => {
    api.answer({
      'PUT /docgroups/:id': failure(400, 'hospital_id: Hospital F100 already has a configuration for Final Bill in document segregation 4'),
    });
    renderScreen(<MastersRoutes />, '/docgroups/edit/3');
    await screen.findByRole('heading', { name: 'Edit' });
    await choose('Hospital Codes', 'F100 - Fortis Mulund');
    fireEvent.click(mainSave());
    expect(
      await screen.findByText('Hospital F100 already has a configuration for Final Bill in document segregation 4'),
    ).toBeInTheDocument();
    expect(chosen('Hospital Codes')).toEqual(['H007 - Apollo Chennai', 'F100 - Fortis Mulund']);
    expect(screen.getByRole('heading', { name: 'Edit' })).toBeInTheDocument();
  });

  it('offers at most 10 hospitals', async () => {
    const many = Array.from({ length: 11 }, (_, i) => ({
      id: 100 + i,
      hospital_code: `C${String(i + 1).padStart(2, '0')}`,
      name: `Care ${i + 1}`,
    }));
    api.answer({ 'GET /hospitals': { results: many } });
    renderScreen(<MastersRoutes />, '/docgroups/create');
    await screen.findByRole('heading', { name: 'Create' });
    for (const h of many.slice(0, 9)) await choose('Hospital Codes', `${h.hospital_code} - ${h.name}`);
    fireEvent.change(field('Hospital Codes'), { target: { value: 'C11' } });
    await choose('Hospital Codes', 'C11 - Care 11');
    expect(chosen('Hospital Codes')).toHaveLength(10);
    fireEvent.mouseDown(field('Hospital Codes'));
    const tenth = await waitFor(() => {
      const option = document.querySelector('.ant-select-item-option[title="C10 - Care 10"]');
      if (!option) throw new Error('C10 is not offered');
      return option;
    });
    expect(tenth).toHaveClass('ant-select-item-option-disabled');
  });

  it('deletes the group after confirmation and returns to the list', async () => {
    api.answer({ 'DELETE /docgroups/:id': { detail: 'Deleted Successfully' } });
    renderScreen(<MastersRoutes />, '/docgroups/edit/3');
    await screen.findByRole('heading', { name: 'Edit' });
    fireEvent.click(screen.getAllByRole('button', { name: /Delete$/ })[0]);
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Confirmation' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /docgroups/:id')).toHaveLength(1));
    expect(api.callsTo('DELETE /docgroups/:id')[0]).toMatchObject({ path: '/docgroups/3', body: { id: 3 } });
    expect(await screen.findByText('Document Segregation (2)')).toBeInTheDocument();
  });

  it('sends anyone who is not a super user to the claims page', async () => {
    signInAs('vitraya', 'user');
    renderScreen(<MastersRoutes />, '/docgroups/edit/3');
    await waitFor(() => expect(window.location.hash).toBe('#claims'));
    expect(api.callsTo('GET /docgroups/:id')).toHaveLength(0);
  });
});
