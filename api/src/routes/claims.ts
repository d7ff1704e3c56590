/**
 * Claims to review (spec 1 §7): the list and its filter (with CSV download), one claim, claim creation
 * by upload, re-running verification and confirming findings. The work is in src/claims; a claim's
 * documents, questions and error flags, the dashboard and the console have their own plugins.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireClaimCreator, requireProvider, requireRerunRight } from '../auth/access';
import { claimScope, claimWithDocuments, loadVisibleClaim } from '../claims/access';
import { createClaim } from '../claims/create';
import { claimsCsvFile, listClaims, searchClaims } from '../claims/list';
import { readMultipart } from '../claims/upload';
import { confirmFindings, rerunVerification } from '../claims/verification';
import { asksForDownload, perUserLimit } from '../http/rate-limits';
import { endpoint, multipartOf } from '../http/endpoint';
import { attachmentDisposition } from '../http/replies';

const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  const zone = app.config.displayTimeZone;

  app.get('/claims', {
    schema: endpoint('GET /claims', { description: 'The review list; with downloaded=true the console claims (super users).' }),
    handler: async (request) => listClaims(app.db, request.auth, request.query, zone),
  });

  app.post('/claims/search', {
    schema: endpoint('POST /claims/search', {
      description: 'The claims filter: a page of the list, or with download=True all of it as CSV (provider only).',
    }),
    // The whole list as a file is limited per user; a page of it is not.
    config: { rateLimit: perUserLimit(asksForDownload) },
    handler: async (request, reply) => {
      const { auth, query, body } = request;
      if (!query.download) return searchClaims(app.db, auth, query, body, zone);
      const file = await claimsCsvFile(app.db, auth, query.org, body, zone);
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', attachmentDisposition(file.fileName)).send(file.csv);
    },
  });

  app.get('/claims/:claimId', {
    schema: endpoint('GET /claims/:claimId'),
    handler: async (request) => {
      const row = await loadVisibleClaim(app.db, request.auth, request.params.claimId, request.query.org);
      return claimWithDocuments(app.db, row);
    },
  });

  // A static path: find-my-way matches it before the parametric /claims/:claimId.
  app.get('/claims/uploadLimits', {
    schema: endpoint('GET /claims/uploadLimits', {
      description: 'What POST /claims accepts: bytes per file and per claim, files per claim (the create form states them).',
    }),
    handler: async () => app.config.uploadLimits,
  });

  app.post('/claims', {
    config: {
      access: requireClaimCreator,
      rateLimit: { max: 60, timeWindow: '1 minute' },
      // Read by readMultipart and checked with ClaimCreateFields in createClaim (files by their first bytes).
      multipartBody: multipartOf('POST /claims'),
    },
    schema: endpoint('POST /claims', {
      description:
        'A multipart form: the documents (PDF, PNG or JPEG, each a `documents` part, within GET /claims/uploadLimits) and the ' +
        'claim fields (procedureName repeated). Super users of the organisations that create claims.',
    }),
    handler: async (request) => {
      const { auth } = request;
      const { org } = await claimScope(app.db, auth, request.query.org);
      const form = await readMultipart(request, 'documents', app.config.uploadLimits);
      return createClaim(app.db, app.documentStore, auth, org, form, request.id);
    },
  });

  /** Run Verification on one claim: status OCRED, rerunStatus INPROGRESS, a job on the queue. */
  app.put('/claims/:claimId', {
    schema: endpoint('PUT /claims/:claimId'),
    config: { access: requireRerunRight },
    handler: async (request) => {
      const { auth } = request;
      const row = await loadVisibleClaim(app.db, auth, request.params.claimId, request.query.org);
      return claimWithDocuments(app.db, await rerunVerification(app.db, auth, row, request.body, request.id));
    },
  });

  /** Confirm Findings (the provider's staff, as the claim page offers it): kept as facts for the rules, then the claim is verified again. */
  app.post('/claims/:claimId/adjudicate', {
    schema: endpoint('POST /claims/:claimId/adjudicate'),
    config: { access: requireProvider },
    handler: async (request) => {
      const { auth } = request;
      const row = await loadVisibleClaim(app.db, auth, request.params.claimId, request.query.org);
      return claimWithDocuments(app.db, await confirmFindings(app.db, auth, row, request.body, request.id));
    },
  });
};

export default claimRoutes;
