/**
 * The uploads and downloads console's claim calls (spec 3 §7 'Console data', 'Claim operations'), the insurer inbox
 * (refresh and manifest upload) and the users work allocation chooses from. Every console call is a super user's,
 * checked before the request is read. The work is in src/claims/console.ts and src/inbox; batch calls are in batches.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddProcNameBody,
  BatchQuery,
  ClaimIdListBody,
  ClaimStatusBody,
  ConsoleClaimRow,
  ConsoleFilterBody,
  ConsoleFilterOptions,
  DownloadedCount,
  ListQuery,
  ManifestLimits,
  MessageResponse,
  OrgQuery,
  OrgUser,
  RefreshDownloadsResponse,
  UsersQuery,
} from '@claims/shared-kernel/contract';
import { isProvider, NOT_AUTHORIZED } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import { consoleOrg, requireConsoleUser } from '../batches/access';
import { orgUsers } from '../batches/allocation';
import {
  consoleFilterOptions,
  downloadedCount,
  dropConsoleClaims,
  searchConsoleClaims,
  setConsoleProcedures,
  setConsoleStatus,
  type ConsoleClaimTab,
} from '../claims/console';
import { forbidden } from '../http/errors';
import { FileBody, replies } from '../http/replies';
import { dropManifestUpload, manifestLimits, openInbox, refreshDownloads, type InboxContext } from '../inbox';

const Done = replies({ 200: MessageResponse });
const SUCCESS = 'Successfully Done';

/** The users list is for super users (work allocation) and the provider's people (the claims filter's user field). */
function requireUserListRight(auth: AuthContext): void {
  if (auth.role !== 'super_user' && !isProvider(auth)) throw forbidden(NOT_AUTHORIZED);
}

const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const zone = app.config.displayTimeZone;
  const consoleOnly = { access: requireConsoleUser };
  const inbox: InboxContext = {
    db: app.db,
    store: app.documentStore,
    inbox: openInbox(app.config),
    limits: app.config.uploadLimits,
  };
  const uploadLimits = manifestLimits(app.config.uploadLimits, app.config.manifestUpload);

  app.get('/downloadedCount', {
    schema: { querystring: BatchQuery, response: replies({ 200: DownloadedCount }) },
    config: consoleOnly,
    handler: async (request) => {
      const org = await consoleOrg(app.db, request.auth, request.query.org);
      return downloadedCount(app.db, org, zone);
    },
  });

  /** The choices of the console's Filter panels (insurer names and statuses, batch names and creators). */
  app.get('/claim/batch/filterOptions', {
    schema: { querystring: OrgQuery, response: replies({ 200: ConsoleFilterOptions }) },
    config: consoleOnly,
    handler: async (request) => {
      const org = await consoleOrg(app.db, request.auth, request.query.org);
      return consoleFilterOptions(app.db, org);
    },
  });

  for (const tab of ['uploads', 'downloadFailed', 'uploadFailed'] as const satisfies ConsoleClaimTab[]) {
    app.post(`/claim/batch/${tab}/search`, {
      schema: { querystring: ListQuery, body: ConsoleFilterBody, response: replies({ 200: z.array(ConsoleClaimRow) }) },
      config: consoleOnly,
      handler: async (request) => {
        const org = await consoleOrg(app.db, request.auth, request.query.org);
        return searchConsoleClaims(app.db, org, tab, request.body, request.query, zone);
      },
    });
  }

  /** Add Procedure Name; claims that have procedures already need `override` (after the spec's warning). */
  app.put('/claims/addProcName', {
    schema: { querystring: BatchQuery, body: AddProcNameBody, response: Done },
    config: consoleOnly,
    handler: async (request) => {
      const { auth, body } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      await setConsoleProcedures(app.db, org, body.claimIdList, body.procCodeList, body.override === true, auth.username);
      return { Message: SUCCESS };
    },
  });

  app.delete('/claims/drop', {
    schema: { querystring: BatchQuery, body: ClaimIdListBody, response: Done },
    config: consoleOnly,
    handler: async (request) => {
      const org = await consoleOrg(app.db, request.auth, request.query.org);
      await dropConsoleClaims(app.db, app.documentStore, org, request.body.claimIdList, request.auth.username);
      return { Message: SUCCESS };
    },
  });

  /** A status change; Retry on the Downloads failed tab sends TO_BE_REDOWNLOADED, which the next refresh takes up. */
  app.put('/claims/status', {
    schema: { querystring: BatchQuery, body: ClaimStatusBody, response: Done },
    config: consoleOnly,
    handler: async (request) => {
      const { auth, body } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      await setConsoleStatus(app.db, org, body.claimIdList, body.status, auth.username);
      return { Message: SUCCESS };
    },
  });

  /** Refresh: what the insurer's inbox has new, and the claims waiting to be downloaded again. */
  app.get('/claim/batch/refreshDownloads', {
    schema: { querystring: BatchQuery, response: replies({ 200: RefreshDownloadsResponse }) },
    config: consoleOnly,
    handler: async (request) => {
      const { auth } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      return refreshDownloads(inbox, org, auth.username);
    },
  });

  app.get('/claim/batch/manifestLimits', {
    schema: { description: 'What POST /claim/batch/uploadManifest accepts.', response: replies({ 200: ManifestLimits }) },
    config: consoleOnly,
    handler: async () => uploadLimits,
  });

  app.post('/claim/batch/uploadManifest', {
    config: {
      ...consoleOnly,
      rateLimit: { max: 30, timeWindow: '1 minute' },
      multipartBody: z.object({ manifest: FileBody, documents: z.array(FileBody) }),
    },
    schema: {
      description:
        'A multipart form: one `manifest` (.csv or .xlsx, the columns of GET /claim/batch/manifestLimits) and the `documents` ' +
        'it names (PDF, PNG or JPEG). Put into the insurer inbox, then refreshed; answers what the refresh did.',
      querystring: OrgQuery,
      response: replies({ 200: RefreshDownloadsResponse }),
    },
    handler: async (request) => {
      const { auth } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      await dropManifestUpload(request, inbox.inbox, org, uploadLimits);
      return refreshDownloads(inbox, org, auth.username);
    },
  });

  /** The active users of the caller's organisation (the analysts of work allocation), optionally of one role. */
  app.get('/users', {
    schema: { querystring: UsersQuery, response: replies({ 200: z.array(OrgUser) }) },
    config: { access: requireUserListRight },
    handler: async (request) => orgUsers(app.db, request.auth.organization, request.query.role),
  });
};

export default consoleRoutes;
