import { pdfjs } from 'react-pdf';

// webpack emits the worker as an asset of the chunk that imports this module, so it loads only where a PDF is
// shown. The worker must be react-pdf's own pdf.js version (pdf.js refuses any other): mfe-claims pins
// pdfjs-dist to it in package.json.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
