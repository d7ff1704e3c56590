/** react-pdf stand-in for jest: pdfjs-dist 6 does not run under Node 20; real rendering is covered in the browser tests. */
import type { ReactNode } from 'react';

export const pdfjs = { GlobalWorkerOptions: { workerSrc: '' }, version: 'mock' };
export function Document({ children, file }: { children?: ReactNode; file?: unknown }) {
  return (
    <div data-testid="pdf-document" data-file={typeof file === 'string' ? file : 'binary'}>
      {children}
    </div>
  );
}
export function Page({ pageNumber }: { pageNumber: number }) {
  return <div data-testid="pdf-page">{`Page ${pageNumber}`}</div>;
}
