import { File as NodeFile } from 'node:buffer';
import type { ManifestLimits, RefreshDownloadsResponse } from '@claims/shared-kernel';
import { failure, type FakeApi, type RecordedCall } from '@claims/shared-kernel/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, type JsonBodyType } from 'msw';
import { activePanel, button, consoleApi, findDialog, renderConsole, setUpConsoleTests } from '../../testing/console';
import { refreshResult } from '../../testing/fixtures';

setUpConsoleTests();

const MB = 1024 * 1024;
const LIMITS: ManifestLimits = {
  maxFileBytes: 2 * MB,
  maxTotalBytes: 3 * MB,
  maxFiles: 4,
  columns: ['intimation_number', 'caseType', 'insurer_documents'],
  required: ['intimation_number', 'caseType'],
};

/**
 * Files as a browser gives them. Node's File, not jsdom's: the api client's FormData is Node's in this
 * environment, and it takes only Node's Blob.
 */
const file = (name: string, type: string, size = 2048): File => new NodeFile([new Uint8Array(size)], name, { type }) as unknown as File;

/** Adds files through one of the dialog's two file inputs (the manifest's or the documents'). */
async function addFiles(dialog: HTMLElement, which: 'manifest' | 'documents', ...files: File[]) {
  const inputs = dialog.querySelectorAll<HTMLInputElement>('input[type="file"]');
  await act(async () => {
    fireEvent.change(inputs[which === 'manifest' ? 0 : 1], { target: { files } });
  });
}

/** The multipart parts in order: files as 'name (size)'. */
const parts = (call: RecordedCall): [string, string][] =>
  [...(call.body as FormData).entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : `${value.name} (${value.size})`,
  ]);

/**
 * An upload answered in two steps, as a browser sees it: the request body counts as sent once the server starts
 * answering (`receive`), and the answer's body arrives later (`answer`).
 */
function heldUpload() {
  let receive: () => void = () => {};
  let answer: (body: RefreshDownloadsResponse) => void = () => {};
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
  return {
    handler: async () => {
      await received;
      // A streamed JSON body: the fake's typing knows only whole JSON answers.
      return new HttpResponse(body, { headers: { 'Content-Type': 'application/json' } }) as unknown as HttpResponse<JsonBodyType>;
    },
    receive: () => act(async () => receive()),
    answer: (response: RefreshDownloadsResponse) => act(async () => answer(response)),
  };
}

let api: FakeApi;

describe('Upload Manifest', () => {
  it('uploads a manifest with its documents, showing the share sent, then what was imported', async () => {
    const upload = heldUpload();
    api = consoleApi({ 'GET /claim/batch/manifestLimits': LIMITS, 'POST /claim/batch/uploadManifest': upload.handler });
    await renderConsole();
    await screen.findByText('No Data Found in Uploads/Downloads');
    fireEvent.click(button(activePanel(), 'Upload Manifest'));
    const dialog = await findDialog('Upload Manifest');
    expect(
      await within(dialog).findByText(/intimation_number, caseType, insurer_documents; required: intimation_number, caseType/),
    ).toHaveTextContent('Up to 4 files, 2 MB each, 3 MB in all.');
    expect(button(dialog, 'Upload')).toBeDisabled();

    await addFiles(dialog, 'manifest', file('claims.txt', 'text/plain'));
    expect(within(dialog).getByText("'claims.txt' is not a .csv or .xlsx manifest.")).toBeInTheDocument();
    await addFiles(dialog, 'manifest', file('claims.csv', 'text/csv', 512));
    expect(within(dialog).queryByText("'claims.txt' is not a .csv or .xlsx manifest.")).not.toBeInTheDocument();
    // A small file's size in KB, never '0 MB'.
    expect(within(dialog).getByText('1 KB')).toBeInTheDocument();
    await addFiles(
      dialog,
      'documents',
      file('discharge.pdf', 'application/pdf'),
      file('notes.docx', 'application/msword'),
      file('huge.png', 'image/png', 2.5 * MB),
    );
    expect(within(dialog).getByText("'notes.docx' is not a PDF, PNG or JPEG document.")).toBeInTheDocument();
    expect(within(dialog).getByText("'huge.png' is 2.5 MB: a file can be at most 2 MB.")).toBeInTheDocument();
    expect(button(dialog, 'Upload')).toBeDisabled();
    fireEvent.click(within(dialog).getByLabelText('Remove huge.png'));
    await addFiles(dialog, 'documents', file('scan.jpg', 'image/jpeg'));
    expect(button(dialog, 'Upload')).toBeEnabled();

    fireEvent.click(button(dialog, 'Upload'));
    expect(await within(dialog).findByText('Uploading the manifest and its documents')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Upload progress')).toHaveTextContent('0%');
    await upload.receive();
    await waitFor(() => expect(within(dialog).getByLabelText('Upload progress')).toHaveTextContent('100%'));
    expect(within(dialog).getByText('Importing the claims')).toBeInTheDocument();

    await upload.answer(refreshResult({ downloaded: 2, failed: 0 }));
    expect(await screen.findByText('Manifest uploaded: 2 claims downloaded, 0 failed.')).toBeInTheDocument();
    const [call] = api.callsTo('POST /claim/batch/uploadManifest');
    expect(call.url).toBe('/claim/batch/uploadManifest?org=vitraya');
    expect(call.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(parts(call)).toEqual([
      ['manifest', 'claims.csv (512)'],
      ['documents', 'discharge.pdf (2048)'],
      ['documents', 'scan.jpg (2048)'],
    ]);
    // The new claims show: the grid and the statistics are read again.
    await waitFor(() => expect(api.callsTo('GET /claims')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('Upload Manifest', { selector: '.ant-modal-title' })).not.toBeInTheDocument());
  });

  it('keeps the dialog and says why when the server refuses the manifest', async () => {
    api = consoleApi({
      'GET /claim/batch/manifestLimits': LIMITS,
      'POST /claim/batch/uploadManifest': failure(400, 'manifest: the header row lacks intimation_number'),
    });
    await renderConsole();
    await screen.findByText('No Data Found in Uploads/Downloads');
    fireEvent.click(button(activePanel(), 'Upload Manifest'));
    const dialog = await findDialog('Upload Manifest');
    await addFiles(dialog, 'manifest', file('claims.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'));
    fireEvent.click(button(dialog, 'Upload'));
    expect(await screen.findByText('The header row lacks intimation_number')).toBeInTheDocument();
    expect(screen.getByText('Upload Manifest', { selector: '.ant-modal-title' })).toBeInTheDocument();
    expect(button(dialog, 'Upload')).toBeEnabled();
  });
});
