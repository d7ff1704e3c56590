import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { loadImage } from '@napi-rs/canvas';
import { catalog, resolveRule } from './catalog';
import { buildClaim, generateClaim, generateSeedClaims, type GeneratedDocument } from './generator';
import { evaluateProcedure, worstResult, type ClaimFacts } from './oracle';
import { mentionsFromPdfs, openPdf, pdfPages } from './readback';
import { tokens } from './text-match';

const require = createRequire(import.meta.url);

/** Generating and parsing dozens of claims takes a while on a shared machine. */
const LONG = 120_000;
const isPng = (d: GeneratedDocument) => d.contentType === 'image/png';
const isJpeg = (d: GeneratedDocument) => d.contentType === 'image/jpeg';

describe('generateClaim', () => {
  it(
    'is deterministic: a seed always gives the same claim, byte for byte',
    async () => {
      const a = await generateClaim(4242, { imagePages: 1 });
      const b = await generateClaim(4242, { imagePages: 1 });
      expect(b.expected).toEqual(a.expected);
      expect(b.documents.map((d) => d.fileName)).toEqual(a.documents.map((d) => d.fileName));
      b.documents.forEach((d, i) => {
        expect(Buffer.from(d.data).equals(Buffer.from(a.documents[i].data))).toBe(true);
      });
      const c = await generateClaim(4243, { imagePages: 1 });
      expect(c.referenceClaimId).not.toBe(a.referenceClaimId);
    },
    LONG,
  );

  it('honours the options', async () => {
    const claim = await generateClaim(7, {
      organization: 'maxbupa',
      caseType: 'PRE_AUTH',
      procedureCodes: ['id002'],
      hospitalCode: 'HOSP002',
      scenario: 'accept',
      imagePages: 0,
    });
    expect(claim).toMatchObject({ organization: 'maxbupa', caseType: 'PRE_AUTH', procedureCodes: ['id002'], hospitalCode: 'HOSP002' });
    expect(claim.expected.ruleIds.id002).toBe(resolveRule(catalog.rules, 'maxbupa', 'id002', 'PRE_AUTH')!.id);
    expect(claim.expected.result).toBe('ACCEPTED');
    expect(claim.documents.every((d) => d.contentType === 'application/pdf')).toBe(true);
  });

  it(
    'writes every planted entity into the documents and nothing else from the catalog',
    async () => {
      for (let seed = 300; seed < 360; seed++) {
        const { claim, audit } = await buildClaim(seed);
        if (claim.expected.scenario === 'suspended') continue;
        for (const [key, docs] of audit.planned)
          for (const d of docs)
            expect(`${seed} ${key} in ${d}: ${audit.found.get(key)?.has(d) ?? false}`).toBe(`${seed} ${key} in ${d}: true`);
        for (const [key, docs] of audit.found)
          for (const d of docs)
            expect(`${seed} ${key} in ${d}: ${audit.planned.get(key)?.has(d) ?? false}`).toBe(`${seed} ${key} in ${d}: true`);
        expect(audit.foreignDocumentNames).toEqual(new Map());
        for (const [attribute, docs] of audit.attributeMentions)
          expect(docs.every((d) => d === audit.writtenValues.get(attribute)?.document)).toBe(true);
      }
    },
    LONG,
  );

  it(
    'writes PDFs that pdf.js opens, with the planted words on their pages',
    async () => {
      let checkedFiles = 0;
      for (let seed = 500; seed < 520; seed++) {
        const { claim, audit } = await buildClaim(seed, { imagePages: 0, corruptExtra: false });
        if (claim.expected.scenario === 'suspended') continue;
        const fromPdfs = await mentionsFromPdfs(claim, audit);
        expect([...fromPdfs.keys()].sort()).toEqual([...audit.found.keys()].filter((k) => !k.startsWith('ped:')).sort());
        for (const [attribute, w] of audit.writtenValues) {
          const file = claim.documents.find((f) => audit.fileDocuments.get(f.fileName)?.some((d) => d.type === w.document))!;
          const text = tokens((await pdfPages(file.data)).join(' ')).join(' ');
          expect(
            `${attribute}: ${text.includes(tokens(`${w.label} ${w.value}`).join(' ')) || text.includes(tokens(w.label).join(' '))}`,
          ).toBe(`${attribute}: true`);
          expect(text).toContain(tokens(w.value).join(' '));
        }
        checkedFiles += claim.documents.length;
      }
      expect(checkedFiles).toBeGreaterThan(20);
    },
    LONG,
  );

  it(
    'writes multi-page PDFs with the hospital header and page footers',
    async () => {
      let multiPage = 0;
      for (let seed = 600; seed < 640 && multiPage === 0; seed++) {
        const claim = await generateClaim(seed, { scenario: 'accept', caseType: 'SETTLEMENT', imagePages: 0 });
        const hospital = catalog.hospitals.find((h) => h.hospital_code === claim.hospitalCode)!;
        for (const d of claim.documents) {
          const pages = await pdfPages(d.data);
          pages.forEach((p, i) => {
            const words = tokens(p).join(' ');
            expect(words).toContain(tokens(hospital.name).join(' '));
            // Footers number the pages of each document (a merged file holds several).
            expect(words).toMatch(/page \d of \d/);
          });
          if (pages.length > 1) multiPage++;
        }
      }
      expect(multiPage).toBeGreaterThan(0);
    },
    LONG,
  );

  it(
    'writes scans that decode as images and image-only PDFs without a text layer',
    async () => {
      let images = 0;
      let imagePdfs = 0;
      for (let seed = 700; seed < 760 && (images < 2 || imagePdfs < 1); seed++) {
        const claim = await generateClaim(seed, { imagePages: 1, corruptExtra: false });
        if (claim.expected.imagePages === 0) continue;
        for (const d of claim.documents) {
          if (isPng(d) || isJpeg(d)) {
            const img = await loadImage(Buffer.from(d.data));
            expect(img.width).toBeGreaterThan(800);
            expect(img.height).toBeGreaterThan(img.width);
            images++;
          } else if (d.fileName.startsWith('scan_')) {
            const pdf = await openPdf(d.data);
            const page = await pdf.getPage(1);
            expect((await page.getTextContent()).items).toHaveLength(0);
            expect((await page.getOperatorList()).fnArray.length).toBeGreaterThan(0);
            await pdf.destroy();
            imagePdfs++;
          }
        }
      }
      expect(images).toBeGreaterThanOrEqual(2);
      expect(imagePdfs).toBeGreaterThanOrEqual(1);
    },
    LONG,
  );

  it('makes suspended claims of unreadable files only', async () => {
    const claim = await generateClaim(11, { scenario: 'suspended' });
    expect(claim.expected.result).toBe('SUSPENDED');
    expect(Object.values(claim.expected.perProcedure).every((r) => r === 'SUSPENDED')).toBe(true);
    expect(claim.expected.unreadableFiles).toEqual(claim.documents.map((d) => d.fileName));
    for (const d of claim.documents) {
      if (d.contentType === 'application/pdf') await expect(openPdf(d.data)).rejects.toBeTruthy();
      else await expect(loadImage(Buffer.from(d.data))).rejects.toBeTruthy();
    }
  });
});

describe('expected verdicts', () => {
  it(
    'follow from what the PDFs say, judged against the catalog rules',
    async () => {
      for (let seed = 800; seed < 840; seed++) {
        const { claim, audit } = await buildClaim(seed, { imagePages: 0, corruptExtra: false });
        if (claim.expected.scenario === 'suspended') continue;
        // Facts rebuilt from the files: mentions read back with pdf.js, documents from the files' contents.
        const facts: ClaimFacts = {
          readable: true,
          documents: new Set([...audit.fileDocuments.values()].flat().map((d) => d.type)),
          mentions: await mentionsFromPdfs(claim, audit),
          values: audit.facts.values,
        };
        const perProcedure = Object.fromEntries(
          claim.procedureCodes.map((code) => {
            const rule = resolveRule(catalog.rules, claim.organization, code, claim.caseType);
            return [code, evaluateProcedure(rule, code, claim.caseType, facts).result];
          }),
        );
        expect(`${seed}: ${JSON.stringify(perProcedure)}`).toBe(`${seed}: ${JSON.stringify(claim.expected.perProcedure)}`);
        expect(claim.expected.result).toBe(worstResult(Object.values(perProcedure)));
      }
    },
    LONG,
  );

  it(
    'match the scenario the generator aimed for',
    async () => {
      for (let seed = 900; seed < 960; seed++) {
        const { claim, audit } = await buildClaim(seed, { imagePages: 0 });
        const e = claim.expected;
        const primary = claim.procedureCodes[0];
        if (e.scenario === 'query-document' && e.perProcedure[primary] === 'QUERY') {
          expect(e.failedTrees[primary]).toEqual(['documentRule']);
          for (const missing of e.perProcedureReasons[primary]) expect(audit.facts.documents.has(missing)).toBe(false);
        }
        if (e.scenario === 'reject') expect(e.perProcedure[primary]).toBe('REJECTED');
        if (e.scenario === 'no-protocol') {
          expect(e.perProcedure[primary]).toBe('QUERY');
          expect(e.perProcedureReasons[primary][0]).toMatch(/^Protocol not configured for .+ \((PRE_AUTH|SETTLEMENT)\)$/);
        }
        if (e.scenario === 'accept' && claim.procedureCodes.length === 1) expect(e.result).toBe('ACCEPTED');
      }
    },
    LONG,
  );

  it(
    'plant values in other units, out of range values and missing documents across a corpus',
    async () => {
      const claims = await generateSeedClaims(60, 5);
      const results = new Set(claims.map((c) => c.expected.result));
      for (const r of ['ACCEPTED', 'REJECTED', 'QUERY', 'SUSPENDED']) expect(results).toContain(r);
      expect(new Set(claims.map((c) => c.organization)).size).toBeGreaterThanOrEqual(5);
      expect(new Set(claims.map((c) => c.caseType)).size).toBe(2);
      // Plain claims share a budget of count/5 scanned pages; a claim with classes scans one or two pages of its own.
      const plain = claims.filter((c) => c.expected.classes.length === 0);
      expect(plain.reduce((n, c) => n + c.expected.imagePages, 0)).toBeLessThanOrEqual(12);
      for (const c of claims.filter((x) => x.expected.classes.length > 0)) expect(c.expected.imagePages).toBeLessThanOrEqual(2);
      expect(claims.some((c) => c.procedureCodes.length === 2)).toBe(true);
      expect(claims.some((c) => c.expected.reasonIncludes?.includes('Protocol not configured'))).toBe(true);
      expect(new Set(claims.map((c) => c.referenceClaimId)).size).toBe(claims.length);

      const units = new Set<string>();
      for (let seed = 1000; seed < 1150; seed++) {
        const { audit } = await buildClaim(seed, { imagePages: 0 });
        for (const w of audit.writtenValues.values()) units.add(`${w.attribute}|${w.unit}`);
      }
      expect([...units].some((u) => /\|cm$/.test(u))).toBe(true);
      expect([...units].some((u) => /\|(umol\/L|cells\/cumm|g\/L)$/.test(u))).toBe(true);
    },
    LONG,
  );
});

describe('scanned pages', () => {
  it('can be read back by OCR', async () => {
    const { createWorker, OEM } = await import('tesseract.js');
    const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
    const worker = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath,
      gzip: true,
      cachePath: path.join(process.cwd(), '.tmp', 'tesseract'),
    });
    try {
      let checked = false;
      for (let seed = 2000; seed < 2100 && !checked; seed++) {
        const { claim, audit } = await buildClaim(seed, { imagePages: 1, scenario: 'accept' });
        const image = claim.documents.find((d) => isPng(d) || isJpeg(d));
        const inTextPdfs = new Set([...audit.fileDocuments.values()].flat().map((d) => d.type));
        const value = [...audit.writtenValues.values()].find((w) => !inTextPdfs.has(w.document));
        if (!image || !value) continue;
        const { data } = await worker.recognize(Buffer.from(image.data));
        const ocr = tokens(data.text).join(' ');
        expect(ocr).toContain(tokens(value.label).join(' '));
        expect(ocr).toContain(tokens(value.value).join(' '));
        checked = true;
      }
      expect(checked).toBe(true);
    } finally {
      await worker.terminate();
    }
  }, 120_000);
});
