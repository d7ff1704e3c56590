/**
 * Hostile manifests (issue 20 §2): a zip bomb .xlsx, honest about its size or lying, a part packed a thousand times, a
 * workbook of too many parts, a million-row .xlsx and .csv are refused with a 4xx naming the limit, by the upload and
 * by the inbox's refresh alike, while the api's memory stays within a stated bound and /version keeps answering. Rows
 * are read only up to the one too many; a refused inbox manifest is not read again until its file changes.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { RefreshDownloadsResponse } from '@claims/shared-kernel/contract';
import { MAX_MANIFEST_ROWS } from '../../src/inbox/manifest';
import { DATABASES } from '../../testing/databases';
import { BASE } from '../../testing/http';
import { apiSuite } from '../../testing/suite';
import { deflatedPart, SHEET_HEAD, SHEET_TAIL, sheetRow, streamedPart, workbookParts, zipOf } from '../../testing/zip-parts';

const MB = 1024 * 1024;
const GIB = 1024 * MB;
/** What one hostile manifest may add to the api's resident memory (the thread that reads it is capped at 128 MB). */
const MEMORY_BOUND = 200 * MB;
/** Far above a healthy event loop's delay, far below the seconds a manifest read on it took: it does not hang. */
const EVENT_LOOP_BOUND_MS = 2_000;
const HEADER = ['intimation_number', 'caseType', 'insurer_documents'];
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

/** A sheet part of `count` rows of a one-letter claim, made on demand. */
function* rowsOf(count: number, first = 2): Generator<string> {
  const batch = 10_000;
  for (let start = first; start < first + count; start += batch) {
    const rows: string[] = [];
    for (let line = start; line < Math.min(first + count, start + batch); line++) rows.push(sheetRow(line, ['x']));
    yield rows.join('');
  }
}

/** 1 GiB of spaces inside a sheet: packs to about a megabyte. */
function* spaces(bytes: number): Generator<string> {
  const piece = ' '.repeat(MB);
  for (let n = 0; n < bytes / MB; n++) yield piece;
}

const header = sheetRow(1, HEADER);

async function hostileManifests() {
  const gibibyteSheet = await streamedPart('xl/worksheets/sheet1.xml', SHEET_HEAD + header, () => spaces(GIB), SHEET_TAIL);
  const packedTight = await streamedPart('xl/worksheets/sheet1.xml', SHEET_HEAD + header, () => spaces(20 * MB), SHEET_TAIL);
  const millionRows = await streamedPart('xl/worksheets/sheet1.xml', SHEET_HEAD + header, () => rowsOf(1_000_000), SHEET_TAIL);
  // The rows one too many, then markup that is not XML at all: read to the end, it would be refused as unreadable.
  const tooManyRows = await streamedPart(
    'xl/worksheets/sheet1.xml',
    SHEET_HEAD + header,
    () => rowsOf(MAX_MANIFEST_ROWS + 1000),
    '<row r="999999"><c <<< not xml',
  );
  const csvRows = Buffer.concat([Buffer.from(`${HEADER.join(',')}\n`), Buffer.alloc(2 * 1_000_000, 'x\n'), Buffer.from('"not closed\xff')]);
  return {
    'bomb.xlsx': {
      data: zipOf([...workbookParts(), gibibyteSheet]),
      status: 413,
      reason: "'xl/worksheets/sheet1.xml' unpacks to 1024 MB, more than 32 MB, the limit per part",
    },
    'lying-bomb.xlsx': {
      data: zipOf([...workbookParts(), { ...gibibyteSheet, size: 64 * 1024 }]),
      status: 413,
      reason: "'xl/worksheets/sheet1.xml' unpacks to more than the size it declares",
    },
    'packed-tight.xlsx': {
      data: zipOf([...workbookParts(), packedTight]),
      status: 413,
      reason: expect.stringMatching(
        /^'xl\/worksheets\/sheet1\.xml' unpacks to \d+ times its packed size, more than 100 times, the limit per part$/,
      ),
    },
    'many-parts.xlsx': {
      data: zipOf([...workbookParts(), ...Array.from({ length: 1000 }, (_, i) => deflatedPart(`xl/media/p${i}.xml`, '<x/>'))]),
      status: 413,
      reason: 'the workbook has 1004 parts, more than 1000, the limit',
    },
    'million-rows.xlsx': {
      data: zipOf([...workbookParts(), millionRows]),
      status: 413,
      reason: expect.stringMatching(/^'xl\/worksheets\/sheet1\.xml' unpacks to \d+(\.\d)? MB, more than 32 MB, the limit per part$/),
    },
    'too-many-rows.xlsx': { data: zipOf([...workbookParts(), tooManyRows]), status: 400, reason: `more than ${MAX_MANIFEST_ROWS} rows` },
    'million-rows.csv': { data: csvRows, status: 400, reason: `more than ${MAX_MANIFEST_ROWS} rows` },
  };
}

/** The highest resident memory while `work` runs, above what it was before, sampled every 10 ms. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number; eventLoopMaxMs: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - before, eventLoopMaxMs: delay.max / 1e6 };
  } finally {
    delay.disable();
    clearInterval(sampler);
  }
}

let manifests: Awaited<ReturnType<typeof hostileManifests>>;
beforeAll(async () => {
  manifests = await hostileManifests();
});

describe.each(DATABASES)('hostile manifests on %s', (_name, open) => {
  const inboxDir = join(tmpdir(), `claims-test-inbox-${randomUUID()}`);
  const { app, as } = apiSuite(open, {
    users: ['vitraya.admin'],
    settings: {
      inboxDir,
      uploadLimits: { maxFileBytes: 20 * MB, maxClaimBytes: 40 * MB, maxFiles: 4 },
      manifestUpload: { maxFiles: 10, maxTotalBytes: 40 * MB },
    },
  });

  afterAll(async () => {
    await rm(inboxDir, { recursive: true, force: true });
  });

  const upload = (name: string, data: Uint8Array, documents: Record<string, Uint8Array> = {}) => {
    const form = new FormData();
    form.append('manifest', new Blob([data]), name);
    for (const [document, bytes] of Object.entries(documents)) form.append('documents', new Blob([bytes]), document);
    return app.inject({
      method: 'POST',
      url: `${BASE}/claim/batch/uploadManifest?org=vitraya`,
      headers: as('vitraya.admin'),
      payload: form,
    });
  };
  const refresh = async () => {
    const response = await app.inject({
      method: 'GET',
      url: `${BASE}/claim/batch/refreshDownloads?org=vitraya`,
      headers: as('vitraya.admin'),
    });
    expect(response.statusCode).toBe(200);
    return response.json<RefreshDownloadsResponse>();
  };
  const version = () => app.inject({ method: 'GET', url: `${BASE}/version` });

  test('a valid manifest is read and imported as before', async () => {
    const csv = `${HEADER.join(',')}\r\nBOMB-OK-1,SETTLEMENT,ok.pdf\r\n`;
    const response = await upload('ok.csv', Buffer.from(csv), { 'ok.pdf': PDF });
    expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 200, body: { downloaded: 1, failed: 0 } });
  });

  test('each hostile upload is refused naming its limit; memory stays bounded and /version answers meanwhile', async () => {
    const figures: { name: string; growthMb: number; eventLoopMaxMs: number }[] = [];
    for (const [name, { data, status, reason }] of Object.entries(manifests)) {
      const { result, growth, eventLoopMaxMs } = await peakGrowth(async () => {
        const refused = upload(name, data);
        const meanwhile = await version();
        return { refused: await refused, meanwhile };
      });
      const prefix = `manifest: '${name}' cannot be read: `;
      const { detail } = result.refused.json<{ detail: string }>();
      expect({ name, status: result.refused.statusCode, prefixed: detail.startsWith(prefix), reason: detail.slice(prefix.length) }).toEqual(
        {
          name,
          status,
          prefixed: true,
          reason,
        },
      );
      expect(result.meanwhile.statusCode).toBe(200);
      figures.push({ name, growthMb: Math.round(growth / MB), eventLoopMaxMs: Math.round(eventLoopMaxMs) });
    }
    expect(figures.filter((f) => f.growthMb >= MEMORY_BOUND / MB || f.eventLoopMaxMs >= EVENT_LOOP_BOUND_MS)).toEqual([]);
  });

  test('the inbox refuses the same files, once: a refused manifest is read again only when its file changes', async () => {
    const folder = join(inboxDir, 'vitraya');
    await mkdir(folder, { recursive: true });
    const stamp = new Date('2024-03-01T00:00:00Z');
    for (const [name, { data }] of Object.entries(manifests)) {
      await writeFile(join(folder, name), data);
      await utimes(join(folder, name), stamp, stamp);
    }
    const expected = Object.entries(manifests).map(([name, { reason }]) => ({ manifest: name, reason }));
    const byName = (a: { manifest: string }, b: { manifest: string }) => a.manifest.localeCompare(b.manifest);

    const { result: first, growth } = await peakGrowth(refresh);
    expect(first.unreadableManifests.sort(byName)).toEqual(expected.sort(byName));
    expect(Math.round(growth / MB)).toBeLessThan(MEMORY_BOUND / MB);

    // The million-row CSV becomes a valid manifest of the same size and time: it is not read again, so still refused.
    const fixed = Buffer.from(`${HEADER.join(',')}\nBOMB-INBOX-1,SETTLEMENT,inbox.pdf\n`);
    const sameSize = Buffer.concat([fixed, Buffer.alloc(manifests['million-rows.csv'].data.length - fixed.length, '\n')]);
    await writeFile(join(folder, 'inbox.pdf'), PDF);
    await writeFile(join(folder, 'million-rows.csv'), sameSize);
    await utimes(join(folder, 'million-rows.csv'), stamp, stamp);
    const second = await refresh();
    expect(second.unreadableManifests.sort(byName)).toEqual(expected.sort(byName));
    expect(second.downloaded).toBe(0);

    // Its file changes: it is read again, and its claim comes in.
    const later = new Date('2024-03-02T00:00:00Z');
    await utimes(join(folder, 'million-rows.csv'), later, later);
    const third = await refresh();
    expect(third.unreadableManifests.map((m) => m.manifest)).not.toContain('million-rows.csv');
    expect(third.unreadableManifests).toHaveLength(expected.length - 1);
    expect(third.downloaded).toBe(1);
  });

  test('an inbox manifest larger than the limit per file is refused without being read', async () => {
    const folder = join(inboxDir, 'vitraya', 'large');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'large.csv'), Buffer.alloc(21 * MB, 'x\n'));
    const result = await refresh();
    expect(result.unreadableManifests).toContainEqual({
      manifest: 'large/large.csv',
      reason: 'the file is 21 MB, more than 20 MB, the limit per file',
    });
  });
});
