/**
 * Claims to review (spec 1 §7): the list and its filter (with CSV download), one claim, its
 * documents, claim creation by upload, re-running verification and confirming findings.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLAIM_STATUSES, isDemoOrg, verificationResultText, type ClaimStatus } from '@claims/shared-kernel/constants';
import {
  ClaimCreateFields,
  ClaimListQuery,
  ClaimRerunForm,
  ClaimSearchBody,
  FindingsBody,
  FlagText,
  PageQuery,
  type Claim,
  type ClaimCreateResponse,
} from '@claims/shared-kernel/contract';
import { isProvider, requireClaimCreator, NOT_AUTHORIZED } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import { claimScope, documentsOf, loadVisibleClaim } from '../claims/access';
import { listConsoleClaims } from '../claims/console';
import { toClaim, toClaimListRow, type ClaimRow } from '../claims/mapping';
import { andAll, claimSearchConditions, scopeConditions, type ClaimScope } from '../claims/queries';
import { readMultipart } from '../claims/upload';
import type { Db } from '../db';
import { claimAnswers, claimDocuments, claims, hospitals, procedureQuestions, procedures } from '../db/schema';
import { enqueueVerification, INTERACTIVE_PRIORITY } from '../jobs/enqueue';
import { toCsv } from '../http/csv';
import { describeZodError } from '../http/error-handler';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { firstRowCarriesTotal, newestFirst, offsetOf, type Page } from '../http/paging';
import { formatIn } from '../http/time';

export const ClaimIdParams = z.object({ claimId: z.coerce.number().int().positive() });
const DocumentParams = ClaimIdParams.extend({ documentId: z.coerce.number().int().positive() });
const OrgQuery = z.object({ org: z.string().optional() });
const SearchQuery = PageQuery.extend({ org: z.string().optional(), download: FlagText.optional() });

/** The most rows a CSV download carries. */
const CSV_ROW_LIMIT = 50_000;

/** `status=A,B` or repeated: each must be a known status. */
function parseStatuses(value: string | undefined): ClaimStatus[] {
  if (!value) return [];
  const statuses = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = statuses.filter((s) => !(CLAIM_STATUSES as readonly string[]).includes(s));
  if (unknown.length) throw badRequest(`status: unknown status ${unknown.map((s) => `'${s}'`).join(', ')}`);
  return statuses as ClaimStatus[];
}

async function pageOfClaims(db: Db, scope: ClaimScope, filters: ReturnType<typeof claimSearchConditions>, page: Page, withCounts: boolean) {
  const where = andAll([...scopeConditions(scope), ...filters]);
  const [{ total }] = await db.select({ total: count() }).from(claims).where(where);
  const rows = await db
    .select()
    .from(claims)
    .where(where)
    .orderBy(...newestFirst(claims.lastModifiedOn, claims.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  return firstRowCarriesTotal(
    rows.map((row) => toClaimListRow(row, withCounts)),
    total,
    page.page_number,
  );
}

function claimsCsv(rows: ClaimRow[], withCounts: boolean, zone: string): string {
  const header = ['Case No.', 'Case Type', 'Patient Name', 'Procedure Code', 'Hospital Code'];
  if (withCounts) header.push('Annotation', 'Procedures Found', 'Diagnosis Found', 'Evidence Found', 'Documents Found');
  header.push('Verification Result', 'Date');
  return toCsv(
    header,
    rows.map((row) => {
      const item = toClaimListRow(row, withCounts);
      const cells: unknown[] = [item.referenceClaimId, item.caseType, item.patientName, item.procedureCodes.join(', '), item.hospitalCode];
      if (withCounts) {
        cells.push(
          item.annotated ? 'Done' : 'Not Done',
          item.proceduresFound,
          item.diagnosisFound,
          item.evidenceFound,
          item.documentsFound,
        );
      }
      cells.push(
        verificationResultText(item.adjudicationResult, item.adjudicationReason),
        formatIn(row.lastModifiedOn, zone, 'YYYY-MM-DD'),
      );
      return cells;
    }),
  );
}

/** Re-running is for the provider, a demo organisation and super users (insurer reviewers only read). */
function requireRerunRight(auth: AuthContext): void {
  if (!isProvider(auth) && !isDemoOrg(auth.organization) && auth.role !== 'super_user') throw forbidden(NOT_AUTHORIZED);
}

async function claimWithDocuments(db: Db, row: ClaimRow): Promise<Claim> {
  const documents = await documentsOf(db, [row.id]);
  return toClaim(row, documents.get(row.id) ?? []);
}

const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  const zone = app.config.displayTimeZone;

  app.get('/claims', {
    schema: { querystring: ClaimListQuery },
    handler: async (request) => {
      const { auth } = request;
      const query = request.query;
      if (query.downloaded) return listConsoleClaims(app.db, auth, query);
      const scope = await claimScope(app.db, auth, query.org);
      const statuses = scope.onlyAdjudicated ? [] : parseStatuses(query.status);
      return pageOfClaims(app.db, scope, claimSearchConditions({ status: statuses }, zone), query, isProvider(auth));
    },
  });

  app.post('/claims/search', {
    schema: { querystring: SearchQuery, body: ClaimSearchBody },
    handler: async (request, reply) => {
      const { auth } = request;
      const scope = await claimScope(app.db, auth, request.query.org);
      const filter = { ...request.body, status: scope.onlyAdjudicated ? undefined : request.body.status };
      const conditions = claimSearchConditions(filter, zone);
      const withCounts = isProvider(auth);
      if (!request.query.download) return pageOfClaims(app.db, scope, conditions, request.query, withCounts);
      // The Excel download is one of the provider's powers (spec 1 §6).
      if (!isProvider(auth)) throw forbidden(NOT_AUTHORIZED);
      const rows = await app.db
        .select()
        .from(claims)
        .where(andAll([...scopeConditions(scope), ...conditions]))
        .orderBy(...newestFirst(claims.lastModifiedOn, claims.id))
        .limit(CSV_ROW_LIMIT);
      const fileName = `claims_data_${formatIn(new Date(), zone, 'DD-MM-YYYY')}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(claimsCsv(rows, withCounts, zone));
    },
  });

  app.get('/claims/:claimId', {
    schema: { params: ClaimIdParams, querystring: OrgQuery },
    handler: async (request): Promise<Claim> => {
      const row = await loadVisibleClaim(app.db, request.auth, request.params.claimId, request.query.org);
      return claimWithDocuments(app.db, row);
    },
  });

  app.get('/claims/:claimId/documents/:documentId', {
    schema: { params: DocumentParams, querystring: OrgQuery },
    handler: async (request, reply) => {
      const { claimId, documentId } = request.params;
      await loadVisibleClaim(app.db, request.auth, claimId, request.query.org);
      const [doc] = await app.db
        .select()
        .from(claimDocuments)
        .where(and(eq(claimDocuments.id, documentId), eq(claimDocuments.claimId, claimId)));
      if (!doc) throw notFound(`Document ${documentId} not found for claim ${claimId}`);
      if (!doc.data) throw notFound(`Document ${documentId} was deleted after verification`);
      return reply
        .type(doc.contentType)
        .header('Content-Disposition', `inline; filename="${doc.fileName}"`)
        .header('Cache-Control', 'private, max-age=3600')
        .send(Buffer.from(doc.data.buffer, doc.data.byteOffset, doc.data.byteLength));
    },
  });

  app.post('/claims', {
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: { querystring: OrgQuery },
    handler: async (request): Promise<ClaimCreateResponse> => {
      const { auth } = request;
      requireClaimCreator(auth);
      const org = (await claimScope(app.db, auth, request.query.org)).org;
      const form = await readMultipart(request, 'documents');
      const raw = form.fields;
      const parsed = ClaimCreateFields.safeParse({
        ...raw,
        procedureName: raw.procedureName === undefined ? [] : [raw.procedureName].flat(),
      });
      if (!parsed.success) throw badRequest(describeZodError(parsed.error));
      const fields = parsed.data;
      if (!fields.patientName && !isDemoOrg(org)) throw badRequest('patientName: Patient Name is required');
      if (!form.files.length) throw badRequest('documents: at least one document is required');

      const wanted = [...new Set(fields.procedureName)];
      const found = await app.db
        .select({ id: procedures.id, code: procedures.procedureCode, name: procedures.name, snomed: procedures.snomedctCode })
        .from(procedures)
        .where(inArray(procedures.procedureCode, wanted));
      const missing = wanted.filter((code) => !found.some((p) => p.code === code));
      if (missing.length) throw badRequest(`procedureName: unknown procedure code ${missing.map((c) => `'${c}'`).join(', ')}`);
      const chosen = wanted.map((code) => found.find((p) => p.code === code)!);
      if (fields.hospitalCode) {
        const [hospital] = await app.db.select({ id: hospitals.id }).from(hospitals).where(eq(hospitals.hospitalCode, fields.hospitalCode));
        if (!hospital) throw badRequest(`hospitalCode: unknown hospital '${fields.hospitalCode}'`);
      }

      const [{ questions }] = await app.db
        .select({ questions: count() })
        .from(procedureQuestions)
        .where(
          and(
            eq(procedureQuestions.org, org),
            inArray(
              procedureQuestions.procedureId,
              chosen.map((p) => p.id),
            ),
          ),
        );

      const id = await app.db.transaction(async (tx) => {
        const [claim] = await tx
          .insert(claims)
          .values({
            org,
            referenceClaimId: fields.referenceClaimId,
            caseType: fields.caseType,
            patientName: fields.patientName,
            procedureCodes: chosen.map((p) => p.code),
            procedureNames: chosen.map((p) => p.name),
            snomedCodes: chosen.map((p) => p.snomed),
            hospitalCode: fields.hospitalCode || null,
            status: fields.adjudicate ? 'TO_BE_OCRED' : 'OPEN',
            deleteAfterAdjudication: fields.delete_after_adjudication,
            createdBy: auth.username,
            lastModifiedBy: auth.username,
          })
          .returning({ id: claims.id });
        await tx.insert(claimDocuments).values(
          form.files.map((file) => ({
            claimId: claim.id,
            fileName: file.fileName,
            contentType: file.contentType,
            size: file.data.length,
            data: file.data,
          })),
        );
        if (fields.adjudicate) await enqueueVerification(tx, claim.id, { priority: INTERACTIVE_PRIORITY, requestedBy: auth.username });
        return claim.id;
      });
      return { id, requestAdditoinalInput: questions > 0 };
    },
  });

  /** Run Verification on one claim: status OCRED, rerunStatus INPROGRESS, a job on the queue. */
  app.put('/claims/:claimId', {
    schema: { params: ClaimIdParams, querystring: OrgQuery, body: ClaimRerunForm },
    handler: async (request): Promise<Claim> => {
      const { auth } = request;
      requireRerunRight(auth);
      const row = await loadVisibleClaim(app.db, auth, request.params.claimId, request.query.org);
      if (row.rerunStatus === 'INPROGRESS') throw conflict(`Verification of claim ${row.id} is already in progress`);
      const updated = await app.db.transaction(async (tx) => {
        const [claim] = await tx
          .update(claims)
          .set({
            status: request.body.status,
            rerunStatus: request.body.adjudicate ? 'INPROGRESS' : null,
            lastModifiedBy: auth.username,
            lastModifiedOn: new Date(),
          })
          .where(eq(claims.id, row.id))
          .returning();
        if (request.body.adjudicate) {
          await enqueueVerification(tx, row.id, {
            priority: INTERACTIVE_PRIORITY,
            rerun: request.body.rerunFlag,
            requestedBy: auth.username,
          });
        }
        return claim;
      });
      return claimWithDocuments(app.db, updated);
    },
  });

  /** Confirm Findings: kept as facts for the rules, then the claim is verified again. */
  app.post('/claims/:claimId/adjudicate', {
    schema: { params: ClaimIdParams, querystring: OrgQuery, body: FindingsBody },
    handler: async (request): Promise<Claim> => {
      const { auth } = request;
      requireRerunRight(auth);
      const row = await loadVisibleClaim(app.db, auth, request.params.claimId, request.query.org);
      const updated = await app.db.transaction(async (tx) => {
        await tx
          .insert(claimAnswers)
          .values({ claimId: row.id, kind: 'findings', payload: request.body, createdBy: auth.username })
          .onConflictDoUpdate({
            target: [claimAnswers.claimId, claimAnswers.kind],
            set: { payload: request.body, createdBy: auth.username, createdAt: new Date() },
          });
        const [claim] = await tx
          .update(claims)
          .set({ rerunStatus: 'INPROGRESS', lastModifiedBy: auth.username, lastModifiedOn: new Date() })
          .where(eq(claims.id, row.id))
          .returning();
        await enqueueVerification(tx, row.id, { priority: INTERACTIVE_PRIORITY, rerun: true, requestedBy: auth.username });
        return claim;
      });
      return claimWithDocuments(app.db, updated);
    },
  });
};

export default claimRoutes;
