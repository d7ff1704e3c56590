// tesseract.js 7 exactly as the api reads an image file: the api's own document reader (prepare: threshold, ruling
// lines and specks erased, crop; tesseract LSTM_ONLY with @tesseract.js-data/eng 4.0.0_best_int, default page
// segmentation; decimal points restored; confidence filter), one worker. Writes results/tesseract-api.json.
// Usage: taskset -c 0 nice -n 10 <repo>/node_modules/.bin/tsx tesseract.ts [file-filter]
// API_SRC: the api/src to measure (default: this repo's, ../../src beside api/scripts/ocr-compare; the figures in
// docs/ocr-engines.md used a `git archive HEAD` copy so that uncommitted work in the tree did not count).
import { readFileSync, writeFileSync } from 'node:fs';

const API_SRC = process.env.API_SRC ?? new URL('../../src', import.meta.url).pathname;
const { createDocumentReader } = (await import(
  `${API_SRC}/verification/read/reader.ts`
)) as typeof import('../../src/verification/read/reader');

const PAGES = new URL('./pages/', import.meta.url).pathname;
const filter = process.argv[2] ?? '';
const truth: { file: string }[] = JSON.parse(readFileSync(`${PAGES}truth.json`, 'utf8')).filter((p: { file: string }) =>
  p.file.includes(filter),
);
const mb = (bytes: number) => Math.round(bytes / 1048576);

const reader = createDocumentReader({ ocrWorkers: 1 });
const initStart = performance.now();
// The pool starts its worker on the first scan: a tiny page measures the start alone.
await reader.read({ documentId: 0, fileName: 'warm.png', contentType: 'image/png', url: '', data: readFileSync(PAGES + truth[0].file) });
const firstPageSeconds = (performance.now() - initStart) / 1000;
const rssAfterInitMB = mb(process.memoryUsage().rss);

const pages = [];
for (const [index, { file }] of truth.entries()) {
  const data = readFileSync(PAGES + file);
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const document = await reader.read({
    documentId: index + 1,
    fileName: file,
    contentType: file.endsWith('.jpg') ? 'image/jpeg' : 'image/png',
    url: '',
    data,
  });
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const words = document.pages.flatMap((page) =>
    page.words.map((w) => ({ text: w.text, confidence: w.confidence, box: [w.x, w.y, w.width, w.height] })),
  );
  pages.push({ file, seconds, cpuSeconds, error: document.error, legible: document.pages[0]?.legibility, words });
  console.log(
    file,
    seconds.toFixed(2),
    's',
    cpuSeconds.toFixed(2),
    's cpu',
    words.length,
    'words',
    `rss ${mb(process.memoryUsage().rss)} MB`,
  );
}
await reader.close();
const peakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
writeFileSync(
  new URL(`./results/tesseract-api${filter ? `-${filter}` : ''}.json`, import.meta.url),
  JSON.stringify({ engine: 'tesseract.js 7 (api reader)', firstPageSeconds, rssAfterInitMB, peakRssMB, pages }, null, 1),
);
console.log({ firstPageSeconds, rssAfterInitMB, peakRssMB });
