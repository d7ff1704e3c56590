// Generates ~30 scanned-looking hospital lab and radiology report pages at 200 dpi (A4: 1654 x 2339 px) with
// their ground-truth words, in pages/ (images) and pages/truth.json. Deterministic (seeded), independent of the
// api's reader. Materials: clean, noisy (grain + specks + faint blur), jpeg (quality 60), skewed (3-7 degrees),
// turned (90/180/270 degrees).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';

const OUT = new URL('./pages/', import.meta.url).pathname;
mkdirSync(OUT, { recursive: true });

let seed = 20261128;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const between = (min, max, decimals = 1) => (min + random() * (max - min)).toFixed(decimals);

const WIDTH = 1654;
const HEIGHT = 2339;
const PT = 200 / 72; // pixels per point at 200 dpi

const HOSPITALS = [
  ['CITY CARE MULTISPECIALITY HOSPITAL', '14 Park Street, Kolkata 700016 | Ph: 033-2229 4100'],
  ['SUNRISE MEDICAL CENTRE', 'Plot 22, Sector 5, Navi Mumbai 400703 | Tel 022-2781 5566'],
  ['ST. MARY DIAGNOSTICS AND RESEARCH', '7 Church Road, Bengaluru 560001 | 080-4123 9987'],
  ['GREEN VALLEY HOSPITAL', 'NH 44, Hyderabad 500032 | Phone: 040-6655 1200'],
  ['APEX HEART AND KIDNEY INSTITUTE', '3 Ring Road, New Delhi 110029 | 011-4050 7070'],
];
const NAMES = ['Ramesh Kumar', 'Sunita Devi', 'Arjun Menon', 'Fatima Shaikh', 'Priya Nair', 'Mohan Lal', 'Kavita Rao', 'John Mathew'];
const DOCTORS = ['Dr. S. Banerjee MD', 'Dr. A. Iyer DNB', 'Dr. R. Gupta MD', 'Dr. P. Thomas DMRD'];
const FONTS = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono'];

/** Lab tests: name, value maker, unit, reference range. */
const LAB_TESTS = [
  ['Haemoglobin', () => between(8, 16.5), 'g/dL', '13.0 - 17.0'],
  ['Total Leucocyte Count', () => `${Math.floor(4 + random() * 8)},${Math.floor(100 + random() * 899)}`, '/cumm', '4,000 - 11,000'],
  ['Platelet Count', () => `${Math.floor(1 + random() * 3)},${Math.floor(10 + random() * 89)},000`, '/cumm', '1,50,000 - 4,50,000'],
  ['ESR', () => String(Math.floor(5 + random() * 60)), 'mm/hr', '0 - 20'],
  ['Packed Cell Volume', () => between(30, 50), '%', '40 - 50'],
  ['Red Blood Cell Count', () => between(3.5, 6, 2), 'million/cumm', '4.5 - 5.5'],
  ['Blood Sugar Fasting', () => String(Math.floor(70 + random() * 150)), 'mg/dL', '70 - 110'],
  ['Serum Creatinine', () => between(0.5, 3.5, 2), 'mg/dL', '0.7 - 1.3'],
  ['Blood Urea', () => between(15, 80), 'mg/dL', '15 - 45'],
  ['Serum Sodium', () => String(Math.floor(128 + random() * 20)), 'mmol/L', '135 - 145'],
  ['Serum Potassium', () => between(3, 6), 'mmol/L', '3.5 - 5.1'],
  ['Total Bilirubin', () => between(0.3, 4, 2), 'mg/dL', '0.2 - 1.2'],
  ['SGPT (ALT)', () => String(Math.floor(10 + random() * 120)), 'U/L', '0 - 40'],
  ['HbA1c', () => between(5, 11), '%', '4.0 - 5.6'],
  ['Troponin I', () => between(0.01, 2.5, 2), 'ng/mL', '0.00 - 0.04'],
  ['Dengue NS1 Antigen', () => pick(['Positive', 'Negative']), '', 'Negative'],
];
const TITLES_LAB = ['HAEMATOLOGY REPORT', 'LABORATORY REPORT', 'BIOCHEMISTRY REPORT', 'COMPLETE BLOOD COUNT'];
const TITLES_RAD = ['ULTRASOUND ABDOMEN', 'USG KUB REPORT', 'CT SCAN ABDOMEN', 'X-RAY CHEST PA VIEW'];

function date() {
  const d = String(1 + Math.floor(random() * 28)).padStart(2, '0');
  const m = String(1 + Math.floor(random() * 12)).padStart(2, '0');
  return `${d}/${m}/2025`;
}

function radiologyFindings() {
  return [
    `Liver measures ${between(12, 17)} cm in span and shows normal echotexture.`,
    `Right kidney measures ${between(9, 12)} x ${between(4, 6)} cm. Left kidney measures ${between(9, 12)} x ${between(4, 6)} cm.`,
    `A calculus of ${between(3, 15)} mm is seen in the lower calyx of the ${pick(['right', 'left'])} kidney.`,
    `Gall bladder wall thickness is ${between(2, 6)} mm. CBD measures ${between(3, 8)} mm.`,
    `Prostate volume is ${between(18, 60)} cc. Post void residue ${Math.floor(10 + random() * 150)} ml.`,
    `Uterus measures ${between(6, 9)} x ${between(3, 5)} x ${between(3, 5)} cm with a fibroid of ${between(1, 5)} cm.`,
    `No free fluid is seen in the peritoneal cavity.`,
  ];
}

/** Draws one report; returns its ground-truth words (whitespace-separated tokens of every text drawn). */
function drawReport(context, kind) {
  const words = [];
  const font = pick(FONTS);
  const text = (value, x, y, size, weight = '') => {
    context.font = `${weight} ${Math.round(size * PT)}px "${font}"`.trim();
    context.fillText(value, x, y);
    words.push(...value.split(/\s+/).filter(Boolean));
    return context.measureText(value).width;
  };
  context.fillStyle = '#fff';
  context.fillRect(0, 0, WIDTH, HEIGHT);
  context.fillStyle = '#111';
  context.strokeStyle = '#222';
  context.lineWidth = 2;
  const [hospital, address] = pick(HOSPITALS);
  const left = 150;
  text(hospital, left, 190, 20, 'bold');
  text(address, left, 250, 10);
  context.fillRect(left, 280, WIDTH - 2 * left, 4);
  const title = pick(kind === 'lab' ? TITLES_LAB : TITLES_RAD);
  context.font = `bold ${Math.round(15 * PT)}px "${font}"`;
  const titleWidth = context.measureText(title).width;
  text(title, (WIDTH - titleWidth) / 2, 390, 15, 'bold');

  let y = 480;
  const details = [
    [`Patient Name: ${pick(NAMES)}`, `Age/Sex: ${Math.floor(18 + random() * 70)} Y / ${pick(['M', 'F'])}`],
    [`UHID: ${Math.floor(100000 + random() * 899999)}`, `Date: ${date()}`],
    [`Referred by: ${pick(DOCTORS)}`, `Sample: ${date()}`],
  ];
  for (const [a, b] of details) {
    text(a, left, y, 11);
    text(b, 950, y, 11);
    y += 55;
  }
  y += 30;
  if (kind === 'lab') {
    const columns = [left, 640, 880, 1130];
    const rowHeight = 62;
    const tests = [...LAB_TESTS].sort(() => random() - 0.5).slice(0, 8 + Math.floor(random() * 5));
    const rows = [
      ['Test', 'Result', 'Unit', 'Reference Range'],
      ...tests.map(([name, value, unit, range]) => [name, value(), unit, range]),
    ];
    const top = y;
    for (const [index, row] of rows.entries()) {
      const baseline = y + rowHeight * 0.68;
      for (const [column, cell] of row.entries()) if (cell) text(cell, columns[column] + 12, baseline, 11, index === 0 ? 'bold' : '');
      y += rowHeight;
    }
    // Ruled grid, as most lab reports print their tables.
    const right = WIDTH - left;
    for (let r = 0; r <= rows.length; r += 1) context.fillRect(left, top + r * rowHeight, right - left, 2);
    for (const x of [...columns, right]) context.fillRect(x, top, 2, rows.length * rowHeight);
    y += 80;
    text('Interpretation: Values to be correlated clinically.', left, y, 11);
  } else {
    text('FINDINGS:', left, y, 12, 'bold');
    y += 70;
    for (const line of radiologyFindings()) {
      text(line, left, y, 11);
      y += 62;
    }
    y += 30;
    text('IMPRESSION:', left, y, 12, 'bold');
    y += 70;
    text(
      pick(['Right renal calculus without hydronephrosis.', 'Cholelithiasis. No other significant abnormality.', 'Grade I fatty liver.']),
      left,
      y,
      11,
    );
  }
  y = Math.max(y + 150, 2000);
  text(pick(DOCTORS), WIDTH - 700, y, 11, 'bold');
  text('Consultant Pathologist', WIDTH - 700, y + 50, 10);
  return words;
}

/** Gaussian-ish grain, a grey cast, scanner specks and a light blur: a cheap office scanner. */
function addNoise(canvas) {
  const context = canvas.getContext('2d');
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  const { data } = image;
  const cast = 10 + random() * 20;
  for (let i = 0; i < data.length; i += 4) {
    const grain = (random() + random() + random() - 1.5) * 60;
    for (let c = 0; c < 3; c += 1) data[i + c] = Math.max(0, Math.min(255, data[i + c] - cast + grain));
  }
  for (let s = 0; s < 1500; s += 1) {
    const x = Math.floor(random() * canvas.width);
    const yy = Math.floor(random() * canvas.height);
    for (let dy = 0; dy < 2; dy += 1)
      for (let dx = 0; dx < 2; dx += 1) {
        const i = ((yy + dy) * canvas.width + x + dx) * 4;
        if (i < data.length) data[i] = data[i + 1] = data[i + 2] = 40;
      }
  }
  context.putImageData(image, 0, 0);
  const blurred = createCanvas(canvas.width, canvas.height);
  const b = blurred.getContext('2d');
  b.filter = 'blur(0.7px)';
  b.drawImage(canvas, 0, 0);
  return blurred;
}

function rotate(canvas, degrees) {
  const radians = (degrees * Math.PI) / 180;
  const quarter = Math.abs(degrees) % 180 === 90;
  const width = quarter ? canvas.height : canvas.width;
  const height = quarter ? canvas.width : canvas.height;
  const out = createCanvas(width, height);
  const context = out.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.translate(width / 2, height / 2);
  context.rotate(radians);
  context.drawImage(canvas, -canvas.width / 2, -canvas.height / 2);
  return out;
}

const PLAN = [
  ...Array.from({ length: 8 }, (_, i) => ({ material: 'clean', kind: i % 2 ? 'radiology' : 'lab' })),
  ...Array.from({ length: 6 }, (_, i) => ({ material: 'noisy', kind: i % 2 ? 'radiology' : 'lab' })),
  ...Array.from({ length: 6 }, (_, i) => ({ material: 'jpeg', kind: i % 2 ? 'radiology' : 'lab' })),
  ...[3, -4, 5, -6, 7].map((angle, i) => ({ material: 'skewed', kind: i % 2 ? 'radiology' : 'lab', angle })),
  ...[90, 180, 270, 90, 180].map((angle, i) => ({ material: 'turned', kind: i % 2 ? 'radiology' : 'lab', angle })),
];

const truth = [];
for (const [index, { material, kind, angle }] of PLAN.entries()) {
  let canvas = createCanvas(WIDTH, HEIGHT);
  const words = drawReport(canvas.getContext('2d'), kind);
  if (material === 'noisy') canvas = addNoise(canvas);
  if (angle) canvas = rotate(canvas, angle);
  const jpeg = material === 'jpeg';
  const file = `page-${String(index + 1).padStart(2, '0')}-${material}${angle ? `-${angle}` : ''}.${jpeg ? 'jpg' : 'png'}`;
  writeFileSync(OUT + file, jpeg ? canvas.encodeSync('jpeg', 60) : canvas.encodeSync('png'));
  truth.push({ file, material, kind, angle: angle ?? 0, words });
}
writeFileSync(`${OUT}truth.json`, JSON.stringify(truth, null, 1));
console.log(`${truth.length} pages in ${OUT}`);
