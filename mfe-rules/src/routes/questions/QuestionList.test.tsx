import type { AuditHistoryPage, AuditLogEntry, ProcedureQuestion } from '@claims/shared-kernel';
import { failure, fakeApi, renderScreen, signInAs, signOut, type FakeApi } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { keyword } from '../../testing/fixtures';
import RulesRoutes from '../index';
import { findDialog } from '../../testing/controls';
import { CATARACT, HYSTERECTOMY, question } from '../../testing/questions';

const rows: ProcedureQuestion[] = [
  {
    ...question(41, 'Is the histopathology report attached?', { questionType: 'radio', answer: [], entityType: 'document' }),
    total_count: 2,
    page_number: 1,
  },
  question(
    42,
    'Technique used',
    {
      answer: ['Phacoemulsification', 'SICS'],
      entityType: 'procedures',
      created_by: 'vitraya.admin',
      created_on: '2024-04-01T10:00:00Z',
      last_modified_by: 'vitraya.reviewer',
      last_modified_on: '2024-04-02T19:15:30Z',
    },
    CATARACT,
  ),
];
/** The audit log of question 42: created by vitraya.admin, then its text and answers changed by vitraya.reviewer. */
const CREATED: AuditLogEntry = {
  id: 6,
  entity: 'procedureQuestions',
  key: '42',
  action: 'create',
  username: 'vitraya.admin',
  at: '2024-04-01T10:00:00Z',
  before: null,
  after: { org: 'vitraya', procedure_code: 'id001', question: 'Technique', questionType: 'single', answer: ['Phacoemulsification'] },
};
const EDITED: AuditLogEntry = {
  ...CREATED,
  id: 7,
  action: 'update',
  username: 'vitraya.reviewer',
  at: '2024-04-02T19:15:30Z',
  before: { question: 'Technique', answer: ['Phacoemulsification'] },
  after: { question: 'Technique used', answer: ['Phacoemulsification', 'SICS'] },
};
const page = (results: AuditLogEntry[]): AuditHistoryPage => ({ results, total_count: results.length, page_number: 1 });

const lookups = {
  'GET /procedures': [HYSTERECTOMY, CATARACT],
  'GET /diagnoses': ['Typhoid fever', 'Fever', 'Dengue fever'].map((name, i) => keyword(i + 1, name)),
};

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}
const renderList = (route = '/procedureQuestions') =>
  renderScreen(
    <>
      <RulesRoutes />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    route,
  );

function openSelect(label: string): HTMLElement {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input.closest('.ant-select') ?? input);
  return input;
}
const openFilterPanel = () => fireEvent.click(screen.getByText('Filter', { selector: '.ant-collapse-title, .ant-collapse-title *' }));
const filterButton = () => screen.getAllByRole('button', { name: 'Filter' }).find((element) => element.tagName === 'BUTTON')!;
const listed = () =>
  api
    .callsTo('GET /ppq')
    .filter(({ query }) => !query.has('getall'))
    .map(({ url }) => url);
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const findRow = async (text: string) => (await screen.findByText(text)).closest('tr')!;

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'super_user', 'vitraya.admin');
  api = fakeApi({ ...lookups, 'GET /ppq': rows, 'GET /ppq/editors/me': { canEdit: true } });
});
afterEach(() => signOut());

it('lists Question and Procedure Name with the total in the title; a row opens nothing on click', async () => {
  renderList();
  expect(await screen.findByText('Procedure Questions (2)')).toBeInTheDocument();
  for (const column of ['Question', 'Procedure Name']) expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
  expect(within(rowOf('Technique used')).getByText('Cataract Surgery')).toBeInTheDocument();
  expect(listed()).toEqual(['/ppq?org=vitraya&limit=25&page_number=1']);
  fireEvent.click(screen.getByText('Technique used'));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/procedureQuestions$/);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it("says 'No Data Found' when the insurer has no questions, and pages with the sizes of every list", async () => {
  api.answer({ 'GET /ppq': [] });
  const { unmount } = renderList();
  expect(await screen.findByText('No Data Found')).toBeInTheDocument();
  unmount();
  api.answer({ 'GET /ppq': rows });
  renderList();
  await screen.findByText('Procedure Questions (2)');
  fireEvent.mouseDown(screen.getByLabelText('Page Size').closest('.ant-select')!);
  for (const size of ['10', '50', '100']) expect(await screen.findByTitle(`${size} / page`)).toBeInTheDocument();
  expect(screen.getAllByTitle('25 / page').length).toBeGreaterThan(0);
});

it("lists the chosen insurer's questions, sending Niva Bupa as maxbupa, and an insurer user its own without a selector", async () => {
  const { unmount } = renderList();
  await screen.findByText('Procedure Questions (2)');
  openSelect('Insurer');
  fireEvent.click(await screen.findByTitle('Niva Bupa'));
  await waitFor(() => expect(listed().at(-1)).toBe('/ppq?org=maxbupa&limit=25&page_number=1'));
  expect(screen.getByTestId('location')).toHaveTextContent('/procedureQuestions?org=maxbupa');
  unmount();

  signInAs('starhealth', 'user', 'starhealth.reviewer');
  api.answer({ 'GET /ppq/editors/me': { canEdit: false } });
  renderList('/procedureQuestions?org=bajaj');
  await screen.findByText('Procedure Questions (2)');
  expect(listed().at(-1)).toBe('/ppq?org=starhealth&limit=25&page_number=1');
  expect(screen.queryByLabelText('Insurer')).not.toBeInTheDocument();
});

it('shows Create, Edit Question and Delete Question only to the named question editors', async () => {
  api.answer({ 'GET /ppq/editors/me': { canEdit: false } });
  const { unmount } = renderList();
  await screen.findByText('Procedure Questions (2)');
  await waitFor(() => expect(api.callsTo('GET /ppq/editors/me')).toHaveLength(1));
  expect(within(rowOf('Technique used')).getByRole('button', { name: 'Click here to view details' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit Question' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete Question' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  unmount();

  api.answer({ 'GET /ppq/editors/me': { canEdit: true } });
  renderList('/procedureQuestions?org=starhealth');
  expect(within(await findRow('Technique used')).getByRole('button', { name: 'Edit Question' })).toBeInTheDocument();
  expect(within(rowOf('Technique used')).getByRole('button', { name: 'Delete Question' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: /Create/ }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/procedureQuestions/create?org=starhealth'));
});

it('shows the information dialog titled with the procedure, its numbered answers and the History in UTC+05:30 with what changed', async () => {
  renderList();
  fireEvent.click(within(await findRow('Technique used')).getByRole('button', { name: 'Click here to view details' }));
  const dialog = await findDialog('Cataract Surgery');
  for (const [label, value] of [
    ['Question', 'Technique used'],
    ['Entity Type', 'procedures'],
    ['Question Type', 'Single Select'],
    ['Procedure', 'Cataract Surgery (id001)'],
  ])
    expect(within(dialog).getByText(label).closest('tr')).toHaveTextContent(`${label}${value}`);
  const answers = within(within(dialog).getByRole('list', { name: 'Possible Answers' })).getAllByRole('listitem');
  expect(answers.map((item) => item.textContent)).toEqual(['Phacoemulsification', 'SICS']);

  api.answer({ 'GET /audit/:entity/:key': page([EDITED, CREATED]) });
  fireEvent.click(within(dialog).getByRole('button', { name: 'History' }));
  const history = await findDialog('History');
  // 2024-04-01T10:00:00Z and 2024-04-02T19:15:30Z in Asia/Kolkata (the machine runs in Los Angeles).
  expect(await within(history).findByText('Created by vitraya.admin at 3:30:00 pm, 01-04-2024 (UTC+05:30)')).toBeInTheDocument();
  expect(within(history).getByText('Last modified by vitraya.reviewer at 12:45:30 am, 03-04-2024 (UTC+05:30)')).toBeInTheDocument();
  expect(api.callsTo('GET /audit/:entity/:key').map((c) => c.url)).toEqual(['/audit/procedureQuestions/42?limit=20&page_number=1']);
  // What the modification changed: the question's text, and the answer it added.
  const changed = within(history).getByText('Question', { selector: 'dt *' }).closest('dt')!.nextElementSibling as HTMLElement;
  expect(changed).toHaveTextContent('Technique → Technique used');
  expect(within(history).getByLabelText('added SICS')).toBeInTheDocument();
  expect(within(history).queryByLabelText('removed Phacoemulsification')).not.toBeInTheDocument();
});

it("shows an insurer's user the created and modified lines only (the audit log is the provider's to read)", async () => {
  signInAs('starhealth', 'user', 'starhealth.reviewer');
  api.answer({ 'GET /ppq/editors/me': { canEdit: false } });
  renderList();
  fireEvent.click(within(await findRow('Technique used')).getByRole('button', { name: 'Click here to view details' }));
  fireEvent.click(within(await findDialog('Cataract Surgery')).getByRole('button', { name: 'History' }));
  const history = await findDialog('History');
  expect(within(history).getByText('Created by vitraya.admin at 3:30:00 pm, 01-04-2024 (UTC+05:30)')).toBeInTheDocument();
  expect(within(history).getByText('Last modified by vitraya.reviewer at 12:45:30 am, 03-04-2024 (UTC+05:30)')).toBeInTheDocument();
  expect(api.callsTo('GET /audit/:entity/:key')).toHaveLength(0);
});

it('shows what a Boolean question offers by default, and No Records when the history is missing', async () => {
  renderList();
  fireEvent.click(
    within(await findRow('Is the histopathology report attached?')).getByRole('button', { name: 'Click here to view details' }),
  );
  const dialog = await findDialog('Hysterectomy');
  expect(within(dialog).getByText('Boolean')).toBeInTheDocument();
  expect(
    within(within(dialog).getByRole('list', { name: 'Possible Answers' }))
      .getAllByRole('listitem')
      .map((i) => i.textContent),
  ).toEqual(['Yes', 'No']);
  api.answer({ 'GET /audit/:entity/:key': page([]) });
  fireEvent.click(within(dialog).getByRole('button', { name: 'History' }));
  const history = await findDialog('History');
  expect(await within(history).findByText('No Records for Creation Date')).toBeInTheDocument();
  expect(within(history).getByText('No Records for Modified Date')).toBeInTheDocument();
});

it("asks 'Edit only Procedure' or 'Edit other than Procedure' and opens the editor with that choice", async () => {
  api.answer({ 'GET /ppq/:id': [rows[1]] });
  renderList('/procedureQuestions?org=starhealth');
  fireEvent.click(within(await findRow('Technique used')).getByRole('button', { name: 'Edit Question' }));
  const dialog = await findDialog('Edit Question');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Edit other than Procedure' }));
  await waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent('/procedureQuestions/edit?procedureId=1&type=notEditProcedure&org=starhealth'),
  );
  // The chosen question opens in Save Changes mode.
  expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  expect(screen.getByLabelText('Question')).toHaveValue('Technique used');
});

it('deletes after the Delete Confirmation, says so and refreshes; a failure says the reason', async () => {
  api.answer({ 'DELETE /ppq/:id': { detail: 'Deleted Successfully' } });
  renderList('/procedureQuestions?org=bajaj');
  fireEvent.click(within(await findRow('Technique used')).getByRole('button', { name: 'Delete Question' }));
  let dialog = await findDialog('Delete Confirmation');
  expect(within(dialog).getByText('Are you sure you want to delete?')).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.callsTo('DELETE /ppq/:id')).toHaveLength(0);

  fireEvent.click(within(rowOf('Technique used')).getByRole('button', { name: 'Delete Question' }));
  dialog = await findDialog('Delete Confirmation');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument();
  expect(api.callsTo('DELETE /ppq/:id').map((call) => call.url)).toEqual(['/ppq/42?org=bajaj']);
  await waitFor(() => expect(listed()).toHaveLength(2));

  api.answer({ 'DELETE /ppq/:id': failure(403, 'You are not authorized to perform this action') });
  fireEvent.click(within(rowOf('Technique used')).getByRole('button', { name: 'Delete Question' }));
  fireEvent.click(within(await findDialog('Delete Confirmation')).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Error: You are not authorized to perform this action')).toBeInTheDocument();
});

it('keeps Filter disabled until something is chosen, searches with the choices, marks what matched, and resets', async () => {
  api.answer({
    'GET /ppq': (call) => (call.query.has('getall') ? rows : rows),
    'POST /ppq/search': [{ ...rows[1], total_count: 1, page_number: 1 }],
  });
  renderList();
  await screen.findByText('Procedure Questions (2)');
  openFilterPanel();
  await waitFor(() => expect(filterButton()).toBeDisabled());

  openSelect('Procedure Code');
  fireEvent.click(await screen.findByTitle('id001'));
  openSelect('Questions');
  fireEvent.click(await screen.findByTitle('Technique used'));
  openSelect('Question Type');
  fireEvent.click(await screen.findByTitle('Single Select'));
  fireEvent.click(filterButton());
  await waitFor(() =>
    expect(api.callsTo('POST /ppq/search').map(({ url, body }) => ({ url, body }))).toEqual([
      {
        url: '/ppq/search?org=vitraya&limit=25&page_number=1',
        body: { procedureCode: ['id001'], question: ['Technique used'], questionType: ['single'] },
      },
    ]),
  );
  expect(await screen.findByText('Procedure Questions (1)')).toBeInTheDocument();
  expect(within(rowOf('Cataract Surgery')).getByText('Technique used').tagName).toBe('MARK');

  fireEvent.click(screen.getByRole('button', { name: 'Reset Filter' }));
  expect(await screen.findByText('Procedure Questions (2)')).toBeInTheDocument();
  expect(filterButton()).toBeDisabled();
});

it('locks Filter once applied, until the choices change; removing a choice unlocks it too', async () => {
  api.answer({ 'POST /ppq/search': [{ ...rows[1], total_count: 1, page_number: 1 }] });
  const searched = () => api.callsTo('POST /ppq/search').map(({ body }) => body);
  renderList();
  await screen.findByText('Procedure Questions (2)');
  openFilterPanel();
  openSelect('Procedure Name');
  fireEvent.click(await screen.findByTitle('Cataract Surgery'));
  fireEvent.click(filterButton());
  await waitFor(() => expect(searched()).toEqual([{ procedureName: ['Cataract Surgery'] }]));
  expect(filterButton()).toBeDisabled();
  // Filtering again for the same choices would only repeat the search.
  fireEvent.click(filterButton());
  expect(searched()).toHaveLength(1);

  openSelect('Question Type');
  fireEvent.click(await screen.findByTitle('Boolean'));
  expect(filterButton()).toBeEnabled();
  fireEvent.click(filterButton());
  await waitFor(() => expect(searched().at(-1)).toEqual({ procedureName: ['Cataract Surgery'], questionType: ['radio'] }));
  expect(filterButton()).toBeDisabled();

  // Back to the first filter's choices: not the filter applied now, so Filter is offered again.
  fireEvent.mouseDown(screen.getByLabelText('Question Type').closest('.ant-select')!);
  fireEvent.click((await screen.findAllByTitle('Boolean')).at(-1)!);
  await waitFor(() => expect(filterButton()).toBeEnabled());
});

it('offers Select All for diagnoses after 4 typed characters and searches by them', async () => {
  api.answer({ 'POST /ppq/search': [] });
  renderList();
  await screen.findByText('Procedure Questions (2)');
  openFilterPanel();
  const input = openSelect('Diagnosis');
  fireEvent.change(input, { target: { value: 'fev' } });
  expect(await screen.findByTitle('Dengue fever')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Select All/ })).not.toBeInTheDocument();
  fireEvent.change(input, { target: { value: 'feve' } });
  fireEvent.click(await screen.findByRole('button', { name: 'Select All (3)' }));
  fireEvent.click(filterButton());
  await waitFor(() =>
    expect(api.callsTo('POST /ppq/search').map(({ body }) => body)).toEqual([{ diagnosis: ['Dengue fever', 'Fever', 'Typhoid fever'] }]),
  );
  expect(await screen.findByText('No Data Found')).toBeInTheDocument();
});
