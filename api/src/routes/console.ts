/**
 * The uploads and downloads console's claim calls (spec 3 §7 'Console data', 'Claim operations'):
 * super users only. The work is in src/claims/console.ts; batch calls are in batches.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSuperUser } from '../auth/access';
import { CONSOLE_CLAIM_STATUSES } from '@claims/shared-kernel/constants';
import {
  BatchQuery,
  ClaimIdListBody,
  ConsoleClaimRow,
  ConsoleFilterBody,
  DownloadedCount,
  ListQuery,
  MessageResponse,
} from '@claims/shared-kernel/contract';
import {
  consoleOrg,
  downloadedCount,
  dropConsoleClaims,
  refreshDownloads,
  searchConsoleClaims,
  setConsoleProcedures,
  setConsoleStatus,
  type ConsoleClaimTab,
} from '../claims/console';
import { replies } from '../http/replies';

const Done = replies({ 200: MessageResponse });

/** Every console call is a super user's; checked before the request is read (consoleOrg checks again). */
const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const zone = app.config.displayTimeZone;

  app.get('/downloadedCount', {
    schema: { querystring: BatchQuery, response: replies({ 200: DownloadedCount }) },
    config: { access: requireSuperUser },
    handler: async (request) => {
      const org = await consoleOrg(app.db, request.auth, request.query.org);
      return downloadedCount(app.db, org, zone);
    },
  });

  for (const tab of ['uploads', 'downloadFailed', 'uploadFailed'] as const satisfies ConsoleClaimTab[]) {
    app.post(`/claim/batch/${tab}/search`, {
      schema: { querystring: ListQuery, body: ConsoleFilterBody, response: replies({ 200: z.array(ConsoleClaimRow) }) },
      config: { access: requireSuperUser },
      handler: async (request) => {
        const org = await consoleOrg(app.db, request.auth, request.query.org);
        return searchConsoleClaims(app.db, org, tab, request.body, request.query, zone);
      },
    });
  }

  /** Add Procedure Name: sets the provider-side procedures of the chosen claims. */
  app.put('/claims/addProcName', {
    schema: {
      querystring: BatchQuery,
      body: ClaimIdListBody.extend({ procCodeList: z.array(z.string().min(1)).min(1, 'choose at least one procedure').max(10) }),
      response: Done,
    },
    config: { access: requireSuperUser },
    handler: async (request) => {
      const { auth, body } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      await setConsoleProcedures(app.db, org, body.claimIdList, body.procCodeList, auth.username);
      return { Message: 'Successfully Done' };
    },
  });

  app.delete('/claims/drop', {
    schema: { querystring: BatchQuery, body: ClaimIdListBody, response: Done },
    config: { access: requireSuperUser },
    handler: async (request) => {
      const org = await consoleOrg(app.db, request.auth, request.query.org);
      await dropConsoleClaims(app.db, app.documentStore, org, request.body.claimIdList);
      return { Message: 'Successfully Done' };
    },
  });

  /** Retry on the Downloads failed tab: TO_BE_REDOWNLOADED (and the other console statuses). */
  app.put('/claims/status', {
    schema: { querystring: BatchQuery, body: ClaimIdListBody.extend({ status: z.enum(CONSOLE_CLAIM_STATUSES) }), response: Done },
    config: { access: requireSuperUser },
    handler: async (request) => {
      const { auth, body } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      await setConsoleStatus(app.db, org, body.claimIdList, body.status, auth.username);
      return { Message: 'Successfully Done' };
    },
  });

  /** Refresh: claims waiting to be downloaded again are taken up. */
  app.get('/claim/batch/refreshDownloads', {
    schema: { querystring: BatchQuery, response: Done },
    config: { access: requireSuperUser },
    handler: async (request) => {
      const { auth } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      await refreshDownloads(app.db, org, auth.username);
      return { Message: 'Page got refreshed successfully' };
    },
  });
};

export default consoleRoutes;
