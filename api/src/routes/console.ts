/**
 * The uploads and downloads console's claim calls (spec 3 §7 'Console data', 'Claim operations'), the insurer inbox
 * (refresh and manifest upload) and the users work allocation chooses from. Every console call is a super user's,
 * checked before the request is read. The work is in src/claims/console.ts and src/inbox; batch calls are in batches.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { endpoint, multipartOf } from '../http/endpoint';
import { dropManifestUpload, manifestLimits, openInbox, refreshDownloads, type InboxContext } from '../inbox';

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
    schema: endpoint('GET /downloadedCount'),
    config: consoleOnly,
    handler: async (request) => {
      const org = await consoleOrg(app.db, request.auth, request.query.org);
      return downloadedCount(app.db, org, zone);
    },
  });

  /** The choices of the console's Filter panels (insurer names and statuses, batch names and creators). */
  app.get('/claim/batch/filterOptions', {
    schema: endpoint('GET /claim/batch/filterOptions'),
    config: consoleOnly,
    handler: async (request) => {
      const org = await consoleOrg(app.db, request.auth, request.query.org);
      return consoleFilterOptions(app.db, org);
    },
  });

  for (const tab of ['uploads', 'downloadFailed', 'uploadFailed'] as const satisfies ConsoleClaimTab[]) {
    app.post(`/claim/batch/${tab}/search`, {
      schema: endpoint(`POST /claim/batch/${tab}/search`),
      config: consoleOnly,
      handler: async (request) => {
        const org = await consoleOrg(app.db, request.auth, request.query.org);
        return searchConsoleClaims(app.db, org, tab, request.body, request.query, zone);
      },
    });
  }

  /** Add Procedure Name; claims that have procedures already need `override` (after the spec's warning). */
  app.put('/claims/addProcName', {
    schema: endpoint('PUT /claims/addProcName'),
    config: consoleOnly,
    handler: async (request) => {
      const { auth, body } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      await setConsoleProcedures(app.db, org, body.claimIdList, body.procCodeList, body.override === true, auth.username);
      return { Message: SUCCESS };
    },
  });

  app.delete('/claims/drop', {
    schema: endpoint('DELETE /claims/drop'),
    config: consoleOnly,
    handler: async (request) => {
      const org = await consoleOrg(app.db, request.auth, request.query.org);
      await dropConsoleClaims(app.db, app.documentStore, org, request.body.claimIdList, request.auth.username);
      return { Message: SUCCESS };
    },
  });

  /** A status change; Retry on the Downloads failed tab sends TO_BE_REDOWNLOADED, which the next refresh takes up. */
  app.put('/claims/status', {
    schema: endpoint('PUT /claims/status'),
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
    schema: endpoint('GET /claim/batch/refreshDownloads'),
    config: consoleOnly,
    handler: async (request) => {
      const { auth } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      return refreshDownloads(inbox, org, auth.username);
    },
  });

  app.get('/claim/batch/manifestLimits', {
    schema: endpoint('GET /claim/batch/manifestLimits', { description: 'What POST /claim/batch/uploadManifest accepts.' }),
    config: consoleOnly,
    handler: async () => uploadLimits,
  });

  app.post('/claim/batch/uploadManifest', {
    config: {
      ...consoleOnly,
      rateLimit: { max: 30, timeWindow: '1 minute' },
      multipartBody: multipartOf('POST /claim/batch/uploadManifest'),
    },
    schema: endpoint('POST /claim/batch/uploadManifest', {
      description:
        'A multipart form: one `manifest` (.csv or .xlsx, the columns of GET /claim/batch/manifestLimits) and the `documents` ' +
        'it names (PDF, PNG or JPEG). Put into the insurer inbox, then refreshed; answers what the refresh did.',
    }),
    handler: async (request) => {
      const { auth } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      await dropManifestUpload(request, inbox.inbox, org, uploadLimits);
      return refreshDownloads(inbox, org, auth.username);
    },
  });

  /** The active users of the caller's organisation (the analysts of work allocation), optionally of one role. */
  app.get('/users', {
    schema: endpoint('GET /users'),
    config: { access: requireUserListRight },
    handler: async (request) => orgUsers(app.db, request.auth.organization, request.query.role),
  });
};

export default consoleRoutes;
