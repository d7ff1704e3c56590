import type { Claim, ClaimQuestions, ProcedureQuestion } from '@claims/shared-kernel';
import { type FakeApi, failure, fakeApi, renderScreen, signInAs, signOut, testQueryClient } from '@claims/shared-kernel/testing';
import type { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { claimKeys } from '../../api/claims';
import { QuestionsScreen } from './QuestionsScreen';

const CLAIM: Claim = {
  id: 5,
  obj_id: 'obj-5',
  referenceClaimId: 'CASE-505',
  caseType: 'PRE_AUTH',
  case_type: 'PRE_AUTH',
  patientName: 'Asha Rao',
  procedureCodes: ['id002', 'id001'],
  procedureName: ['Hysterectomy', 'Cataract Surgery'],
  hospitalCode: null,
  status: 'TO_BE_OCRED',
  annotated: false,
  annotation_id: null,
  adjudicationResult: null,
  adjudicationReason: null,
  lastModifiedOn: '2024-05-01T10:00:00Z',
  organization: 'starhealth',
  rejectionReasons: [],
  adjudicationDetails: null,
  lastModifiedBy: 'starhealth.admin',
  lastVerifiedOn: null,
  createdBy: 'starhealth.admin',
  createdOn: '2024-05-01T10:00:00Z',
  delete_after_adjudication: false,
  rerunStatus: null,
  documents: [],
};

const HYSTERECTOMY = { id: 2, procedure_name: 'Hysterectomy', procedure_code: 'id002' };
const CATARACT = { id: 1, procedure_name: 'Cataract Surgery', procedure_code: 'id001' };

function question(
  id: number,
  text: string,
  questionType: ProcedureQuestion['questionType'],
  answer: string[],
  procedure = HYSTERECTOMY,
): ProcedureQuestion {
  return {
    id,
    fk_procedure: procedure.id,
    procedure,
    question: text,
    questionType,
    answer,
    entityType: 'other',
    created_by: 'vitraya.admin',
    created_on: '2024-04-01T10:00:00Z',
    last_modified_by: null,
    last_modified_on: null,
  };
}

const QUESTIONS: ProcedureQuestion[] = [
  question(11, 'Is the histopathology report attached?', 'radio', ['Yes', 'No']),
  question(12, 'Size of the largest fibroid in mm', 'numerics', []),
  question(13, 'Indication for hysterectomy', 'multi', ['Leiomyoma of Uterus', 'Adenomyosis', 'Uterine Prolapse']),
  question(14, 'Technique used', 'single', ['Phacoemulsification with IOL', 'Small incision cataract surgery'], CATARACT),
];
const ASKED: ClaimQuestions = { questions: QUESTIONS, answers: { '11': ['No'], '13': ['Adenomyosis'] } };

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function renderQuestions(route = '/questions/5?org=starhealth', queryClient?: QueryClient) {
  return renderScreen(
    <Routes>
      <Route path="questions/:claimId" element={<QuestionsScreen />} />
      <Route path="claims/:claimId" element={<LocationProbe />} />
      <Route path="pageNotFound" element={<LocationProbe />} />
    </Routes>,
    route,
    queryClient,
  );
}

const location = () => screen.getByTestId('location').textContent;
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const button = (name: string) => screen.getByText(name, { selector: 'button span' }).closest('button')!;
const chosen = (label: string) =>
  Array.from(field(label).closest('.ant-select')!.querySelectorAll('.ant-select-selection-item')).map((item) => item.textContent);

async function choose(selectLabel: string, optionText: string) {
  fireEvent.mouseDown(field(selectLabel));
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
  signOut();
  api = fakeApi({
    'GET /claims/:claimId': CLAIM,
    'GET /claims/:claimId/questions': ASKED,
    'POST /claims/:claimId/questions': { id: 5, Message: 'Successfully Done' },
  });
});

describe('the questions', () => {
  it("shows the claim's case number and procedures and each question by its type, with the answers saved", async () => {
    signInAs('starhealth', 'super_user');
    renderQuestions();
    expect(await screen.findByText('Is the histopathology report attached?')).toBeInTheDocument();
    expect(screen.getByText('Procedure Protocol Questions')).toBeInTheDocument();
    expect(await screen.findByText('CASE-505')).toBeInTheDocument();
    expect(screen.getAllByText('id002 - Hysterectomy')).toHaveLength(2); // the claim's procedure, and its questions' card
    expect(screen.getAllByText('id001 - Cataract Surgery')).toHaveLength(2);
    // radio
    expect(screen.getByLabelText('No')).toBeChecked();
    expect(screen.getByLabelText('Yes')).not.toBeChecked();
    // numerics
    expect(screen.getByLabelText('Size of the largest fibroid in mm')).toHaveValue('');
    // multi, up to 10
    expect(chosen('Indication for hysterectomy')).toEqual(['Adenomyosis']);
    expect(screen.getByText('Up to 10 selections')).toBeInTheDocument();
    // single
    expect(chosen('Technique used')).toEqual([]);
    for (const call of [...api.callsTo('GET /claims/:claimId'), ...api.callsTo('GET /claims/:claimId/questions')]) {
      expect(call.url).toMatch(/^\/claims\/5(\/questions)?\?org=starhealth$/);
    }
  });

  it('sends the answers by question id, refreshes the claim and opens the claim page', async () => {
    signInAs('starhealth', 'super_user');
    const queryClient = testQueryClient();
    // A claims list cached by another screen: answering queues the claim again, so the lists are stale.
    queryClient.setQueryData(claimKeys.list('starhealth'), { rows: [], total: 0 });
    renderQuestions('/questions/5?org=starhealth', queryClient);
    await screen.findByText('Is the histopathology report attached?');
    fireEvent.click(screen.getByLabelText('Yes'));
    fireEvent.change(screen.getByLabelText('Size of the largest fibroid in mm'), { target: { value: '42.5' } });
    await choose('Indication for hysterectomy', 'Leiomyoma of Uterus');
    await choose('Technique used', 'Small incision cataract surgery');
    fireEvent.click(button('Submit'));

    await waitFor(() => expect(location()).toBe('/claims/5?org=starhealth'));
    const [call] = api.callsTo('POST /claims/:claimId/questions');
    expect(call.url).toBe('/claims/5/questions?org=starhealth');
    expect(call.body).toEqual({
      answers: {
        '11': ['Yes'],
        '12': ['42.5'],
        '13': ['Adenomyosis', 'Leiomyoma of Uterus'],
        '14': ['Small incision cataract surgery'],
      },
    });
    expect(queryClient.getQueryState(claimKeys.list('starhealth'))?.isInvalidated).toBe(true);
  });

  it('leaves out the questions left unanswered or cleared', async () => {
    signInAs('vitraya', 'user');
    renderQuestions('/questions/5');
    await screen.findByText('Indication for hysterectomy');
    const tagRemove = field('Indication for hysterectomy').closest('.ant-select')!.querySelector('.ant-select-selection-item-remove')!;
    fireEvent.click(tagRemove);
    await waitFor(() => expect(chosen('Indication for hysterectomy')).toEqual([]));
    fireEvent.click(button('Submit'));
    await waitFor(() => expect(location()).toBe('/claims/5'));
    expect(api.callsTo('POST /claims/:claimId/questions')[0].body).toEqual({ answers: { '11': ['No'] } });
    expect(api.callsTo('POST /claims/:claimId/questions')[0].url).toBe('/claims/5/questions');
  });

  it('offers Yes and No for a Boolean question without answers of its own', async () => {
    api.answer({ 'GET /claims/:claimId/questions': { questions: [question(21, 'Is the patient diabetic?', 'radio', [])], answers: {} } });
    signInAs('vitraya', 'super_user');
    renderQuestions();
    await screen.findByText('Is the patient diabetic?');
    fireEvent.click(screen.getByLabelText('Yes'));
    fireEvent.click(button('Submit'));
    await waitFor(() => expect(api.callsTo('POST /claims/:claimId/questions')).toHaveLength(1));
    expect(api.callsTo('POST /claims/:claimId/questions')[0].body).toEqual({ answers: { '21': ['Yes'] } });
  });

  it('limits a multiple-select answer to 10 selections', async () => {
    const many = Array.from({ length: 11 }, (_, i) => `Finding ${String(i + 1).padStart(2, '0')}`);
    api.answer({ 'GET /claims/:claimId/questions': { questions: [question(31, 'Findings', 'multi', many)], answers: {} } });
    signInAs('vitraya', 'super_user');
    renderQuestions();
    await screen.findByText('Findings');
    // The list shows its first ten options (it renders what fits): the tenth choice is found by typing.
    for (const answer of many.slice(0, 9)) await choose('Findings', answer);
    fireEvent.change(field('Findings'), { target: { value: 'Finding 11' } });
    await choose('Findings', 'Finding 11');
    fireEvent.mouseDown(field('Findings'));
    const tenth = await waitFor(() => {
      const option = document.querySelector('.ant-select-item-option[title="Finding 10"]');
      if (!option) throw new Error('Finding 10 is not offered');
      return option;
    });
    expect(tenth).toHaveClass('ant-select-item-option-disabled');
    await act(async () => {
      fireEvent.click(tenth);
    });
    expect(chosen('Findings')).toHaveLength(10);
    expect(chosen('Findings')).not.toContain('Finding 10');
  });
});

describe('around the questions', () => {
  it('says when the claim has no questions and leads to the claim page', async () => {
    api.answer({ 'GET /claims/:claimId/questions': { questions: [], answers: {} } });
    signInAs('vitraya', 'super_user');
    renderQuestions();
    expect(await screen.findByText('This claim has no questions to answer.')).toBeInTheDocument();
    expect(screen.queryByText('Submit', { selector: 'button span' })).not.toBeInTheDocument();
    fireEvent.click(button('Go to the claim page'));
    expect(location()).toBe('/claims/5?org=starhealth');
  });

  it("shows the server's refusal and keeps the answers", async () => {
    api.answer({ 'POST /claims/:claimId/questions': failure(409, 'Claim 5 is being verified; try again when it finishes') });
    signInAs('vitraya', 'super_user');
    renderQuestions();
    await screen.findByText('Is the histopathology report attached?');
    fireEvent.click(screen.getByLabelText('Yes'));
    fireEvent.change(screen.getByLabelText('Size of the largest fibroid in mm'), { target: { value: '7' } });
    fireEvent.click(button('Submit'));
    expect(await screen.findByText('Claim 5 is being verified; try again when it finishes')).toBeInTheDocument();
    expect(screen.getByText('The answers could not be saved')).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Yes')).toBeChecked();
    expect(screen.getByLabelText('Size of the largest fibroid in mm')).toHaveValue('7');
    expect(chosen('Indication for hysterectomy')).toEqual(['Adenomyosis']);
    expect(button('Submit')).toBeEnabled();
  });

  it('shows the questions to an insurer reviewer without the right to answer, read-only and without Submit', async () => {
    signInAs('starhealth', 'user');
    renderQuestions();
    await screen.findByText('Is the histopathology report attached?');
    expect(
      screen.getByText("Answering is for super users and the provider's organisation; the answers are shown as given."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('No')).toBeDisabled();
    expect(screen.getByLabelText('Size of the largest fibroid in mm')).toBeDisabled();
    expect(field('Technique used')).toBeDisabled();
    expect(screen.queryByText('Submit', { selector: 'button span' })).not.toBeInTheDocument();
    fireEvent.click(button('Back'));
    expect(location()).toBe('/claims/5?org=starhealth');
  });

  it("shows the server's detail when the claim cannot be read", async () => {
    api.answer({
      'GET /claims/:claimId': failure(404, 'Claim 5 not found'),
      'GET /claims/:claimId/questions': failure(404, 'Claim 5 not found'),
    });
    signInAs('vitraya', 'super_user');
    renderQuestions();
    await waitFor(() => expect(screen.getAllByText('Claim 5 not found')).toHaveLength(2));
    expect(screen.queryByText('Submit', { selector: 'button span' })).not.toBeInTheDocument();
  });

  it('sends a claim id that is not a number to the not-found page', async () => {
    signInAs('vitraya', 'super_user');
    renderQuestions('/questions/abc');
    await waitFor(() => expect(location()).toBe('/pageNotFound'));
    expect(api.calls).toHaveLength(0);
  });
});
