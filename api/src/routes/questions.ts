/**
 * Procedure protocol questions, path ppq (spec 2 §2.11, §7), per organisation. Creating, editing and
 * deleting is for the named analysts of the configuration (QUESTION_EDITORS). The claim's own
 * questions and answers (the /questions/{claimId} screen) are here too.
 */
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ClaimAnswersBody, PageQuery, QuestionSaveBody, QuestionSearchBody, type ProcedureQuestion } from '@claims/shared-kernel/contract';
import { NOT_AUTHORIZED, scopeOrg } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import { loadVisibleClaim } from '../claims/access';
import { andAll } from '../claims/queries';
import type { DbOrTx } from '../db';
import { claimAnswers, claims, procedureQuestions, procedures } from '../db/schema';
import { enqueueVerification, INTERACTIVE_PRIORITY } from '../jobs/enqueue';
import { badRequest, forbidden, notFound } from '../http/errors';
import { firstRowCarriesTotal, offsetOf } from '../http/paging';
import { iso } from '../http/time';
import { ClaimIdParams } from './claims';

const OrgQuery = z.object({ org: z.string().optional() });
const IdParams = z.object({ id: z.coerce.number().int().positive() });

type Joined = { question: typeof procedureQuestions.$inferSelect; procedure: typeof procedures.$inferSelect };
const toQuestion = ({ question, procedure }: Joined): ProcedureQuestion => ({
  id: question.id,
  fk_procedure: question.procedureId,
  procedure: { id: procedure.id, procedure_name: procedure.name, procedure_code: procedure.procedureCode },
  question: question.question,
  questionType: question.questionType,
  answer: question.answer,
  entityType: question.entityType as ProcedureQuestion['entityType'],
  created_by: question.createdBy,
  created_on: iso(question.createdAt),
  last_modified_by: question.lastModifiedBy,
  last_modified_on: iso(question.lastModifiedAt),
});

async function questions(db: DbOrTx, where: SQL | undefined, page?: { limit: number; page_number: number }) {
  const base = db
    .select({ question: procedureQuestions, procedure: procedures })
    .from(procedureQuestions)
    .innerJoin(procedures, eq(procedures.id, procedureQuestions.procedureId))
    .where(where)
    .orderBy(asc(procedures.procedureCode), asc(procedureQuestions.id));
  if (!page) return (await base).map(toQuestion);
  const [{ total }] = await db
    .select({ total: count() })
    .from(procedureQuestions)
    .innerJoin(procedures, eq(procedures.id, procedureQuestions.procedureId))
    .where(where);
  const rows = await base.limit(page.limit).offset(offsetOf(page));
  return firstRowCarriesTotal(rows.map(toQuestion), total, page.page_number);
}

const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  function requireEditor(auth: AuthContext): void {
    if (!app.config.questionEditors.includes(auth.username))
      throw forbidden(`${NOT_AUTHORIZED}: questions are edited by the named analysts only`);
  }

  async function procedureIds(ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const found = await app.db.select({ id: procedures.id }).from(procedures).where(inArray(procedures.id, unique));
    const missing = unique.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw badRequest(`fk_procedure: unknown procedure ${missing.join(', ')}`);
    return unique;
  }

  async function questionInOrg(id: number, org: string) {
    const [row] = await app.db
      .select()
      .from(procedureQuestions)
      .where(and(eq(procedureQuestions.id, id), eq(procedureQuestions.org, org)));
    if (!row) throw notFound(`Question ${id} not found in ${org}`);
    return row;
  }

  const answersFor = (body: z.infer<typeof QuestionSaveBody>) => (body.questionType === 'numerics' ? [] : body.answer);

  app.get('/ppq', {
    schema: { querystring: PageQuery.partial().extend({ org: z.string().optional(), getall: z.string().optional() }) },
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      const where = eq(procedureQuestions.org, org);
      if (request.query.getall !== undefined) return questions(app.db, where);
      return questions(app.db, where, { limit: request.query.limit ?? 25, page_number: request.query.page_number ?? 1 });
    },
  });

  app.post('/ppq/search', {
    schema: { querystring: PageQuery.extend({ org: z.string().optional() }), body: QuestionSearchBody },
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      const { procedureCode, procedureName, question, questionType } = request.body;
      const conditions: SQL[] = [eq(procedureQuestions.org, org)];
      if (procedureCode?.length) conditions.push(inArray(procedures.procedureCode, procedureCode));
      if (procedureName?.length) conditions.push(inArray(procedures.name, procedureName));
      if (question?.length) conditions.push(inArray(procedureQuestions.question, question));
      if (questionType?.length) conditions.push(inArray(procedureQuestions.questionType, questionType));
      return questions(app.db, andAll(conditions), request.query);
    },
  });

  /** The questions of one procedure, for the editor (spec 2 §7 'GET /ppq/{procedureId}?org='). */
  app.get('/ppq/:id', {
    schema: { params: IdParams, querystring: OrgQuery },
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      return questions(app.db, and(eq(procedureQuestions.org, org), eq(procedureQuestions.procedureId, request.params.id)));
    },
  });

  /** One question per chosen procedure. */
  app.post('/ppq', {
    schema: { querystring: OrgQuery, body: QuestionSaveBody },
    handler: async (request, reply) => {
      const { auth } = request;
      requireEditor(auth);
      const org = await scopeOrg(app.db, auth, request.query.org);
      const ids = await procedureIds(request.body.fk_procedure);
      const now = new Date();
      const created = await app.db
        .insert(procedureQuestions)
        .values(
          ids.map((procedureId) => ({
            org,
            procedureId,
            question: request.body.question,
            questionType: request.body.questionType,
            answer: answersFor(request.body),
            entityType: request.body.entityType,
            createdBy: auth.username,
            lastModifiedBy: auth.username,
            lastModifiedAt: now,
          })),
        )
        .returning({ id: procedureQuestions.id });
      const rows = await questions(
        app.db,
        inArray(
          procedureQuestions.id,
          created.map((c) => c.id),
        ),
      );
      return reply.code(201).send(rows);
    },
  });

  /** The first procedure replaces the question's own; further ones get a copy each. */
  app.put('/ppq/:id', {
    schema: { params: IdParams, querystring: OrgQuery, body: QuestionSaveBody },
    handler: async (request) => {
      const { auth } = request;
      requireEditor(auth);
      const org = await scopeOrg(app.db, auth, request.query.org);
      const existing = await questionInOrg(request.params.id, org);
      const [first, ...others] = await procedureIds(request.body.fk_procedure);
      const now = new Date();
      const fields = {
        question: request.body.question,
        questionType: request.body.questionType,
        answer: answersFor(request.body),
        entityType: request.body.entityType,
        lastModifiedBy: auth.username,
        lastModifiedAt: now,
      };
      const ids = await app.db.transaction(async (tx) => {
        await tx
          .update(procedureQuestions)
          .set({ procedureId: first, ...fields })
          .where(eq(procedureQuestions.id, existing.id));
        const copies = others.length
          ? await tx
              .insert(procedureQuestions)
              .values(others.map((procedureId) => ({ org, procedureId, ...fields, createdBy: auth.username })))
              .returning({ id: procedureQuestions.id })
          : [];
        return [existing.id, ...copies.map((c) => c.id)];
      });
      return questions(app.db, inArray(procedureQuestions.id, ids));
    },
  });

  app.delete('/ppq/:id', {
    schema: { params: IdParams, querystring: OrgQuery },
    handler: async (request) => {
      requireEditor(request.auth);
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      const existing = await questionInOrg(request.params.id, org);
      await app.db.delete(procedureQuestions).where(eq(procedureQuestions.id, existing.id));
      return { detail: 'Deleted Successfully' };
    },
  });

  /** The questions a claim asks for (its procedures, its organisation), with any answers given. */
  app.get('/claims/:claimId/questions', {
    schema: { params: ClaimIdParams, querystring: OrgQuery },
    handler: async (request) => {
      const claim = await loadVisibleClaim(app.db, request.auth, request.params.claimId, request.query.org);
      const list = claim.procedureCodes.length
        ? await questions(app.db, and(eq(procedureQuestions.org, claim.org), inArray(procedures.procedureCode, claim.procedureCodes)))
        : [];
      const [saved] = await app.db
        .select({ payload: claimAnswers.payload })
        .from(claimAnswers)
        .where(and(eq(claimAnswers.claimId, claim.id), eq(claimAnswers.kind, 'questions')));
      return { questions: list, answers: (saved?.payload.answers as Record<string, string[]> | undefined) ?? {} };
    },
  });

  /** Answers are kept as facts for the rules and the claim is verified again with them. */
  app.post('/claims/:claimId/questions', {
    schema: { params: ClaimIdParams, querystring: OrgQuery, body: ClaimAnswersBody },
    handler: async (request) => {
      const { auth } = request;
      const claim = await loadVisibleClaim(app.db, auth, request.params.claimId, request.query.org);
      const asked = await questions(
        app.db,
        and(
          eq(procedureQuestions.org, claim.org),
          inArray(procedures.procedureCode, claim.procedureCodes.length ? claim.procedureCodes : ['']),
        ),
      );
      const foreign = Object.keys(request.body.answers).filter((id) => !asked.some((q) => String(q.id) === id));
      if (foreign.length) throw badRequest(`answers.${foreign[0]}: not a question of this claim`);
      await app.db.transaction(async (tx) => {
        const payload = { answers: request.body.answers };
        await tx
          .insert(claimAnswers)
          .values({ claimId: claim.id, kind: 'questions', payload, createdBy: auth.username })
          .onConflictDoUpdate({
            target: [claimAnswers.claimId, claimAnswers.kind],
            set: { payload, createdBy: auth.username, createdAt: new Date() },
          });
        await tx.update(claims).set({ lastModifiedBy: auth.username, lastModifiedOn: new Date() }).where(eq(claims.id, claim.id));
        await enqueueVerification(tx, claim.id, { priority: INTERACTIVE_PRIORITY, rerun: true, requestedBy: auth.username });
      });
      return { id: claim.id, Message: 'Successfully Done' };
    },
  });
};

export default questionRoutes;
