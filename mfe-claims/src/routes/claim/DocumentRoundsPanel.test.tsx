import '../../testing/probeClaimPagePieces';
import { File as NodeFile } from 'node:buffer';
import type { Claim, DocumentRound } from '@claims/shared-kernel';
import { type FakeApi, failure, fakeApi, type RecordedCall, renderScreen, signInAs, signOut } from '@claims/shared-kernel/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import ClaimsRoutes from '../index';
import { absent, CLAIM_ID, claimOf, found, procedure } from '../../testing/claimBuilder';

/** A claim judged QUERY: the lab report its document rule wants is missing. */
const queryClaim = (overrides: Partial<Claim> = {}): Claim =>
  claimOf({
    adjudicationResult: 'QUERY',
    adjudicationReason: 'Required Document not found: Lab Report',
    adjudicationDetails: {
      OPH001: procedure('QUERY', {
        adjudicationReason: 'Required Document not found: Lab Report',
        document: [found('Discharge Summary', null), absent('Lab Report')],
      }),
    },
    ...overrides,
  });

const round = (overrides: Partial<DocumentRound> = {}): DocumentRound => ({
  id: 1,
  requestedBy: 'vitraya.reviewer',
  // 20:00 UTC is 01:30 the next day in Kolkata.
  requestedAt: '2026-03-14T20:00:00Z',
  documents: ['Lab Report'],
  note: 'The lab report of 2 March',
  answeredBy: null,
  answeredAt: null,
  files: [],
  verdictBefore: null,
  verdictAfter: null,
  verifiedAt: null,
  ...overrides,
});

/** Files as a browser gives them (Node's File: the api client's FormData takes only Node's Blob). */
const pdf = (name: string, size = 2048): File => new NodeFile([new Uint8Array(size)], name, { type: 'application/pdf' }) as unknown as File;

/** The claim holds two documents (the builder's discharge summary and lab report): a third file is the last it may have. */
const LIMITS = { maxFileBytes: 1024 * 1024, maxClaimBytes: 3 * 1024 * 1024, maxFiles: 3 };

let api: FakeApi;
const renderClaim = (claim: Claim, more: Parameters<typeof fakeApi>[0] = {}) => {
  // The limits before the claim: the fake matches in this order, and '/claims/:claimId' would take '/claims/uploadLimits'.
  // The claim page's procedures read their people's decisions (another unit): none here.
  api = fakeApi({
    'GET /claims/uploadLimits': LIMITS,
    'GET /claims/:claimId': claim,
    'GET /claims/:claimId/decisions': { claimId: claim.id, decision: null, complete: false, procedures: [] },
    ...more,
  });
  renderScreen(<ClaimsRoutes />, `/claims/${CLAIM_ID}?org=starhealth`);
  return screen.findByText('CASE-2026-0042');
};
const panel = () => screen.getByRole('region', { name: 'Document rounds' });
const button = (name: string) => within(document.body).getByText(name, { selector: 'button span' }).closest('button')!;
const dialog = () => screen.getByRole('dialog');
const chosenDocuments = () => Array.from(dialog().querySelectorAll('.ant-select-selection-item-content')).map((item) => item.textContent);

/** The multipart parts: files as 'name (size, type)'. */
const parts = (call: RecordedCall): [string, string][] =>
  [...(call.body as FormData).entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : `${value.name} (${value.size}, ${value.type})`,
  ]);

beforeEach(() => {
  signOut();
  signInAs('vitraya', 'user');
});

describe('the request dialog', () => {
  it('is offered on a QUERY claim, pre-filled with the missing documents; the documents and the note can be changed and are sent', async () => {
    await renderClaim(queryClaim(), { 'POST /claims/:claimId/documentRequests': round() });
    fireEvent.click(within(panel()).getByRole('button', { name: /Request documents/ }));
    expect(await screen.findByText('Request documents', { selector: '.ant-modal-title' })).toBeInTheDocument();
    expect(chosenDocuments()).toEqual(['Lab Report']);

    const input = within(dialog()).getByRole('combobox', { name: 'Documents' });
    fireEvent.change(input, { target: { value: 'Final Bill' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    await waitFor(() => expect(chosenDocuments()).toEqual(['Lab Report', 'Final Bill']));
    fireEvent.change(within(dialog()).getByLabelText('Note'), { target: { value: ' Please send the lab report of 2 March ' } });

    await act(async () => {
      fireEvent.click(button('Send'));
    });
    expect(await screen.findByText('Documents requested')).toBeInTheDocument();
    const [call] = api.callsTo('POST /claims/:claimId/documentRequests');
    expect(call.url).toBe(`/claims/${CLAIM_ID}/documentRequests?org=starhealth`);
    expect(call.body).toEqual({ documents: ['Lab Report', 'Final Bill'], note: 'Please send the lab report of 2 March' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cannot send without a document, and shows why the server refused', async () => {
    await renderClaim(queryClaim(), {
      'POST /claims/:claimId/documentRequests': failure(409, 'Claim 42 already has an open document request (by vitraya.admin)'),
    });
    fireEvent.click(within(panel()).getByRole('button', { name: /Request documents/ }));
    await screen.findByText('Request documents', { selector: '.ant-modal-title' });
    fireEvent.click(dialog().querySelector('.ant-select-selection-item-remove')!);
    await waitFor(() => expect(chosenDocuments()).toEqual([]));
    expect(button('Send')).toBeDisabled();
    expect(within(dialog()).getByText('Name at least one document')).toBeInTheDocument();

    const input = within(dialog()).getByRole('combobox', { name: 'Documents' });
    fireEvent.change(input, { target: { value: 'Lab Report' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    await waitFor(() => expect(button('Send')).toBeEnabled());
    await act(async () => {
      fireEvent.click(button('Send'));
    });
    expect(await screen.findByText('Claim 42 already has an open document request (by vitraya.admin)')).toBeInTheDocument();
    // The dialog stays open to try again.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('is not offered on another verdict', async () => {
    await renderClaim(claimOf());
    expect(within(panel()).queryByRole('button', { name: /Request documents/ })).not.toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: /Add documents/ })).toBeInTheDocument();
  });

  it('is not offered while a request is open: the claim shows Documents requested', async () => {
    await renderClaim(queryClaim({ documentRounds: [round()] }));
    expect(within(panel()).getByText('Documents requested')).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: /Request documents/ })).not.toBeInTheDocument();
  });

  it('is not offered to an insurer, who may add documents', async () => {
    signInAs('starhealth', 'user');
    await renderClaim(queryClaim());
    expect(within(panel()).queryByRole('button', { name: /Request documents/ })).not.toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: /Add documents/ })).toBeInTheDocument();
  });
});

describe('the add documents panel', () => {
  /** Chooses files as the file dialog or a drop would; the picker reads them asynchronously. */
  async function addFiles(...files: File[]) {
    const input = dialog().querySelector<HTMLInputElement>('input[type="file"]')!;
    await act(async () => {
      fireEvent.change(input, { target: { files } });
    });
  }

  it("previews the files, holds them to the limits counting the claim's documents, and sends them", async () => {
    await renderClaim(queryClaim(), {
      'POST /claims/:claimId/documents': round({ answeredBy: 'vitraya.user', answeredAt: '2026-03-15T04:00:00Z', verdictBefore: 'QUERY' }),
    });
    fireEvent.click(within(panel()).getByRole('button', { name: /Add documents/ }));
    expect(await screen.findByText('Add documents', { selector: '.ant-modal-title' })).toBeInTheDocument();
    expect(await within(dialog()).findByTestId('upload-hint')).toHaveTextContent('Up to 3 files');

    await addFiles(pdf('lab-report.pdf'), pdf('extra.pdf'));
    expect(
      within(dialog())
        .getAllByTestId('document-card')
        .map((card) => card.textContent),
    ).toEqual([expect.stringContaining('lab-report.pdf'), expect.stringContaining('extra.pdf')]);
    expect(within(dialog()).getByText('Remove these documents before Add')).toBeInTheDocument();
    expect(within(dialog()).getByText("'extra.pdf' is one file too many: a claim can have at most 3 files.")).toBeInTheDocument();
    expect(button('Add')).toBeDisabled();

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove extra.pdf' }));
    await waitFor(() => expect(button('Add')).toBeEnabled());
    await act(async () => {
      fireEvent.click(button('Add'));
    });
    expect(await screen.findByText('Documents added: the claim is being verified again')).toBeInTheDocument();
    const [call] = api.callsTo('POST /claims/:claimId/documents');
    expect(call.url).toBe(`/claims/${CLAIM_ID}/documents?org=starhealth`);
    expect(parts(call)).toEqual([['documents', 'lab-report.pdf (2048, application/pdf)']]);
    // The claim is read again: it is now being verified.
    await waitFor(() => expect(api.callsTo('GET /claims/:claimId')).toHaveLength(2));
  });

  it('shows the upload while it runs, with Cancel held until it ends', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await renderClaim(queryClaim(), {
      'POST /claims/:claimId/documents': async () => {
        await held;
        return HttpResponse.json(round({ answeredBy: 'vitraya.user', answeredAt: '2026-03-15T04:00:00Z', verdictBefore: 'QUERY' }));
      },
    });
    fireEvent.click(within(panel()).getByRole('button', { name: /Add documents/ }));
    await screen.findByText('Add documents', { selector: '.ant-modal-title' });
    await addFiles(pdf('lab-report.pdf'));
    await waitFor(() => expect(button('Add')).toBeEnabled());
    await act(async () => {
      fireEvent.click(button('Add'));
    });
    expect(await within(dialog()).findByText('Uploading documents')).toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Upload progress')).toBeInTheDocument();
    expect(button('Cancel')).toBeDisabled();
    await act(async () => release());
    expect(await screen.findByText('Documents added: the claim is being verified again')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is not offered while the claim is being verified', async () => {
    await renderClaim(queryClaim({ rerunStatus: 'INPROGRESS', progress: { stage: 'queued', documentsRead: 0, documentsTotal: 3 } }));
    expect(within(panel()).queryByRole('button', { name: /Add documents/ })).not.toBeInTheDocument();
  });
});

describe('the rounds list', () => {
  it('shows each round: requested (by whom, what, the note), answered (which files), verified again (before → after)', async () => {
    await renderClaim(
      claimOf({
        documentRounds: [
          round({
            answeredBy: 'starhealth.reviewer',
            answeredAt: '2026-03-15T04:00:00Z',
            files: [{ documentId: 9, fileName: 'lab-report.pdf' }],
            verdictBefore: 'QUERY',
            verdictAfter: 'ACCEPTED',
            verifiedAt: '2026-03-15T04:05:00Z',
          }),
          round({
            id: 2,
            requestedBy: null,
            requestedAt: null,
            documents: [],
            note: '',
            answeredBy: 'vitraya.admin',
            answeredAt: '2026-03-16T10:00:00Z',
            files: [{ documentId: 10, fileName: 'bill.pdf' }],
            verdictBefore: 'ACCEPTED',
          }),
          round({ id: 3, documents: ['Final Bill', 'Discharge Summary'], note: '' }),
        ],
      }),
    );
    const rounds = within(panel()).getAllByRole('listitem');
    const lines = (item: HTMLElement) => Array.from(item.querySelectorAll('[data-line]')).map((line) => line.textContent);
    expect(rounds.map(lines)).toEqual([
      [
        'Requested by vitraya.reviewer on 2026-03-15 01:30: Lab ReportThe lab report of 2 March',
        'Documents added by starhealth.reviewer on 2026-03-15 09:30: lab-report.pdf',
        'Verified again on 2026-03-15 09:35: QUERY → ACCEPTED',
      ],
      ['Documents added by vitraya.admin on 2026-03-16 15:30: bill.pdf', 'Being verified again'],
      ['Requested by vitraya.reviewer on 2026-03-15 01:30: Final Bill, Discharge Summary', 'Waiting for the documents'],
    ]);
    expect(within(panel()).getByText('Rounds')).toBeInTheDocument();
    expect(within(panel()).getByText('Documents requested')).toBeInTheDocument();
  });

  it('is not shown for a claim without rounds', async () => {
    await renderClaim(claimOf());
    expect(within(panel()).queryByText('Rounds')).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('list', { name: 'Rounds' })).not.toBeInTheDocument();
  });
});
