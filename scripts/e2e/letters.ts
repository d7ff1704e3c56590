/**
 * Decision letters (issue 24 §4) in Chromium against the private suite: on a verified claim's page 'Decision letter'
 * makes a letter that downloads and opens as a PDF naming the claim, the overall result and each procedure's verdict;
 * the earlier letters list it (who) and it downloads again byte for byte.
 */
import { readFile } from 'node:fs/promises';
import type { Claim, DecisionLetter } from '@claims/shared-kernel/contract';
import type { Download, Page } from 'playwright-core';
import { apiLogin, type E2E, screenshot, signInAs, untilSeededClaims, untilVerifiedClaim } from './harness';

const ADMIN = 'vitraya.admin';
const ORG = 'vitraya';

// pdf.js is ESM only; jest's CommonJS reaches it by import(), as the harness reaches the suite scripts.
const importEsm = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;
type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

/** The text of every page of a PDF, as pdf.js reads it (items joined by spaces, runs of space made one). */
async function pdfText(data: Uint8Array): Promise<string> {
  const { getDocument } = await importEsm<Pdfjs>('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes the buffer it is given (detached, length 0 after): it reads a copy, so the caller keeps the bytes.
  const pdf = await getDocument({ data: data.slice(), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join(' ').replace(/\s+/g, ' ');
}

async function saved(download: Download): Promise<Uint8Array> {
  const path = await download.path();
  if (!path) throw new Error(`the download ${download.suggestedFilename()} was not saved`);
  return new Uint8Array(await readFile(path));
}

/** What the page saves when `click` is done. */
async function downloadOf(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

export function defineLetterTests(getE2E: () => E2E): void {
  describe('decision letters', () => {
    let e2e: E2E;
    let token: string;
    const api = async <T>(path: string): Promise<T> => {
      const response = await fetch(`${e2e.apiBaseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };

    beforeAll(async () => {
      e2e = getE2E();
      await untilSeededClaims(e2e.apiBaseUrl);
      token = (await apiLogin(e2e.apiBaseUrl, ADMIN)).access_token;
    });

    test("a verified claim's letter downloads and opens, naming its verdicts; it downloads again as it was", async () => {
      const row = await untilVerifiedClaim(e2e.apiBaseUrl, ORG);
      const claim = await api<Claim>(`/claims/${row.id}?org=${ORG}`);

      const { context, page } = await e2e.newPage();
      try {
        await signInAs(page, e2e.shellUrl, ADMIN);
        await page.goto(`${e2e.shellUrl}/claims/${claim.id}?org=${ORG}`);
        await page.getByRole('heading', { name: claim.referenceClaimId }).waitFor();
        const region = page.getByRole('region', { name: 'Decision letter' });
        const made = await downloadOf(page, () => region.getByRole('button', { name: 'Decision letter' }).click());
        expect(made.suggestedFilename()).toMatch(/^decision-letter-.+\.pdf$/);
        const bytes = await saved(made);
        const text = await pdfText(bytes);
        expect(text).toContain(`Case No.: ${claim.referenceClaimId}`);
        expect(text).toContain(`Overall result: ${claim.adjudicationResult}`);
        for (const [code, verification] of Object.entries(claim.adjudicationDetails ?? {})) {
          expect(text).toContain(`Procedure ${code}`);
          expect(text).toContain(`Verdict: ${verification.adjudicationResult}`);
        }

        // Kept with the claim: listed with who made it, and downloaded again byte for byte.
        const letters = await api<DecisionLetter[]>(`/claims/${claim.id}/letters?org=${ORG}`);
        expect(letters[0]).toMatchObject({ createdBy: ADMIN, fileName: made.suggestedFilename() });
        const earlier = region.getByRole('list', { name: 'Earlier letters' });
        await earlier.getByText(`Made by ${ADMIN}`).first().waitFor();
        await screenshot(page, 'decision-letter');
        const again = await downloadOf(page, () => earlier.getByRole('button', { name: `Download ${letters[0].fileName}` }).click());
        expect(Buffer.compare(Buffer.from(await saved(again)), Buffer.from(bytes))).toBe(0);
      } finally {
        await context.close();
      }
    });
  });
}
