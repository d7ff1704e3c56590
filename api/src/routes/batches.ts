/**
 * Batches (spec 1 §7, spec 3 §7): creation from the claims list or the console, the batch summary
 * and its filter, the claims of a batch by outcome, and the batch actions (status, priority,
 * suspend/archive/discard, drop, report, work allocation).
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDemoOrg, type BatchStatus } from '@claims/shared-kernel/constants';
import {
  BatchActionResponse,
  BatchCreateBody,
  BatchCreateResponse,
  BatchIdParams,
  BatchListQuery,
  BatchName,
  BatchNamesBody,
  BatchQuery,
  BatchRow,
  BatchStatusBody,
  ClaimListRow,
  ConsoleClaimRow,
  ConsoleFilterBody,
  FlagText,
  ListQuery,
  MessageResponse,
  OrgQuery,
  RedirectOtherBody,
} from '@claims/shared-kernel/contract';
import ExcelJS from 'exceljs';
import { isProvider, NOT_AUTHORIZED, requireSuperUser, scopeOrg } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import { claimScope, documentsOf } from '../claims/access';
import { consoleOrg, pageOfBatches, batchFilterConditions, toBatchRows } from '../claims/console';
import { toClaimListRow, toConsoleRow } from '../claims/mapping';
import { OUTCOME, scopeConditions } from '../claims/queries';
import type { DbOrTx } from '../db';
import { batches, claims, users } from '../db/schema';
import { enqueueVerification, BATCH_PRIORITY } from '../jobs/enqueue';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { firstRowCarriesTotal, newestFirst, offsetOf } from '../http/paging';
import { attachmentDisposition, fileContent, MEDIA, replies } from '../http/replies';
import { formatIn } from '../http/time';

const Done = replies({ 200: MessageResponse });

const ACTION_STATUS = { verify: 'TO_BE_PROCESSED', suspend: 'SUSPENDED', archive: 'ARCHIVED', discard: 'DISCARDED' } as const;
const ACTION_MESSAGE = {
  verify: 'Batch created and verification process initiated successfully',
  suspend: 'Batch created and suspended successfully',
  archive: 'Batch created and archived successfully',
  discard: 'Successfully Done',
} as const;
/** Statuses in which a claim's documents have been read, so a new verification re-uses them. */
const READ_STATUSES = ['OCRED', 'TO_BE_ADJUDICATED', 'ADJUDICATED', 'VERIFICATION_FAILED'];

/** Batches of the review list are for the provider and demo organisations; console batches for super users. */
function requireBatchRight(auth: AuthContext, downloaded: boolean): void {
  if (downloaded) requireSuperUser(auth);
  else if (!isProvider(auth) && !isDemoOrg(auth.organization)) throw forbidden(NOT_AUTHORIZED);
}

async function nextPriority(db: DbOrTx, org: string): Promise<number> {
  const [{ top }] = await db
    .select({ top: sql<number>`coalesce(max(${batches.priority}), 0)`.mapWith(Number) })
    .from(batches)
    .where(and(eq(batches.org, org), inArray(batches.status, ['CREATED', 'TO_BE_PROCESSED', 'IN_PROCESSING', 'PAUSED', 'RESUMED'])));
  return top + 1;
}

/** Queues every claim of the batch; claims whose documents were read are verified again from that text. */
async function verifyBatch(db: DbOrTx, batchId: number, claimRows: { id: number; status: string }[], requestedBy: string) {
  for (const claim of claimRows) {
    await enqueueVerification(db, claim.id, {
      batchId,
      priority: BATCH_PRIORITY,
      rerun: READ_STATUSES.includes(claim.status),
      requestedBy,
    });
  }
}

async function batchesByName(db: DbOrTx, org: string, names: string[], downloaded: boolean | undefined) {
  const rows = await db
    .select()
    .from(batches)
    .where(
      and(
        eq(batches.org, org),
        inArray(batches.batchName, names),
        downloaded === undefined ? undefined : eq(batches.downloaded, downloaded),
      ),
    );
  const missing = names.filter((name) => !rows.some((b) => b.batchName === name));
  if (missing.length) throw notFound(`Batch not found: ${missing.join(', ')}`);
  return rows;
}

async function loadBatch(db: DbOrTx, auth: AuthContext, batchId: number, requestedOrg?: string) {
  const org = await scopeOrg(db, auth, requestedOrg);
  const [batch] = await db.select().from(batches).where(eq(batches.id, batchId));
  // The provider reaches any organisation's batch by id; others only their own.
  if (!batch || (!isProvider(auth) && batch.org !== org) || (isProvider(auth) && requestedOrg && batch.org !== org)) {
    throw notFound(`Batch ${batchId} not found`);
  }
  return batch;
}

/** Moves batches to a status; verifying queues the claims not yet verified again. */
async function setBatchStatus(
  db: DbOrTx,
  rows: (typeof batches.$inferSelect)[],
  status: BatchStatus,
  auth: AuthContext,
  extra: { reason?: string } = {},
) {
  const ids = rows.map((b) => b.id);
  await db
    .update(batches)
    .set({ status, lastModifiedAt: new Date(), ...(extra.reason !== undefined ? { reason: extra.reason } : {}) })
    .where(inArray(batches.id, ids));
  if (status === 'TO_BE_PROCESSED') {
    for (const id of ids) {
      const pending = await db
        .select({ id: claims.id, status: claims.status })
        .from(claims)
        .where(and(eq(claims.batchId, id), sql`${OUTCOME} in ('toBeVerified', 'failed')`));
      await verifyBatch(db, id, pending, auth.username);
    }
  }
}

const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  const zone = app.config.displayTimeZone;

  app.post('/claim/batch/create', {
    schema: { querystring: OrgQuery, body: BatchCreateBody, response: replies({ 200: BatchCreateResponse }) },
    handler: async (request) => {
      const { auth } = request;
      const body = request.body;
      requireBatchRight(auth, body.downloadedClaimFlag);
      const org = await scopeOrg(app.db, auth, body.organization ?? request.query.org);
      const action = body.action ?? 'verify';
      if (action === 'discard' && !body.reason?.trim()) throw badRequest('reason: a reason is required to discard a batch');

      const ids = [...new Set(body.claims)];
      const found = await app.db
        .select()
        .from(claims)
        .where(and(eq(claims.org, org), inArray(claims.id, ids)));
      const missing = ids.filter((id) => !found.some((c) => c.id === id));
      if (missing.length) throw notFound(`Claims not found: ${missing.join(', ')}`);

      let chosen = found;
      if (body.downloadedClaimFlag) {
        chosen = chosen.filter((c) => c.batchId == null);
        if (!chosen.length) throw conflict('The selected claims are already in another batch');
      }
      if (body.caseType) {
        chosen = chosen.filter((c) => c.caseType === body.caseType);
        if (!chosen.length) throw badRequest(`caseType: none of the selected claims is of case type ${body.caseType}`);
      }
      if (body.hospitalCode) {
        await app.db
          .update(claims)
          .set({ hospitalCode: body.hospitalCode })
          .where(
            inArray(
              claims.id,
              chosen.map((c) => c.id),
            ),
          );
      }
      if (action === 'verify') {
        const unnamed = chosen.filter((c) => c.procedureCodes.length === 0);
        if (unnamed.length) {
          throw badRequest(
            `claims: add procedure names first (${unnamed.map((c) => c.intimationNumber ?? c.referenceClaimId).join(', ')})`,
          );
        }
      }
      const duplicate = await app.db
        .select({ id: batches.id })
        .from(batches)
        .where(and(eq(batches.org, org), eq(batches.batchName, body.batchName)));
      if (duplicate.length) throw conflict(`A batch named '${body.batchName}' already exists`);

      return app.db.transaction(async (tx) => {
        const [batch] = await tx
          .insert(batches)
          .values({
            batchName: body.batchName,
            org,
            downloaded: body.downloadedClaimFlag,
            priority: await nextPriority(tx, org),
            status: ACTION_STATUS[action],
            reason: body.reason ?? null,
            createdBy: auth.username,
          })
          .returning();
        await tx
          .update(claims)
          .set({ batchId: batch.id, lastModifiedBy: auth.username, lastModifiedOn: new Date() })
          .where(
            inArray(
              claims.id,
              chosen.map((c) => c.id),
            ),
          );
        if (action === 'verify') await verifyBatch(tx, batch.id, chosen, auth.username);
        return { id: batch.id, batchName: batch.batchName, Message: ACTION_MESSAGE[action] };
      });
    },
  });

  /** Batch Summary (console, downloaded=true) or the review list's batches. */
  app.get('/claim/batch', {
    schema: { querystring: BatchListQuery, response: replies({ 200: z.array(BatchRow) }) },
    handler: async (request) => {
      const { auth } = request;
      const downloaded = request.query.downloaded ?? false;
      requireBatchRight(auth, downloaded);
      const org = await scopeOrg(app.db, auth, request.query.org);
      return pageOfBatches(app.db, org, downloaded, [], request.query);
    },
  });

  app.post('/claim/batch/search', {
    schema: { querystring: BatchListQuery, body: ConsoleFilterBody, response: replies({ 200: z.array(BatchRow) }) },
    handler: async (request) => {
      const { auth } = request;
      const downloaded = request.query.downloaded ?? false;
      requireBatchRight(auth, downloaded);
      const org = await scopeOrg(app.db, auth, request.query.org);
      return pageOfBatches(app.db, org, downloaded, batchFilterConditions(request.body, zone), request.query);
    },
  });

  /** Every batch name of the organisation, for the filter's picker. */
  app.get('/claim/batch/names', {
    schema: { querystring: BatchQuery, response: replies({ 200: z.array(BatchName) }) },
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      const rows = await app.db
        .select({ id: batches.id, batchName: batches.batchName })
        .from(batches)
        .where(
          and(eq(batches.org, org), request.query.downloaded === undefined ? undefined : eq(batches.downloaded, request.query.downloaded)),
        )
        .orderBy(...newestFirst(batches.createdAt, batches.id));
      return rows;
    },
  });

  /** The claims of one batch (the claims list opened from a batch). */
  app.get('/claim/batch/:batchId', {
    schema: { params: BatchIdParams, querystring: BatchListQuery, response: replies({ 200: z.array(ClaimListRow) }) },
    handler: async (request) => {
      const { auth } = request;
      const batch = await loadBatch(app.db, auth, request.params.batchId, request.query.org);
      const scope = await claimScope(app.db, auth, batch.org);
      const where = and(...scopeConditions({ ...scope, org: batch.org }), eq(claims.batchId, batch.id));
      const [{ total }] = await app.db.select({ total: count() }).from(claims).where(where);
      const rows = await app.db
        .select()
        .from(claims)
        .where(where)
        .orderBy(...newestFirst(claims.lastModifiedOn, claims.id))
        .limit(request.query.limit)
        .offset(offsetOf(request.query));
      return firstRowCarriesTotal(
        rows.map((r) => toClaimListRow(r, isProvider(auth))),
        total,
        request.query.page_number,
      );
    },
  });

  /** POST /redirect?org: the claims of a batch by outcome, as claims list rows. */
  app.post('/redirect', {
    schema: { querystring: ListQuery, body: RedirectOtherBody, response: replies({ 200: z.array(ClaimListRow) }) },
    handler: async (request) => {
      const { auth } = request;
      const batch = await loadBatch(app.db, auth, request.body.batchId, request.query.org);
      const scope = await claimScope(app.db, auth, batch.org);
      const rows = await claimsByOutcome(app.db, batch.id, request.body.adjType, scopeConditions({ ...scope, org: batch.org }));
      const page = rows.slice(offsetOf(request.query), offsetOf(request.query) + request.query.limit);
      return firstRowCarriesTotal(
        page.map((r) => toClaimListRow(r, isProvider(auth))),
        rows.length,
        request.query.page_number,
      );
    },
  });

  /** POST /redirectOther: the console's claims of a batch by outcome. */
  app.post('/redirectOther', {
    schema: { querystring: ListQuery, body: RedirectOtherBody, response: replies({ 200: z.array(ConsoleClaimRow) }) },
    config: { access: requireSuperUser },
    handler: async (request) => {
      const { auth } = request;
      const batch = await loadBatch(app.db, auth, request.body.batchId, request.query.org);
      const rows = await claimsByOutcome(app.db, batch.id, request.body.adjType, [eq(claims.org, batch.org)]);
      const page = rows.slice(offsetOf(request.query), offsetOf(request.query) + request.query.limit);
      const documents = await documentsOf(
        app.db,
        page.map((r) => r.id),
      );
      return firstRowCarriesTotal(
        page.map((r) => toConsoleRow(r, documents.get(r.id) ?? [])),
        rows.length,
        request.query.page_number,
      );
    },
  });

  /** PUT /claim/batch/{id}?{action}=True: the claims list's batch actions. */
  app.put('/claim/batch/:batchId', {
    schema: {
      params: BatchIdParams,
      querystring: z.object({
        org: z.string().optional(),
        verify: FlagText.optional(),
        pause: FlagText.optional(),
        resume: FlagText.optional(),
        suspend: FlagText.optional(),
        archive: FlagText.optional(),
        discard: FlagText.optional(),
      }),
      response: replies({ 200: BatchActionResponse }),
    },
    handler: async (request) => {
      const { auth } = request;
      const batch = await loadBatch(app.db, auth, request.params.batchId, request.query.org);
      requireBatchRight(auth, batch.downloaded);
      const q = request.query;
      const chosen = (['verify', 'pause', 'resume', 'suspend', 'archive', 'discard'] as const).filter((a) => q[a]);
      if (chosen.length !== 1) throw badRequest('action: name exactly one of verify, pause, resume, suspend, archive or discard');
      const status = (
        {
          verify: 'TO_BE_PROCESSED',
          pause: 'PAUSED',
          resume: 'RESUMED',
          suspend: 'SUSPENDED',
          archive: 'ARCHIVED',
          discard: 'DISCARDED',
        } as const
      )[chosen[0]];
      await app.db.transaction((tx) => setBatchStatus(tx, [batch], status, auth));
      const [updated] = await toBatchRows(app.db, await app.db.select().from(batches).where(eq(batches.id, batch.id)));
      return { ...updated, Message: 'Successfully Done' };
    },
  });

  app.put('/claim/batch/batchStatus', {
    schema: { querystring: BatchQuery, body: BatchStatusBody, response: Done },
    handler: async (request) => {
      const { auth } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      const rows = await batchesByName(app.db, org, request.body.nameList, request.query.downloaded);
      if (request.body.status === 'ASSIGNED') throw badRequest('status: use work allocation to assign a batch');
      await app.db.transaction(async (tx) => {
        await setBatchStatus(tx, rows, request.body.status, auth);
        // The first batch of a priority change goes first; 'override' re-verifies claims already verified.
        if (request.body.status === 'TO_BE_PROCESSED' && request.body.override) {
          for (const batch of rows) {
            const done = await tx.select({ id: claims.id, status: claims.status }).from(claims).where(eq(claims.batchId, batch.id));
            await verifyBatch(tx, batch.id, done, auth.username);
          }
        }
      });
      return { Message: 'Successfully Done' };
    },
  });

  /** The priority dialog: batches in the given order; the first is processed, the others wait. */
  app.put('/claim/batch/priority', {
    schema: { querystring: OrgQuery, body: BatchNamesBody, response: Done },
    handler: async (request) => {
      const { auth } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      const rows = await batchesByName(app.db, org, request.body.nameList, undefined);
      const ordered = request.body.nameList.map((name) => rows.find((b) => b.batchName === name)!);
      await app.db.transaction(async (tx) => {
        for (const [index, batch] of ordered.entries()) {
          const keep = batch.allocationStatus === 'ASSIGNED' || ['FULLY_PROCESSED', 'CREATED'].includes(batch.status);
          const status = index === 0 ? 'TO_BE_PROCESSED' : keep ? batch.status : 'PAUSED';
          await tx
            .update(batches)
            .set({ priority: index + 1, status, lastModifiedAt: new Date() })
            .where(eq(batches.id, batch.id));
        }
        if (ordered[0].status !== 'TO_BE_PROCESSED') await setBatchStatus(tx, [ordered[0]], 'TO_BE_PROCESSED', auth);
      });
      return { Message: 'Successfully Done' };
    },
  });

  const stopRoute = (path: string, status: BatchStatus, message: string, reasonRequired = false) =>
    app.put(path, {
      schema: {
        querystring: OrgQuery,
        body: BatchNamesBody.extend({ downloaded: FlagText.optional(), reason: z.string().optional() }).passthrough(),
        response: Done,
      },
      handler: async (request) => {
        const { auth } = request;
        const org = await consoleOrg(app.db, auth, request.query.org);
        if (reasonRequired && !request.body.reason?.trim()) throw badRequest('reason: a reason is required to discard a batch');
        const rows = await batchesByName(app.db, org, request.body.nameList, request.body.downloaded);
        await app.db.transaction((tx) => setBatchStatus(tx, rows, status, auth, { reason: request.body.reason }));
        return { Message: message };
      },
    });
  stopRoute('/claim/batch/suspend/batch', 'SUSPENDED', 'Batch suspended successfully');
  stopRoute('/claim/batch/archive/batch', 'ARCHIVED', 'Batch archived successfully');
  stopRoute('/claim/batch/discard/batch', 'DISCARDED', 'Successfully Done', true);

  /** Upload / Upload & Verify on the failed tab: the batch's failed claims are queued again. */
  app.put('/claim/batch/reupload', {
    schema: {
      querystring: OrgQuery,
      body: z.object({ id: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number) }),
      response: Done,
    },
    config: { access: requireSuperUser },
    handler: async (request) => {
      const { auth } = request;
      const batch = await loadBatch(app.db, auth, request.body.id, request.query.org);
      await app.db.transaction(async (tx) => {
        const failed = await tx
          .select({ id: claims.id, status: claims.status })
          .from(claims)
          .where(and(eq(claims.batchId, batch.id), sql`${OUTCOME} = 'failed'`));
        await verifyBatch(tx, batch.id, failed, auth.username);
        await tx.update(batches).set({ status: 'TO_BE_PROCESSED', lastModifiedAt: new Date() }).where(eq(batches.id, batch.id));
      });
      return { Message: 'Uploaded and verified successfully' };
    },
  });

  app.delete('/claim/batch/drop', {
    schema: { querystring: BatchQuery, body: BatchNamesBody, response: Done },
    handler: async (request) => {
      const { auth } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      const rows = await batchesByName(app.db, org, request.body.nameList, request.query.downloaded);
      await app.db.transaction(async (tx) => {
        const ids = rows.map((b) => b.id);
        await tx.update(claims).set({ batchId: null, rerunStatus: null }).where(inArray(claims.batchId, ids));
        await tx.delete(batches).where(inArray(batches.id, ids));
      });
      return { Message: 'Batch dropped successfully' };
    },
  });

  /** Generate Report: one sheet, a row per claim of the chosen batches. */
  app.post('/claim/batch/batchReport', {
    schema: {
      querystring: BatchQuery,
      body: BatchNamesBody,
      response: replies({ 200: fileContent('One sheet, a row per claim of the batches', [MEDIA.xlsx]) }),
    },
    handler: async (request, reply) => {
      const { auth } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      const rows = await batchesByName(app.db, org, request.body.nameList, request.query.downloaded);
      const claimRows = await app.db
        .select({ claim: claims, outcome: OUTCOME })
        .from(claims)
        .where(
          inArray(
            claims.batchId,
            rows.map((b) => b.id),
          ),
        )
        .orderBy(asc(claims.batchId), asc(claims.id));
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Batches');
      sheet.columns = [
        { header: 'Batch', key: 'batch', width: 24 },
        { header: 'Intimation Number', key: 'intimation', width: 22 },
        { header: 'Case Type', key: 'caseType', width: 14 },
        { header: 'Procedure Codes', key: 'codes', width: 24 },
        { header: 'Status', key: 'status', width: 20 },
        { header: 'Outcome', key: 'outcome', width: 14 },
        { header: 'Verification Result', key: 'result', width: 16 },
        { header: 'Reason', key: 'reason', width: 40 },
        { header: 'Error', key: 'error', width: 30 },
        { header: 'Created On', key: 'created', width: 20 },
      ];
      for (const { claim, outcome } of claimRows) {
        sheet.addRow({
          batch: rows.find((b) => b.id === claim.batchId)?.batchName,
          intimation: claim.intimationNumber ?? claim.referenceClaimId,
          caseType: claim.caseType,
          codes: claim.procedureCodes.join(', '),
          status: claim.status,
          outcome,
          result: claim.adjudicationResult ?? '',
          reason: claim.adjudicationReason ?? '',
          error: claim.errorMessage ?? '',
          created: formatIn(claim.createdOn, zone, 'DD-MM-YYYY HH:mm'),
        });
      }
      const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', attachmentDisposition(`batch_data_${formatIn(new Date(), zone, 'DD-MM-YYYY')}.xlsx`))
        .send(buffer);
    },
  });

  const AssignDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');
  const BatchRef = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number);

  /** Work allocation: only a FULLY_PROCESSED batch; analysts must be users of the organisation. */
  async function assign(auth: AuthContext, batchId: number, org: string | undefined, split: Record<string, number>, date: string) {
    const batch = await loadBatch(app.db, auth, batchId, org);
    if (batch.status !== 'FULLY_PROCESSED' && batch.status !== 'ASSIGNED') {
      throw conflict('The batch can be assigned only once it is fully processed');
    }
    if (batch.allocationStatus === 'ASSIGNED') throw conflict('The batch is already assigned; only its date can be changed');
    const analysts = Object.keys(split);
    // Only active users of the batch's organisation; the answer is the same whether a name exists elsewhere or not.
    const known = await app.db
      .select({ username: users.username })
      .from(users)
      .where(and(inArray(users.username, analysts), eq(users.organization, batch.org), eq(users.active, true)));
    const unknown = analysts.filter((a) => !known.some((k) => k.username === a));
    if (unknown.length) throw badRequest(`analysts: not an active user of this organisation: ${unknown.join(', ')}`);
    await app.db
      .update(batches)
      .set({ allocation: split, allocationStatus: 'ASSIGNED', status: 'ASSIGNED', assignedDate: date, lastModifiedAt: new Date() })
      .where(eq(batches.id, batch.id));
    return { Message: 'Successfully Done' };
  }

  const batchClaimCount = async (batchId: number) =>
    (await app.db.select({ n: count() }).from(claims).where(eq(claims.batchId, batchId)))[0].n;

  app.post('/claim/batch/assignBatches/equally', {
    config: { access: requireSuperUser },
    schema: {
      querystring: OrgQuery,
      body: z.object({ batchId: BatchRef, analysts: z.array(z.string().min(1)).min(1, 'choose at least one analyst'), date: AssignDate }),
      response: Done,
    },
    handler: async (request) => {
      const { batchId, analysts, date } = request.body;
      const total = await batchClaimCount(batchId);
      const share = Math.floor(total / analysts.length);
      const split = Object.fromEntries(analysts.map((a, i) => [a, share + (i < total % analysts.length ? 1 : 0)]));
      return assign(request.auth, batchId, request.query.org, split, date);
    },
  });

  app.post('/claim/batch/assignBatches/assignSpecified', {
    config: { access: requireSuperUser },
    schema: {
      querystring: OrgQuery,
      body: z.object({
        batchId: BatchRef,
        data: z.record(z.string().min(1), z.number().int().nonnegative()),
        percentage: z.boolean().default(false),
        date: AssignDate,
      }),
      response: Done,
    },
    handler: async (request) => {
      const { batchId, data, percentage, date } = request.body;
      const total = await batchClaimCount(batchId);
      const sum = Object.values(data).reduce((a, b) => a + b, 0);
      if (percentage && sum !== 100) throw badRequest('data: Make sure total percentage of claims and total allocation are in equal');
      if (!percentage && sum !== total) throw badRequest('data: Make sure total claims and total allocation are in equal');
      const split = percentage ? Object.fromEntries(Object.entries(data).map(([a, p]) => [a, Math.round((p / 100) * total)])) : data;
      return assign(request.auth, batchId, request.query.org, split, date);
    },
  });

  app.put('/claim/batch/assignDate/update', {
    schema: { querystring: OrgQuery, body: z.object({ batchId: BatchRef, date: AssignDate }), response: Done },
    config: { access: requireSuperUser },
    handler: async (request) => {
      const { auth } = request;
      const batch = await loadBatch(app.db, auth, request.body.batchId, request.query.org);
      if (batch.allocationStatus !== 'ASSIGNED') throw conflict('The batch is not assigned yet');
      await app.db.update(batches).set({ assignedDate: request.body.date, lastModifiedAt: new Date() }).where(eq(batches.id, batch.id));
      return { Message: 'Successfully Done' };
    },
  });
};

/** Claims of a batch in one outcome bucket ('inProgress' covers waiting ones too). */
async function claimsByOutcome(db: DbOrTx, batchId: number, adjType: string, scope: ReturnType<typeof scopeConditions>) {
  const outcomes = adjType === 'inProgress' ? ['inProgress', 'toBeVerified'] : [adjType];
  return db
    .select()
    .from(claims)
    .where(
      and(
        eq(claims.batchId, batchId),
        ...scope,
        sql`${OUTCOME} in (${sql.join(
          outcomes.map((o) => sql`${o}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(...newestFirst(claims.lastModifiedOn, claims.id));
}

export default batchRoutes;
