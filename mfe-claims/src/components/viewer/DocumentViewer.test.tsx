import type { ClaimDocument, DocumentText, DocumentTextPage } from '@claims/shared-kernel';
import {
  type FakeApi,
  type FakeFailure,
  failure,
  fakeApi,
  mockPdfFile,
  mockPdfLoads,
  renderScreen,
  signInAs,
} from '@claims/shared-kernel/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import DocumentViewer from './DocumentViewer';
import type { DocumentViewerProps, EvidenceTarget, ViewerPosition } from './types';

// jsdom lays nothing out: give the page list and the thumbnail strip a size, 640 × 800, so the pages have
// a width (616 px at 'fit width', after 12 px of padding each side) and the lists a visible part.
const laidOut = (element: HTMLElement) => ['viewer-pages', 'viewer-thumbnails'].includes(element.dataset.testid ?? '');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return laidOut(this) ? 640 : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return laidOut(this) ? 800 : 0;
    },
  });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});

const CLAIM = 7;
const FIT = 616;

const pdf = (id: number, file_name: string, pages: number | null = null): ClaimDocument => ({
  id,
  file_name,
  content_type: 'application/pdf',
  pages,
  original_document_url: `/claims/${CLAIM}/documents/${id}`,
});
const image = (id: number, file_name: string): ClaimDocument => ({
  id,
  file_name,
  content_type: 'image/png',
  pages: 1,
  original_document_url: `/claims/${CLAIM}/documents/${id}`,
});

/** A page of words, one line per string, each word 10 units per character with a 10-unit space. */
function textPage(pageNumber: number, lines: string[], size = { width: 595, height: 842 }): DocumentTextPage {
  return {
    pageNumber,
    ...size,
    source: 'text',
    words: lines.flatMap((line, row) => {
      let x = 20;
      return line.split(' ').map((word) => {
        const placed = { text: word, x, y: 100 + row * 30, width: word.length * 10, height: 14 };
        x += placed.width + 10;
        return placed;
      });
    }),
  };
}

const TEXT_ROUTE = 'GET /claims/:claimId/documents/:documentId/text';
const FILE_ROUTE = 'GET /claims/:claimId/documents/:documentId';

/** The api answering each document's words and file (or a failure) by id; others have no words and a PDF's bytes. */
function serveTexts(texts: Record<number, DocumentTextPage[] | FakeFailure> = {}, files: Record<number, Blob | FakeFailure> = {}): FakeApi {
  return fakeApi({
    [TEXT_ROUTE]: ({ params }) => {
      const id = Number(params.documentId);
      const pages = texts[id] ?? [];
      return Array.isArray(pages) ? ({ documentId: id, pages } satisfies DocumentText) : pages;
    },
    [FILE_ROUTE]: ({ params }) => files[Number(params.documentId)] ?? pdfFile(),
  });
}

/** A PDF's bytes as the api sends them; the react-pdf stand-in draws the file mockPdfFile says is at its address. */
const pdfFile = () => new Blob([new TextEncoder().encode('%PDF-1.7\n%%EOF\n')], { type: 'application/pdf' });
const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

/** The viewer under a claim page stand-in that asks for evidence as the reviewer clicks found items. */
function Harness({
  targets = [],
  ...props
}: Partial<DocumentViewerProps> & { documents: ClaimDocument[]; targets?: Omit<EvidenceTarget, 'requestId'>[] }) {
  const [target, setTarget] = useState<EvidenceTarget | null>(null);
  return (
    <>
      {targets.map((t, i) => (
        <button
          key={`${t.documentId}:${t.pageNumber}`}
          type="button"
          onClick={() => setTarget({ ...t, requestId: (target?.requestId ?? 0) + 1 })}
        >
          {`Evidence ${i + 1}`}
        </button>
      ))}
      <DocumentViewer claimId={CLAIM} target={target} evidencePages={new Map()} {...props} />
    </>
  );
}

const pageInput = () => screen.getByLabelText<HTMLInputElement>('Page number');
const shownPages = () => screen.queryAllByTestId('viewer-page').map((p) => Number(p.dataset.pageNumber));
const pageCount = () => screen.getByTestId('page-count').textContent;
const lastPosition = (spy: jest.Mock) => spy.mock.calls.at(-1)?.[0] as ViewerPosition;
const box = (element: HTMLElement) => ['left', 'top', 'width', 'height'].map((side) => Number(element.dataset[side]));

async function chooseDocument(label: string) {
  fireEvent.mouseDown(screen.getByLabelText('Document', { selector: 'input' }));
  const option = await waitFor(() => {
    const shown = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${label}"]`);
    if (!shown) throw new Error(`${label} is not offered`);
    return shown;
  });
  await act(async () => {
    fireEvent.click(option);
  });
}

beforeEach(() => signInAs('vitraya', 'user'));

it('says so when the claim has no documents, and asks for nothing', () => {
  const api = fakeApi();
  renderScreen(<DocumentViewer claimId={CLAIM} documents={[]} target={null} evidencePages={new Map()} />);
  expect(screen.getByText('No documents uploaded')).toBeInTheDocument();
  expect(api.calls).toHaveLength(0);
});

describe('a PDF', () => {
  it('opens at its first page with its page count, its bytes read with the bearer token and given to pdf.js', async () => {
    mockPdfFile('/documents/101', { numPages: 12 });
    const api = serveTexts();
    const onPositionChange = jest.fn();
    renderScreen(<Harness documents={[pdf(101, 'discharge.pdf')]} org="starhealth" onPositionChange={onPositionChange} />);
    await waitFor(() => expect(pageCount()).toBe('/ 12'));
    expect(screen.getByText('discharge.pdf (12 pages)')).toBeInTheDocument();
    const [read] = api.callsTo(FILE_ROUTE);
    expect({ url: read.url, authorization: read.headers.get('authorization') }).toEqual({
      url: '/claims/7/documents/101?org=starhealth',
      authorization: 'Bearer test-token',
    });
    // pdf.js is handed the bytes (it fetches nothing itself); the address only names the document.
    expect(mockPdfLoads().at(-1)).toEqual({
      url: 'http://localhost:4000/v0.3.0/claims/7/documents/101?org=starhealth',
      httpHeaders: undefined,
      destroyed: false,
    });
    expect(shownPages()).toContain(1);
    expect(screen.getByText('discharge.pdf, page 1 of 12')).toBeInTheDocument();
    expect(lastPosition(onPositionChange)).toEqual({
      documentId: 101,
      documentNumber: 1,
      documentName: 'discharge.pdf',
      pageNumber: 1,
      pageCount: 12,
    });
  });

  it('goes page by page, and to a page by number, refusing one it does not have', async () => {
    mockPdfFile('/documents/102', { numPages: 12 });
    serveTexts();
    const onPositionChange = jest.fn();
    const user = userEvent.setup();
    renderScreen(<Harness documents={[pdf(102, 'lab.pdf')]} onPositionChange={onPositionChange} />);
    await waitFor(() => expect(pageCount()).toBe('/ 12'));
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(pageInput()).toHaveValue('2');
    expect(lastPosition(onPositionChange)).toMatchObject({ pageNumber: 2 });

    await user.clear(pageInput());
    await user.type(pageInput(), '9{Enter}');
    expect(pageInput()).toHaveValue('9');
    expect(shownPages()).toContain(9);
    expect(lastPosition(onPositionChange)).toMatchObject({ pageNumber: 9 });

    for (const wrong of ['13', '0', '2.5', 'abc']) {
      await user.clear(pageInput());
      await user.type(pageInput(), `${wrong}{Enter}`);
      expect(screen.getByRole('alert')).toHaveTextContent('Enter a page number from 1 to 12.');
      expect(pageInput()).toHaveValue('9');
    }

    await user.clear(pageInput());
    await user.type(pageInput(), '12{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(pageInput()).toHaveValue('11');
  });

  it('opens a 200-page document at page 150 without drawing the pages between, with the evidence box in place', async () => {
    mockPdfFile('/documents/103', { numPages: 200 });
    serveTexts();
    const user = userEvent.setup();
    const evidence = { documentId: 103, pageNumber: 150, box: { x: 100, y: 200, width: 50, height: 10, pageWidth: 595, pageHeight: 842 } };
    renderScreen(<Harness documents={[pdf(103, 'records.pdf')]} targets={[evidence]} />);
    await waitFor(() => expect(pageCount()).toBe('/ 200'));
    await user.click(screen.getByRole('button', { name: 'Evidence 1' }));

    const highlight = await screen.findByTestId('evidence-highlight');
    expect(pageInput()).toHaveValue('150');
    expect(highlight).toHaveAttribute('data-page-number', '150');
    expect(highlight).toHaveAttribute('data-style', 'box');
    expect(highlight.closest('[data-testid="viewer-page"]')).toHaveAttribute('data-page-number', '150');
    // Only the pages near the top of the list (jsdom does not scroll) and the page asked for exist.
    expect(shownPages().length).toBeLessThan(6);
    expect(shownPages()).not.toContain(75);
    expect(screen.getAllByTestId('pdf-page').filter((p) => p.dataset.pageNumber === '149')).toHaveLength(0);

    // At 'fit width' the page is 616 px wide: the box scales by 616 / 595.
    const scale = FIT / 595;
    expect(box(highlight)).toEqual([100, 200, 50, 10].map((n) => Math.round(n * scale * 100) / 100));

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('125%')).toBeInTheDocument();
    const zoomed = (FIT * 1.25) / 595;
    expect(box(screen.getByTestId('evidence-highlight'))).toEqual([100, 200, 50, 10].map((n) => Math.round(n * zoomed * 100) / 100));

    // Turned a quarter right at 125%: 770 px wide, so the upright page is 770 × 544.16 (scale 544.16 / 595).
    await user.click(screen.getByRole('button', { name: 'Rotate right' }));
    const upright = (FIT * 1.25 * 595) / 842;
    const turnedScale = upright / 595;
    expect(box(screen.getByTestId('evidence-highlight'))).toEqual(
      [FIT * 1.25 - 210 * turnedScale, 100 * turnedScale, 10 * turnedScale, 50 * turnedScale].map((n) => Math.round(n * 100) / 100),
    );
    expect(screen.getAllByTestId('pdf-page').find((p) => p.dataset.pageNumber === '150')).toHaveAttribute('data-rotate', '90');

    await user.click(screen.getByRole('button', { name: 'Fit width' }));
    await user.click(screen.getByRole('button', { name: 'Rotate left' }));
    expect(box(screen.getByTestId('evidence-highlight'))).toEqual([100, 200, 50, 10].map((n) => Math.round(n * scale * 100) / 100));
  });

  it('says a deleted file is no longer stored', async () => {
    serveTexts({}, { 104: failure(404, 'Document not found') });
    renderScreen(<Harness documents={[pdf(104, 'gone.pdf')]} />);
    expect(await screen.findByText('This document is no longer stored.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says a file pdf.js cannot read could not be opened', async () => {
    mockPdfFile('/documents/106', { error: new Error('Invalid PDF structure.') });
    serveTexts();
    renderScreen(<Harness documents={[pdf(106, 'broken.pdf')]} />);
    expect(await screen.findByText('The document could not be opened.')).toBeInTheDocument();
    expect(screen.getByText('Invalid PDF structure.')).toBeInTheDocument();
  });

  it('shows another failure with Retry, which reads the file again', async () => {
    const api = serveTexts({}, { 105: failure(500, 'Storage unavailable') });
    const user = userEvent.setup();
    renderScreen(<Harness documents={[pdf(105, 'flaky.pdf')]} />);
    expect(await screen.findByText('The document could not be opened.')).toBeInTheDocument();
    expect(screen.getByText('Storage unavailable')).toBeInTheDocument();

    mockPdfFile('/documents/105', { numPages: 4 });
    api.answer({ [FILE_ROUTE]: pdfFile() });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(pageCount()).toBe('/ 4'));
    expect(screen.queryByText('The document could not be opened.')).not.toBeInTheDocument();
  });
});

describe('an image', () => {
  it('is read through the api client and shows evidence as a clear region in a half-dimmed page', async () => {
    const api = serveTexts({ 201: [textPage(1, [], { width: 1240, height: 900 })] }, { 201: png() });
    const user = userEvent.setup();
    const evidence = { documentId: 201, pageNumber: 1, box: { x: 620, y: 450, width: 124, height: 90, pageWidth: 1240, pageHeight: 900 } };
    renderScreen(<Harness documents={[image(201, 'xray.png')]} targets={[evidence]} org="starhealth" />);
    const picture = await screen.findByRole('img', { name: 'xray.png' });
    expect(picture.getAttribute('src')).toMatch(/^blob:/);
    expect(api.callsTo(FILE_ROUTE)[0].headers.get('authorization')).toBe('Bearer test-token');
    expect(api.callsTo(FILE_ROUTE)[0].query.get('org')).toBe('starhealth');
    expect(pageCount()).toBe('/ 1');

    await user.click(screen.getByRole('button', { name: 'Evidence 1' }));
    const highlight = await screen.findByTestId('evidence-highlight');
    expect(highlight).toHaveAttribute('data-style', 'dim');
    expect(highlight.style.boxShadow).toContain('rgba(0, 0, 0, 0.5)');
    const scale = FIT / 1240;
    expect(box(highlight)).toEqual([620, 450, 124, 90].map((n) => Math.round(n * scale * 100) / 100));

    // Turned upside down the region moves to the mirrored corner.
    await user.click(screen.getByRole('button', { name: 'Rotate right' }));
    await user.click(screen.getByRole('button', { name: 'Rotate right' }));
    const shownHeight = FIT * (900 / 1240);
    expect(box(screen.getByTestId('evidence-highlight'))).toEqual(
      [FIT - 744 * scale, shownHeight - 540 * scale, 124 * scale, 90 * scale].map((n) => Math.round(n * 100) / 100),
    );
    expect(picture.style.transform).toContain('rotate(180deg)');
  });

  it('says a deleted image is no longer stored, and shows another failure with Retry', async () => {
    serveTexts({}, { 202: failure(404, 'Document not found') });
    const { unmount } = renderScreen(<Harness documents={[image(202, 'gone.png')]} />);
    expect(await screen.findByText('This document is no longer stored.')).toBeInTheDocument();
    unmount();

    const api = serveTexts({ 203: [textPage(1, [], { width: 800, height: 600 })] }, { 203: failure(500, 'Storage unavailable') });
    const user = userEvent.setup();
    renderScreen(<Harness documents={[image(203, 'flaky.png')]} />);
    expect(await screen.findByText('Storage unavailable')).toBeInTheDocument();
    api.answer({ [FILE_ROUTE]: png() });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const picture = await screen.findByRole('img', { name: 'flaky.png' });

    // The browser could not decode what the server sent.
    fireEvent.error(picture);
    expect(screen.getByText('The image could not be shown: the file is not a readable PNG or JPEG image.')).toBeInTheDocument();
  });
});

describe('several documents', () => {
  const documents = [pdf(301, 'discharge.pdf', 3), pdf(302, 'lab.pdf'), image(303, 'scan.png')];

  it('switches between them by name and page count, coming back to the page left', async () => {
    mockPdfFile('/documents/301', { numPages: 3 });
    mockPdfFile('/documents/302', { numPages: 5 });
    serveTexts({ 303: [textPage(1, [], { width: 800, height: 600 })] }, { 303: png() });
    const onPositionChange = jest.fn();
    const user = userEvent.setup();
    renderScreen(<Harness documents={documents} onPositionChange={onPositionChange} />);
    await waitFor(() => expect(pageCount()).toBe('/ 3'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));

    await chooseDocument('2. lab.pdf');
    await waitFor(() => expect(pageCount()).toBe('/ 5'));
    expect(pageInput()).toHaveValue('1');
    expect(mockPdfLoads().at(-1)?.url).toContain('/documents/302');
    expect(lastPosition(onPositionChange)).toEqual({
      documentId: 302,
      documentNumber: 2,
      documentName: 'lab.pdf',
      pageNumber: 1,
      pageCount: 5,
    });

    await chooseDocument('3. scan.png (1 page)');
    expect(await screen.findByRole('img', { name: 'scan.png' })).toBeInTheDocument();
    expect(lastPosition(onPositionChange)).toMatchObject({ documentId: 303, documentNumber: 3, pageCount: 1 });

    await chooseDocument('1. discharge.pdf (3 pages)');
    await waitFor(() => expect(pageInput()).toHaveValue('2'));
    expect(lastPosition(onPositionChange)).toMatchObject({ documentId: 301, documentNumber: 1, pageNumber: 2 });
  });

  it('reads each PDF once however often the reviewer comes back, and lets them go with the viewer', async () => {
    const twice = [pdf(311, 'summary.pdf'), pdf(312, 'bills.pdf')];
    mockPdfFile('/documents/311', { numPages: 2 });
    mockPdfFile('/documents/312', { numPages: 6 });
    serveTexts();
    const loadsOf = (id: number) =>
      mockPdfLoads().filter((load) => load.url?.includes(`/documents/${id}?`) || load.url?.endsWith(`/${id}`));
    const { unmount } = renderScreen(<Harness documents={twice} />);
    await waitFor(() => expect(pageCount()).toBe('/ 2'));
    for (const [label, count] of [
      ['2. bills.pdf', '/ 6'],
      ['1. summary.pdf (2 pages)', '/ 2'],
      ['2. bills.pdf (6 pages)', '/ 6'],
    ] as const) {
      await chooseDocument(label);
      await waitFor(() => expect(pageCount()).toBe(count));
      expect(shownPages()).toContain(1);
    }
    // Leaving a document keeps pdf.js's load: destroying it would abort its read of the file.
    expect(loadsOf(311)).toEqual([expect.objectContaining({ destroyed: false })]);
    expect(loadsOf(312)).toEqual([expect.objectContaining({ destroyed: false })]);

    unmount();
    await waitFor(() => expect([...loadsOf(311), ...loadsOf(312)].map((load) => load.destroyed)).toEqual([true, true]));
  });

  it('follows evidence into another document', async () => {
    mockPdfFile('/documents/301', { numPages: 3 });
    mockPdfFile('/documents/302', { numPages: 5 });
    serveTexts();
    const user = userEvent.setup();
    const evidence = { documentId: 302, pageNumber: 4, box: { x: 10, y: 10, width: 100, height: 20, pageWidth: 595, pageHeight: 842 } };
    const missing = { documentId: 999, pageNumber: 1 };
    renderScreen(<Harness documents={documents} targets={[evidence, missing]} />);
    await waitFor(() => expect(pageCount()).toBe('/ 3'));

    await user.click(screen.getByRole('button', { name: 'Evidence 1' }));
    const highlight = await screen.findByTestId('evidence-highlight');
    expect(highlight).toHaveAttribute('data-page-number', '4');
    expect(pageInput()).toHaveValue('4');
    expect(pageCount()).toBe('/ 5');

    await user.click(screen.getByRole('button', { name: 'Evidence 2' }));
    expect(screen.getByText("The document of this item is not among the claim's documents.")).toBeInTheDocument();
    expect(pageInput()).toHaveValue('4');
  });

  it('marks the pages holding evidence in the thumbnail strip, which goes to a page and can be hidden', async () => {
    mockPdfFile('/documents/301', { numPages: 3 });
    serveTexts();
    const user = userEvent.setup();
    renderScreen(
      <Harness
        documents={documents}
        evidencePages={
          new Map([
            [301, new Set([2, 3])],
            [302, new Set([1])],
          ])
        }
      />,
    );
    const strip = await screen.findByRole('navigation', { name: 'Page thumbnails' });
    expect(within(strip).getAllByTestId('thumbnail')).toHaveLength(3);
    expect(
      within(strip)
        .getAllByTestId('evidence-page-mark')
        .map((mark) => mark.closest('button')?.dataset.pageNumber),
    ).toEqual(['2', '3']);
    expect(within(strip).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(strip).getByRole('button', { name: 'Page 3, holds evidence' }));
    expect(pageInput()).toHaveValue('3');
    expect(within(strip).getByRole('button', { name: 'Page 3, holds evidence' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Hide page thumbnails' }));
    expect(screen.queryByRole('navigation', { name: 'Page thumbnails' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show page thumbnails' }));
    expect(screen.getByRole('navigation', { name: 'Page thumbnails' })).toBeInTheDocument();
  });
});

describe('search', () => {
  const documents = [pdf(401, 'report.pdf'), image(402, 'scan.png')];
  const texts = {
    401: [textPage(1, ['Discharge summary']), textPage(2, ['Haemoglobin 9.1 g/dL low']), textPage(3, ['haemoglobin rechecked'])],
    402: [{ ...textPage(1, ['HAEMOGLOBIN by OCR'], { width: 1240, height: 900 }), source: 'ocr' as const }],
  };

  it('counts the hits of every document, scanned pages too, and steps through them', async () => {
    mockPdfFile('/documents/401', { numPages: 3 });
    const api = serveTexts(texts, { 402: png() });
    const user = userEvent.setup();
    renderScreen(<Harness documents={documents} />);
    await waitFor(() => expect(pageCount()).toBe('/ 3'));
    // Only the document on screen's words are read until the reviewer searches.
    await waitFor(() => expect(api.callsTo(TEXT_ROUTE)).toHaveLength(1));

    await user.type(screen.getByLabelText('Search the documents'), 'haemoglobin');
    await waitFor(() => expect(screen.getByTestId('search-status')).toHaveTextContent('1 of 3'));
    expect(
      api
        .callsTo(TEXT_ROUTE)
        .map((call) => call.params.documentId)
        .sort(),
    ).toEqual(['401', '402']);
    expect(pageInput()).toHaveValue('2');
    const current = screen.getAllByTestId('search-highlight').filter((h) => h.dataset.current === 'true');
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveAttribute('data-page-number', '2');
    // 'Haemoglobin' at x 20, y 100, 110 × 14 on a 595-point page shown 616 px wide.
    expect(box(current[0])).toEqual([20, 100, 110, 14].map((n) => Math.round(((n * FIT) / 595) * 100) / 100));

    await user.keyboard('{Enter}');
    expect(screen.getByTestId('search-status')).toHaveTextContent('2 of 3');
    expect(pageInput()).toHaveValue('3');

    await user.keyboard('{Enter}');
    expect(screen.getByTestId('search-status')).toHaveTextContent('3 of 3');
    expect(await screen.findByRole('img', { name: 'scan.png' })).toBeInTheDocument();
    expect(await screen.findByTestId('search-highlight')).toHaveAttribute('data-current', 'true');

    await user.click(screen.getByRole('button', { name: 'Next match' }));
    expect(screen.getByTestId('search-status')).toHaveTextContent('1 of 3');
    await waitFor(() => expect(pageInput()).toHaveValue('2'));

    await user.click(screen.getByLabelText('Search the documents'));
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(screen.getByTestId('search-status')).toHaveTextContent('3 of 3');
    await user.click(screen.getByRole('button', { name: 'Previous match' }));
    expect(screen.getByTestId('search-status')).toHaveTextContent('2 of 3');

    // Words are read once per document, however often the reviewer searches.
    expect(api.callsTo(TEXT_ROUTE)).toHaveLength(2);
  });

  it('finds phrases across words, and says when nothing matches', async () => {
    mockPdfFile('/documents/401', { numPages: 3 });
    serveTexts(texts, { 402: png() });
    const user = userEvent.setup();
    renderScreen(<Harness documents={documents} />);
    await waitFor(() => expect(pageCount()).toBe('/ 3'));
    const search = screen.getByLabelText('Search the documents');

    await user.type(search, 'HAEMOGLOBIN 9.1 g/dl');
    await waitFor(() => expect(screen.getByTestId('search-status')).toHaveTextContent('1 of 1'));
    expect(pageInput()).toHaveValue('2');

    await user.clear(search);
    await user.type(search, 'platelets');
    await waitFor(() => expect(screen.getByTestId('search-status')).toHaveTextContent('No matches'));
    expect(screen.queryAllByTestId('search-highlight')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Next match' })).toBeDisabled();

    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
    expect(screen.getByTestId('search-status')).toHaveTextContent('');
  });

  it('says when a document could not be searched', async () => {
    mockPdfFile('/documents/401', { numPages: 3 });
    serveTexts({ 401: texts[401], 402: failure(404, 'Document not found') }, { 402: png() });
    const user = userEvent.setup();
    renderScreen(<Harness documents={documents} />);
    await user.type(screen.getByLabelText('Search the documents'), 'haemoglobin');
    await waitFor(() => expect(screen.getByTestId('search-status')).toHaveTextContent('1 of 2'));
    expect(await screen.findByText('One document could not be searched.')).toBeInTheDocument();
  });
});

describe('the keyboard', () => {
  it("turns pages with 'n' and 'p', focuses the search with '/', and keeps out of the way while typing", async () => {
    mockPdfFile('/documents/501', { numPages: 4 });
    serveTexts({ 501: [textPage(1, ['nothing to see'])] });
    const user = userEvent.setup();
    renderScreen(<Harness documents={[pdf(501, 'notes.pdf')]} />);
    await waitFor(() => expect(pageCount()).toBe('/ 4'));

    await user.keyboard('n');
    expect(pageInput()).toHaveValue('2');
    await user.keyboard('nn');
    expect(pageInput()).toHaveValue('4');
    await user.keyboard('n');
    expect(pageInput()).toHaveValue('4');
    await user.keyboard('p');
    expect(pageInput()).toHaveValue('3');

    const search = screen.getByLabelText('Search the documents');
    await user.keyboard('/');
    expect(search).toHaveFocus();
    expect(search).toHaveValue('');
    await user.keyboard('pn');
    expect(search).toHaveValue('pn');
    expect(pageInput()).toHaveValue('3');

    await user.click(pageInput());
    await user.keyboard('p');
    expect(pageInput()).toHaveValue('p');
  });

  it('labels every control for screen readers', async () => {
    mockPdfFile('/documents/501', { numPages: 4 });
    serveTexts();
    renderScreen(<Harness documents={[pdf(501, 'notes.pdf'), pdf(502, 'more.pdf')]} />);
    await waitFor(() => expect(pageCount()).toBe('/ 4'));
    const viewer = screen.getByRole('region', { name: 'Document viewer' });
    for (const button of within(viewer).getAllByRole('button')) expect(button).toHaveAccessibleName();
    expect(within(viewer).getByRole('region', { name: 'Pages of notes.pdf' })).toHaveAttribute('tabindex', '0');
    expect(within(viewer).getByRole('combobox', { name: 'Document' })).toBeInTheDocument();
  });
});
