/**
 * Batches (spec 1 §7, spec 3 §7 'Batch operations'): creation from the claims list or the console, the Batch Summary
 * and its filter, the claims of a batch by outcome, live progress, and the batch actions (status, priority, suspend,
 * archive, discard, re-upload, drop, report, work allocation). Every console write is a super user's, checked before
 * the request is read. The work is in src/batches.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEDIA } from '@claims/shared-kernel/contract';
import { requireProvider, scopeOrg } from '../auth/access';
import { asksForConsoleBatch, consoleOrg, requireAnyBatchRight, requireBatchRight, requireConsoleUser } from '../batches/access';
import { actOnBatch, dropNamedBatches, moveNamedBatches } from '../batches/actions';
import { ALLOCATION_DONE, assignBatch, equalSplit, reassignDate, specifiedSplit } from '../batches/allocation';
import { claimsOfBatch, consoleClaimsByOutcome, listClaimsByOutcome } from '../batches/claims';
import { createBatch } from '../batches/create';
import { batchesLeaving } from '../batches/leaving';
import { batchNames } from '../batches/lookup';
import { reprioritise } from '../batches/priority';
import { batchProgress } from '../batches/progress';
import { batchReportName, namedBatchReport } from '../batches/report';
import { retryFailedClaims } from '../batches/reupload';
import { isManualStatus, type ManualBatchStatus } from '../batches/status';
import { batchFilterConditions, pageOfBatches } from '../claims/console';
import { badRequest } from '../http/errors';
import { perUserLimit } from '../http/rate-limits';
import { endpoint } from '../http/endpoint';
import { attachmentDisposition } from '../http/replies';

const SUCCESS = 'Successfully Done';

/** The claims list's per-batch actions (PUT /claim/batch/{id}?{action}=True) and the statuses they set. */
const ACTION_FLAGS = {
  verify: 'TO_BE_PROCESSED',
  pause: 'PAUSED',
  resume: 'RESUMED',
  suspend: 'SUSPENDED',
  archive: 'ARCHIVED',
  discard: 'DISCARDED',
} as const satisfies Record<string, ManualBatchStatus>;
type ActionFlag = keyof typeof ACTION_FLAGS;
const ACTION_NAMES = Object.keys(ACTION_FLAGS) as ActionFlag[];

const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  const zone = app.config.displayTimeZone;
  const consoleOnly = { access: requireConsoleUser };

  app.post('/claim/batch/create', {
    schema: endpoint('POST /claim/batch/create'),
    // Refused before the body is validated, as the other console writes are: who may make no batch at all, and for a
    // console batch (downloadedClaimFlag) anyone but a super user.
    config: { access: requireAnyBatchRight },
    preValidation: async (request) => {
      if (asksForConsoleBatch(request.body)) requireConsoleUser(request.auth);
    },
    handler: async (request) => createBatch(app.db, app.documentStore, request.auth, request.body, request.query.org),
  });

  /** The batches the claims list's selection would leave (issue 25 §1): Run Verification names them and asks first. */
  app.post('/claim/batch/leaving', {
    schema: endpoint('POST /claim/batch/leaving'),
    config: { access: requireAnyBatchRight },
    handler: async (request) => {
      requireBatchRight(request.auth, false);
      const org = await scopeOrg(app.db, request.auth, request.body.organization ?? request.query.org);
      return batchesLeaving(app.db, org, request.body.claims);
    },
  });

  /** Batch Summary (console, downloaded=true: every batch of the organisation) or the claims list's batches. */
  app.get('/claim/batch', {
    schema: endpoint('GET /claim/batch'),
    handler: async (request) => {
      const { auth } = request;
      const downloaded = request.query.downloaded ?? false;
      requireBatchRight(auth, downloaded);
      const org = await scopeOrg(app.db, auth, request.query.org);
      return pageOfBatches(app.db, org, downloaded, [], request.query);
    },
  });

  app.post('/claim/batch/search', {
    schema: endpoint('POST /claim/batch/search'),
    handler: async (request) => {
      const { auth } = request;
      const downloaded = request.query.downloaded ?? false;
      requireBatchRight(auth, downloaded);
      const org = await scopeOrg(app.db, auth, request.query.org);
      return pageOfBatches(app.db, org, downloaded, batchFilterConditions(request.body, zone), request.query);
    },
  });

  /**
   * Every batch name of the organisation, for a filter's picker: with downloaded=false the claims list's batches, for the
   * provider's users (who filter the claims list by batch); otherwise the console's too, for the console's super users.
   */
  app.get('/claim/batch/names', {
    schema: endpoint('GET /claim/batch/names'),
    config: { access: requireProvider },
    handler: async (request) => {
      if (request.query.downloaded !== false) requireConsoleUser(request.auth);
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      return batchNames(app.db, org, request.query.downloaded === false);
    },
  });

  /** Live progress of the batches in processing (or of those named), polled by the console. */
  app.get('/claim/batch/progress', {
    schema: endpoint('GET /claim/batch/progress', {
      description:
        'Counts per outcome, claims done and remaining, the rate of the last ten minutes and the time left, for the batches ' +
        'in processing (or those named by batchIds). The console polls it; no event stream, as EventSource cannot send a token.',
    }),
    config: consoleOnly,
    handler: async (request) => {
      const org = await consoleOrg(app.db, request.auth, request.query.org);
      return batchProgress(app.db, org, request.query.batchIds);
    },
  });

  /** The claims of one batch (the claims list opened from a batch). */
  app.get('/claim/batch/:batchId', {
    schema: endpoint('GET /claim/batch/:batchId'),
    handler: async (request) => claimsOfBatch(app.db, request.auth, request.params.batchId, request.query.org, request.query),
  });

  /** POST /redirect?org: the claims of a batch by outcome, as claims list rows. */
  app.post('/redirect', {
    schema: endpoint('POST /redirect'),
    handler: async (request) => listClaimsByOutcome(app.db, request.auth, request.body, request.query.org, request.query),
  });

  /** POST /redirectOther: the console's claims of a batch by outcome (a Batch Summary count clicked). */
  app.post('/redirectOther', {
    schema: endpoint('POST /redirectOther'),
    config: consoleOnly,
    handler: async (request) => consoleClaimsByOutcome(app.db, request.auth, request.body, request.query.org, request.query),
  });

  /** PUT /claim/batch/{id}?{action}=True: the claims list's batch actions. */
  app.put('/claim/batch/:batchId', {
    schema: endpoint('PUT /claim/batch/:batchId'),
    handler: async (request) => {
      const { auth } = request;
      const query = request.query;
      const chosen = ACTION_NAMES.filter((a) => query[a]);
      if (chosen.length !== 1) throw badRequest(`action: name exactly one of ${ACTION_NAMES.join(', ')}`);
      const updated = await actOnBatch(app.db, auth, request.params.batchId, query.org, ACTION_FLAGS[chosen[0]]);
      return { ...updated, Message: SUCCESS };
    },
  });

  /** Pause/Resume, and Verify (TO_BE_PROCESSED, `override` verifying the verified claims again). */
  app.put('/claim/batch/batchStatus', {
    schema: endpoint('PUT /claim/batch/batchStatus'),
    config: consoleOnly,
    handler: async (request) => {
      const { auth, body } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      const status = body.status;
      if (!isManualStatus(status) || !['PAUSED', 'RESUMED', 'TO_BE_PROCESSED'].includes(status)) {
        throw badRequest(`status: ${status} is not set by hand here; send PAUSED, RESUMED or TO_BE_PROCESSED`);
      }
      await moveNamedBatches(app.db, org, body.nameList, status, auth.username, { override: body.override });
      return { Message: SUCCESS };
    },
  });

  /** The priority dialog: batches in the given order, the first verified, the others waiting (spec 3 §4). */
  app.put('/claim/batch/priority', {
    schema: endpoint('PUT /claim/batch/priority'),
    config: consoleOnly,
    handler: async (request) => {
      const { auth } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      await reprioritise(app.db, org, request.body.nameList, auth.username);
      return { Message: SUCCESS };
    },
  });

  const stopRoute = (
    path: `/claim/batch/${'suspend' | 'archive' | 'discard'}/batch`,
    status: ManualBatchStatus,
    flag: 'suspend' | 'archive' | 'discard',
    message: string,
  ) =>
    app.put(path, {
      schema: endpoint(`PUT ${path}`),
      config: consoleOnly,
      handler: async (request) => {
        const { auth, body } = request;
        // The flag may be left out; sent false, the call asks for nothing, so nothing is done.
        if (body[flag] === false) throw badRequest(`${flag}: must be true to ${flag} the batches (false asks for nothing)`);
        const org = await consoleOrg(app.db, auth, request.query.org);
        const reason = body.reason?.trim();
        if (status === 'DISCARDED' && !reason) throw badRequest('reason: a reason is required to discard a batch');
        await moveNamedBatches(app.db, org, body.nameList, status, auth.username, { reason });
        return { Message: message };
      },
    });
  stopRoute('/claim/batch/suspend/batch', 'SUSPENDED', 'suspend', 'Batch suspended successfully');
  stopRoute('/claim/batch/archive/batch', 'ARCHIVED', 'archive', 'Batch archived successfully');
  stopRoute('/claim/batch/discard/batch', 'DISCARDED', 'discard', SUCCESS);

  /**
   * Upload, Verify (upload false) and Upload & Verify on the failed tab, all or nothing: the selected claims (claimIdList)
   * or the spec's {id}, the batch's failed claims; see ReuploadBody.
   */
  app.put('/claim/batch/reupload', {
    schema: endpoint('PUT /claim/batch/reupload'),
    config: consoleOnly,
    handler: async (request) => {
      const { auth, body } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      return retryFailedClaims(
        app.db,
        app.documentStore,
        auth,
        org,
        {
          batchId: body.id,
          claimIds: body.claimIdList,
          upload: body.upload !== false,
          verify: body.verify !== false,
          override: body.override === true,
        },
        request.query.org,
      );
    },
  });

  app.delete('/claim/batch/drop', {
    schema: endpoint('DELETE /claim/batch/drop'),
    config: consoleOnly,
    handler: async (request) => {
      const org = await consoleOrg(app.db, request.auth, request.query.org);
      await dropNamedBatches(app.db, org, request.body.nameList, request.auth.username);
      return { Message: 'Batch dropped successfully' };
    },
  });

  /** Generate Report: one sheet, a row per claim of the chosen batches. */
  app.post('/claim/batch/batchReport', {
    schema: endpoint('POST /claim/batch/batchReport'),
    config: { ...consoleOnly, rateLimit: perUserLimit() },
    handler: async (request, reply) => {
      const org = await consoleOrg(app.db, request.auth, request.query.org);
      const report = await namedBatchReport(app.db, org, request.body.nameList, zone);
      return reply
        .type(MEDIA.xlsx)
        .header('Content-Disposition', attachmentDisposition(batchReportName(zone)))
        .send(report);
    },
  });

  app.post('/claim/batch/assignBatches/equally', {
    schema: endpoint('POST /claim/batch/assignBatches/equally'),
    config: consoleOnly,
    handler: async (request) => {
      const { batchId, analysts, date } = request.body;
      await assignBatch(app.db, request.auth, batchId, request.query.org, date, (total) => equalSplit(total, analysts));
      return { Message: ALLOCATION_DONE };
    },
  });

  app.post('/claim/batch/assignBatches/assignSpecified', {
    schema: endpoint('POST /claim/batch/assignBatches/assignSpecified'),
    config: consoleOnly,
    handler: async (request) => {
      const { batchId, data, percentage, date } = request.body;
      await assignBatch(app.db, request.auth, batchId, request.query.org, date, (total) => specifiedSplit(total, data, percentage));
      return { Message: ALLOCATION_DONE };
    },
  });

  app.put('/claim/batch/assignDate/update', {
    schema: endpoint('PUT /claim/batch/assignDate/update'),
    config: consoleOnly,
    handler: async (request) => {
      await reassignDate(app.db, request.auth, request.body.batchId, request.query.org, request.body.date);
      return { Message: ALLOCATION_DONE };
    },
  });
};

export default batchRoutes;
