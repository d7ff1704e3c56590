/**
 * The insurer inbox's connectors (src/inbox/connector.ts), the same on both kinds: drop folders under INBOX_DIR, and a
 * prefix per insurer in the S3 bucket of DOCUMENT_STORE=s3, on a real S3 server this file starts over HTTP.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { InboxConnector, InboxDocument } from '../../src/inbox/connector';
import { createFolderInbox } from '../../src/inbox/folder';
import { createS3Inbox } from '../../src/inbox/s3';
import { openS3Bucket } from '../../src/storage/s3-bucket';
import { startS3Server } from '../../testing/s3';

interface InboxUnderTest {
  inbox: InboxConnector;
  /** Puts a file into an insurer's inbox as an insurer would, at a path inside it. */
  place(org: string, path: string, data: string | Uint8Array): Promise<void>;
  close(): Promise<void>;
}

const KINDS: [string, () => Promise<InboxUnderTest>][] = [
  [
    'drop folders',
    async () => {
      const root = join(tmpdir(), `claims-test-inbox-${randomUUID()}`);
      return {
        inbox: createFolderInbox(root),
        async place(org, path, data) {
          const file = join(root, org, ...path.split('/'));
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, data);
        },
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  ],
  [
    'an S3 bucket',
    async () => {
      const server = await startS3Server();
      const bucket = openS3Bucket(server.settings);
      return {
        inbox: createS3Inbox(bucket),
        place: (org, path, data) => bucket.put(`inbox/${org}/${path}`, typeof data === 'string' ? Buffer.from(data) : data),
        close: server.stop,
      };
    },
  ],
];

const text = (document: InboxDocument): string | InboxDocument => (document.kind === 'found' ? document.data.toString() : document);

describe.each(KINDS)('the insurer inbox in %s', (_kind, open) => {
  let underTest: InboxUnderTest;
  const inbox = () => underTest.inbox;
  /** Each test has an insurer of its own. */
  const newOrg = () => `org-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    underTest = await open();
  });
  afterAll(async () => {
    await underTest?.close();
  });

  test("manifests: .csv and .xlsx in the insurer's folder or one below; not deeper, hidden, other files or other insurers", async () => {
    const org = newOrg();
    for (const path of [
      'top.csv',
      'Book.XLSX',
      'monday/claims.csv',
      'a/b/too-deep.csv',
      '.hidden.csv',
      '.drafts/x.csv',
      'notes.txt',
      'doc.pdf',
    ])
      await underTest.place(org, path, `content of ${path}`);
    await underTest.place(newOrg(), 'elsewhere.csv', 'x');
    const listed = await inbox().manifests(org);
    expect(listed.map((m) => m.path).sort()).toEqual(['Book.XLSX', 'monday/claims.csv', 'top.csv']);
    const top = listed.find((m) => m.path === 'top.csv');
    expect({ size: top?.size, modified: Number.isFinite(top?.modifiedAt.getTime()) }).toEqual({
      size: 'content of top.csv'.length,
      modified: true,
    });
    expect(await inbox().manifests(newOrg())).toEqual([]);
  });

  test('manifests come newest first (a claim named by two manifests is taken from the newer)', async () => {
    const org = newOrg();
    await underTest.place(org, 'older.csv', 'a');
    // S3 keeps an object's time to the second.
    await sleep(1100);
    await underTest.place(org, 'newer.csv', 'b');
    expect((await inbox().manifests(org)).map((m) => m.path)).toEqual(['newer.csv', 'older.csv']);
  });

  test('a manifest is read whole, or reported too large with its size', async () => {
    const org = newOrg();
    await underTest.place(org, 'claims.csv', 'intimation_number\r\nA-1\r\n');
    const [manifest] = await inbox().manifests(org);
    expect(text(await manifest.read(1024))).toBe('intimation_number\r\nA-1\r\n');
    expect(await manifest.read(10)).toEqual({ kind: 'tooLarge', size: 24 });
  });

  test("documents are read beside their manifest, subfolders allowed; a missing one or a name leading out is 'missing'", async () => {
    const org = newOrg();
    await underTest.place(org, 'monday/claims.csv', 'm');
    await underTest.place(org, 'monday/a.pdf', 'document a');
    await underTest.place(org, 'monday/scans/b.pdf', 'document b');
    await underTest.place(org, 'top.pdf', 'outside the folder');
    expect(text(await inbox().readDocument(org, 'monday/claims.csv', 'a.pdf', 1024))).toBe('document a');
    expect(text(await inbox().readDocument(org, 'monday/claims.csv', 'scans/b.pdf', 1024))).toBe('document b');
    expect(text(await inbox().readDocument(org, 'monday/claims.csv', 'scans\\b.pdf', 1024))).toBe('document b');
    expect(await inbox().readDocument(org, 'monday/claims.csv', 'a.pdf', 5)).toEqual({ kind: 'tooLarge', size: 10 });
    expect(await inbox().readDocument(org, 'monday/claims.csv', 'c.pdf', 1024)).toEqual({ kind: 'missing' });
    expect(await inbox().readDocument(org, 'monday/claims.csv', '../top.pdf', 1024)).toEqual({ kind: 'missing' });
    expect(text(await inbox().readDocument(org, 'top.csv', 'top.pdf', 1024))).toBe('outside the folder');
  });

  test('drop puts an upload in a folder of its own, documents and manifest, and answers the manifest path', async () => {
    const org = newOrg();
    const manifest = { fileName: 'upload.csv', data: new TextEncoder().encode('rows') };
    const first = await inbox().drop(org, manifest, [{ fileName: 'up-1.pdf', data: new TextEncoder().encode('pdf one') }]);
    const second = await inbox().drop(org, manifest, [{ fileName: 'up-1.pdf', data: new TextEncoder().encode('pdf two') }]);
    expect(first).toMatch(/^upload-\d{8}T\d{6}Z-[0-9a-f]{8}\/upload\.csv$/);
    expect(second).not.toBe(first);
    expect((await inbox().manifests(org)).map((m) => m.path).sort()).toEqual([first, second].sort());
    expect(text(await inbox().readDocument(org, first, 'up-1.pdf', 1024))).toBe('pdf one');
    expect(text(await inbox().readDocument(org, second, 'up-1.pdf', 1024))).toBe('pdf two');
  });

  test('a drop with a name that is not a plain relative path fails and leaves no manifest behind', async () => {
    const org = newOrg();
    const manifest = { fileName: 'upload.csv', data: new TextEncoder().encode('rows') };
    const documents = [
      { fileName: 'good.pdf', data: new TextEncoder().encode('pdf') },
      { fileName: '../escape.pdf', data: new TextEncoder().encode('pdf') },
    ];
    await expect(inbox().drop(org, manifest, documents)).rejects.toThrow("Not a document name: '../escape.pdf'");
    expect(await inbox().manifests(org)).toEqual([]);
  });

  test('an organisation code that is not one is refused: it never becomes a path', async () => {
    for (const org of ['../vitraya', 'a/b', '']) {
      await expect(inbox().manifests(org)).rejects.toThrow(`Not an organisation code: '${org}'`);
      await expect(inbox().drop(org, { fileName: 'm.csv', data: new Uint8Array(1) }, [])).rejects.toThrow('Not an organisation code');
    }
  });
});
