// Scores results/*.json against pages/truth.json: word and number recall per material, word precision, seconds
// (CPU and wall) per page, memory. Prints a markdown table. Usage: node score.mjs results/a.json results/b.json ...
import { readFileSync } from 'node:fs';

const truth = new Map(JSON.parse(readFileSync(new URL('./pages/truth.json', import.meta.url), 'utf8')).map((p) => [p.file, p]));
const MATERIALS = ['clean', 'noisy', 'jpeg', 'skewed', 'turned'];

/** Punctuation around a word is not part of it ('cm.', 'Name:', '(ALT)'); inside it is ('10.2', '2,45,000'). */
const normalise = (token) => token.replace(/^[.,:;|()[\]'"*]+|[.,:;|()[\]'"*]+$/g, '');
const tokensOf = (texts) =>
  texts
    .flatMap((t) => t.split(/\s+/))
    .map(normalise)
    .filter(Boolean);
/** A value as the reader takes it: digits with decimal points or digit-group commas ('10.2', '2,45,000', '157'). */
const isNumber = (token) => /^\d([\d.,]*\d)?$/.test(token);
const hasDecimalPoint = (token) => /\d\.\d/.test(token);

/** How many of `expected` are in `found`, each found token used once. */
function matched(expected, found) {
  const pool = new Map();
  for (const token of found) pool.set(token, (pool.get(token) ?? 0) + 1);
  let hits = 0;
  for (const token of expected) {
    const left = pool.get(token) ?? 0;
    if (left > 0) {
      hits += 1;
      pool.set(token, left - 1);
    }
  }
  return hits;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const percent = (hits, total) => (total ? `${((100 * hits) / total).toFixed(1)}%` : '-');

function score(result) {
  const byMaterial = new Map(
    MATERIALS.map((m) => [m, { words: [0, 0], numbers: [0, 0], decimals: [0, 0], unspaced: [0, 0], precision: [0, 0], cpu: [], wall: [] }]),
  );
  for (const page of result.pages) {
    const expected = truth.get(page.file);
    const texts = page.words ? page.words.map((w) => w.text) : page.lines.map((l) => l.text);
    const found = tokensOf(texts);
    const wanted = tokensOf(expected.words);
    const lower = (list) => list.map((t) => t.toLowerCase());
    const stats = byMaterial.get(expected.material);
    const add = (key, hits, total) => {
      stats[key][0] += hits;
      stats[key][1] += total;
    };
    const wordHits = matched(lower(wanted), lower(found));
    add('words', wordHits, wanted.length);
    add('precision', matched(lower(found), lower(wanted)), found.length);
    const numbers = wanted.filter(isNumber);
    add('numbers', matched(numbers, found), numbers.length);
    const decimals = wanted.filter(hasDecimalPoint);
    add('decimals', matched(decimals, found), decimals.length);
    // Read right but glued to a neighbour ('MohanLal'): the recogniser saw it, the spacing lost it.
    const joined = found.join('').toLowerCase();
    add('unspaced', lower(wanted).filter((t) => joined.includes(t)).length, wanted.length);
    stats.cpu.push(page.cpuSeconds);
    stats.wall.push(page.seconds);
  }
  return byMaterial;
}

const results = process.argv.slice(2).map((file) => JSON.parse(readFileSync(file, 'utf8')));
console.log(
  '| engine | material | pages | word recall | word precision | words read ignoring spaces | number recall | decimal recall | CPU s/page median (max) | wall s/page median |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const result of results) {
  const byMaterial = score(result);
  const all = { words: [0, 0], numbers: [0, 0], decimals: [0, 0], unspaced: [0, 0], precision: [0, 0], cpu: [], wall: [] };
  for (const [material, s] of byMaterial) {
    if (!s.cpu.length) continue;
    for (const key of ['words', 'numbers', 'decimals', 'unspaced', 'precision']) {
      all[key][0] += s[key][0];
      all[key][1] += s[key][1];
    }
    all.cpu.push(...s.cpu);
    all.wall.push(...s.wall);
    console.log(row(result.engine, material, s));
  }
  console.log(row(result.engine, '**all**', all));
  console.error(
    `${result.engine}: init ${(result.initSeconds ?? result.firstPageSeconds).toFixed(1)} s, RSS after init ${result.rssAfterInitMB} MB, peak RSS ${result.peakRssMB} MB`,
  );
}

function row(engine, material, s) {
  const r = (pair) => percent(pair[0], pair[1]);
  return `| ${engine} | ${material} | ${s.cpu.length} | ${r(s.words)} | ${r(s.precision)} | ${r(s.unspaced)} | ${r(s.numbers)} (${s.numbers[1]}) | ${r(s.decimals)} (${s.decimals[1]}) | ${median(s.cpu).toFixed(2)} (${Math.max(...s.cpu).toFixed(2)}) | ${median(s.wall).toFixed(2)} |`;
}
