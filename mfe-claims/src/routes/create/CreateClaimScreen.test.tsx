import { File as NodeFile } from 'node:buffer';
import { dismissRefusal, REFUSALS, refusalStore, setRuntimeConfig } from '@claims/shared-kernel';
import type { ClaimCreateResponse, Hospital, Procedure } from '@claims/shared-kernel';
import {
  expectConsoleError,
  type FakeApi,
  failure,
  fakeApi,
  type RecordedCall,
  renderScreen,
  signInAs,
  signOut,
  testQueryClient,
} from '@claims/shared-kernel/testing';
import type { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, type JsonBodyType } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import { claimKeys } from '../../api/claims';
import { CreateClaimScreen } from './CreateClaimScreen';

const MB = 1024 * 1024;
const LIMITS = { maxFileBytes: 2 * MB, maxClaimBytes: 3 * MB, maxFiles: 3 };

const procedure = (id: number, code: string, name: string): Procedure => ({
  id,
  procedure_code: code,
  name,
  snomedct_code: String(100 + id),
  procedure_group: null,
  alias: [],
});
const PROCEDURES = [procedure(1, 'id001', 'Cataract Surgery'), procedure(2, 'id002', 'Hysterectomy')];
const HOSPITALS: Hospital[] = [{ id: 1, hospital_code: 'H01', name: 'City Hospital' }];

/**
 * Files as a browser gives them. Node's File, not jsdom's: the api client's FormData and URL.createObjectURL
 * are Node's in this environment, and they take only Node's Blob.
 */
const file = (name: string, type: string, size = 2048): File => new NodeFile([new Uint8Array(size)], name, { type }) as unknown as File;
const pdf = (name: string, size?: number) => file(name, 'application/pdf', size);
const png = (name: string, size?: number) => file(name, 'image/png', size);

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** The screen at its route, and the places it leads to (the list, the claim page, the questions). */
function renderCreate(route = '/claims/create', queryClient?: QueryClient) {
  return renderScreen(
    <Routes>
      <Route path="claims/create" element={<CreateClaimScreen />} />
      <Route path="claims" element={<LocationProbe />} />
      <Route path="claims/:claimId" element={<LocationProbe />} />
      <Route path="questions/:claimId" element={<LocationProbe />} />
    </Routes>,
    route,
    queryClient,
  );
}

const location = () => screen.getByTestId('location').textContent;
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const button = (name: string) => screen.getByText(name, { selector: 'button span' }).closest('button')!;
const submitButton = () => button('Submit');
const hint = () => screen.getByTestId('upload-hint');
const cards = () => screen.queryAllByTestId('document-card');

/** The options a select shows as chosen (its open list is elsewhere, in a popup). */
const chosen = (label: string) =>
  Array.from(field(label).closest('.ant-select')!.querySelectorAll('.ant-select-selection-item')).map((item) => item.textContent);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

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

/** Chooses files as the file dialog or a drop would; the picker reads them asynchronously. */
async function addFiles(...files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
}

/** Fills every field the Submit rule asks for. */
async function fillRequired({ patientName = 'Asha Rao', caseNo = 'CASE-101' } = {}) {
  if (patientName) type('Patient Name', patientName);
  type('Case No.', caseNo);
  await choose('Procedures', 'id002 - Hysterectomy');
  await addFiles(pdf('discharge.pdf'));
  await screen.findByText('Uploaded Evidence Documents (1)');
}

/** The multipart parts in order: text fields as they are, files as 'name (size, type)'. */
function parts(call: RecordedCall): [string, string][] {
  return [...(call.body as FormData).entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : `${value.name} (${value.size}, ${value.type})`,
  ]);
}

/**
 * An answer to POST /claims the test lets through in two steps, as a slow network would: the upload
 * completes when the server starts answering (`receive`), the answer's body arrives later (`answer`).
 */
function heldCreation() {
  let receive: () => void = () => {};
  let answer: (body: ClaimCreateResponse) => void = () => {};
  const received = new Promise<void>((resolve) => {
    receive = resolve;
  });
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      answer = (response) => {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(response)));
        controller.close();
      };
    },
  });
  const handler = async () => {
    await received;
    // A streamed JSON body: the fake's typing knows only whole JSON answers.
    return new HttpResponse(body, { headers: { 'Content-Type': 'application/json' } }) as unknown as HttpResponse<JsonBodyType>;
  };
  return {
    handler,
    receive: () => act(async () => receive()),
    answer: (response: ClaimCreateResponse) => act(async () => answer(response)),
  };
}

let api: FakeApi;
beforeEach(() => {
  signOut();
  setRuntimeConfig({});
  api = fakeApi({
    'GET /procedures': PROCEDURES,
    'GET /hospitals': { results: HOSPITALS },
    'GET /claims/uploadLimits': LIMITS,
    'POST /claims': { id: 7, requestAdditoinalInput: false },
  });
});
afterEach(() => setRuntimeConfig({}));

describe('who may create a claim', () => {
  it('sends a user who is not a super user to the staging address, in the app when it is a path', async () => {
    signInAs('vitraya', 'user');
    renderCreate();
    await waitFor(() => expect(location()).toBe('/claims'));
    expect(screen.queryByText('Enter Claim Information')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    // The page they land on says why (the shell's RefusalNotice shows it), also after a full page load.
    expect(refusalStore.getState().reason).toBe(REFUSALS.createClaim);
    expect(sessionStorage.getItem('claims-suite:refusal')).toBe(REFUSALS.createClaim);
    dismissRefusal();
  });

  it('leaves the app for an absolute staging address', async () => {
    signInAs('starhealth', 'user');
    window.location.hash = '';
    setRuntimeConfig({ externalStagingUrl: 'http://localhost/#staging' });
    renderCreate();
    await waitFor(() => expect(window.location.hash).toBe('#staging'));
    expect(screen.queryByText('Enter Claim Information')).not.toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('tells a super user of an organisation that does not create claims that it may not', async () => {
    signInAs('ML', 'super_user');
    renderCreate();
    expect(await screen.findByText('You are not authorized to perform this action')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    fireEvent.click(button('Back'));
    expect(location()).toBe('/claims');
  });
});

describe('free text and case numbers', () => {
  it('counts down to the limit of each free-text field before anything is sent', async () => {
    signInAs('vitraya', 'super_user');
    renderCreate();
    await screen.findByText('Enter Claim Information');
    expect(field('Patient Name')).toHaveAttribute('maxlength', '100');
    expect(field('Case No.')).toHaveAttribute('maxlength', '50');
    type('Patient Name', 'Asha Rao');
    expect(screen.getByText('8 / 100')).toBeInTheDocument();
    expect(screen.getByText('0 / 50')).toBeInTheDocument();
  });

  it('names the claim that already has the case number when the api refuses a duplicate', async () => {
    api.answer({ 'POST /claims': failure(409, 'referenceClaimId: Case No. CASE-101 already exists: claim 42') });
    signInAs('vitraya', 'super_user');
    renderCreate();
    await screen.findByText('Enter Claim Information');
    await fillRequired();
    await addFiles(pdf('discharge.pdf'));
    fireEvent.click(submitButton());
    expect(await screen.findByText('Case No. CASE-101 already exists: claim 42')).toBeInTheDocument();
    expect(field('Case No.')).toHaveValue('CASE-101');
  });
});

describe('the form', () => {
  it('shows every field, states the upload limits and goes Back to the list', async () => {
    signInAs('vitraya', 'super_user');
    renderCreate();
    expect(await screen.findByText('Enter Claim Information')).toBeInTheDocument();
    for (const label of ['Patient Name', 'Case No.', 'Procedures', 'Hospitals', 'Insurer']) expect(field(label)).toBeInTheDocument();
    expect(screen.getByLabelText('Pre Authorization')).toBeChecked();
    expect(screen.getByLabelText('Settlement')).not.toBeChecked();
    expect(screen.getByLabelText('Delete documents after verification')).not.toBeChecked();
    expect(screen.getByText('Uploaded Evidence Documents (0)')).toBeInTheDocument();
    expect(screen.getByText('Up to 10 procedures')).toBeInTheDocument();
    await waitFor(() => expect(hint()).toHaveTextContent('PNG, JPEG or PDF. Up to 3 files, 2 MB each, 3 MB in all.'));
    expect(document.querySelector('input[type="file"]')).toHaveAttribute(
      'accept',
      '.png,image/png,.jpg,.jpeg,image/jpeg,.pdf,application/pdf',
    );
    expect(submitButton()).toBeDisabled();
    fireEvent.click(button('Back'));
    expect(location()).toBe('/claims');
  });

  it('keeps Submit disabled until a patient name, a case number, a procedure and a document are there', async () => {
    signInAs('vitraya', 'super_user');
    renderCreate();
    await screen.findByText('Enter Claim Information');
    await fillRequired();
    expect(submitButton()).toBeEnabled();

    type('Patient Name', '  ');
    fireEvent.blur(field('Patient Name'));
    expect(submitButton()).toBeDisabled();
    expect(screen.getByText('Patient Name is required')).toBeInTheDocument();
    type('Patient Name', 'Asha Rao');
    expect(screen.queryByText('Patient Name is required')).not.toBeInTheDocument();

    type('Case No.', '');
    fireEvent.blur(field('Case No.'));
    expect(screen.getByText('Case No. is required')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    type('Case No.', 'CASE-101');
    expect(submitButton()).toBeEnabled();

    fireEvent.click(screen.getByLabelText('Remove discharge.pdf'));
    expect(screen.getByText('Uploaded Evidence Documents (0)')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    await addFiles(png('scan.png'));
    expect(submitButton()).toBeEnabled();

    // Removing the one procedure (its tag's close icon) empties the picker.
    fireEvent.click(document.querySelector('.ant-select-selection-item-remove')!);
    await waitFor(() => expect(screen.getByText('Select at least one procedure')).toBeInTheDocument());
    expect(submitButton()).toBeDisabled();
  });

  it('does not ask the demo organisation for a patient name', async () => {
    signInAs('vitraya-demo', 'super_user');
    renderCreate();
    await screen.findByText('Enter Claim Information');
    expect(screen.queryByLabelText('Insurer', { selector: 'input' })).not.toBeInTheDocument();
    await fillRequired({ patientName: '' });
    fireEvent.blur(field('Patient Name'));
    expect(screen.queryByText('Patient Name is required')).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    fireEvent.click(submitButton());
    await waitFor(() => expect(location()).toBe('/claims/7?org=vitraya-demo&caseType=PRE_AUTH'));
    const [call] = api.callsTo('POST /claims');
    expect(call.query.get('org')).toBe('vitraya-demo');
    expect(parts(call)).toContainEqual(['patientName', '']);
  });

  it('offers at most 10 procedures', async () => {
    const many = Array.from({ length: 11 }, (_, i) => procedure(i + 1, `p${String(i + 1).padStart(2, '0')}`, `Procedure ${i + 1}`));
    api.answer({ 'GET /procedures': many });
    signInAs('vitraya', 'super_user');
    renderCreate();
    await screen.findByText('Enter Claim Information');
    // The list shows its first ten options (it renders what fits): the tenth choice is found by typing.
    for (const p of many.slice(0, 9)) await choose('Procedures', `${p.procedure_code} - ${p.name}`);
    fireEvent.change(field('Procedures'), { target: { value: 'p11' } });
    await choose('Procedures', 'p11 - Procedure 11');
    expect(chosen('Procedures')).toHaveLength(10);
    fireEvent.mouseDown(field('Procedures'));
    const tenth = await waitFor(() => {
      const option = document.querySelector('.ant-select-item-option[title="p10 - Procedure 10"]');
      if (!option) throw new Error('p10 is not offered');
      return option;
    });
    expect(tenth).toHaveClass('ant-select-item-option-disabled');
    await act(async () => {
      fireEvent.click(tenth);
    });
    expect(chosen('Procedures')).toHaveLength(10);
    expect(chosen('Procedures')).not.toContain('p10 - Procedure 10');
  });
});

describe('documents', () => {
  it('previews images and PDFs with name and size, counts them and removes one', async () => {
    signInAs('vitraya', 'super_user');
    renderCreate();
    await screen.findByText('Enter Claim Information');
    await addFiles(pdf('discharge.pdf', 12 * 1024), png('xray.png', (3 * MB) / 2), file('photo.jpeg', 'image/jpeg'));
    expect(await screen.findByText('Uploaded Evidence Documents (3)')).toBeInTheDocument();
    const [pdfCard, pngCard, jpegCard] = cards();
    // The PDF's first page is drawn in the browser (react-pdf, here its stand-in), with its page count.
    expect(await within(pdfCard).findByTestId('pdf-page')).toHaveAttribute('data-page-number', '1');
    expect(pdfCard).toHaveTextContent('1 page');
    expect(pdfCard).toHaveTextContent('discharge.pdf');
    expect(pdfCard).toHaveTextContent('12 KB');
    expect(await within(pngCard).findByAltText('xray.png')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(pngCard).toHaveTextContent('1.5 MB');
    expect(await within(jpegCard).findByAltText('photo.jpeg')).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Remove xray.png'));
    expect(screen.getByText('Uploaded Evidence Documents (2)')).toBeInTheDocument();
    expect(screen.queryByAltText('xray.png')).not.toBeInTheDocument();
  });

  it('refuses files that are not PNG, JPEG or PDF by extension or type, naming them', async () => {
    signInAs('vitraya', 'super_user');
    renderCreate();
    await screen.findByText('Enter Claim Information');
    await addFiles(file('setup.exe', 'application/x-msdownload'), file('notes.pdf', 'text/plain'), pdf('ok.pdf'));
    expect(
      await screen.findByText("'setup.exe' is not a PNG, JPEG or PDF file. 'notes.pdf' is not a PNG, JPEG or PDF file."),
    ).toBeInTheDocument();
    expect(screen.getByText('Uploaded Evidence Documents (1)')).toBeInTheDocument();
    await addFiles(png('scan.png'));
    expect(screen.queryByText(/is not a PNG, JPEG or PDF file/)).not.toBeInTheDocument();
  });

  it('names the files over the size and count limits and keeps Submit disabled until they are removed', async () => {
    signInAs('vitraya', 'super_user');
    renderCreate();
    await screen.findByText('Enter Claim Information');
    await fillRequired();
    await waitFor(() => expect(hint()).toHaveTextContent('Up to 3 files'));
    await addFiles(pdf('huge.pdf', 2.5 * MB));
    expect(await screen.findByText("'huge.pdf' is 2.5 MB: a file can be at most 2 MB.")).toBeInTheDocument();
    expect(screen.getByText('Remove these documents before Submit')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Remove huge.pdf'));
    expect(submitButton()).toBeEnabled();

    // discharge.pdf (2 KB) is there: 1.5 MB fits, a second 1.5 MB does not fit in 3 MB.
    await addFiles(pdf('a.pdf', 1.5 * MB), pdf('b.pdf', 1.5 * MB));
    expect(await screen.findByText("'b.pdf' does not fit: a claim's documents can be at most 3 MB in all.")).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Remove b.pdf'));
    expect(submitButton()).toBeEnabled();

    await addFiles(png('one.png'), png('two.png'));
    expect(await screen.findByText("'two.png' is one file too many: a claim can have at most 3 files.")).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Remove two.png'));
    expect(screen.queryByText('Remove these documents before Submit')).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('leaves the size checks to the server when the limits cannot be read', async () => {
    expectConsoleError('Upload limits could not be read');
    api.answer({ 'GET /claims/uploadLimits': failure(404, 'Not Found') });
    signInAs('vitraya', 'super_user');
    renderCreate();
    await screen.findByText('Enter Claim Information');
    await waitFor(() => expect(api.callsTo('GET /claims/uploadLimits')).toHaveLength(1));
    await fillRequired();
    await addFiles(pdf('big.pdf', 5 * MB));
    expect(await screen.findByText('Uploaded Evidence Documents (2)')).toBeInTheDocument();
    expect(hint()).toHaveTextContent(/^PNG, JPEG or PDF$/);
    expect(submitButton()).toBeEnabled();
  });
});

describe('submitting', () => {
  it('sends the multipart body of spec 1 §3 for the chosen insurer, shows the upload then the busy message, and opens the claim', async () => {
    const creation = heldCreation();
    api.answer({ 'POST /claims': creation.handler });
    signInAs('vitraya', 'super_user');
    const queryClient = testQueryClient();
    queryClient.setQueryData(claimKeys.list('starhealth'), { rows: [], total: 0 });
    renderCreate('/claims/create?org=maxbupa', queryClient);
    await screen.findByText('Enter Claim Information');
    await choose('Insurer', 'Star Health');
    type('Patient Name', '  Asha Rao ');
    type('Case No.', 'CASE-101');
    await choose('Procedures', 'id002 - Hysterectomy');
    await choose('Procedures', 'id001 - Cataract Surgery');
    await choose('Hospitals', 'H01 - City Hospital');
    fireEvent.click(screen.getByLabelText('Settlement'));
    fireEvent.click(screen.getByLabelText('Delete documents after verification'));
    await addFiles(pdf('discharge.pdf', 4096), png('xray.png', 1024));
    await screen.findByText('Uploaded Evidence Documents (2)');

    fireEvent.click(submitButton());
    expect(await screen.findByText('Uploading documents')).toBeInTheDocument();
    expect(screen.getByLabelText('Upload progress')).toHaveTextContent('0%');
    expect(screen.queryByText('Evidence verification in progress')).not.toBeInTheDocument();
    expect(field('Patient Name')).toBeDisabled();

    await creation.receive();
    expect(await screen.findByText('Evidence verification in progress')).toBeInTheDocument();
    expect(screen.queryByText('Uploading documents')).not.toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();

    await creation.answer({ id: 7, requestAdditoinalInput: false });
    await waitFor(() => expect(location()).toBe('/claims/7?org=starhealth&caseType=SETTLEMENT'));
    const [call] = api.callsTo('POST /claims');
    expect(call.query.get('org')).toBe('starhealth');
    expect(call.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(parts(call)).toEqual([
      ['patientName', 'Asha Rao'],
      ['referenceClaimId', 'CASE-101'],
      ['delete_after_adjudication', 'true'],
      ['hospitalCode', 'H01'],
      ['procedureName', 'id002'],
      ['procedureName', 'id001'],
      ['caseType', 'SETTLEMENT'],
      ['documents', 'discharge.pdf (4096, application/pdf)'],
      ['documents', 'xray.png (1024, image/png)'],
      ['adjudicate', 'true'],
    ]);
    expect(queryClient.getQueryState(claimKeys.list('starhealth'))?.isInvalidated).toBe(true);
  });

  it('sends no hospital and the delete flag off when they are left, for the provider itself by default', async () => {
    signInAs('vitraya', 'super_user');
    renderCreate();
    await screen.findByText('Enter Claim Information');
    await fillRequired();
    fireEvent.click(submitButton());
    await waitFor(() => expect(location()).toBe('/claims/7?org=vitraya&caseType=PRE_AUTH'));
    const [call] = api.callsTo('POST /claims');
    expect(call.query.get('org')).toBe('vitraya');
    expect(parts(call)).toEqual([
      ['patientName', 'Asha Rao'],
      ['referenceClaimId', 'CASE-101'],
      ['delete_after_adjudication', 'false'],
      ['hospitalCode', ''],
      ['procedureName', 'id002'],
      ['caseType', 'PRE_AUTH'],
      ['documents', 'discharge.pdf (2048, application/pdf)'],
      ['adjudicate', 'true'],
    ]);
  });

  it('goes to the questions when the claim asks for additional input', async () => {
    api.answer({ 'POST /claims': { id: 12, requestAdditoinalInput: true } });
    signInAs('bajaj', 'super_user');
    renderCreate();
    await screen.findByText('Enter Claim Information');
    await fillRequired();
    fireEvent.click(submitButton());
    await waitFor(() => expect(location()).toBe('/questions/12?org=bajaj'));
  });

  it("shows the server's refusal, hides the busy message and keeps everything entered", async () => {
    api.answer({ 'POST /claims': failure(415, "documents: 'renamed.pdf' is not a PNG, JPEG or PDF file") });
    signInAs('vitraya', 'super_user');
    renderCreate();
    await screen.findByText('Enter Claim Information');
    await fillRequired();
    await addFiles(pdf('renamed.pdf'));
    fireEvent.click(screen.getByLabelText('Settlement'));
    fireEvent.click(submitButton());

    // The api names the field first; the screen says it as a sentence.
    expect(await screen.findByText("'renamed.pdf' is not a PNG, JPEG or PDF file")).toBeInTheDocument();
    expect(screen.getByText('The claim could not be created')).toBeInTheDocument();
    expect(screen.queryByText('Evidence verification in progress')).not.toBeInTheDocument();
    expect(screen.queryByText('Uploading documents')).not.toBeInTheDocument();
    expect(field('Patient Name')).toHaveValue('Asha Rao');
    expect(field('Case No.')).toHaveValue('CASE-101');
    expect(chosen('Procedures')).toEqual(['id002 - Hysterectomy']);
    expect(screen.getByLabelText('Settlement')).toBeChecked();
    expect(screen.getByText('Uploaded Evidence Documents (2)')).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();

    // Another try sends again; the refusal goes once it succeeds.
    fireEvent.click(screen.getByLabelText('Remove renamed.pdf'));
    api.answer({ 'POST /claims': { id: 8, requestAdditoinalInput: false } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(location()).toBe('/claims/8?org=vitraya&caseType=SETTLEMENT'));
    expect(api.callsTo('POST /claims')).toHaveLength(2);
  });
});
