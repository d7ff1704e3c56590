/**
 * The document store's contract (src/storage/store.ts), the same on both kinds of DOCUMENT_STORE: a folder, and an
 * S3 bucket reached over HTTP on a real S3 server this file starts (testing/s3.ts). Also how DOCUMENT_STORE and
 * the S3_* settings are read.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { loadConfig } from '../../src/config';
import { createFolderStore } from '../../src/storage/folder';
import { createS3Store } from '../../src/storage/s3';
import { openS3Bucket } from '../../src/storage/s3-bucket';
import { MissingDocumentError, newDocumentKey, type DocumentStore } from '../../src/storage/store';
import { startS3Server } from '../../testing/s3';

interface StoreUnderTest {
  store: DocumentStore;
  close(): Promise<void>;
}

const KINDS: [string, () => Promise<StoreUnderTest>][] = [
  [
    'a folder',
    async () => {
      const folder = join(tmpdir(), `claims-test-store-${randomUUID()}`);
      return { store: createFolderStore(folder), close: () => rm(folder, { recursive: true, force: true }) };
    },
  ],
  [
    'an S3 bucket',
    async () => {
      const server = await startS3Server();
      return { store: createS3Store(openS3Bucket(server.settings)), close: server.stop };
    },
  ],
];

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(KINDS)('the document store in %s', (_kind, open) => {
  let underTest: StoreUnderTest;
  const store = () => underTest.store;
  /** Larger than one read chunk of either kind, so that ranges cross chunk boundaries. */
  const large = randomBytes(3 * 1024 * 1024 + 17);

  beforeAll(async () => {
    underTest = await open();
  });
  afterAll(async () => {
    await underTest?.close();
  });

  test('put then read, size and stream give the bytes back; a second put replaces them', async () => {
    const key = newDocumentKey();
    await store().put(key, new TextEncoder().encode('first version'));
    expect((await store().read(key)).toString()).toBe('first version');
    await store().put(key, large);
    expect(await store().size(key)).toBe(large.length);
    expect((await store().read(key)).equals(large)).toBe(true);
    expect((await bytesOf(await store().stream(key))).equals(large)).toBe(true);
  });

  test('a stream with a byte range gives start..end, both included, anywhere in the file', async () => {
    const key = newDocumentKey();
    await store().put(key, large);
    const last = large.length - 1;
    // Not bytes=0-0: the test server (s3rver) reads its end 0 as no end and answers the whole file (S3 itself does not).
    for (const [start, end] of [
      [0, 1],
      [0, 9],
      [1_000_000, 2_500_000],
      [last - 99, last],
      [last, last],
    ]) {
      const part = await bytesOf(await store().stream(key, { start, end }));
      expect({ start, end, length: part.length, same: part.equals(large.subarray(start, end + 1)) }).toEqual({
        start,
        end,
        length: end - start + 1,
        same: true,
      });
    }
  });

  test('several streams of one document at once, one of them dropped unread, each get their own bytes', async () => {
    const key = newDocumentKey();
    await store().put(key, large);
    const dropped = await store().stream(key);
    dropped.destroy();
    const parts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        store()
          .stream(key, { start: i * 500_000, end: i * 500_000 + 99_999 })
          .then(bytesOf),
      ),
    );
    expect(parts.map((part, i) => part.equals(large.subarray(i * 500_000, i * 500_000 + 100_000)))).toEqual(parts.map(() => true));
  });

  test('a key with no document: read, stream and size fail with MissingDocumentError naming it; delete is no error', async () => {
    const key = newDocumentKey();
    await expect(store().read(key)).rejects.toEqual(new MissingDocumentError(key));
    await expect(store().stream(key)).rejects.toBeInstanceOf(MissingDocumentError);
    await expect(store().stream(key, { start: 0, end: 9 })).rejects.toBeInstanceOf(MissingDocumentError);
    await expect(store().size(key)).rejects.toMatchObject({ name: 'MissingDocumentError', key });
    await expect(store().delete(key)).resolves.toBeUndefined();
  });

  test('delete removes the document and no other', async () => {
    const [gone, kept] = [newDocumentKey(), newDocumentKey()];
    await store().put(gone, new Uint8Array([1, 2, 3]));
    await store().put(kept, new Uint8Array([4, 5]));
    await store().delete(gone);
    await expect(store().size(gone)).rejects.toBeInstanceOf(MissingDocumentError);
    expect([...(await store().read(kept))]).toEqual([4, 5]);
    await store().delete(gone);
  });

  test("keys are the store's own: a path that could lead elsewhere is refused before anything is stored", async () => {
    for (const key of ['../escape', 'ab/../../x', '/abs', 'Upper/Case', 'a//b', '']) {
      await expect(store().put(key, new Uint8Array([1]))).rejects.toThrow(`Not a document key: '${key}'`);
      await expect(store().read(key)).rejects.toThrow(`Not a document key: '${key}'`);
    }
  });
});

describe('DOCUMENT_STORE and the S3 settings', () => {
  const config = (env: Record<string, string>) => loadConfig({ JWT_SECRET: 'test-secret', ...env }).storage;

  test('folder by default; s3 with the bucket, a prefix ending in one slash, the endpoint, region and path style', () => {
    expect(config({})).toEqual({ kind: 'folder' });
    expect(config({ DOCUMENT_STORE: 'folder' })).toEqual({ kind: 'folder' });
    expect(
      config({
        DOCUMENT_STORE: 's3',
        S3_BUCKET: 'claims',
        S3_PREFIX: '/prod/claims//',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'ap-south-1',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toEqual({
      kind: 's3',
      s3: { bucket: 'claims', prefix: 'prod/claims/', endpoint: 'http://127.0.0.1:9000', region: 'ap-south-1', forcePathStyle: true },
    });
    expect(config({ DOCUMENT_STORE: 'S3', S3_BUCKET: 'claims', AWS_REGION: 'eu-west-1' })).toEqual({
      kind: 's3',
      s3: { bucket: 'claims', prefix: '', region: 'eu-west-1', forcePathStyle: false },
    });
  });

  test('an unknown kind, or s3 without a bucket, stops the start naming the setting', () => {
    expect(() => config({ DOCUMENT_STORE: 'disk' })).toThrow("DOCUMENT_STORE must be folder or s3, got 'disk'");
    expect(() => config({ DOCUMENT_STORE: 's3' })).toThrow('S3_BUCKET must name the bucket when DOCUMENT_STORE is s3');
  });
});
