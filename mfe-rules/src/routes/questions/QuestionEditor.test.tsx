import type { ProcedureQuestion, RuleSelectionNames } from '@claims/shared-kernel';
import { failure, fakeApi, renderScreen, signInAs, signOut, type FakeApi } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import RulesRoutes from '../index';
import { findDialog } from '../../testing/controls';
import { CATARACT, HYSTERECTOMY, question } from '../../testing/questions';

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}
const renderEditor = (route: string) =>
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
async function choose(label: string, option: string) {
  openSelect(label);
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.find((o) => o.classList.contains('ant-select-item-option')) ?? options[0]);
}
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const type = (label: string, text: string) => fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
const enter = (label: string) => fireEvent.keyDown(screen.getByLabelText(label), { key: 'Enter', code: 'Enter', keyCode: 13 });
const queued = () =>
  within(screen.getByRole('list', { name: /^Questions/ }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/** Fills the question part of the form. */
async function fillQuestion(text: string, entityType: string, questionType: string, answers: string[] = []) {
  type('Question', text);
  await choose('Entity Type', entityType);
  await choose('Question Type', questionType);
  answers.forEach((answer, index) => {
    if (index > 0) fireEvent.click(button(/Add Possible Answer/));
    type(`Possible Answer ${index + 1}`, answer);
  });
}

const ruleChoices = (procedure: typeof CATARACT, fields: Partial<RuleSelectionNames> = {}): RuleSelectionNames => ({
  id: procedure.id + 100,
  case_type: 'SETTLEMENT',
  procedures: { id: procedure.id, procedure_code: procedure.procedure_code, name: procedure.name },
  diagnosisList: [],
  clinicalAttributes: [],
  evidence: [],
  document: [],
  drug: [],
  tissue: [],
  ...fields,
});

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'super_user', 'vitraya.admin');
  api = fakeApi({
    'GET /procedures': [HYSTERECTOMY, CATARACT],
    // The list the editor returns to.
    'GET /diagnoses': [],
    'GET /ppq/editors/me': { canEdit: true },
    'GET /ppq': [],
    'POST /ppq': (call) => (Array.isArray(call.body) ? call.body : [call.body]).map((_, i) => question(500 + i, `Saved ${i}`)),
  });
});
afterEach(() => signOut());

describe('create', () => {
  it('is titled for the upper-cased insurer; Save needs a procedure and a question, Add Another Question the question text', async () => {
    renderEditor('/procedureQuestions/create?org=starhealth');
    expect(await screen.findByText('Create Procedure Protocol Question for STAR HEALTH')).toBeInTheDocument();
    expect(button('Save')).toBeDisabled();
    expect(button('Add Another Question')).toBeDisabled();
    type('Question', 'Which eye?');
    expect(button('Add Another Question')).toBeEnabled();
    expect(button('Save')).toBeDisabled();
    await choose('Procedures', 'Cataract Surgery (id001)');
    expect(button('Save')).toBeEnabled();
    // Taking every procedure away again says a procedure is needed.
    fireEvent.mouseDown(screen.getByLabelText('Procedures').closest('.ant-select')!);
    fireEvent.click((await screen.findAllByTitle('Cataract Surgery (id001)')).find((o) => o.classList.contains('ant-select-item-option'))!);
    expect(await screen.findByText('Choose at least one procedure')).toBeInTheDocument();
    expect(button('Save')).toBeDisabled();
  });

  it('says what is missing before a question is queued: entity type, question type, every answer, answers given twice', async () => {
    renderEditor('/procedureQuestions/create?org=vitraya');
    await screen.findByText('Create Procedure Protocol Question for VITRAYA');
    type('Question', 'Which eye?');
    fireEvent.click(button('Add Another Question'));
    expect(await screen.findByText('Choose the entity type')).toBeInTheDocument();
    expect(screen.getByText('Choose the question type')).toBeInTheDocument();
    await choose('Entity Type', 'other');
    await choose('Question Type', 'Single Select');
    expect(screen.queryByText('Choose the entity type')).not.toBeInTheDocument();
    expect(screen.getByText('Fill in every possible answer')).toBeInTheDocument();
    type('Possible Answer 1', 'Left');
    fireEvent.click(button(/Add Possible Answer/));
    type('Possible Answer 2', 'left');
    expect(screen.getByText("'left' is given twice")).toBeInTheDocument();
    fireEvent.click(button('Remove Possible Answer 2'));
    fireEvent.click(button('Remove Possible Answer 1'));
    expect(screen.getByText('Single Select and Multiple Select questions need at least one possible answer')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /^Questions/ })).not.toBeInTheDocument();
  });

  it('queues questions with Add Another Question and Enter, edits one in Save Changes mode, and saves them together', async () => {
    renderEditor('/procedureQuestions/create?org=vitraya');
    await screen.findByText('Create Procedure Protocol Question for VITRAYA');
    await choose('Procedures', 'Cataract Surgery (id001)');
    await choose('Procedures', 'Hysterectomy (id002)');
    await fillQuestion('Which eye was operated?', 'other', 'Single Select', ['Left', 'Right']);
    fireEvent.click(button('Add Another Question'));
    expect(queued()).toEqual([expect.stringContaining('Which eye was operated?')]);
    expect(screen.getByLabelText('Question')).toHaveValue('');
    expect(screen.getByLabelText('Question')).toHaveFocus();

    await fillQuestion('Lens power', 'Clinical Attribute', 'Numerical Value');
    expect(screen.queryByLabelText('Possible Answer 1')).not.toBeInTheDocument();
    expect(screen.getByText('A Numerical Value question is answered with a number')).toBeInTheDocument();
    enter('Question');
    expect(queued()).toHaveLength(2);

    // Save Changes mode: the first queued question in the form; what was being typed comes back after.
    type('Question', 'Half typed');
    fireEvent.click(button('Edit question 1'));
    expect(screen.getByText('Editing question 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Question')).toHaveValue('Which eye was operated?');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Another Question' })).not.toBeInTheDocument();
    type('Question', 'Which eye was operated on?');
    fireEvent.click(button('Save Changes'));
    expect(queued()[0]).toContain('Which eye was operated on?');
    expect(screen.getByLabelText('Question')).toHaveValue('Half typed');

    // Cancel leaves the queued question as it was.
    fireEvent.click(button('Edit question 2'));
    type('Question', 'Not kept');
    fireEvent.click(button('Cancel'));
    expect(queued()[1]).toContain('Lens power');

    type('Question', '');
    fireEvent.click(button('Save'));
    await waitFor(() => expect(api.callsTo('POST /ppq')).toHaveLength(1));
    const [call] = api.callsTo('POST /ppq');
    expect(call.url).toBe('/ppq?org=vitraya');
    expect(call.body).toEqual([
      {
        fk_procedure: [1, 2],
        question: 'Which eye was operated on?',
        questionType: 'single',
        entityType: 'other',
        answer: ['Left', 'Right'],
      },
      { fk_procedure: [1, 2], question: 'Lens power', questionType: 'numerics', entityType: 'Clinical Attribute', answer: [] },
    ]);
    expect(await screen.findByText('Procedure protocol question created for the mentioned procedure(s) in Vitraya')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/procedureQuestions\?org=vitraya$/));
  });

  it('saves the question being typed with the queue; Enter in an answer adds the next answer, up to 10', async () => {
    renderEditor('/procedureQuestions/create?org=vitraya');
    await screen.findByText('Create Procedure Protocol Question for VITRAYA');
    await choose('Procedures', 'Cataract Surgery (id001)');
    await fillQuestion('Any allergy?', 'drug', 'Boolean');
    expect(screen.getByText('Leave empty to offer Yes and No')).toBeInTheDocument();
    fireEvent.click(button(/Add Possible Answer/));
    expect(button(/Add Possible Answer/)).toBeDisabled();
    for (let n = 1; n <= 10; n++) {
      type(`Possible Answer ${n}`, `Drug ${n}`);
      enter(`Possible Answer ${n}`);
      if (n < 10) expect(screen.getByLabelText(`Possible Answer ${n + 1}`)).toHaveFocus();
    }
    expect(screen.queryByLabelText('Possible Answer 11')).not.toBeInTheDocument();
    expect(button(/Add Possible Answer/)).toBeDisabled();
    fireEvent.click(button('Save'));
    await waitFor(() => expect(api.callsTo('POST /ppq')).toHaveLength(1));
    expect(api.callsTo('POST /ppq')[0].body).toEqual([
      {
        fk_procedure: [1],
        question: 'Any allergy?',
        questionType: 'radio',
        entityType: 'drug',
        answer: Array.from({ length: 10 }, (_, i) => `Drug ${i + 1}`),
      },
    ]);
  });

  it("says the procedure protocol was not created, with the server's reason, and keeps the form", async () => {
    api.answer({ 'POST /ppq': failure(400, '0.question: Enter the question') });
    renderEditor('/procedureQuestions/create?org=vitraya');
    await screen.findByText('Create Procedure Protocol Question for VITRAYA');
    await choose('Procedures', 'Cataract Surgery (id001)');
    await choose('Procedures', 'Hysterectomy (id002)');
    await fillQuestion('Which eye?', 'other', 'Single Select', ['Left']);
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Procedure protocol has not created for this Cataract Surgery, Hysterectomy.')).toBeInTheDocument();
    expect(screen.getByText('0.question: Enter the question')).toBeInTheDocument();
    expect(screen.getByLabelText('Question')).toHaveValue('Which eye?');
    expect(screen.getByTestId('location')).toHaveTextContent('/procedureQuestions/create?org=vitraya');
  });

  it('overrides for the chosen insurer from the Enable Procedure Override dialog', async () => {
    renderEditor('/procedureQuestions/create?org=vitraya');
    await screen.findByText('Create Procedure Protocol Question for VITRAYA');
    expect(button('Enable Procedure Override')).toBeDisabled();
    await choose('Procedures', 'Cataract Surgery (id001)');
    await fillQuestion('Which eye?', 'other', 'Single Select', ['Left']);
    fireEvent.click(button('Enable Procedure Override'));
    const dialog = await findDialog('Enable Procedure Override');
    expect(within(dialog).getByRole('button', { name: 'Override' })).toBeDisabled();
    await choose('Override for insurer', 'Star Health');
    expect(screen.queryAllByTitle('Vitraya').filter((o) => o.classList.contains('ant-select-item-option'))).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Override' }));
    await waitFor(() => expect(api.callsTo('POST /ppq').map((c) => c.url)).toEqual(['/ppq?org=starhealth']));
    expect(api.callsTo('POST /ppq')[0].body).toEqual([
      { fk_procedure: [1], question: 'Which eye?', questionType: 'single', entityType: 'other', answer: ['Left'] },
    ]);
    expect(await screen.findByText('Procedure protocol question overridden for the Cataract Surgery in Star Health')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/procedureQuestions\?org=starhealth$/));
  });

  it('says the override was not created when the server refuses it', async () => {
    api.answer({ 'POST /ppq': failure(403, 'You are not authorized to perform this action') });
    renderEditor('/procedureQuestions/create?org=vitraya');
    await screen.findByText('Create Procedure Protocol Question for VITRAYA');
    await choose('Procedures', 'Cataract Surgery (id001)');
    await fillQuestion('Which eye?', 'other', 'Single Select', ['Left']);
    fireEvent.click(button('Enable Procedure Override'));
    await choose('Override for insurer', 'Bajaj');
    fireEvent.click(within(await findDialog('Enable Procedure Override')).getByRole('button', { name: 'Override' }));
    expect(await screen.findByText('Procedure protocol has not created for this procedure.')).toBeInTheDocument();
    expect(screen.getByText('You are not authorized to perform this action')).toBeInTheDocument();
  });
});

describe('the possible-answer picker', () => {
  it("asks for the entity type first, then offers what the procedures' rules select, up to the answers left", async () => {
    api.answer({
      'POST /rules/search': [ruleChoices(CATARACT, { diagnosisList: ['Cataract', 'Glaucoma', 'Pseudophakia'] })],
    });
    renderEditor('/procedureQuestions/create?org=vitraya');
    await screen.findByText('Create Procedure Protocol Question for VITRAYA');
    fireEvent.click(button(/Choose Answers/));
    expect(within(await findDialog('Possible Answers')).getByText('Choose Entity Type')).toBeInTheDocument();
    fireEvent.click(within(await findDialog('Possible Answers')).getByRole('button', { name: 'Close' }));

    await choose('Procedures', 'Cataract Surgery (id001)');
    await fillQuestion('Other eye?', 'diagnosis', 'Multiple Select', ['Cataract']);
    fireEvent.click(button(/Choose Answers/));
    const dialog = await findDialog('Possible Answers');
    expect(await within(dialog).findByRole('checkbox', { name: 'Glaucoma' })).toBeInTheDocument();
    expect(api.callsTo('POST /rules/search').map(({ url, body }) => ({ url, body }))).toEqual([
      { url: '/rules/search?org=vitraya', body: { procedureCode: ['id001'] } },
    ]);
    // An answer the question has already is shown chosen.
    expect(within(dialog).getByRole('checkbox', { name: 'Cataract' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Cataract' })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Glaucoma' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Possible Answer 2')).toHaveValue('Glaucoma');
  });

  it("offers a tab of each entity type for 'other', says when a procedure has none, and uses the provider's rule where the insurer has none", async () => {
    api.answer({
      'POST /rules/search': (call) =>
        call.query.get('org') === 'bajaj'
          ? [ruleChoices(CATARACT, { drug: ['Timolol'] })]
          : [ruleChoices(HYSTERECTOMY, { tissue: ['Uterus'] })],
    });
    renderEditor('/procedureQuestions/create?org=bajaj');
    await screen.findByText('Create Procedure Protocol Question for BAJAJ');
    await choose('Procedures', 'Cataract Surgery (id001)');
    await choose('Procedures', 'Hysterectomy (id002)');
    await fillQuestion('Anything else?', 'other', 'Multiple Select');
    fireEvent.click(button(/Choose Answers/));
    const dialog = await findDialog('Possible Answers');
    const tabs = await within(dialog).findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'procedures',
      'diagnosis',
      'document',
      'evidence',
      'Clinical Attribute',
      'drug',
      'tissue',
    ]);
    expect(api.callsTo('POST /rules/search').map(({ url, body }) => ({ url, body }))).toEqual([
      { url: '/rules/search?org=bajaj', body: { procedureCode: ['id001', 'id002'] } },
      { url: '/rules/search?org=vitraya', body: { procedureCode: ['id002'] } },
    ]);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'diagnosis' }));
    expect(await within(dialog).findByText('For this selected procedure there is no diagnosis')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'drug' }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Timolol' }));
    fireEvent.click(within(dialog).getByRole('tab', { name: 'tissue' }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Uterus' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByLabelText('Possible Answer 2')).toHaveValue('Uterus'));
    expect(screen.getByLabelText('Possible Answer 1')).toHaveValue('Timolol');
  });
});

describe('edit', () => {
  const technique = question(42, 'Technique used', { answer: ['Phaco', 'SICS'], entityType: 'procedures' }, CATARACT);
  const vision = question(43, 'Best corrected vision', { answer: ['6/18', '6/60'], entityType: 'Clinical Attribute' }, CATARACT);
  beforeEach(() =>
    api.answer({ 'GET /ppq/:id': [technique, vision], 'PUT /ppq/:id': (call) => [{ ...technique, id: Number(call.params.id) }] }),
  );

  it("'Edit other than Procedure' edits the procedure's questions, adds new ones, and saves what changed", async () => {
    renderEditor('/procedureQuestions/edit?procedureId=1&type=notEditProcedure&org=vitraya');
    expect(await screen.findByText('Edit Procedure Protocol Question for VITRAYA')).toBeInTheDocument();
    expect(api.callsTo('GET /ppq/:id').map((c) => c.url)).toEqual(['/ppq/1?org=vitraya']);
    expect(queued()).toEqual([expect.stringContaining('Technique used'), expect.stringContaining('Best corrected vision')]);
    expect(screen.getByLabelText('Procedures').closest('.ant-select')).toHaveClass('ant-select-disabled');
    expect(button('Save')).toBeDisabled();

    fireEvent.click(button('Edit question 2'));
    await choose('Question Type', 'Multiple Select');
    fireEvent.click(button(/Add Possible Answer/));
    type('Possible Answer 3', '6/36');
    fireEvent.click(button('Save Changes'));
    expect(queued()[1]).toContain('Changed');

    await fillQuestion('Any complication?', 'other', 'Boolean');
    fireEvent.click(button('Add Another Question'));
    expect(queued()[2]).toContain('New');
    fireEvent.click(button('Save'));
    await waitFor(() => expect(api.callsTo('POST /ppq')).toHaveLength(1));
    expect(api.callsTo('PUT /ppq/:id').map(({ url, body }) => ({ url, body }))).toEqual([
      {
        url: '/ppq/43?org=vitraya',
        body: {
          fk_procedure: [1],
          question: 'Best corrected vision',
          questionType: 'multi',
          entityType: 'Clinical Attribute',
          answer: ['6/18', '6/60', '6/36'],
        },
      },
    ]);
    expect(api.callsTo('POST /ppq')[0].body).toEqual([
      { fk_procedure: [1], question: 'Any complication?', questionType: 'radio', entityType: 'other', answer: [] },
    ]);
    expect(await screen.findByText('Procedure protocol question is updated for this procedure Cataract Surgery')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/procedureQuestions\?org=vitraya$/));
  });

  it('alerts the error when an update fails', async () => {
    api.answer({ 'PUT /ppq/:id': failure(404, 'Question 42 not found in vitraya') });
    renderEditor('/procedureQuestions/edit?procedureId=1&type=notEditProcedure&org=vitraya');
    await screen.findByText('Edit Procedure Protocol Question for VITRAYA');
    fireEvent.click(button('Edit question 1'));
    type('Question', 'Technique');
    fireEvent.click(button('Save Changes'));
    fireEvent.click(button('Save'));
    expect(await screen.findAllByText('Question 42 not found in vitraya')).not.toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/procedureQuestions/edit');
  });

  it("'Edit only Procedure' moves the procedure's questions to the chosen procedures and leaves the questions as they are", async () => {
    renderEditor('/procedureQuestions/edit?procedureId=1&type=onlyEditProcedure&org=vitraya');
    await screen.findByText('Edit Procedure Protocol Question for VITRAYA');
    expect(screen.queryByLabelText('Question')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Another Question' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit question/ })).not.toBeInTheDocument();
    expect(queued()).toHaveLength(2);
    expect(button('Save')).toBeDisabled();
    await choose('Procedures', 'Hysterectomy (id002)');
    fireEvent.click(button('Save'));
    await waitFor(() => expect(api.callsTo('PUT /ppq/:id')).toHaveLength(2));
    expect(api.callsTo('PUT /ppq/:id').map(({ url, body }) => ({ url, body }))).toEqual([
      {
        url: '/ppq/42?org=vitraya',
        body: {
          fk_procedure: [1, 2],
          question: 'Technique used',
          questionType: 'single',
          entityType: 'procedures',
          answer: ['Phaco', 'SICS'],
        },
      },
      {
        url: '/ppq/43?org=vitraya',
        body: {
          fk_procedure: [1, 2],
          question: 'Best corrected vision',
          questionType: 'single',
          entityType: 'Clinical Attribute',
          answer: ['6/18', '6/60'],
        },
      },
    ]);
    expect(
      await screen.findByText('Procedure protocol question is updated for this procedure Cataract Surgery, Hysterectomy'),
    ).toBeInTheDocument();
  });

  it("offers the override on edit only for the provider's organisation, with the procedure's questions", async () => {
    const { unmount } = renderEditor('/procedureQuestions/edit?procedureId=1&type=onlyEditProcedure&org=starhealth');
    await screen.findByText('Edit Procedure Protocol Question for STAR HEALTH');
    expect(screen.queryByRole('button', { name: 'Enable Procedure Override' })).not.toBeInTheDocument();
    unmount();

    renderEditor('/procedureQuestions/edit?procedureId=1&type=notEditProcedure&org=vitraya');
    await screen.findByText('Edit Procedure Protocol Question for VITRAYA');
    fireEvent.click(button('Enable Procedure Override'));
    await choose('Override for insurer', 'ML');
    fireEvent.click(within(await findDialog('Enable Procedure Override')).getByRole('button', { name: 'Override' }));
    await waitFor(() => expect(api.callsTo('POST /ppq').map((c) => c.url)).toEqual(['/ppq?org=ML']));
    expect((api.callsTo('POST /ppq')[0].body as ProcedureQuestion[]).map((q) => q.question)).toEqual([
      'Technique used',
      'Best corrected vision',
    ]);
    expect(await screen.findByText('Procedure protocol question overridden for the Cataract Surgery in ML')).toBeInTheDocument();
  });

  it('says what an incomplete link lacks', async () => {
    renderEditor('/procedureQuestions/edit?procedureId=abc&org=vitraya');
    expect(
      await screen.findByText('This edit link is incomplete: it needs a procedureId and a type (onlyEditProcedure or notEditProcedure).'),
    ).toBeInTheDocument();
    expect(api.callsTo('GET /ppq/:id')).toHaveLength(0);
  });
});

it('shows the editor only to the named question editors', async () => {
  signInAs('vitraya', 'super_user', 'vitraya.other');
  api.answer({ 'GET /ppq/editors/me': { canEdit: false } });
  renderEditor('/procedureQuestions/create?org=vitraya');
  expect(await screen.findByText('Procedure questions are created and edited by the named question editors only.')).toBeInTheDocument();
  expect(screen.queryByLabelText('Question')).not.toBeInTheDocument();
  fireEvent.click(button('Back to Procedure Questions'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/procedureQuestions\?org=vitraya$/));
});

it('says why when the editor check fails, rather than refusing', async () => {
  api.answer({ 'GET /ppq/editors/me': failure(503, 'The server is not available') });
  renderEditor('/procedureQuestions/create?org=vitraya');
  expect(await screen.findByText('The server is not available')).toBeInTheDocument();
  expect(screen.queryByText('Procedure questions are created and edited by the named question editors only.')).not.toBeInTheDocument();
});
