/**
 * GET /claim/batch/refreshDownloads: takes up what an insurer's inbox has new. Each manifest row not imported before
 * becomes a console claim, DOWNLOADED with its documents in the document store, or DOWNLOAD_FAILED with the error code
 * and message of its first problem. A row is imported once (inbox_imports, unique per insurer and key, even when two
 * refreshes run at once); a claim set to TO_BE_REDOWNLOADED (Retry on the Downloads failed tab) is read again from the
 * inbox's current row for it.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { DOWNLOAD_ERROR_CODES, type RefreshDownloadsResponse, type UploadLimits } from '@claims/shared-kernel/contract';
import { recordClaimDocuments, withStoredDocuments } from '../claims/upload';
import { MEGABYTE } from '../config';
import type { Db, DbOrTx } from '../db';
import { claimDocuments, claims, hospitals, inboxImports } from '../db/schema';
import type { DocumentStore } from '../storage/store';
import type { InboxConnector, InboxManifest } from './connector';
import { ManifestError, type ManifestRow } from './manifest';
import { parseManifest } from './manifest-thread';
import { checkRow, rowKey, type CheckedRow, type InboxRow } from './rows';

export const REFRESHED = 'Page got refreshed successfully';
const REDOWNLOAD = 'TO_BE_REDOWNLOADED';

export interface InboxContext {
  db: Db;
  store: DocumentStore;
  inbox: InboxConnector;
  limits: UploadLimits;
}

/** Another refresh got to the row (or the retried claim) first: this one's work is rolled back. */
class TakenElsewhere extends Error {}

const inMegabytes = (bytes: number): string => `${Number((bytes / MEGABYTE).toFixed(2))} MB`;

/**
 * Manifests refused, per inbox connector, by organisation and path with the version refused (modified time and size):
 * a refused manifest is read once, and again only when its file changes, so a hostile one costs one reading.
 */
const refusedManifests = new WeakMap<InboxConnector, Map<string, { version: string; reason: string }>>();

/** The manifest's rows, or null when it has gone since it was listed; ManifestError when it cannot be read. */
async function manifestRows(manifest: InboxManifest, maxBytes: number): Promise<ManifestRow[] | null> {
  const file = await manifest.read(maxBytes);
  if (file.kind === 'missing') return null;
  if (file.kind === 'tooLarge') {
    throw new ManifestError(`the file is ${inMegabytes(file.size)}, more than ${inMegabytes(maxBytes)}, the limit per file`, true);
  }
  return parseManifest(manifest.path, file.data);
}

/** Every row of the insurer's manifests, newest manifest first; a key already seen is a duplicate. */
async function readInbox(inbox: InboxConnector, org: string, maxManifestBytes: number) {
  const rows: InboxRow[] = [];
  const duplicates: InboxRow[] = [];
  const unreadableManifests: RefreshDownloadsResponse['unreadableManifests'] = [];
  const seen = new Set<string>();
  const refused = refusedManifests.get(inbox) ?? new Map<string, { version: string; reason: string }>();
  refusedManifests.set(inbox, refused);
  const manifests = await inbox.manifests(org);
  const listed = new Set(manifests.map((m) => `${org}/${m.path}`));
  for (const key of refused.keys()) if (key.startsWith(`${org}/`) && !listed.has(key)) refused.delete(key);

  for (const manifest of manifests) {
    const key = `${org}/${manifest.path}`;
    const version = `${manifest.modifiedAt.getTime()}:${manifest.size}`;
    const known = refused.get(key);
    if (known?.version === version) {
      unreadableManifests.push({ manifest: manifest.path, reason: known.reason });
      continue;
    }
    try {
      for (const row of (await manifestRows(manifest, maxManifestBytes)) ?? []) {
        const located = { ...row, manifest: manifest.path, key: rowKey(manifest.path, row) };
        if (seen.has(located.key)) duplicates.push(located);
        else {
          seen.add(located.key);
          rows.push(located);
        }
      }
      refused.delete(key);
    } catch (error) {
      if (!(error instanceof ManifestError)) throw error;
      refused.set(key, { version, reason: error.message });
      unreadableManifests.push({ manifest: manifest.path, reason: error.message });
    }
  }
  return { rows, duplicates, unreadableManifests };
}

const chunks = <T>(list: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

async function importsOf(db: DbOrTx, org: string, keys: string[]) {
  const found = new Map<string, { importId: number; claimId: number | null; status: string | null }>();
  for (const part of chunks(keys, 500)) {
    const rows = await db
      .select({ key: inboxImports.key, importId: inboxImports.id, claimId: claims.id, status: claims.status })
      .from(inboxImports)
      .leftJoin(claims, eq(claims.id, inboxImports.claimId))
      .where(and(eq(inboxImports.org, org), inArray(inboxImports.key, part)));
    for (const { key, ...rest } of rows) found.set(key, rest);
  }
  return found;
}

const outcomeOf = (checked: CheckedRow) =>
  checked.ok
    ? { status: 'DOWNLOADED', errorCode: null, errorMessage: null }
    : { status: 'DOWNLOAD_FAILED', errorCode: checked.errorCode, errorMessage: checked.errorMessage };

async function importRow(ctx: InboxContext, org: string, row: InboxRow, checked: CheckedRow, username: string): Promise<void> {
  const now = new Date();
  await withStoredDocuments(ctx.store, checked.ok ? checked.documents : [], (stored) =>
    ctx.db.transaction(async (tx) => {
      const [record] = await tx
        .insert(inboxImports)
        .values({ org, key: row.key, manifest: row.manifest, row: row.line })
        .onConflictDoNothing()
        .returning({ id: inboxImports.id });
      if (!record) throw new TakenElsewhere();
      const [claim] = await tx
        .insert(claims)
        .values({
          org,
          ...checked.fields,
          ...outcomeOf(checked),
          downloaded: true,
          arrivalDate: now,
          createdBy: username,
          createdOn: now,
          lastModifiedBy: username,
          lastModifiedOn: now,
        })
        .returning({ id: claims.id });
      await recordClaimDocuments(tx, claim.id, stored);
      await tx.update(inboxImports).set({ claimId: claim.id }).where(eq(inboxImports.id, record.id));
    }),
  );
}

/** A retried claim read again: its fields, status and (when the row is good now) its documents replaced. */
async function redownload(ctx: InboxContext, claimId: number, row: InboxRow, checked: CheckedRow, username: string): Promise<void> {
  const replaced = await withStoredDocuments(ctx.store, checked.ok ? checked.documents : [], (stored) =>
    ctx.db.transaction(async (tx) => {
      const updated = await tx
        .update(claims)
        .set({ ...checked.fields, ...outcomeOf(checked), lastModifiedBy: username, lastModifiedOn: new Date() })
        .where(and(eq(claims.id, claimId), eq(claims.status, REDOWNLOAD)))
        .returning({ id: claims.id });
      if (!updated.length) throw new TakenElsewhere();
      await tx.update(inboxImports).set({ manifest: row.manifest, row: row.line }).where(eq(inboxImports.claimId, claimId));
      if (!checked.ok) return [];
      const old = await tx.delete(claimDocuments).where(eq(claimDocuments.claimId, claimId)).returning({ key: claimDocuments.storageKey });
      await recordClaimDocuments(tx, claimId, stored);
      return old.flatMap((d) => (d.key ? [d.key] : []));
    }),
  );
  for (const key of replaced) await ctx.store.delete(key);
}

/** Runs one row's work; a row another refresh took meanwhile counts as already imported. */
async function settle(work: () => Promise<void>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (error) {
    if (error instanceof TakenElsewhere) return false;
    throw error;
  }
}

/**
 * Retried claims the inbox no longer has a row for: an imported one fails (its row is gone); one that never came
 * through the inbox is downloaded again from the documents already stored, or fails without any.
 */
async function settleOrphanRetries(db: Db, org: string, handled: Set<number>, username: string) {
  const waiting = await db
    .select({ id: claims.id, importId: inboxImports.id, manifest: inboxImports.manifest, line: inboxImports.row })
    .from(claims)
    .leftJoin(inboxImports, eq(inboxImports.claimId, claims.id))
    .where(and(eq(claims.org, org), eq(claims.downloaded, true), eq(claims.status, REDOWNLOAD)));
  const rest = waiting.filter((w) => !handled.has(w.id));
  if (!rest.length) return { downloaded: 0, failed: 0 };
  const withDocuments = new Set(
    (
      await db
        .selectDistinct({ id: claimDocuments.claimId })
        .from(claimDocuments)
        .where(
          and(
            inArray(
              claimDocuments.claimId,
              rest.map((w) => w.id),
            ),
            isNotNull(claimDocuments.storageKey),
          ),
        )
    ).map((d) => d.id),
  );
  let downloaded = 0;
  let failed = 0;
  const now = new Date();
  for (const claim of rest) {
    const good = claim.importId == null && withDocuments.has(claim.id);
    const message =
      claim.importId != null
        ? `${claim.manifest}, row ${claim.line}: the row is no longer in the inbox`
        : 'No documents were received from the insurer';
    const updated = await db
      .update(claims)
      .set(
        good
          ? { status: 'DOWNLOADED', errorCode: null, errorMessage: null, lastModifiedBy: username, lastModifiedOn: now }
          : {
              status: 'DOWNLOAD_FAILED',
              errorCode: DOWNLOAD_ERROR_CODES.missingDocument,
              errorMessage: message,
              lastModifiedBy: username,
              lastModifiedOn: now,
            },
      )
      .where(and(eq(claims.id, claim.id), eq(claims.status, REDOWNLOAD)))
      .returning({ id: claims.id });
    if (updated.length && good) downloaded++;
    else if (updated.length) failed++;
  }
  return { downloaded, failed };
}

export async function refreshDownloads(ctx: InboxContext, org: string, username: string): Promise<RefreshDownloadsResponse> {
  const { rows, duplicates, unreadableManifests } = await readInbox(ctx.inbox, org, ctx.limits.maxFileBytes);
  const imports = await importsOf(
    ctx.db,
    org,
    rows.map((r) => r.key),
  );
  const codes = [...new Set(rows.flatMap((r) => (r.fields.hospital_code ? [r.fields.hospital_code] : [])))];
  const known = new Set<string>();
  for (const part of chunks(codes, 500)) {
    const found = await ctx.db.select({ code: hospitals.hospitalCode }).from(hospitals).where(inArray(hospitals.hospitalCode, part));
    for (const { code } of found) known.add(code);
  }

  let downloaded = 0;
  let failed = 0;
  let alreadyImported = duplicates.length;
  const retried = new Set<number>();
  for (const row of rows) {
    const previous = imports.get(row.key);
    const retry = previous?.claimId != null && previous.status === REDOWNLOAD ? previous.claimId : null;
    if (previous && retry == null) {
      alreadyImported++;
      continue;
    }
    const checked = await checkRow(ctx.inbox, org, row, known, ctx.limits);
    if (retry != null) retried.add(retry);
    const done = await settle(() =>
      retry != null ? redownload(ctx, retry, row, checked, username) : importRow(ctx, org, row, checked, username),
    );
    if (!done) alreadyImported++;
    else if (checked.ok) downloaded++;
    else failed++;
  }
  const orphans = await settleOrphanRetries(ctx.db, org, retried, username);
  return {
    Message: REFRESHED,
    downloaded: downloaded + orphans.downloaded,
    failed: failed + orphans.failed,
    alreadyImported,
    unreadableManifests,
  };
}
