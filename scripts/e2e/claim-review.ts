/**
 * Claim review as a reviewer does it (issue 8), in Chromium against the private suite: creating a claim with
 * a real PDF and a scanned PNG, the document viewer's highlights against the adjudicator's coordinates,
 * search on a scanned page, the keyboard, annotation, error flags, re-run and the questions page.
 * The claims are found through the api (the seed makes claims with text PDFs, scanned images and image
 * PDFs), never by id; tests that write pick a claim no other test of this file touches.
 */
import { ENTITY_GROUP_TEXTS, ENTITY_GROUPS, type EntityGroup } from '@claims/shared-kernel/constants';
import type { Claim, ClaimDocument, ClaimQuestions, DocumentText, ErrorAnnotations, FoundItem } from '@claims/shared-kernel/contract';
import type { Annotation, ProcedureQuestion } from '@claims/shared-kernel/contract';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { type ApiUser, apiAs, type E2E, signInAs } from './harness';
import type { QualityReport } from '@claims/shared-kernel/contract';
import { apiLogin, screenshot, selectListsClosed, untilSeededClaims } from './harness';

type Position = NonNullable<FoundItem['position']>;

/** The seed's organisations: the provider (vitraya) reads every one's claims with ?org. */
const ORGANIZATIONS = ['vitraya', 'starhealth', 'maxbupa', 'bajaj', 'ML', 'vitraya-demo'];
const ADMIN = 'vitraya.admin';
/** An annotation user of the provider's organisation (the api's default ANNOTATION_USERS). */
const ANNOTATOR = 'vitraya.reviewer';
/** A verification the queue runs at once still has to wait for the page's next poll (2 s) and a busy machine. */
const VERIFICATION_TIMEOUT = 180_000;
/** Highlights are compared with the adjudicator's boxes to this many CSS pixels. */
const TOLERANCE_PX = 2;

/** An entity group of the claim page (ENTITY_GROUPS is the order it shows them in). */
type Group = EntityGroup;
/** A group's accordion label on the claim page (the kinds table's). */
const groupLabel = (group: Group): string => ENTITY_GROUP_TEXTS[group].label;

/** A found item with a position in one of the claim's documents, keyed as the claim page keys it. */
interface Evidence {
  key: string;
  code: string;
  group: Group;
  index: number;
  item: FoundItem;
  position: Position;
  document: ClaimDocument;
  documentIndex: number;
}

// ---------------------------------------------------------------------------------------------------
// The claims of the seed, read through the api once per suite

interface SeededClaims {
  admin: ApiUser;
  claims: Claim[];
  texts(claim: Claim): Promise<DocumentText[]>;
  /** Claims a test of this file has written to (annotation, flags, re-run): others pick different ones. */
  taken: Set<number>;
}

const seeded = new WeakMap<E2E, Promise<SeededClaims>>();

function seededClaims(e2e: E2E): Promise<SeededClaims> {
  let claims = seeded.get(e2e);
  if (!claims) {
    claims = readSeededClaims(e2e);
    seeded.set(e2e, claims);
  }
  return claims;
}

async function readSeededClaims(e2e: E2E): Promise<SeededClaims> {
  // Run alone (jest -t), a test may come before the seed's first claim: an empty list has not settled yet.
  await untilSeededClaims(e2e.apiBaseUrl, VERIFICATION_TIMEOUT);
  const admin = await apiAs(e2e.apiBaseUrl, ADMIN);
  // The seed's claims are generated and verified while the api already answers: wait until the list stops
  // growing and every claim has settled (a verdict, or a failure the seed planted).
  const settled = (status: string) => status === 'ADJUDICATED' || status === 'SUSPENDED' || status.endsWith('_FAILED');
  const deadline = Date.now() + VERIFICATION_TIMEOUT;
  let ids: { id: number; org: string }[] = [];
  for (let previousTotal = -1; ; ) {
    const rows = (
      await Promise.all(
        ORGANIZATIONS.map(async (org) =>
          (await admin.get<{ id: number; status: string }[]>(`/claims?limit=500&page_number=1&org=${org}`)).map((row) => ({ ...row, org })),
        ),
      )
    ).flat();
    ids = rows.filter((row) => row.status === 'ADJUDICATED');
    if ((rows.length === previousTotal && rows.every((row) => settled(row.status))) || Date.now() > deadline) break;
    previousTotal = rows.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const claims = await Promise.all(ids.map(({ id, org }) => admin.get<Claim>(`/claims/${id}?org=${org}`)));
  const texts = new Map<number, Promise<DocumentText[]>>();
  return {
    admin,
    // The seed's own claims (not those a test created), with their documents: claims whose documents were
    // deleted after verification have nothing to show in the viewer.
    claims: claims.filter(
      (claim) => claim.createdBy === 'seed' && claim.adjudicationDetails && !claim.progress && !claim.delete_after_adjudication,
    ),
    taken: new Set(),
    texts(claim) {
      let read = texts.get(claim.id);
      if (!read) {
        read = Promise.all(
          claim.documents.map((d) => admin.get<DocumentText>(`/claims/${claim.id}/documents/${d.id}/text?org=${claim.organization}`)),
        );
        texts.set(claim.id, read);
      }
      return read;
    },
  };
}

/** The claim's document a found item names: by its address, else by its file name (as the claim page matches them). */
function documentOf(claim: Claim, item: FoundItem): ClaimDocument | undefined {
  return (
    claim.documents.find((d) => item.documentUrl && d.original_document_url === item.documentUrl) ??
    claim.documents.find((d) => item.referenceToDocument && d.file_name === item.referenceToDocument)
  );
}

/** The procedure codes in the order of the panels: the claim's own, then any other the verification judged. */
function procedureOrder(claim: Claim): string[] {
  const judged = Object.keys(claim.adjudicationDetails ?? {});
  return [...claim.procedureCodes.filter((c) => judged.includes(c)), ...judged.filter((c) => !claim.procedureCodes.includes(c))];
}

/** The found items with a position, in the order the page lists them (what j and k step through). */
function evidenceOf(claim: Claim): Evidence[] {
  return procedureOrder(claim).flatMap((code) =>
    ENTITY_GROUPS.flatMap((group) =>
      (claim.adjudicationDetails![code][group] ?? []).flatMap((item, index) => {
        const document = item.found && item.position ? documentOf(claim, item) : undefined;
        if (!document || !item.position) return [];
        const documentIndex = claim.documents.indexOf(document);
        return [{ key: `${code}/${group}/${index}`, code, group, index, item, position: item.position, document, documentIndex }];
      }),
    ),
  );
}

const isImage = (document: ClaimDocument) => document.content_type.startsWith('image/');

/** The first claim (and what `choose` answers for it) that no test has taken; marks it taken when `take`. */
function pick<T>(seed: SeededClaims, choose: (claim: Claim) => T | undefined, what: string, take = false): { claim: Claim; chosen: T } {
  for (const claim of seed.claims) {
    if (seed.taken.has(claim.id)) continue;
    const chosen = choose(claim);
    if (chosen === undefined) continue;
    if (take) seed.taken.add(claim.id);
    return { claim, chosen };
  }
  throw new Error(`no seeded claim has ${what}`);
}

// ---------------------------------------------------------------------------------------------------
// The claim page

const claimUrl = (e2e: E2E, claim: Pick<Claim, 'id' | 'organization'>) => `${e2e.shellUrl}/claims/${claim.id}?org=${claim.organization}`;

async function openClaim(page: Page, e2e: E2E, claim: Claim): Promise<void> {
  await page.goto(claimUrl(e2e, claim));
  await page.getByRole('heading', { name: claim.referenceClaimId }).waitFor();
  await page.getByTestId('document-viewer').waitFor();
}

/** The claim's verdict tag once the verification has one (the page polls while it runs). */
async function claimResult(page: Page, timeout = 10_000): Promise<string> {
  const tag = page.getByRole('group', { name: 'Claim result' }).locator('[data-result]:not([data-result="none"])');
  await tag.waitFor({ timeout });
  return (await tag.textContent()) ?? '';
}

const procedurePanel = (page: Page, code: string) => page.getByRole('region', { name: `Procedure ${code}` });

/** The list entry of a found item, its accordion opened first. */
async function foundEntry(page: Page, evidence: Pick<Evidence, 'key' | 'code' | 'group'>): Promise<Locator> {
  const entry = page.locator(`li[data-evidence-key="${evidence.key}"]`);
  if (!(await entry.isVisible())) {
    await procedurePanel(page, evidence.code)
      .locator('.ant-collapse-header [data-tone]')
      .filter({ hasText: new RegExp(`^${groupLabel(evidence.group)}$`) })
      .click();
  }
  await entry.waitFor();
  return entry;
}

/** Clicks a found item (its name is the entry's first button; the error flag comes after it). */
async function clickFoundItem(page: Page, evidence: Evidence): Promise<void> {
  await (await foundEntry(page, evidence)).locator('button').first().click();
}

interface ShownBox {
  data: { left: number; top: number; width: number; height: number; pageNumber: number; style: string };
  /** The highlight's rectangle relative to its page element, measured in one frame. */
  onPage: { left: number; top: number; width: number; height: number };
  page: { width: number; height: number };
  /** The highlight lies inside the visible part of the pages panel. */
  inView: boolean;
}

async function readHighlight(highlight: Locator): Promise<ShownBox> {
  return highlight.evaluate((element) => {
    const pageElement = element.closest('[data-testid="viewer-page"]') as HTMLElement;
    const panel = element.closest('[data-testid="viewer-pages"]') as HTMLElement;
    const box = element.getBoundingClientRect();
    const onPage = pageElement.getBoundingClientRect();
    const visible = panel.getBoundingClientRect();
    const data = (element as HTMLElement).dataset;
    return {
      data: {
        left: Number(data.left),
        top: Number(data.top),
        width: Number(data.width),
        height: Number(data.height),
        pageNumber: Number(data.pageNumber),
        style: data.style ?? '',
      },
      onPage: { left: box.left - onPage.left, top: box.top - onPage.top, width: box.width, height: box.height },
      page: { width: Number(pageElement.dataset.width), height: Number(pageElement.dataset.height) },
      inView: box.top >= visible.top && box.bottom <= visible.bottom && box.left >= visible.left && box.right <= visible.right,
    };
  });
}

/**
 * The evidence highlight is on the item's page, at the item's box scaled by the page's shown size, in the
 * document's style, and scrolled into view; exactly one is drawn.
 */
async function expectHighlightAt(page: Page, file: ClaimDocument, position: Position): Promise<void> {
  const selector = `[data-testid="viewer-page"][data-page-number="${position.pageNumber}"] [data-testid="evidence-highlight"]`;
  // The jump scrolls smoothly (and a page is drawn again once pdf.js knows its size): wait for the box to rest in view.
  await page.waitForFunction(
    (wanted) => {
      const element = document.querySelector(wanted);
      const panel = element?.closest('[data-testid="viewer-pages"]');
      if (!element || !panel) return false;
      const box = element.getBoundingClientRect();
      const visible = panel.getBoundingClientRect();
      return box.top >= visible.top && box.bottom <= visible.bottom;
    },
    selector,
    { timeout: 15_000 },
  );
  const highlight = page.locator(selector);
  const shown = await readHighlight(highlight);
  const scaleX = shown.page.width / position.pageWidth;
  const scaleY = shown.page.height / position.pageHeight;
  const expected = {
    left: position.x * scaleX,
    top: position.y * scaleY,
    width: position.width * scaleX,
    height: position.height * scaleY,
  };
  for (const side of ['left', 'top', 'width', 'height'] as const) {
    expect(Math.abs(shown.data[side] - expected[side])).toBeLessThanOrEqual(TOLERANCE_PX);
    expect(Math.abs(shown.onPage[side] - expected[side])).toBeLessThanOrEqual(TOLERANCE_PX);
  }
  // The page is shown with the document's proportions (the adjudicator's page size).
  expect(Math.abs(shown.page.height - (shown.page.width * position.pageHeight) / position.pageWidth)).toBeLessThanOrEqual(TOLERANCE_PX);
  expect(shown.data.pageNumber).toBe(position.pageNumber);
  expect(shown.data.style).toBe(isImage(file) ? 'dim' : 'box');
  expect(shown.inView).toBe(true);
  expect(await page.getByTestId('evidence-highlight').count()).toBe(1);
  await expectViewerOn(page, file, position.pageNumber);
}

/** The viewer shows the document (named in the picker, or alone) at the page. */
async function expectViewerOn(page: Page, file: ClaimDocument, pageNumber: number): Promise<void> {
  const viewer = page.getByTestId('document-viewer');
  await viewer.getByText(file.file_name).first().waitFor();
  await page.waitForFunction(
    ([expected]) => (document.querySelector('input[aria-label="Page number"]') as HTMLInputElement | null)?.value === expected,
    [String(pageNumber)],
    { timeout: 10_000 },
  );
  if (file.pages) expect(await page.getByTestId('page-count').textContent()).toBe(`/ ${isImage(file) ? 1 : file.pages}`);
}

// ---------------------------------------------------------------------------------------------------
// Files a reviewer uploads

/** A one-page text PDF (A4, PDF points) with the lines given, the first as a heading. */
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

/** A scanned page: an HTML page with the lines given, photographed by Chromium (a PNG the adjudicator must OCR). */
async function scannedPng(browser: Browser, lines: string[]): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    const [heading, ...rest] = lines;
    const html = (text: string) => text.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
    await page.setContent(
      `<body style="margin:0;padding:48px;background:#fff;color:#111;font-family:'DejaVu Sans',Arial,sans-serif">
        <h1 style="font-size:36px;margin:0 0 28px">${html(heading)}</h1>
        ${rest.map((line) => `<p style="font-size:26px;margin:0 0 18px">${html(line)}</p>`).join('')}
      </body>`,
    );
    return await page.screenshot({ fullPage: true, type: 'png' });
  } finally {
    await context.close();
  }
}

interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Fills /claims/create and submits; answers the new claim's id from the address it lands on. */
async function createClaimThroughUi(
  page: Page,
  e2e: E2E,
  claim: { patientName: string; referenceClaimId: string; procedure: string; files: Upload[] },
  landsOn: 'claims' | 'questions',
): Promise<number> {
  await page.goto(`${e2e.shellUrl}/claims/create`);
  await page.getByText('Enter Claim Information').waitFor();
  await page.getByLabel('Patient Name').fill(claim.patientName);
  await page.getByLabel('Case No.').fill(claim.referenceClaimId);
  await page.getByLabel('Procedures').click();
  await page.getByLabel('Procedures').fill(claim.procedure);
  await page.locator(`.ant-select-item-option[title^="${claim.procedure} - "]`).click();
  await page.keyboard.press('Escape');
  await page.locator('input[type="file"]').setInputFiles(claim.files);
  await page.getByText(`Uploaded Evidence Documents (${claim.files.length})`).waitFor();
  for (const file of claim.files) await page.getByRole('button', { name: `Remove ${file.name}` }).waitFor();
  await page.getByRole('button', { name: 'Submit' }).click();
  const landed = new RegExp(`/${landsOn}/(\\d+)\\?`);
  await page.waitForURL(landed, { timeout: 60_000 });
  return Number(landed.exec(page.url())![1]);
}

// ---------------------------------------------------------------------------------------------------
// The tests

async function withPage(e2e: E2E, username: string, run: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await e2e.newPage();
  try {
    await signInAs(page, e2e.shellUrl, username);
    await run(page);
  } finally {
    await context.close();
  }
}

/**
 * The seed catalog's Septoplasty pre-auth protocol (vitraya): the procedure, the diagnosis Deviated Nasal
 * Septum, the evidence Diagnostic nasal endoscopy and two documents, a Pre-Authorization Form and
 * Consultation Notes. The PDF holds the form; the scanned PNG the notes and the evidence, which only the
 * adjudicator's OCR can read: the claim passes only if both uploads were read.
 */
const SEPTOPLASTY = 'id016';

async function createdClaimShowsItsResult(e2e: E2E): Promise<void> {
  const seed = await seededClaims(e2e);
  const asked = await seed.admin.get<ProcedureQuestion[]>('/ppq?getall=true');
  expect(asked.filter((q) => q.procedure.procedure_code === SEPTOPLASTY)).toEqual([]);
  const referenceClaimId = `E2E-UPLOAD-${Date.now()}`;
  const files: Upload[] = [
    {
      name: 'preauth_request.pdf',
      mimeType: 'application/pdf',
      buffer: await textPdf([
        'CITY ENT HOSPITAL, PUNE',
        'Pre-Authorization Form',
        'Patient Name: Asha Kulkarni    Age: 34    Gender: Female',
        'Provisional Diagnosis: Deviated Nasal Septum',
        'Proposed Line of Treatment: Septoplasty',
        'Expected Length of Stay: 2 days',
      ]),
    },
    {
      name: 'consultation_scan.png',
      mimeType: 'image/png',
      buffer: await scannedPng(e2e.browser, [
        'Consultation Notes',
        'Patient Name: Asha Kulkarni',
        'Complaints: nasal obstruction for two years.',
        'Diagnostic nasal endoscopy done: septum deviated to the left.',
        'Advice: surgery under general anaesthesia.',
      ]),
    },
  ];

  await withPage(e2e, ADMIN, async (page) => {
    const id = await createClaimThroughUi(
      page,
      e2e,
      { patientName: 'Asha Kulkarni', referenceClaimId, procedure: SEPTOPLASTY, files },
      'claims',
    );
    await page.getByRole('heading', { name: referenceClaimId }).waitFor();
    expect(await claimResult(page, VERIFICATION_TIMEOUT)).toBe('PASS');
    await page.getByText('Asha Kulkarni · Preauth').waitFor();

    const claim = await seed.admin.get<Claim>(`/claims/${id}?org=vitraya`);
    expect(claim.adjudicationResult).toBe('ACCEPTED');
    expect(claim.documents.map((d) => [d.file_name, d.content_type])).toEqual(files.map((f) => [f.name, f.mimeType]));
    // The evidence was read from the scan: its entry names the PNG, and clicking it shows the region on the image.
    const endoscopy = evidenceOf(claim).find((e) => e.group === 'evidence' && e.item.name === 'Diagnostic nasal endoscopy');
    expect(endoscopy?.document.file_name).toBe('consultation_scan.png');
    const entry = await foundEntry(page, endoscopy!);
    expect(await entry.textContent()).toContain('page 1 of consultation_scan.png');
    await clickFoundItem(page, endoscopy!);
    await expectHighlightAt(page, endoscopy!.document, endoscopy!.position);
  });
}

async function foundItemOpensAtItsBox(e2e: E2E): Promise<void> {
  const seed = await seededClaims(e2e);
  // A PDF item on a later page (of a later document when the seed has one) proves the viewer moves there.
  const onLaterPage = (c: Claim) => evidenceOf(c).filter((e) => !isImage(e.document) && e.position.pageNumber > 1);
  const { claim, chosen } = seed.claims.some((c) => onLaterPage(c).some((e) => e.documentIndex > 0))
    ? pick(seed, (c) => onLaterPage(c).find((e) => e.documentIndex > 0), 'a found item on page 2 or later of a second PDF')
    : pick(seed, (c) => onLaterPage(c)[0], 'a found item on page 2 or later of a PDF');
  await withPage(e2e, ADMIN, async (page) => {
    await openClaim(page, e2e, claim);
    await clickFoundItem(page, chosen);
    await expectHighlightAt(page, chosen.document, chosen.position);
    expect(await page.locator(`li[data-evidence-key="${chosen.key}"]`).getAttribute('aria-current')).toBe('true');
    // The thumbnail strip marks the item's page as holding evidence.
    const thumbnail = page.locator(`[data-testid="thumbnail"][data-page-number="${chosen.position.pageNumber}"]`);
    expect(await thumbnail.getAttribute('data-evidence')).toBe('true');
  });
}

/** Chooses the claim's document at `index` in the viewer's document picker. */
async function chooseDocument(page: Page, claim: Claim, index: number): Promise<void> {
  await page.getByRole('combobox', { name: 'Document', exact: true }).click();
  await page
    .locator(`.ant-select-dropdown:visible .ant-select-item-option[title^="${index + 1}. ${claim.documents[index].file_name}"]`)
    .click();
  await selectListsClosed(page);
}

/** The viewer shows the claim's document at `index`, its first page on screen drawn. */
async function expectDocumentDrawn(page: Page, claim: Claim, index: number): Promise<void> {
  // The viewer's status line, which names the document on screen once its page count is known.
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll('[data-testid="document-viewer"] [role="status"]')].some((status) =>
        status.textContent?.startsWith(`${name}, page 1 of `),
      ),
    claim.documents[index].file_name,
    { timeout: 15_000 },
  );
  await page
    .locator('[data-testid="viewer-pages"] [data-testid="viewer-page"][data-page-number="1"]')
    .locator('canvas, img')
    .first()
    .waitFor();
}

/**
 * Switching documents (issue 25): the viewer used to tear pdf.js down with the document it was reading, which
 * aborted pdf.js's request for the file and read it again on coming back; and pdf.js cancelled its read of a small
 * file just after the whole file had arrived. The viewer now reads each file once through the api client. Going back and forth between a
 * claim's documents, quickly and after each has shown, reads each file once, fails no other request and logs
 * no error, and each document still shows with its evidence.
 */
async function switchingDocumentsReadsEachFileOnce(e2e: E2E): Promise<void> {
  const seed = await seededClaims(e2e);
  const withPdfEvidence = (c: Claim) => (c.documents.length >= 2 ? evidenceOf(c).find((e) => !isImage(e.document)) : undefined);
  // A claim with a PDF and an image when the seed has one: both kinds of view come and go.
  const { claim, chosen } = seed.claims.some((c) => c.documents.some(isImage) && withPdfEvidence(c))
    ? pick(seed, (c) => (c.documents.some(isImage) ? withPdfEvidence(c) : undefined), 'a PDF and an image, a found item on a PDF')
    : pick(seed, withPdfEvidence, 'two documents, a found item on a PDF');
  await withPage(e2e, ADMIN, async (page) => {
    // The list the sign-in lands on first loads what it loads: leaving it sooner would abort that.
    await page.waitForLoadState('networkidle');
    const failed: string[] = [];
    const errors: string[] = [];
    const open = new Set<Request>();
    /** The reads of each document's file, by address. */
    const reads = new Map<string, number>();
    const isFileRead = (request: Request) => /\/documents\/\d+$/.test(new URL(request.url()).pathname);
    page.on('request', (request) => {
      open.add(request);
      if (isFileRead(request)) reads.set(request.url(), (reads.get(request.url()) ?? 0) + 1);
    });
    page.on('requestfinished', (request) => open.delete(request));
    page.on('requestfailed', (request) => {
      open.delete(request);
      failed.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    await openClaim(page, e2e, claim);
    const order = [...claim.documents.keys()];
    const there = order.slice(1);
    const back = [...order.slice(0, -1)].reverse();
    // Quickly, each document chosen while the one before is still loading.
    for (const index of [...there, ...back]) await chooseDocument(page, claim, index);
    await expectDocumentDrawn(page, claim, 0);
    // Then each shown before the next is chosen.
    for (const index of [...there, ...back]) {
      await chooseDocument(page, claim, index);
      await expectDocumentDrawn(page, claim, index);
    }
    await clickFoundItem(page, chosen);
    await expectHighlightAt(page, chosen.document, chosen.position);

    // Every request the page made has ended before the count.
    for (let waited = 0; open.size > 0 && waited < 150; waited += 1) await page.waitForTimeout(100);
    expect([...open].map((request) => request.url())).toEqual([]);
    expect([...reads.keys()]).toHaveLength(claim.documents.length);
    expect([...reads.values()].filter((count) => count !== 1)).toEqual([]);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  });
}

/** The page's text as the viewer searches it: its words, lower case, one space between them. */
const pageText = (words: { text: string }[]) => words.map((w) => w.text.replace(/\s+/g, ' ').toLowerCase()).join(' ');
const occurrences = (text: string, query: string) => text.split(query).length - 1;

async function searchFindsAWordOnAScannedPage(e2e: E2E): Promise<void> {
  const seed = await seededClaims(e2e);
  // A word the OCR read on a scanned page of a document other than the first and found nowhere else in the
  // claim (the viewer must search the scanned document's words and go there), the one with the most hits.
  let found: { claim: Claim; documentIndex: number; page: DocumentText['pages'][number]; word: string; hits: number } | undefined;
  for (const claim of seed.claims) {
    const texts = await seed.texts(claim);
    const pages = texts.flatMap((text, documentIndex) => text.pages.map((p) => ({ page: p, documentIndex, text: pageText(p.words) })));
    for (const scanned of pages.filter((p) => p.page.source === 'ocr' && p.documentIndex > 0)) {
      for (const { text } of scanned.page.words) {
        const word = text.toLowerCase();
        if (!/^[a-z]{6,}$/.test(word) || pages.some((p) => p !== scanned && occurrences(p.text, word) > 0)) continue;
        const hits = occurrences(scanned.text, word);
        if (!found || hits > found.hits) found = { claim, documentIndex: scanned.documentIndex, page: scanned.page, word, hits };
      }
    }
    if (found) break;
  }
  if (!found) throw new Error('no seeded claim has a word of its own on a scanned page');
  const { claim, documentIndex, page: scannedPage, word, hits } = found;
  const scannedDocument = claim.documents[documentIndex];
  // Each hit lies in one word (the query has no space): the words that hold it, in reading order.
  const hitWords = scannedPage.words.flatMap((w) => Array(occurrences(w.text.toLowerCase(), word)).fill(w) as typeof scannedPage.words);

  await withPage(e2e, ADMIN, async (page) => {
    await openClaim(page, e2e, claim);
    const viewerPage = page.locator(`[data-testid="viewer-page"][data-page-number="${scannedPage.pageNumber}"]`);
    const expectCurrentHit = async (n: number) => {
      await page.waitForFunction(
        (expected) => document.querySelector('[data-testid="search-status"]')?.textContent === expected,
        `${n} of ${hits}`,
        { timeout: 20_000 },
      );
      await expectViewerOn(page, scannedDocument, scannedPage.pageNumber);
      const current = viewerPage.locator('[data-testid="search-highlight"][data-current="true"]');
      await current.waitFor();
      expect(await viewerPage.getByTestId('search-highlight').count()).toBe(hits);
      // The current hit covers its word's box as the OCR measured it (a hit inside a longer word starts within it).
      const shown = await readHighlight(current);
      const scale = shown.page.width / scannedPage.width;
      const box = hitWords[n - 1];
      expect(shown.onPage.left).toBeGreaterThanOrEqual(box.x * scale - TOLERANCE_PX);
      expect(shown.onPage.left + shown.onPage.width).toBeLessThanOrEqual((box.x + box.width) * scale + TOLERANCE_PX);
      expect(Math.abs(shown.onPage.top - box.y * scale)).toBeLessThanOrEqual(TOLERANCE_PX);
      expect(Math.abs(shown.onPage.height - box.height * scale)).toBeLessThanOrEqual(TOLERANCE_PX);
    };
    await page.getByLabel('Search the documents').fill(word);
    await expectCurrentHit(1);
    if (hits > 1) {
      await page.getByLabel('Search the documents').press('Enter');
      await expectCurrentHit(2);
    }
  });
}

async function keyboardStepsThroughEvidence(e2e: E2E): Promise<void> {
  const seed = await seededClaims(e2e);
  // The first two items on different pages or documents, so each step visibly moves the viewer.
  const { claim, chosen: items } = pick(
    seed,
    (c) => {
      const list = evidenceOf(c);
      const [a, b] = list;
      return list.length >= 3 && (a.document !== b.document || a.position.pageNumber !== b.position.pageNumber) ? list : undefined;
    },
    'two first evidence items on different pages',
  );
  await withPage(e2e, ADMIN, async (page) => {
    await openClaim(page, e2e, claim);
    const expectOn = async (evidence: Evidence) => {
      await page.locator(`li[data-evidence-key="${evidence.key}"][aria-current="true"]`).waitFor();
      await expectHighlightAt(page, evidence.document, evidence.position);
    };
    await page.keyboard.press('j');
    await expectOn(items[0]);
    await page.keyboard.press('j');
    await expectOn(items[1]);
    await page.keyboard.press('j');
    await expectOn(items[2]);
    await page.keyboard.press('k');
    await expectOn(items[1]);
  });
}

async function annotatorAnnotatesAClaim(e2e: E2E): Promise<void> {
  const seed = await seededClaims(e2e);
  const { claim } = pick(
    seed,
    (c) => (c.organization === 'vitraya' && c.annotation_id === null && c.documents.length > 0 ? true : undefined),
    'a vitraya claim without annotation',
    true,
  );
  const procedureName = claim.procedureName[0];
  await withPage(e2e, ANNOTATOR, async (page) => {
    await openClaim(page, e2e, claim);
    await page.getByRole('button', { name: 'Add Annotation' }).click();
    const form = page.locator('.ant-card').filter({ has: page.getByText('Add Annotation', { exact: true }) });
    const save = form.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await form.getByRole('radiogroup', { name: 'Expected Result' }).getByText('Reject', { exact: true }).click();
    // Procedure 1 took the page and PDF on screen; the name and an alias are the reviewer's.
    const slot = form.getByRole('group', { name: 'Procedure 1' });
    expect(await slot.getByLabel('Page Number').inputValue()).toBe('1');
    expect(await slot.getByLabel('PDF Number').inputValue()).toBe('1');
    await slot.getByLabel('Name').click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${procedureName}"]`).click();
    await slot.getByLabel('Alias').fill('E2E alias');
    await form.getByLabel('Remarks').fill('Checked end to end');
    await save.click();
    const done = page.getByRole('dialog').filter({ hasText: `Annotation done successfully for ${claim.referenceClaimId}` });
    await done.waitFor();
    await done.getByRole('button', { name: 'OK' }).click();

    await page.getByRole('button', { name: 'View Annotation' }).click();
    const panel = page.getByTestId('annotation-panel');
    await panel.getByText(`annotated by ${ANNOTATOR}`, { exact: false }).waitFor();
    // The select shows its chosen option's label around its input.
    expect(await panel.locator('[title]:has(> #annotation-view-expected)').getAttribute('title')).toBe('Reject');
    expect(await panel.getByLabel('Remarks').inputValue()).toBe('Checked end to end');
    await panel.getByRole('region', { name: 'Procedure' }).getByText(`1. ${procedureName} (E2E alias)`, { exact: false }).waitFor();

    const stored = await seed.admin.get<Claim>(`/claims/${claim.id}?org=${claim.organization}`);
    const annotator = await apiAs(e2e.apiBaseUrl, ANNOTATOR);
    const annotation = await annotator.get<Annotation>(`/annotation/${stored.annotation_id}`);
    expect(annotation).toMatchObject({
      claim_id: claim.id,
      expected_result: 'reject',
      remarks: 'Checked end to end',
      username: ANNOTATOR,
      procedure_name_1: procedureName,
      procedure_alias_1: 'E2E alias',
      procedure_page_number_1: 1,
      procedure_pdf_number_1: 1,
    });
  });
}

async function errorFlagPersists(e2e: E2E): Promise<void> {
  const seed = await seededClaims(e2e);
  const { claim, chosen } = pick(seed, (c) => evidenceOf(c)[0], 'a found item', true);
  const comment = `Matched the wrong line (${Date.now()})`;
  await withPage(e2e, ADMIN, async (page) => {
    await openClaim(page, e2e, claim);
    const entry = await foundEntry(page, chosen);
    await entry.getByRole('button', { name: `Flag an error on ${chosen.item.name}` }).click();
    const popover = page.locator('.ant-popover').filter({ hasText: `Error on ${chosen.item.name}` });
    const category = popover.getByRole('menuitem', { name: /Wrong keyword matched/ });
    // A click that lands while the popover is still opening can be lost (seen once in a full run): choose until chosen.
    const chosenYet = () => category.evaluate((item) => item.classList.contains('ant-menu-item-selected'));
    for (let tries = 0; tries < 5 && !(await chosenYet()); tries += 1) await category.click();
    expect(await chosenYet()).toBe(true);
    const save = popover.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await popover.getByLabel('Comment').fill(comment);
    await save.click();
    await page.getByText('Error flag saved').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: claim.referenceClaimId }).waitFor();
    const flagged = (await foundEntry(page, chosen)).getByRole('button', {
      name: `Error flag on ${chosen.item.name}: Wrong keyword matched`,
    });
    await flagged.click();
    const shown = page.locator('.ant-popover').filter({ hasText: `Error on ${chosen.item.name}` });
    await shown.getByText(comment).waitFor();
    await shown.getByRole('button', { name: 'Edit' }).waitFor();

    const stored = await seed.admin.get<ErrorAnnotations>(`/claims/${claim.id}/annotation?org=${claim.organization}`);
    expect(stored.errors[chosen.code]?.[chosen.group]).toEqual([{ keyword: chosen.index, category: expect.any(Number), comment }]);
  });
}

async function rerunUpdatesThePage(e2e: E2E): Promise<void> {
  const seed = await seededClaims(e2e);
  const { claim } = pick(seed, (c) => (c.previousVerification ? undefined : true), 'a claim never re-run', true);
  await withPage(e2e, ADMIN, async (page) => {
    await openClaim(page, e2e, claim);
    expect(await page.getByRole('region', { name: 'What changed' }).count()).toBe(0);
    const runDisabled = (disabled: boolean, timeout: number) =>
      page.waitForFunction(
        (wanted) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Run Verification')?.disabled === wanted,
        disabled,
        { timeout },
      );
    await page.getByRole('button', { name: 'Run Verification' }).click();
    // Disabled while the claim is verified again, then enabled when the page has read the new result by itself.
    await runDisabled(true, 10_000);
    await page.getByRole('alert').filter({ hasText: 'Verification in progress' }).waitFor();
    await runDisabled(false, VERIFICATION_TIMEOUT);
    const changes = page.getByRole('region', { name: 'What changed' });
    await changes.waitFor();

    const rerun = await seed.admin.get<Claim>(`/claims/${claim.id}?org=${claim.organization}`);
    expect(rerun.progress ?? null).toBeNull();
    expect(rerun.rerunStatus).toBeNull();
    expect(Date.parse(rerun.lastVerifiedOn!)).toBeGreaterThan(Date.parse(claim.lastVerifiedOn!));
    expect(rerun.previousVerification?.lastVerifiedOn).toBe(claim.lastVerifiedOn);
    const label = { ACCEPTED: 'PASS', REJECTED: 'FAIL', QUERY: 'FAIL', SUSPENDED: 'SUSPENDED' }[rerun.adjudicationResult!];
    expect(await claimResult(page)).toBe(label);
    expect(await changes.textContent()).toContain('previous verification');
  });
}

async function questionsAreAnswered(e2e: E2E): Promise<void> {
  const seed = await seededClaims(e2e);
  const asked = await seed.admin.get<ProcedureQuestion[]>('/ppq?getall=true');
  const byProcedure = new Map<string, ProcedureQuestion[]>();
  for (const question of asked)
    byProcedure.set(question.procedure.procedure_code, [...(byProcedure.get(question.procedure.procedure_code) ?? []), question]);
  // The procedure whose questions cover the most kinds of answer.
  const [code, questions] =
    [...byProcedure].sort(([, a], [, b]) => new Set(b.map((q) => q.questionType)).size - new Set(a.map((q) => q.questionType)).size)[0] ??
    [];
  if (!code) throw new Error('no procedure has questions');
  const answers: Record<string, string[]> = Object.fromEntries(
    questions.map((q) => {
      const choices = q.answer.length ? q.answer : ['Yes', 'No'];
      const answer = { single: [choices[0]], multi: choices.slice(0, 2), radio: [choices.at(-1)!], numerics: ['42'] }[q.questionType];
      return [String(q.id), answer];
    }),
  );
  const referenceClaimId = `E2E-QUESTIONS-${Date.now()}`;
  const pdf = await textPdf(['GENERAL HOSPITAL', 'Pre-Authorization Form', `Proposed procedure: ${questions[0].procedure.procedure_name}`]);

  await withPage(e2e, ADMIN, async (page) => {
    const id = await createClaimThroughUi(
      page,
      e2e,
      {
        patientName: 'Meera Iyer',
        referenceClaimId,
        procedure: code,
        files: [{ name: 'request.pdf', mimeType: 'application/pdf', buffer: pdf }],
      },
      'questions',
    );
    await page.getByText('Procedure Protocol Questions').waitFor();
    await page.getByText(referenceClaimId).waitFor();
    for (const question of questions) {
      const answer = answers[String(question.id)];
      const control = page.getByLabel(question.question, { exact: true });
      switch (question.questionType) {
        case 'single':
        case 'multi':
          await control.click();
          for (const choice of answer)
            await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${choice}"]`).click();
          await page.keyboard.press('Escape');
          break;
        case 'radio':
          await page.getByRole('radiogroup', { name: question.question }).getByText(answer[0], { exact: true }).click();
          break;
        case 'numerics':
          await control.fill(answer[0]);
          break;
      }
    }
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`**/claims/${id}?org=vitraya`);
    await page.getByRole('heading', { name: referenceClaimId }).waitFor();
    await claimResult(page, VERIFICATION_TIMEOUT);
    const saved = await seed.admin.get<ClaimQuestions>(`/claims/${id}/questions?org=vitraya`);
    expect(saved.answers).toEqual(answers);
  });
}

/**
 * The dashboard's verification quality (issue 12): a verified claim annotated through the api with an expected result
 * its verdict does not give is counted in the report of the last 90 days and listed among the claims that disagreed,
 * and its link opens the claim page.
 */
async function qualityReportCountsAnAnnotation(e2e: E2E): Promise<void> {
  const seed = await seededClaims(e2e);
  const { claim, chosen: verdict } = pick(
    seed,
    (c) => {
      const result = c.adjudicationDetails?.[c.procedureCodes[0]]?.adjudicationResult;
      return c.organization === 'vitraya' && c.annotation_id === null && result ? result : undefined;
    },
    'a verified vitraya claim without annotation',
    true,
  );
  // The report compares the annotated procedure's verdict; an expected result that asks for another one disagrees.
  const expected = verdict === 'ACCEPTED' ? 'reject' : 'accept';
  const before = await seed.admin.get<QualityReport>('/claims/dashboard/quality?org=vitraya');
  const { access_token: token } = await apiLogin(e2e.apiBaseUrl, ANNOTATOR);
  const saved = await fetch(`${e2e.apiBaseUrl}/annotation`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      claim_id: claim.id,
      reference_claim_id: claim.referenceClaimId,
      procedure_code: claim.procedureCodes[0],
      expected_result: expected,
      remarks: 'Quality report end to end',
    }),
  });
  expect(saved.status).toBe(201);
  const after = await seed.admin.get<QualityReport>('/claims/dashboard/quality?org=vitraya');
  expect(after.annotatedClaims).toBe(before.annotatedClaims + 1);
  expect(after.disagreements[0]).toMatchObject({ claimId: claim.id, expectedResult: expected, verificationResult: verdict });

  await withPage(e2e, ADMIN, async (page) => {
    await page.goto(`${e2e.shellUrl}/dashboard`);
    await page.getByRole('tab', { name: 'Verification Quality' }).click();
    await page.getByText(`${after.annotatedClaims} claims of Vitraya annotated from`).waitFor();
    await screenshot(page, 'dashboard-verification-quality');
    const disagreed = page.locator('.ant-card').filter({ hasText: 'Claims Where the Verdict Disagreed' });
    await disagreed.getByRole('link', { name: claim.referenceClaimId, exact: true }).click();
    await page.waitForURL(`**/claims/${claim.id}?org=vitraya`);
    await page.getByRole('heading', { name: claim.referenceClaimId }).waitFor();
  });
}

/**
 * Each test may be the first to wait for the seed to settle, and some wait for a verification: all get the
 * time both take on a busy machine.
 */
const TEST_TIMEOUT = 2 * VERIFICATION_TIMEOUT;

/** The claim review tests, run against the suite the calling file started (one per run). */
export function defineClaimReviewTests(e2e: () => E2E): void {
  const scenarios: [string, (suite: E2E) => Promise<void>][] = [
    ['a claim created with a real PDF and a scanned PNG lands on its page with its result', createdClaimShowsItsResult],
    ['clicking a found item opens its document at its page with the highlight on its box', foundItemOpensAtItsBox],
    ['switching between documents reads each file once and logs no error', switchingDocumentsReadsEachFileOnce],
    ['search finds a word on a scanned page and highlights it there', searchFindsAWordOnAScannedPage],
    ['j and k step through the evidence and the viewer follows', keyboardStepsThroughEvidence],
    ['an annotation user annotates a claim and then views the annotation', annotatorAnnotatesAClaim],
    ['an error flag on a found item is saved and is still there after a reload', errorFlagPersists],
    ['Run Verification is disabled while the claim runs and the page shows the new result by itself', rerunUpdatesThePage],
    ['a claim whose procedure asks questions is answered and lands on its page', questionsAreAnswered],
    ['the dashboard counts an annotated claim in its verification quality and links to the claim', qualityReportCountsAnAnnotation],
  ];
  describe('claim review', () => {
    for (const [name, scenario] of scenarios) test(name, () => scenario(e2e()), TEST_TIMEOUT);
  });
}
