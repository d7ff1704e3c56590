/** react-pdf stand-in for jest: pdfjs-dist 6 does not run under Node 20; real rendering is covered in the browser tests. */
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

/** How the stand-in answers a file: its page count and page size (PDF points), or the error pdf.js would raise. */
export interface MockPdfFile {
  numPages: number;
  width: number;
  height: number;
  /** Rejects the load like pdf.js does (a 404 is a ResponseException with `status: 404`). */
  error?: Error;
}

const ONE_A4_PAGE: MockPdfFile = { numPages: 1, width: 595, height: 842 };
const mockFiles = new Map<string, MockPdfFile>();

/** Makes every file whose URL contains `urlPart` answer as `file` (others: one A4 page). */
export function mockPdfFile(urlPart: string, file: Partial<MockPdfFile>): void {
  mockFiles.set(urlPart, { ...ONE_A4_PAGE, ...file });
}

const urlOf = (file: unknown): string | null => {
  if (typeof file === 'string') return file;
  if (file && typeof file === 'object' && 'url' in file && typeof file.url === 'string') return file.url;
  return null;
};

const fileFor = (url: string | null): MockPdfFile =>
  (url && [...mockFiles].reverse().find(([part]) => url.includes(part))?.[1]) || ONE_A4_PAGE;

const viewportOf =
  (file: MockPdfFile) =>
  ({ scale = 1, rotation = 0 }: { scale?: number; rotation?: number } = {}) => {
    const sideways = rotation % 180 !== 0;
    return { width: (sideways ? file.height : file.width) * scale, height: (sideways ? file.width : file.height) * scale };
  };

const pageProxy = (file: MockPdfFile, pageNumber: number) => {
  const getViewport = viewportOf(file);
  return { pageNumber, rotate: 0, getViewport, originalWidth: getViewport().width, originalHeight: getViewport().height };
};

type PdfProxy = ReturnType<typeof pdfProxy>;
const filesOfProxies = new WeakMap<object, MockPdfFile>();

const pdfProxy = (file: MockPdfFile) => {
  const proxy = {
    numPages: file.numPages,
    getPage: async (n: number) => pageProxy(file, n),
    getDownloadInfo: async () => ({ length: 0 }),
  };
  filesOfProxies.set(proxy, file);
  return proxy;
};

/** A document pdf.js was asked to load: its address and headers, and whether it was let go since. */
export interface MockPdfLoad {
  url: string | null;
  httpHeaders?: Record<string, string>;
  destroyed: boolean;
}

const loads: MockPdfLoad[] = [];

/** Every load asked of `pdfjs.getDocument` so far, in order (the viewer's own loader uses it; <Document> does not). */
export const mockPdfLoads = (): readonly MockPdfLoad[] => loads;

export const pdfjs = {
  GlobalWorkerOptions: { workerSrc: '' },
  version: 'mock',
  getDocument(params: { url?: string; httpHeaders?: Record<string, string> }) {
    const load: MockPdfLoad = { url: params.url ?? null, httpHeaders: params.httpHeaders, destroyed: false };
    loads.push(load);
    const file = fileFor(load.url);
    return {
      promise: file.error ? Promise.reject(file.error) : Promise.resolve(pdfProxy(file)),
      destroy: async () => {
        load.destroyed = true;
      },
    };
  },
};

const FileContext = createContext<MockPdfFile>(ONE_A4_PAGE);

type Rendered = ReactNode | (() => ReactNode);
const show = (node: Rendered) => (typeof node === 'function' ? node() : node);

export function Document({
  children,
  file,
  onLoadSuccess,
  onLoadError,
  loading,
  error,
}: {
  children?: ReactNode;
  file?: unknown;
  onLoadSuccess?: (pdf: PdfProxy) => void;
  onLoadError?: (error: Error) => void;
  loading?: Rendered;
  error?: Rendered;
}) {
  const url = urlOf(file);
  const mock = fileFor(url);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  // Answers once per file, after the first render, as pdf.js does; the callbacks are read at that moment.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new callback is not a new file
  useEffect(() => {
    if (mock.error) {
      setState('failed');
      onLoadError?.(mock.error);
      return;
    }
    setState('loaded');
    onLoadSuccess?.(pdfProxy(mock));
  }, [file]);
  return (
    <div data-testid="pdf-document" data-file={url ?? 'binary'}>
      <FileContext.Provider value={mock}>
        {state === 'loaded' ? children : state === 'failed' ? show(error) : show(loading)}
      </FileContext.Provider>
    </div>
  );
}

export function Page({
  pdf,
  pageNumber,
  width,
  rotate,
  onLoadSuccess,
}: {
  /** The document a page outside <Document> belongs to, as `pdfjs.getDocument` answered it. */
  pdf?: PdfProxy;
  pageNumber: number;
  width?: number;
  rotate?: number;
  onLoadSuccess?: (page: ReturnType<typeof pageProxy>) => void;
}) {
  const inDocument = useContext(FileContext);
  const mock = (pdf && filesOfProxies.get(pdf)) || inDocument;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reported once per page, as react-pdf does
  useEffect(() => {
    onLoadSuccess?.(pageProxy(mock, pageNumber));
  }, [pageNumber]);
  return (
    <div data-testid="pdf-page" data-page-number={pageNumber} data-width={width} data-rotate={rotate}>
      {`Page ${pageNumber}`}
    </div>
  );
}
