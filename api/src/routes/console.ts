/**
 * The uploads and downloads console's claim calls (spec 3 §7 'Console data', 'Claim operations').
 * Batch calls are in batches.ts.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSOLE_CLAIM_STATUSES } from '@claims/shared-kernel/constants';
import { ClaimIdListBody, ConsoleFilterBody, FlagText, PageQuery, type DownloadedCount } from '@claims/shared-kernel/contract';
import { consoleOrg, downloadedCount, searchConsoleClaims, type ConsoleClaimTab } from '../claims/console';
import { claimDocuments, claims, procedures } from '../db/schema';
import { badRequest, notFound } from '../http/errors';

const OrgQuery = z.object({ org: z.string().optional(), downloaded: FlagText.optional() });
const SearchQuery = PageQuery.extend({ org: z.string().optional() });

const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const zone = app.config.displayTimeZone;

  app.get('/downloadedCount', {
    schema: { querystring: OrgQuery },
    handler: async (request): Promise<DownloadedCount> => {
      const org = await consoleOrg(app.db, request.auth, request.query.org);
      return downloadedCount(app.db, org, zone);
    },
  });

  for (const tab of ['uploads', 'downloadFailed', 'uploadFailed'] as const satisfies ConsoleClaimTab[]) {
    app.post(`/claim/batch/${tab}/search`, {
      schema: { querystring: SearchQuery, body: ConsoleFilterBody },
      handler: async (request) => {
        const org = await consoleOrg(app.db, request.auth, request.query.org);
        return searchConsoleClaims(app.db, org, tab, request.body, request.query, zone);
      },
    });
  }

  /** The console's claims that exist in this organisation, or 404 naming the others. */
  async function consoleClaims(org: string, ids: number[]) {
    const unique = [...new Set(ids)];
    const rows = await app.db
      .select({ id: claims.id, procedureCodes: claims.procedureCodes, status: claims.status })
      .from(claims)
      .where(and(eq(claims.org, org), eq(claims.downloaded, true), inArray(claims.id, unique)));
    const missing = unique.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw notFound(`Claims not found: ${missing.join(', ')}`);
    return rows;
  }

  /** Add Procedure Name: sets the provider-side procedures of the chosen claims. */
  app.put('/claims/addProcName', {
    schema: {
      querystring: OrgQuery,
      body: ClaimIdListBody.extend({ procCodeList: z.array(z.string().min(1)).min(1, 'choose at least one procedure').max(10) }),
    },
    handler: async (request) => {
      const { auth } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      const rows = await consoleClaims(org, request.body.claimIdList);
      const codes = [...new Set(request.body.procCodeList)];
      const found = await app.db.select().from(procedures).where(inArray(procedures.procedureCode, codes));
      const unknown = codes.filter((c) => !found.some((p) => p.procedureCode === c));
      if (unknown.length) throw badRequest(`procCodeList: unknown procedure code ${unknown.join(', ')}`);
      const ordered = codes.map((c) => found.find((p) => p.procedureCode === c)!);
      await app.db
        .update(claims)
        .set({
          procedureCodes: ordered.map((p) => p.procedureCode),
          procedureNames: ordered.map((p) => p.name),
          snomedCodes: ordered.map((p) => p.snomedctCode),
          lastModifiedBy: auth.username,
          lastModifiedOn: new Date(),
        })
        .where(
          inArray(
            claims.id,
            rows.map((r) => r.id),
          ),
        );
      return { Message: 'Successfully Done' };
    },
  });

  app.delete('/claims/drop', {
    schema: { querystring: OrgQuery, body: ClaimIdListBody },
    handler: async (request) => {
      const org = await consoleOrg(app.db, request.auth, request.query.org);
      const rows = await consoleClaims(org, request.body.claimIdList);
      await app.db.delete(claims).where(
        inArray(
          claims.id,
          rows.map((r) => r.id),
        ),
      );
      return { Message: 'Successfully Done' };
    },
  });

  /** Retry on the Downloads failed tab: TO_BE_REDOWNLOADED (and the other console statuses). */
  app.put('/claims/status', {
    schema: { querystring: OrgQuery, body: ClaimIdListBody.extend({ status: z.enum(CONSOLE_CLAIM_STATUSES) }) },
    handler: async (request) => {
      const { auth } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      const rows = await consoleClaims(org, request.body.claimIdList);
      await app.db
        .update(claims)
        .set({ status: request.body.status, lastModifiedBy: auth.username, lastModifiedOn: new Date() })
        .where(
          inArray(
            claims.id,
            rows.map((r) => r.id),
          ),
        );
      return { Message: 'Successfully Done' };
    },
  });

  /**
   * Refresh: claims waiting to be downloaded again are taken up. Their insurer documents are the
   * ones already stored, so a claim with documents is DOWNLOADED again and one without fails.
   */
  app.get('/claim/batch/refreshDownloads', {
    schema: { querystring: OrgQuery },
    handler: async (request) => {
      const { auth } = request;
      const org = await consoleOrg(app.db, auth, request.query.org);
      const waiting = and(eq(claims.org, org), eq(claims.downloaded, true), eq(claims.status, 'TO_BE_REDOWNLOADED'));
      const withDocuments = await app.db
        .selectDistinct({ id: claims.id })
        .from(claims)
        .innerJoin(claimDocuments, eq(claimDocuments.claimId, claims.id))
        .where(and(waiting, isNotNull(claimDocuments.data)));
      const ids = withDocuments.map((r) => r.id);
      const now = new Date();
      if (ids.length) {
        await app.db
          .update(claims)
          .set({ status: 'DOWNLOADED', errorCode: null, errorMessage: null, lastModifiedBy: auth.username, lastModifiedOn: now })
          .where(inArray(claims.id, ids));
      }
      await app.db
        .update(claims)
        .set({
          status: 'DOWNLOAD_FAILED',
          errorCode: '404',
          errorMessage: 'No documents were received from the insurer',
          lastModifiedOn: now,
        })
        .where(waiting);
      return { Message: 'Page got refreshed successfully' };
    },
  });
};

export default consoleRoutes;
