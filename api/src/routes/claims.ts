/**
 * Claims to review (spec 1 §7): the list and its filter (with CSV download), one claim, claim creation
 * by upload, re-running verification and confirming findings. The work is in src/claims; a claim's
 * documents, questions and error flags, the dashboard and the console have their own plugins.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Claim,
  ClaimCreateFields,
  ClaimCreateResponse,
  ClaimIdParams,
  ClaimListResponse,
  ClaimListQuery,
  ClaimListRow,
  ClaimRerunForm,
  ClaimSearchBody,
  ClaimSearchQuery,
  FindingsBody,
  OrgQuery,
  UploadLimits,
} from '@claims/shared-kernel/contract';
import { requireClaimCreator, requireProvider, requireRerunRight } from '../auth/access';
import { claimScope, claimWithDocuments, loadVisibleClaim } from '../claims/access';
import { createClaim } from '../claims/create';
import { claimsCsvFile, listClaims, searchClaims } from '../claims/list';
import { readMultipart } from '../claims/upload';
import { confirmFindings, rerunVerification } from '../claims/verification';
import { asksForDownload, perUserLimit } from '../http/rate-limits';
import { attachmentDisposition, FileBody, fileContent, MEDIA, replies } from '../http/replies';

const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  const zone = app.config.displayTimeZone;

  app.get('/claims', {
    schema: {
      description: 'The review list; with downloaded=true the console claims (super users).',
      querystring: ClaimListQuery,
      response: replies({ 200: ClaimListResponse }),
    },
    handler: async (request) => listClaims(app.db, request.auth, request.query, zone),
  });

  app.post('/claims/search', {
    schema: {
      description: 'The claims filter: a page of the list, or with download=True all of it as CSV (provider only).',
      querystring: ClaimSearchQuery,
      body: ClaimSearchBody,
      response: replies({ 200: fileContent('The page of claims, or the CSV file', [MEDIA.csv], z.array(ClaimListRow)) }),
    },
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
    schema: { params: ClaimIdParams, querystring: OrgQuery, response: replies({ 200: Claim }) },
    handler: async (request) => {
      const row = await loadVisibleClaim(app.db, request.auth, request.params.claimId, request.query.org);
      return claimWithDocuments(app.db, row);
    },
  });

  // A static path: find-my-way matches it before the parametric /claims/:claimId.
  app.get('/claims/uploadLimits', {
    schema: {
      description: 'What POST /claims accepts: bytes per file and per claim, files per claim (the create form states them).',
      response: replies({ 200: UploadLimits }),
    },
    handler: async () => app.config.uploadLimits,
  });

  app.post('/claims', {
    config: {
      access: requireClaimCreator,
      rateLimit: { max: 60, timeWindow: '1 minute' },
      // Read by readMultipart and checked with ClaimCreateFields in createClaim (files by their first bytes).
      multipartBody: ClaimCreateFields.extend({ documents: z.array(FileBody).min(1) }),
    },
    schema: {
      description:
        'A multipart form: the documents (PDF, PNG or JPEG, each a `documents` part, within GET /claims/uploadLimits) and the ' +
        'claim fields (procedureName repeated). Super users of the organisations that create claims.',
      querystring: OrgQuery,
      response: replies({ 200: ClaimCreateResponse }),
    },
    handler: async (request) => {
      const { auth } = request;
      const { org } = await claimScope(app.db, auth, request.query.org);
      const form = await readMultipart(request, 'documents', app.config.uploadLimits);
      return createClaim(app.db, app.documentStore, auth, org, form, request.id);
    },
  });

  /** Run Verification on one claim: status OCRED, rerunStatus INPROGRESS, a job on the queue. */
  app.put('/claims/:claimId', {
    schema: { params: ClaimIdParams, querystring: OrgQuery, body: ClaimRerunForm, response: replies({ 200: Claim }) },
    config: { access: requireRerunRight },
    handler: async (request) => {
      const { auth } = request;
      const row = await loadVisibleClaim(app.db, auth, request.params.claimId, request.query.org);
      return claimWithDocuments(app.db, await rerunVerification(app.db, auth, row, request.body, request.id));
    },
  });

  /** Confirm Findings (the provider's staff, as the claim page offers it): kept as facts for the rules, then the claim is verified again. */
  app.post('/claims/:claimId/adjudicate', {
    schema: { params: ClaimIdParams, querystring: OrgQuery, body: FindingsBody, response: replies({ 200: Claim }) },
    config: { access: requireProvider },
    handler: async (request) => {
      const { auth } = request;
      const row = await loadVisibleClaim(app.db, auth, request.params.claimId, request.query.org);
      return claimWithDocuments(app.db, await confirmFindings(app.db, auth, row, request.body, request.id));
    },
  });
};

export default claimRoutes;
