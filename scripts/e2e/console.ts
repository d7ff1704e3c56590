/**
 * The operations console (issue 11) as an operations lead uses it, in Chromium against the private suite: claims
 * dropped into the insurer inbox and taken up by Refresh, a procedure name added and a batch created with Verify
 * whose counts move without a reload, batch priorities reordered by dragging, work allocation by percentage, and a
 * failed download retried once its document arrives. The tests run in order: each takes up where the one before
 * left its claims and batch. Every claim they make has this run's own intimation numbers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BatchRow, ClaimListRow, ConsoleClaimRow } from '@claims/shared-kernel/contract';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiLogin, dragOnto, type E2E, screenshot, selectListsClosed, signInAs } from './harness';

const ADMIN = 'vitraya.admin';
/** The other analyst of the organisation work is allocated to. */
const ANALYST = 'vitraya.reviewer';
const ORG = 'vitraya';
/** The batch's verification waits for the queue, which the other tests of the suite also fill. */
const VERIFICATION_TIMEOUT = 180_000;
/** Tests that wait for the queue (or make scanned documents) get the queue's time and a minute for the screens. */
const SLOW_TEST_TIMEOUT = VERIFICATION_TIMEOUT + 60_000;
/** This run's names: a suite started on a data folder of an earlier run never mixes them up. */
const RUN = Date.now().toString(36).toUpperCase();
const intimation = (n: number) => `E2E-${RUN}-${n}`;
const BATCH = `e2e-verify-${RUN}`;
/** The claims the verified batch takes. */
const GOOD_CLAIMS = [intimation(1), intimation(2), intimation(3)];
/** Claims of the two batches created to wait (uploaded, not verified yet), one each, whose priority is changed. */
const WAITING_CLAIMS = [intimation(4), intimation(5)];
const WAITING_BATCHES = [`e2e-waiting-a-${RUN}`, `e2e-waiting-b-${RUN}`];
/** The row whose document has not arrived yet: its download fails until the document is dropped beside it. */
const LATE_CLAIM = intimation(9);
const LATE_DOCUMENT = `${LATE_CLAIM}-discharge-summary.pdf`;
/** The inbox folder of this run's manifest, inside the insurer's drop folder. */
const DROP_FOLDER = `e2e-${RUN}`;

/** A one-page text PDF (A4, PDF points): a heading and its lines. */
async function textPdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const sheet = pdf.addPage([595.28, 841.89]);
  let y = 780;
  lines.forEach((line, i) => {
    const size = i === 0 ? 16 : 11;
    sheet.drawText(line, { x: 56, y, size, font: i === 0 ? bold : font });
    y -= size + 14;
  });
  return Buffer.from(await pdf.save());
}

/**
 * The claim's file as an insurer's feed sends it: a PDF with the typed discharge summary and a scanned investigation
 * report (a page image, photographed by Chromium, that the verification must OCR: a claim takes seconds, as real ones do).
 */
async function claimPdf(browser: Browser, claim: string): Promise<Buffer> {
  const pdf = await PDFDocument.load(
    await textPdf([
      'Discharge Summary',
      `Intimation number: ${claim}`,
      'Diagnosis: Senile cataract, right eye',
      'Procedure: Phacoemulsification with intraocular lens implantation',
      'Condition at discharge: stable',
    ]),
  );
  const scan = await pdf.embedPng(
    await scannedPng(browser, [
      'Investigation Report',
      `Intimation number: ${claim}`,
      'Slit lamp examination: nuclear sclerosis grade 3',
      'Visual acuity right eye: 6/60',
      'A-scan biometry: axial length 23.4 mm',
    ]),
  );
  const sheet = pdf.addPage([595.28, 841.89]);
  const width = 595.28 - 80;
  sheet.drawImage(scan, { x: 40, y: 841.89 - 40 - (width * scan.height) / scan.width, width, height: (width * scan.height) / scan.width });
  return Buffer.from(await pdf.save());
}

/** A scanned page: an HTML page with the lines given, photographed by Chromium. */
async function scannedPng(browser: Browser, lines: string[]): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    const [heading, ...rest] = lines;
    await page.setContent(
      `<body style="margin:0;padding:48px;background:#fff;color:#111;font-family:'DejaVu Sans',Arial,sans-serif">
        <h1 style="font-size:36px;margin:0 0 28px">${heading}</h1>
        ${rest.map((line) => `<p style="font-size:26px;margin:0 0 18px">${line}</p>`).join('')}
      </body>`,
    );
    return await page.screenshot({ fullPage: true, type: 'png' });
  } finally {
    await context.close();
  }
}

const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The insurer's drop folder of this run (the api's INBOX_DIR default: DATA_DIR/inbox/{org}/{folder}). */
const dropFolder = (e2e: E2E) => path.join(e2e.dataDir, 'inbox', ORG, DROP_FOLDER);

/**
 * Drops a manifest and the documents it names into the insurer's inbox, as an insurer's feed does: documents first,
 * the manifest last. The late claim's row names a document that is not there.
 */
async function dropManifest(e2e: E2E): Promise<void> {
  const folder = dropFolder(e2e);
  mkdirSync(folder, { recursive: true });
  const rows: string[][] = [
    [
      'intimation_number',
      'caseType',
      'patient_name',
      'insurer_illness_name',
      'insurer_procedure_name',
      'insurer_claim_status',
      'insurer_documents',
    ],
  ];
  for (const claim of [...GOOD_CLAIMS, ...WAITING_CLAIMS]) {
    const document = `${claim}-discharge-summary.pdf`;
    writeFileSync(path.join(folder, document), await claimPdf(e2e.browser, claim));
    rows.push([claim, 'SETTLEMENT', `Patient ${claim}`, 'Cataract', 'Cataract surgery, right eye', 'Claim submitted', document]);
  }
  rows.push([LATE_CLAIM, 'SETTLEMENT', `Patient ${LATE_CLAIM}`, 'Cataract', 'Cataract surgery', 'Claim submitted', LATE_DOCUMENT]);
  writeFileSync(path.join(folder, 'claims.csv'), `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`);
}

// ---------------------------------------------------------------------------------------------------
// The console's screen

async function openConsole(page: Page, e2e: E2E): Promise<void> {
  await signInAs(page, e2e.shellUrl, ADMIN);
  await page.goto(`${e2e.shellUrl}/uploadsDownloads`);
  await page.getByRole('tab', { name: 'Uploads/Downloads' }).waitFor();
}

async function openTab(page: Page, tab: string): Promise<Locator> {
  await page.getByRole('tab', { name: tab }).click();
  const panel = page.getByRole('tabpanel', { name: tab });
  await panel
    .getByTestId('table-title')
    .filter({ hasText: new RegExp(`^${escapeRegExp(tab)} \\(\\d+\\)$`) })
    .waitFor();
  return panel;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The grid row of a claim (by intimation number) or a batch (by name) in a tab's panel. */
const gridRow = (panel: Locator, text: string) =>
  panel.locator('.ant-table-tbody tr.ant-table-row').filter({ has: panel.page().getByRole('cell', { name: text, exact: true }) });

/** Waits for a message (antd's toast) with the text. */
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();

async function select(panel: Locator, texts: readonly string[]): Promise<void> {
  for (const text of texts) {
    const row = gridRow(panel, text);
    await row.waitFor();
    await row.getByRole('checkbox').check();
  }
  await panel.getByText(`${texts.length} row(s) selected`).waitFor();
}

/** Waits until a dialog has finished its opening animation (for screenshots that show it as the user sees it). */
async function settled(dialog: Locator): Promise<void> {
  await dialog.evaluate(async (element) => {
    await Promise.all(
      (element.closest('.ant-modal-wrap') ?? element).getAnimations({ subtree: true }).map((animation) => animation.finished),
    );
  });
}

/**
 * Picks an option of an antd Select: opens it, types the search (if any), clicks the option in the list this select
 * controls (not another select's list still closing) and waits until the select shows it. A click that lands while
 * the list is still animating open is now and then lost; the choice is then made once more.
 */
async function chooseOption(page: Page, select: Locator, search: string, option: string | RegExp): Promise<void> {
  const shown = select.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  for (let attempt = 1; ; attempt++) {
    await select.click();
    if (search) await select.fill(search);
    await select.locator('xpath=self::*[@aria-expanded="true" and @aria-controls]').waitFor();
    const list = await select.getAttribute('aria-controls');
    const choice = page
      .locator('.ant-select-dropdown')
      .filter({ has: page.locator(`[id="${list}"]`) })
      .locator('.ant-select-item-option')
      .filter({ hasText: option })
      .first();
    const title = (await choice.getAttribute('title')) ?? '';
    await choice.click();
    try {
      await shown
        .getByTitle(title, { exact: true })
        .or(shown.getByText(title, { exact: true }))
        .first()
        .waitFor({ timeout: 5000 });
      return;
    } catch (error) {
      if (attempt === 2) throw error;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// The api, to set up what a test starts from and to check what the screen did

interface ConsoleApi {
  send<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
  /** The console claim with this intimation number (exactly one). */
  claim(intimationNumber: string): Promise<ConsoleClaimRow>;
  batches(): Promise<BatchRow[]>;
}

async function consoleApi(e2e: E2E): Promise<ConsoleApi> {
  const { access_token: token } = await apiLogin(e2e.apiBaseUrl, ADMIN);
  async function send<T>(method: 'GET' | 'POST', apiPath: string, body?: unknown): Promise<T> {
    const response = await fetch(`${e2e.apiBaseUrl}${apiPath}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
  return {
    send,
    async claim(intimationNumber) {
      const rows = await send<ConsoleClaimRow[]>('GET', `/claims?downloaded=true&org=${ORG}&limit=300&page_number=1`);
      const found = rows.filter((row) => row.intimation_number === intimationNumber);
      if (found.length !== 1) throw new Error(`${found.length} console claims numbered ${intimationNumber}`);
      return found[0];
    },
    batches: () => send<BatchRow[]>('GET', `/claim/batch?downloaded=true&org=${ORG}&limit=300&page_number=1`),
  };
}

/** antd's danger text colour, whatever the theme's exact shade: clearly more red than green or blue. */
function isRed(cssColor: string): boolean {
  const [r, g, b] = (cssColor.match(/\d+/g) ?? []).map(Number);
  return r > 180 && g < 120 && b < 120;
}

/** What `read` answers once it equals `expected`, or its last answer after `timeout` (a list settling after a drag). */
async function eventually<T>(read: () => Promise<T>, expected: T, timeout = 5000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (JSON.stringify(value) === JSON.stringify(expected) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The names in the priority dialog, top first. */
const priorityOrder = async (dialog: Locator): Promise<string[]> =>
  (await dialog.getByTestId('sort-name').allTextContents()).map((text) => text.replace(/^\d+\.\s*/, ''));

/** Drags a batch by its handle onto the place of another in the priority dialog. */
const dragBatchOnto = (page: Page, dialog: Locator, name: string, target: string): Promise<void> =>
  dragOnto(
    page,
    dialog.getByRole('button', { name: `Drag ${name}` }),
    dialog.locator('li', { has: page.getByText(new RegExp(`^\\d+\\. ${escapeRegExp(target)}$`)) }),
  );

export function defineConsoleTests(getE2E: () => E2E): void {
  describe('the operations console', () => {
    let e2e: E2E;
    let api: ConsoleApi;

    beforeAll(async () => {
      e2e = getE2E();
      api = await consoleApi(e2e);
    });

    /** A fresh page signed in as the super user, on the console. */
    async function withConsole(run: (page: Page) => Promise<void>): Promise<void> {
      const { context, page } = await e2e.newPage();
      try {
        await openConsole(page, e2e);
        await run(page);
      } finally {
        await context.close();
      }
    }

    test(
      'a manifest dropped into the insurer inbox: Refresh takes up its claims, a row without its document fails',
      () =>
        withConsole(async (page) => {
          await dropManifest(e2e);
          const uploads = await openTab(page, 'Uploads/Downloads');
          expect(await gridRow(uploads, GOOD_CLAIMS[0]).count()).toBe(0);

          await uploads.getByRole('button', { name: 'Refresh' }).click();
          await toast(page, 'Page got refreshed successfully');
          for (const claim of [...GOOD_CLAIMS, ...WAITING_CLAIMS]) {
            const row = gridRow(uploads, claim);
            await row.waitFor();
            await expect(row.getByRole('cell', { name: 'DOWNLOADED', exact: true }).count()).resolves.toBe(1);
            await expect(row.getByRole('cell', { name: 'Cataract surgery, right eye' }).count()).resolves.toBe(1);
          }
          await screenshot(page, 'console-uploads');

          // The row naming a missing document is on the Downloads failed tab, its reason in the Error Response dialog.
          const failed = await openTab(page, 'Downloads failed');
          const late = gridRow(failed, LATE_CLAIM);
          await late.waitFor();
          await expect(late.getByRole('cell', { name: 'DOWNLOAD_FAILED', exact: true }).count()).resolves.toBe(1);
          await late.getByRole('button', { name: `Error response of ${LATE_CLAIM}` }).click();
          const dialog = page.getByRole('dialog', { name: 'Error Response' });
          await dialog.getByText(`${DROP_FOLDER}/claims.csv, row 7: document '${LATE_DOCUMENT}' was not found in the inbox`).waitFor();
          await settled(dialog);
          await screenshot(page, 'console-error-response');
          await dialog.getByRole('button', { name: 'Close' }).last().click();
          await dialog.waitFor({ state: 'hidden' });

          // A second Refresh imports nothing twice.
          await failed.getByRole('button', { name: 'Refresh' }).click();
          await toast(page, 'Page got refreshed successfully');
          await toast(page, '0 claims downloaded, 0 failed');
          for (const claim of [...GOOD_CLAIMS, ...WAITING_CLAIMS, LATE_CLAIM]) await api.claim(claim);
        }),
      SLOW_TEST_TIMEOUT,
    );

    test(
      'a procedure name added to downloaded claims, a batch of them created with Verify: its counts move without a reload',
      () =>
        withConsole(async (page) => {
          const uploads = await openTab(page, 'Uploads/Downloads');
          // The page is never loaded again from here: what moves, moves live.
          await page.evaluate(() => {
            (window as unknown as { consoleMarker: string }).consoleMarker = 'loaded once';
          });

          const named = [...GOOD_CLAIMS, ...WAITING_CLAIMS];
          await select(uploads, named);
          await uploads.getByRole('button', { name: 'Claim Actions' }).click();
          await page.getByRole('menuitem', { name: 'Add Procedure Name' }).click();
          const addDialog = page.getByRole('dialog', { name: 'Add Procedure Name' });
          await addDialog.getByText(`${named.length} claim(s) selected.`).waitFor();
          await chooseOption(page, addDialog.getByLabel('Procedure Name'), 'Cataract', /^id001 - Cataract Surgery$/);
          // The multiple select's list stays open for more choices; Escape closes it (and only it).
          await page.keyboard.press('Escape');
          await selectListsClosed(page);
          await settled(addDialog);
          await screenshot(page, 'console-add-procedure');
          await addDialog.getByRole('button', { name: 'Add', exact: true }).click();
          await toast(page, 'Successfully Done');
          await addDialog.waitFor({ state: 'hidden' });
          for (const claim of named) {
            await gridRow(uploads, claim).getByRole('cell', { name: 'id001', exact: true }).waitFor();
            await expect(gridRow(uploads, claim).getByRole('cell', { name: 'Cataract Surgery', exact: true }).count()).resolves.toBe(1);
          }

          await select(uploads, GOOD_CLAIMS);
          await uploads.getByRole('button', { name: 'Create Batch' }).click();
          const batchDialog = page.getByRole('dialog', { name: 'Create Batch' });
          await batchDialog.getByText('3 claim(s) go into the batch.').waitFor();
          await batchDialog.getByLabel('Batch name').fill(BATCH);
          await batchDialog.getByRole('radio', { name: 'Verify' }).check();
          await chooseOption(page, batchDialog.getByLabel('Hospital'), '', /.+/);
          await chooseOption(page, batchDialog.getByLabel('Case Type'), '', 'Settlement');
          await batchDialog.getByText('Verify needs a hospital and a case type').waitFor({ state: 'hidden' });
          await selectListsClosed(page);
          await settled(batchDialog);
          await screenshot(page, 'console-create-batch');
          await batchDialog.getByRole('button', { name: 'Create Batch' }).click();
          await toast(page, 'Batch created and verification process initiated successfully');
          await batchDialog.waitFor({ state: 'hidden' });

          // The Batch Summary shows the new batch and follows its verification as the queue works through it: every
          // reading of its progress and outcome counts is kept, from the first to the last.
          const batches = await openTab(page, 'Batch Summary');
          const row = gridRow(batches, BATCH);
          await row.waitFor();
          await row.getByRole('button', { name: 'Expand row' }).click();
          const readings: { verified: number; waiting: number; text: string }[] = [];
          const deadline = Date.now() + VERIFICATION_TIMEOUT;
          for (;;) {
            // The progress cell and the outcome counts read in one go, from one rendering of the row.
            const text = await page.evaluate(
              (name) =>
                ['Progress of', 'Outcomes of']
                  .map((group) => document.querySelector(`[role="group"][aria-label="${group} ${name}"]`)?.textContent ?? '')
                  .join(' | '),
              BATCH,
            );
            const verified = Number(/(\d+) of 3 verified/.exec(text)?.[1]);
            const waiting = Number(/In Progress\/To be Verified\s*(\d+)/.exec(text)?.[1]);
            if (readings.at(-1)?.text !== text) readings.push({ verified, waiting, text });
            if (verified === 3 || Date.now() > deadline) break;
            await page.waitForTimeout(200);
          }
          await screenshot(page, 'console-batch-verified');
          const verified = readings.map((r) => r.verified);
          expect(verified[0]).toBeLessThan(3);
          expect(verified.at(-1)).toBe(3);
          expect(verified).toEqual([...verified].sort((a, b) => a - b));
          expect(readings.map((r) => r.verified + r.waiting)).toEqual(readings.map(() => 3));
          // While it ran, the row said how long is left (an estimate from the recent rate).
          expect(readings.slice(0, -1).some((r) => / left/.test(r.text))).toBe(true);
          await row.getByText('Fully Processed').waitFor();
          expect(await page.evaluate(() => (window as unknown as { consoleMarker?: string }).consoleMarker)).toBe('loaded once');
        }),
      SLOW_TEST_TIMEOUT,
    );

    test(
      'batch priorities reordered by dragging: the first is verified, and the order holds after a reload',
      async () => {
        // Two batches waiting to be verified: their claims uploaded, not yet verified (CREATED).
        for (const [index, batchName] of WAITING_BATCHES.entries()) {
          const { id } = await api.claim(WAITING_CLAIMS[index]);
          await api.send('POST', '/claim/batch/create', {
            claims: [id],
            batchName,
            downloadedClaimFlag: true,
            organization: ORG,
            action: 'upload',
          });
        }
        const [waitingA, waitingB] = WAITING_BATCHES;
        let expected: string[] = [];
        await withConsole(async (page) => {
          const batches = await openTab(page, 'Batch Summary');
          await gridRow(batches, waitingB).getByText('Created', { exact: true }).waitFor();
          await batches.getByRole('button', { name: 'Change Priority' }).click();
          const dialog = page.getByRole('dialog', { name: 'Change Batch Priority' });
          await dialog.getByTestId('sort-name').first().waitFor();
          const before = await priorityOrder(dialog);
          expect(before).toEqual(expect.arrayContaining([waitingA, waitingB]));
          // Only batches still to be worked on are offered: the verified batch, fully processed, has no place in the queue.
          expect(before).not.toContain(BATCH);
          expect(before.indexOf(waitingB)).toBeGreaterThan(0);

          // The mouse drags the second waiting batch to the top (once the dialog stands still where it opened).
          await settled(dialog);
          await dragBatchOnto(page, dialog, waitingB, before[0]);
          const dragged = [waitingB, ...before.filter((name) => name !== waitingB)];
          await expect(eventually(() => priorityOrder(dialog), dragged)).resolves.toEqual(dragged);
          // The keyboard moves it one place down and back to the top: Space picks it up, the arrows move it, Space drops it.
          // (The list may hold only the two waiting batches, so the top batch is the one that can always move.)
          const handle = dialog.getByRole('button', { name: `Drag ${waitingB}` });
          // Each step waits for what the list announces to a screen reader.
          expected = [...dragged];
          const announced = (text: string) =>
            page.locator('[role="status"][aria-live]').filter({ hasText: text }).waitFor({ state: 'attached' });
          await handle.focus();
          await page.keyboard.press('Space');
          await announced(`${waitingB} is over position 1 of ${dragged.length}.`);
          // dnd-kit's keyboard sensor starts listening for the arrows in a timer it sets at pick-up, and the
          // announcement can come first: an arrow pressed before that timer is lost. A timer set now runs after it.
          await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
          await page.keyboard.press('ArrowDown');
          await announced(`${waitingB} is over position 2 of ${dragged.length}.`);
          await page.keyboard.press('ArrowUp');
          await announced(`${waitingB} is over position 1 of ${dragged.length}.`);
          await page.keyboard.press('Space');
          await announced(`${waitingB} dropped at position 1 of ${dragged.length}.`);
          await expect(eventually(() => priorityOrder(dialog), expected)).resolves.toEqual(expected);

          // What each place will do: the first is verified, a created batch keeps its status.
          const item = (name: string) => dialog.locator('li').filter({ hasText: new RegExp(`^\\d+\\. ${escapeRegExp(name)}`) });
          await expect(item(waitingB).getByTestId('status-after').textContent()).resolves.toBe('→ To Be Processed');
          await expect(item(waitingA).getByTestId('status-after').textContent()).resolves.toBe('unchanged');
          await item(waitingB).getByText('1 claim', { exact: true }).waitFor();
          await item(waitingA).getByText('1 claim', { exact: true }).waitFor();
          await settled(dialog);
          await screenshot(page, 'console-priority');

          await dialog.getByRole('button', { name: 'Save' }).click();
          const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to change the priority of the batches?' });
          await settled(confirm);
          await screenshot(page, 'console-priority-confirm');
          await confirm.getByRole('button', { name: 'Yes' }).click();
          await toast(page, 'Successfully Done');
          await dialog.waitFor({ state: 'hidden' });
          // The batch at the top is verified: its claim goes through the queue.
          await gridRow(batches, waitingB).getByText('Fully Processed').waitFor({ timeout: VERIFICATION_TIMEOUT });
          await expect(gridRow(batches, waitingA).getByText('Created', { exact: true }).count()).resolves.toBe(1);

          // The order is the server's: a new page shows it (without the top batch, fully processed by now).
          await page.reload();
          const reloaded = await openTab(page, 'Batch Summary');
          await reloaded.getByRole('button', { name: 'Change Priority' }).click();
          const again = page.getByRole('dialog', { name: 'Change Batch Priority' });
          await again.getByTestId('sort-name').first().waitFor();
          await expect(priorityOrder(again)).resolves.toEqual(expected.filter((name) => name !== waitingB));
        });
        const byPriority = (await api.batches()).filter((b) => expected.includes(b.batchName)).sort((a, b) => a.priority - b.priority);
        expect(byPriority.map((b) => b.batchName)).toEqual(expected);
      },
      SLOW_TEST_TIMEOUT,
    );

    test('a fully processed batch assigned by percentage: a total off 100 in red with its message, then the right split', () =>
      withConsole(async (page) => {
        const batches = await openTab(page, 'Batch Summary');
        const row = gridRow(batches, BATCH);
        await row.getByText('Fully Processed').waitFor();
        await row.getByRole('checkbox').check();
        await batches.getByRole('button', { name: 'Batch Actions' }).click();
        await page.getByRole('menuitem', { name: 'Assign Batches' }).click();
        const dialog = page.getByRole('dialog', { name: 'Assign Batch' });
        await dialog.getByText(`${BATCH}: 3 claims`).waitFor();
        for (const analyst of [ADMIN, ANALYST]) await chooseOption(page, dialog.getByLabel('Analysts'), analyst, analyst);
        await page.keyboard.press('Escape');
        await selectListsClosed(page);
        await dialog.getByRole('radio', { name: 'By Percentage' }).check();
        const assign = dialog.getByRole('button', { name: 'Assign', exact: true });

        await dialog.getByLabel(`Percentage for ${ADMIN}`).fill('60');
        await dialog.getByLabel(`Percentage for ${ANALYST}`).fill('30');
        const total = dialog.getByTestId('allocation-total');
        await total.filter({ hasText: /^Total: 90% of 100%$/ }).waitFor();
        const message = dialog
          .getByRole('alert')
          .filter({ hasText: 'Make sure total percentage of claims and total allocation are in equal' });
        await message.waitFor();
        expect(isRed(await total.evaluate((element) => getComputedStyle(element).color))).toBe(true);
        expect(await assign.isDisabled()).toBe(true);
        await settled(dialog);
        await screenshot(page, 'console-allocation-wrong');

        await dialog.getByLabel(`Percentage for ${ANALYST}`).fill('40');
        await total.filter({ hasText: /^Total: 100% of 100%$/ }).waitFor();
        await message.waitFor({ state: 'detached' });
        expect(isRed(await total.evaluate((element) => getComputedStyle(element).color))).toBe(false);
        // 60% and 40% of 3 claims in whole claims: 2 and 1.
        const shares = dialog.getByRole('group', { name: 'Allocation by analyst' });
        await expect(shares.textContent()).resolves.toMatch(new RegExp(`${ADMIN}\\s*%\\s*2 claims\\s*${ANALYST}\\s*%\\s*1 claim(?!s)`));
        await screenshot(page, 'console-allocation-right');
        await assign.click();
        await toast(page, 'Successfully Done');
        await dialog.waitFor({ state: 'hidden' });
        await row.getByRole('cell', { name: 'Assigned', exact: true }).first().waitFor();
      }).then(async () => {
        // The analyst finds the claim given to them through the claims filter's user field.
        const found = await api.send<ClaimListRow[]>('POST', `/claims/search?limit=300&page_number=1&org=${ORG}`, {
          userName: [ANALYST],
        });
        expect(found.filter((claim) => GOOD_CLAIMS.includes(claim.referenceClaimId))).toHaveLength(1);
      }));

    test('a failed download retried once its document has arrived: Retry, Refresh, and the claim is downloaded', () =>
      withConsole(async (page) => {
        // The insurer's late document arrives beside the manifest.
        const arrived = await textPdf(['Discharge Summary', `Intimation number: ${LATE_CLAIM}`, 'Condition at discharge: stable']);
        writeFileSync(path.join(dropFolder(e2e), LATE_DOCUMENT), arrived);
        const failed = await openTab(page, 'Downloads failed');
        await select(failed, [LATE_CLAIM]);
        await failed.getByRole('button', { name: 'Retry' }).click();
        await toast(page, 'Successfully Done');
        // Waiting to be downloaded again, it has left the failed tab.
        await gridRow(failed, LATE_CLAIM).waitFor({ state: 'detached' });
        const uploads = await openTab(page, 'Uploads/Downloads');
        const row = gridRow(uploads, LATE_CLAIM);
        await row.getByRole('cell', { name: 'TO_BE_REDOWNLOADED', exact: true }).waitFor();

        await uploads.getByRole('button', { name: 'Refresh' }).click();
        await toast(page, 'Page got refreshed successfully');
        await toast(page, '1 claim downloaded, 0 failed');
        await row.getByRole('cell', { name: 'DOWNLOADED', exact: true }).waitFor();
        expect(await row.getByRole('button', { name: `Error response of ${LATE_CLAIM}` }).count()).toBe(0);
        // Its document is the one that arrived.
        await row.getByRole('button', { name: `Preview documents of ${LATE_CLAIM}` }).click();
        const viewer = page.getByRole('dialog', { name: `Documents of ${LATE_CLAIM}` });
        await viewer.getByRole('menuitem', { name: 'Document - 1' }).waitFor();
        const shown = viewer.getByLabel('Document - 1');
        const bytes = await shown.evaluate(async (element) => {
          const response = await fetch((element as HTMLObjectElement).data);
          return Array.from(new Uint8Array(await response.arrayBuffer()));
        });
        expect(Buffer.from(bytes).equals(arrived)).toBe(true);
        await settled(viewer);
        await screenshot(page, 'console-document-viewer');
        const claim = await api.claim(LATE_CLAIM);
        expect(claim.vitraya_claim_status).toBe('DOWNLOADED');
        expect(claim.insurer_documents).toHaveLength(1);
      }));
  });
}
