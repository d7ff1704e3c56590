/**
 * Procedure protocol questions, path ppq (spec 2 §2.11, §7), per organisation. Creating, editing and
 * deleting is for the named analysts of the configuration (QUESTION_EDITORS). A claim's own questions
 * and answers (the /questions/{claimId} screen) are in claim-questions.ts.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DetailResponse,
  IdParams,
  ListQuery,
  MasterListQuery,
  OrgQuery,
  ProcedureQuestion,
  QuestionSaveBody,
  QuestionSearchBody,
} from '@claims/shared-kernel/contract';
import { NOT_AUTHORIZED, scopeOrg } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import { andAll } from '../claims/queries';
import { procedureQuestions, procedures } from '../db/schema';
import { badRequest, forbidden, notFound } from '../http/errors';
import { replies } from '../http/replies';
import { questions } from '../questions/store';

const QuestionList = replies({ 200: z.array(ProcedureQuestion) });

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
    schema: { querystring: MasterListQuery, response: QuestionList },
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      const where = eq(procedureQuestions.org, org);
      if (request.query.getall !== undefined) return questions(app.db, where);
      return questions(app.db, where, { limit: request.query.limit ?? 25, page_number: request.query.page_number ?? 1 });
    },
  });

  app.post('/ppq/search', {
    schema: { querystring: ListQuery, body: QuestionSearchBody, response: QuestionList },
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
    schema: { params: IdParams, querystring: OrgQuery, response: QuestionList },
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      return questions(app.db, and(eq(procedureQuestions.org, org), eq(procedureQuestions.procedureId, request.params.id)));
    },
  });

  /** One question per chosen procedure. */
  app.post('/ppq', {
    schema: { querystring: OrgQuery, body: QuestionSaveBody, response: replies({ 201: z.array(ProcedureQuestion) }) },
    config: { access: requireEditor },
    handler: async (request, reply) => {
      const { auth } = request;
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
    schema: { params: IdParams, querystring: OrgQuery, body: QuestionSaveBody, response: QuestionList },
    config: { access: requireEditor },
    handler: async (request) => {
      const { auth } = request;
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
    schema: { params: IdParams, querystring: OrgQuery, response: replies({ 200: DetailResponse }) },
    config: { access: requireEditor },
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      const existing = await questionInOrg(request.params.id, org);
      await app.db.delete(procedureQuestions).where(eq(procedureQuestions.id, existing.id));
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default questionRoutes;
