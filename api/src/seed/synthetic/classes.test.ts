import { describe, expect, it } from '@jest/globals';
import { loadImage } from '@napi-rs/canvas';
import type { AdjudicationResult } from '@claims/shared-kernel/constants';
import { catalog, resolveRule } from './catalog';
import { CLASS_BUNDLES, CORPUS_CLASSES, type CorpusClass, type ExercisedClass } from './classes';
import {
  buildClaim,
  generateSeedClaims,
  type ClaimAudit,
  type GeneratedClaim,
  type GeneratedDocument,
  type GenerateOptions,
} from './generator';
import { PAGE_HEIGHT, printable, type LaidPage } from './layout';
import { FLAG_STYLES } from './material';
import { otherSpelling, spellingVariants, toRoman } from './notation';
import { evaluateProcedure, mentionKey, type ClaimFacts } from './oracle';
import { documentTextsFromPdfs, mentionsFromPdfs, openPdf, pdfItems } from './readback';
import { findMentions, tokens } from './text-match';

/** Generating claims with scans and reading their PDFs back takes a while on a shared machine. */
const LONG = 240_000;

interface Built {
  claim: GeneratedClaim;
  audit: ClaimAudit;
}

/** The first `count` claims from seed `from` on that exercise the class when asked for it alone (no other scans). */
async function claimsWith(name: CorpusClass, count: number, options: Omit<GenerateOptions, 'classes'> = {}, from = 1): Promise<Built[]> {
  const out: Built[] = [];
  for (let seed = from; seed < from + 400 && out.length < count; seed++) {
    const built = await buildClaim(seed, { imagePages: 0, corruptExtra: false, ...options, classes: [name] });
    if (built.claim.expected.classes.some((c) => c.name === name)) out.push(built);
  }
  expect(out).toHaveLength(count);
  return out;
}

const exercised = (claim: GeneratedClaim, name: CorpusClass): ExercisedClass => claim.expected.classes.find((c) => c.name === name)!;

/** A document's text as a reader gets it: from its text PDF, or for a scanned document the plan's own text. */
async function documentText(built: Built, type: string): Promise<string> {
  return (await documentTextsFromPdfs(built.claim, built.audit)).get(type) ?? printable(built.audit.texts.get(type) ?? '');
}

/** Whether `parts` occur in the text in this order, however the text breaks its lines and joins its items. */
function inOrder(text: string, parts: string[]): boolean {
  const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
  const flat = squeeze(text);
  let at = 0;
  for (const part of parts.map(squeeze)) {
    const i = flat.indexOf(part, at);
    if (i < 0) return false;
    at = i + part.length;
  }
  return true;
}

/** The claim's per-procedure verdicts under the oracle from these facts. */
function verdicts(claim: GeneratedClaim, facts: ClaimFacts): Record<string, AdjudicationResult> {
  return Object.fromEntries(
    claim.procedureCodes.map((code) => [
      code,
      evaluateProcedure(resolveRule(catalog.rules, claim.organization, code, claim.caseType), code, claim.caseType, facts).result,
    ]),
  );
}

const withMention = (facts: ClaimFacts, key: string, docs: Iterable<string>): ClaimFacts => ({
  ...facts,
  mentions: new Map([...facts.mentions, [key, new Set(docs)]]),
});
const withoutMention = (facts: ClaimFacts, key: string): ClaimFacts => ({
  ...facts,
  mentions: new Map([...facts.mentions].filter(([k]) => k !== key)),
});

const isImage = (d: GeneratedDocument) => d.contentType === 'image/png' || d.contentType === 'image/jpeg';

/** Share of an image's pixels darker than `below`, and the spread of its grey levels, from a sample of its pixels. */
async function greyStats(data: Uint8Array, below: number): Promise<{ dark: number; spread: number; mean: number }> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const image = await loadImage(Buffer.from(data));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const px = ctx.getImageData(0, 0, image.width, image.height).data;
  let n = 0;
  let dark = 0;
  let sum = 0;
  let squares = 0;
  // Away from the edges, where a scanner's shadow falls.
  for (let y = Math.round(image.height * 0.1); y < image.height * 0.9; y += 3) {
    for (let x = Math.round(image.width * 0.1); x < image.width * 0.9; x += 3) {
      const v = px[(y * image.width + x) * 4];
      n++;
      sum += v;
      squares += v * v;
      if (v < below) dark++;
    }
  }
  const mean = sum / n;
  return { dark: dark / n, spread: Math.sqrt(squares / n - mean * mean), mean };
}

describe('spelling variants and numerals', () => {
  it('spell a name the other way, word by word, leaving unrelated words alone', () => {
    expect(otherSpelling('Haemoglobin')).toBe('Hemoglobin');
    expect(otherSpelling('Pre-Authorization Form')).toBe('Pre-Authorisation Form');
    expect(otherSpelling('PREVIOUS CAESAREAN DELIVERY')).toBe('PREVIOUS CESAREAN DELIVERY');
    expect(otherSpelling('Malignant ovarian tumour')).toBe('Malignant ovarian tumor');
    expect(otherSpelling('Pedal oedema with anaemia')).toBe('Pedal edema with anemia');
    expect(otherSpelling('Total Leukocyte Count')).toBe('Total Leucocyte Count');
    expect(otherSpelling('Chemotherapy')).toBeNull();
    expect(otherSpelling('Hemithyroidectomy')).toBeNull();
  });

  it('are only variants the masters do not list, of names they spell one way', () => {
    const hb = catalog.clinicalAttributes.find((a) => a.name === 'Haemoglobin')!;
    expect(spellingVariants(hb)).toEqual(['Hemoglobin']);
    // Both spellings are masters' names here: nothing is left to vary.
    expect(spellingVariants(catalog.diagnoses.find((d) => d.name === 'Haemorrhoids')!)).toEqual([]);
    expect(spellingVariants(catalog.documents.find((d) => d.name === 'Pre-Authorization Form')!)).toContain('Pre-Authorisation Form');
    const all = [...catalog.diagnoses, ...catalog.procedures, ...catalog.documents, ...catalog.clinicalAttributes];
    for (const entity of all) for (const v of spellingVariants(entity)) expect(findMentions(tokens(v), [entity])).toEqual([]);
  });

  it('write grades as Roman numerals', () => {
    expect([1, 2, 3, 4, 5, 9, 14].map(toRoman)).toEqual(['I', 'II', 'III', 'IV', 'V', 'IX', 'XIV']);
    expect(() => toRoman(0)).toThrow();
  });
});

describe('the seed stream', () => {
  it(
    'exercises every class some 15 times or more in 300 claims, beside plenty of plain claims a reader accepts',
    async () => {
      const claims = await generateSeedClaims();
      const counts = new Map<string, number>();
      for (const c of claims) for (const k of c.expected.classes) counts.set(k.name, (counts.get(k.name) ?? 0) + 1);
      for (const name of CORPUS_CLASSES) expect(`${name}: ${(counts.get(name) ?? 0) >= 15}`).toBe(`${name}: true`);
      const bundled = new Set(CLASS_BUNDLES.flat());
      expect(CORPUS_CLASSES.every((c) => bundled.has(c))).toBe(true);
      // Claims with classes are a share, not all: the end-to-end tests look for accepted plain claims of both
      // the provider's rules and the insurers' organisations in the first 60.
      const plain = claims.filter((c) => c.expected.classes.length === 0);
      expect(plain.length / claims.length).toBeGreaterThan(0.5);
      const first = claims.slice(0, 60).filter((c) => c.expected.classes.length === 0 && c.expected.result === 'ACCEPTED');
      const byProvider = first.filter((c) =>
        Object.values(c.expected.ruleIds).some((id) => catalog.rules.find((r) => r.id === id)?.org === 'vitraya'),
      );
      expect(byProvider.length).toBeGreaterThanOrEqual(6);
      expect(first.filter((c) => !c.organization.startsWith('vitraya')).length).toBeGreaterThanOrEqual(3);
    },
    LONG,
  );
});

describe('expected verdicts of claims with classes', () => {
  it(
    'follow from the text PDFs, with the plan reading what a matcher cannot: negations, variants and scans',
    async () => {
      let checked = 0;
      for (const [i, bundle] of CLASS_BUNDLES.entries()) {
        for (let seed = 4000 + i * 10; seed < 4000 + i * 10 + 3; seed++) {
          const { claim, audit } = await buildClaim(seed, { classes: bundle, imagePages: 0 });
          const textTypes = new Set([...audit.fileDocuments.values()].flat().map((d) => d.type));
          const scannedTypes = new Set([...audit.imageFiles.values()].flatMap((c) => ('document' in c ? [c.document] : [])));
          const mentions = new Map<string, Set<string>>();
          const add = (key: string, doc: string) => mentions.set(key, new Set([...(mentions.get(key) ?? []), doc]));
          for (const [key, docs] of await mentionsFromPdfs(claim, audit))
            for (const doc of docs) if (!audit.negated.get(key)?.has(doc)) add(key, doc);
          for (const key of audit.variants.mentions.keys()) for (const doc of audit.planned.get(key) ?? []) add(key, doc);
          for (const [key, docs] of audit.facts.mentions) for (const doc of docs) if (scannedTypes.has(doc)) add(key, doc);
          const readable = textTypes.size + scannedTypes.size > 0;
          const facts: ClaimFacts = {
            readable,
            documents: readable ? new Set([...textTypes, ...scannedTypes]) : new Set(),
            mentions: readable ? mentions : new Map(),
            values: audit.facts.values,
          };
          expect(`${seed}: ${JSON.stringify(verdicts(claim, facts))}`).toBe(`${seed}: ${JSON.stringify(claim.expected.perProcedure)}`);
          expect(facts.mentions).toEqual(audit.facts.mentions);
          // Letterheads, tables, notes and negations name nothing of the catalog beyond what was planted or denied.
          for (const [key, docs] of audit.found)
            for (const doc of docs)
              expect(`${seed} ${key} in ${doc}: ${!!(audit.planned.get(key)?.has(doc) || audit.negated.get(key)?.has(doc))}`).toBe(
                `${seed} ${key} in ${doc}: true`,
              );
          expect(audit.foreignDocumentNames).toEqual(new Map());
          for (const [attribute, docs] of audit.attributeMentions)
            expect(docs.every((d) => d === audit.writtenValues.get(attribute)?.document)).toBe(true);
          checked++;
        }
      }
      expect(checked).toBe(CLASS_BUNDLES.length * 3);
    },
    LONG,
  );
});

describe('each class', () => {
  it(
    'gridded-table: a scanned lab or radiology table ruled around every cell, holding values the rules read',
    async () => {
      for (const built of await claimsWith('gridded-table', 4)) {
        const { claim, audit } = built;
        const k = exercised(claim, 'gridded-table');
        const values = k.targets.filter((t) => t.type === 'clinicalAttribute');
        const doc = audit.writtenValues.get(values[0].name)!.document;
        expect(['Lab Report', 'Radiology Report']).toContain(doc);
        // The table's report is one scanned page: an image, or an image-only PDF.
        const scans = [...audit.imageFiles].filter(([, c]) => 'document' in c && c.document === doc).map(([name]) => name);
        expect(scans).toHaveLength(1);
        const file = claim.documents.find((d) => d.fileName === scans[0])!;
        if (isImage(file)) expect((await loadImage(Buffer.from(file.data))).width).toBeGreaterThan(800);
        else expect((await pdfItems(file.data)).flat()).toEqual([]);
        const pages: LaidPage[] = audit.laid.get(doc)!;
        expect(pages).toHaveLength(1);
        // Ruled cells: every row has a vertical line at each column's edge.
        const verticals = pages[0].rules.filter((r) => r.x1 === r.x2);
        expect(new Set(verticals.map((r) => r.x1.toFixed(1))).size).toBeGreaterThanOrEqual(4);
        expect(verticals.length).toBeGreaterThanOrEqual(4 * 3);
        for (const t of values) {
          const w = audit.writtenValues.get(t.name)!;
          expect(w.document).toBe(doc);
          // The value sits in a cell of the table (a run kept inside its column).
          expect(pages[0].runs.some((r) => r.maxWidth !== undefined && r.text.startsWith(w.value))).toBe(true);
          expect(t.value).toBe(audit.facts.values.get(t.name)!.value);
        }
      }
    },
    LONG,
  );

  it(
    "flag-column: a flag between an abnormal value and its unit ('10.2 L g/dL')",
    async () => {
      for (const built of await claimsWith('flag-column', 4)) {
        for (const t of exercised(built.claim, 'flag-column').targets) {
          const w = built.audit.writtenValues.get(t.name)!;
          const [low, high] = w.reference.split(' - ').map(Number);
          const value = Number(w.value.replace(/,/g, ''));
          expect(value < low || value > high).toBe(true);
          expect(w.flag).toBe(FLAG_STYLES.find((f) => f.includes(w.flag))![value < low ? 0 : 1]);
          expect(inOrder(await documentText(built, w.document), [`${w.value} ${w.flag} ${w.unit}`])).toBe(true);
        }
      }
    },
    LONG,
  );

  it(
    "date-in-row: a date or time between the attribute's name and its value",
    async () => {
      const forms = new Set<string>();
      for (const built of await claimsWith('date-in-row', 6)) {
        for (const t of exercised(built.claim, 'date-in-row').targets) {
          const w = built.audit.writtenValues.get(t.name)!;
          expect(w.when).toMatch(/\d{1,2}[-/.:]\d{2}/);
          forms.add(w.when.replace(/\d/g, '9'));
          expect(inOrder(await documentText(built, w.document), [printable(w.label), w.when, w.value])).toBe(true);
        }
      }
      expect(forms.size).toBeGreaterThanOrEqual(3);
    },
    LONG,
  );

  it(
    "reference-range: a reference range or 'Normal' column before the value, which stays the value",
    async () => {
      for (const built of await claimsWith('reference-range', 4)) {
        for (const t of exercised(built.claim, 'reference-range').targets) {
          const w = built.audit.writtenValues.get(t.name)!;
          expect(w.reference).not.toBe('');
          expect(inOrder(await documentText(built, w.document), [printable(w.label), w.referenceNote || w.reference, w.value])).toBe(true);
          expect(t.value).toBe(built.audit.facts.values.get(t.name)!.value);
        }
      }
    },
    LONG,
  );

  it(
    'low-title: titles at 25-35% of the page under a tall letterhead, at hospitals without a segregation configuration',
    async () => {
      for (const built of await claimsWith('low-title', 3)) {
        const { claim, audit } = built;
        const hospital = catalog.hospitals.find((h) => h.hospital_code === claim.hospitalCode)!;
        expect(catalog.docgroups.some((g) => g.hospital_id.includes(hospital.id))).toBe(false);
        expect(exercised(claim, 'low-title').targets.every((t) => t.type === 'document' && t.present)).toBe(true);
        for (const file of claim.documents.filter((d) => audit.fileDocuments.has(d.fileName))) {
          const pages = await pdfItems(file.data);
          let page = 0;
          for (const { type, pages: count } of audit.fileDocuments.get(file.fileName)!) {
            // The title is the first line of 13 points on the document's first page, as the PDF places it.
            const items = pages[page];
            const title = items.find((i) => Math.abs(i.size - 13) < 0.01)!;
            expect(printable(title.text)).toBe(printable(audit.laid.get(type)![0].runs.find((r) => r.size === 13)!.text));
            expect(title.top / PAGE_HEIGHT).toBeGreaterThanOrEqual(0.25);
            expect(title.top / PAGE_HEIGHT).toBeLessThanOrEqual(0.35);
            // Above it, the letterhead: the hospital's name and several lines of address and contacts.
            expect(items.filter((i) => i.top < title.top).length).toBeGreaterThanOrEqual(5);
            page += count;
          }
        }
      }
    },
    LONG,
  );

  it(
    "negation: 'No evidence of X', 'X ruled out', ...: X is in the text, and absent for the verdict",
    async () => {
      for (const built of await claimsWith('negation', 6)) {
        const { claim, audit } = built;
        for (const t of exercised(claim, 'negation').targets) {
          const key = mentionKey('diagnoses', t.name);
          expect(t.present).toBe(false);
          expect(claim.expected.entities.find((e) => e.type === 'diagnoses' && e.name === t.name)?.present).toBe(false);
          expect(audit.facts.mentions.has(key)).toBe(false);
          const entity = catalog.diagnoses.find((d) => d.name === t.name)!;
          for (const doc of audit.negated.get(key)!) {
            const text = await documentText(built, doc);
            expect(findMentions(tokens(text), [entity]).length).toBeGreaterThan(0);
            expect(text).toMatch(
              /no evidence of|ruled out|negative for|absence of|no features|not a case of|no (sonological|radiological|histological)/i,
            );
          }
        }
      }
      // Counted as a finding, a denied diagnosis a rejected claim must not have would turn its verdict.
      const flips = (await claimsWith('negation', 8, { scenario: 'reject' })).filter(({ claim, audit }) =>
        exercised(claim, 'negation').targets.some((t) => {
          const key = mentionKey('diagnoses', t.name);
          return (
            JSON.stringify(verdicts(claim, withMention(audit.facts, key, audit.negated.get(key)!))) !==
            JSON.stringify(claim.expected.perProcedure)
          );
        }),
      );
      expect(flips.length).toBeGreaterThan(0);
    },
    LONG,
  );

  it(
    'spelling-variant: a name in the spelling the masters lack, which is the entity for the verdict',
    async () => {
      let matters = 0;
      const kinds = new Set<string>();
      for (const built of await claimsWith('spelling-variant', 8)) {
        const { claim, audit } = built;
        for (const t of exercised(claim, 'spelling-variant').targets) {
          kinds.add(t.type);
          if (t.type === 'document') {
            const variant = audit.variants.title!;
            expect(variant.type).toBe(t.name);
            const title = audit.laid.get(t.name)![0].runs.find((r) => r.size === 13)!.text;
            expect(title.toLowerCase()).toBe(variant.title.toLowerCase());
            expect(findMentions(tokens(title), catalog.documents)).toEqual([]);
          } else if (t.type === 'clinicalAttribute') {
            const w = audit.writtenValues.get(t.name)!;
            expect(printable(w.label)).toBe(audit.variants.labels.get(t.name));
            expect(findMentions(tokens(printable(w.label)), catalog.clinicalAttributes)).toEqual([]);
            expect(t.value).toBe(audit.facts.values.get(t.name)!.value);
          } else {
            const key = `${t.type}:${t.name}`;
            const variants = audit.variants.mentions.get(key)!;
            const entity = [...catalog.procedures, ...catalog.diagnoses, ...catalog.evidence].find((e) => e.name === t.name)!;
            for (const doc of audit.planned.get(key)!) {
              const text = await documentText(built, doc);
              expect(variants.some((v) => text.toLowerCase().includes(v.toLowerCase()))).toBe(true);
              expect(findMentions(tokens(text), [entity])).toEqual([]);
            }
            expect(audit.facts.mentions.get(key)).toEqual(new Set(audit.planned.get(key)));
            if (JSON.stringify(verdicts(claim, withoutMention(audit.facts, key))) !== JSON.stringify(claim.expected.perProcedure))
              matters++;
          }
        }
      }
      expect(matters).toBeGreaterThan(0);
      expect(kinds.size).toBeGreaterThanOrEqual(2);
    },
    LONG,
  );

  it(
    "dimensions: '4.2 x 3.8 cm', whose largest dimension is the value, in the unit written",
    async () => {
      let largestNotFirst = 0;
      for (const built of await claimsWith('dimensions', 12)) {
        for (const t of exercised(built.claim, 'dimensions').targets) {
          const w = built.audit.writtenValues.get(t.name)!;
          const sizes = w.value.split(/\s*[xX*]\s*/).map(Number);
          expect(sizes.length).toBeGreaterThanOrEqual(2);
          const conversion = catalog.clinicalUnits.flatMap((u) => u.alias).find((a) => a.keyword === w.unit)!.conversion_unit;
          expect(t.value).toBeCloseTo(Math.max(...sizes) * conversion, 6);
          expect(sizes.filter((s) => s === Math.max(...sizes))).toHaveLength(1);
          if (sizes.indexOf(Math.max(...sizes)) > 0) largestNotFirst++;
          expect(inOrder(await documentText(built, w.document), [`${w.value} ${w.unit}`])).toBe(true);
        }
      }
      expect(largestNotFirst).toBeGreaterThan(0);
    },
    LONG,
  );

  it(
    "roman-numeral: 'grade IV' is 4 for a numeric grade",
    async () => {
      for (const built of await claimsWith('roman-numeral', 4)) {
        for (const t of exercised(built.claim, 'roman-numeral').targets) {
          const w = built.audit.writtenValues.get(t.name)!;
          expect(catalog.clinicalAttributes.find((a) => a.name === t.name)!.value_type).toBe('Number');
          expect(w.value).toBe(toRoman(t.value as number));
          expect(inOrder(await documentText(built, w.document), [printable(w.label), w.value])).toBe(true);
        }
      }
    },
    LONG,
  );

  it(
    'unreadable-scans-only: blank and scribbled scans only, SUSPENDED with a reason naming them',
    async () => {
      const kinds = new Set<string>();
      for (const { claim, audit } of await claimsWith('unreadable-scans-only', 6)) {
        expect(claim.expected.result).toBe('SUSPENDED');
        expect([...(claim.expected.reasonIncludes ?? [])].sort()).toEqual(claim.documents.map((d) => d.fileName).sort());
        expect([...claim.expected.unreadableFiles].sort()).toEqual(claim.documents.map((d) => d.fileName).sort());
        for (const file of claim.documents) {
          const content = audit.imageFiles.get(file.fileName)!;
          expect('unreadable' in content).toBe(true);
          if (!('unreadable' in content)) continue;
          kinds.add(content.unreadable);
          if (isImage(file)) {
            const { dark, spread, mean } = await greyStats(file.data, 110);
            // Paper: light, with grain; a blank sheet has next to no ink.
            expect(mean).toBeGreaterThan(150);
            expect(spread).toBeGreaterThan(1);
            if (content.unreadable === 'blank') expect(dark).toBeLessThan(0.002);
          } else {
            const pdf = await openPdf(file.data);
            expect(pdf.numPages).toBe(1);
            expect((await (await pdf.getPage(1)).getTextContent()).items).toHaveLength(0);
            await pdf.destroy();
          }
        }
      }
      expect(kinds.size).toBeGreaterThanOrEqual(2);
    },
    LONG,
  );

  it(
    'unreadable-scans-mixed: a blank or scribbled scan beside readable documents, which decide the verdict',
    async () => {
      for (const { claim, audit } of await claimsWith('unreadable-scans-mixed', 4)) {
        const scans = [...audit.imageFiles].filter(([, c]) => 'unreadable' in c).map(([name]) => name);
        expect(scans.length).toBeGreaterThan(0);
        expect(claim.expected.result).not.toBe('SUSPENDED');
        expect(audit.fileDocuments.size).toBeGreaterThan(0);
        for (const name of scans) expect(claim.expected.reasonIncludes).toContain(name);
        expect(verdicts(claim, audit.facts)).toEqual(claim.expected.perProcedure);
      }
    },
    LONG,
  );
});
