/**
 * Procedure protocol questions, path ppq (spec 2 §2.11, §7), per organisation. Creating, editing and
 * deleting is for the named analysts of the configuration (QUESTION_EDITORS), in their own organisation (the
 * provider's in any, for overrides; another organisation asked for is refused, as for rules). A claim's own questions
 * and answers (the /questions/{claimId} screen) are in claim-questions.ts.
 */
import { and, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DetailResponse,
  IdParams,
  ListQuery,
  MasterListQuery,
  OrgQuery,
  ProcedureQuestion,
  QuestionCreateBody,
  QuestionEditorResponse,
  QuestionSaveBody,
  QuestionSearchBody,
} from '@claims/shared-kernel/contract';
import { auditQuestion } from '../audit/records';
import { NOT_AUTHORIZED, scopeOrg, writableOrg } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import { andAll } from '../db/sql';
import { keywordMasters, procedureQuestions, procedures, rules } from '../db/schema';
import { badRequest, forbidden, notFound } from '../http/errors';
import { replies } from '../http/replies';
import { questions } from '../questions/store';
import { selectsAny } from '../rules/store';

const QuestionList = replies({ 200: z.array(ProcedureQuestion) });

const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const isEditor = (auth: AuthContext) => app.config.questionEditors.includes(auth.username);
  function requireEditor(auth: AuthContext): void {
    if (!isEditor(auth)) throw forbidden(`${NOT_AUTHORIZED}: questions are created, edited and deleted by the named question editors only`);
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

  /**
   * Questions matching any of the diagnoses: a possible answer names one, or the procedure's rule in the
   * organisation selects one (the diagnoses the procedure is done for).
   */
  async function matchesDiagnosis(org: string, names: string[]): Promise<SQL> {
    const lower = names.map((n) => n.toLowerCase());
    const known = await app.db
      .select({ id: keywordMasters.id })
      .from(keywordMasters)
      .where(and(eq(keywordMasters.kind, 'diagnoses'), inArray(sql`lower(${keywordMasters.name})`, lower)));
    const inAnswers = names.map((name) => sql`${procedureQuestions.answer} @> ${JSON.stringify([name])}::jsonb`);
    const inRule = exists(
      app.db
        .select({ id: rules.id })
        .from(rules)
        .where(
          and(
            eq(rules.org, org),
            eq(rules.procedureId, procedureQuestions.procedureId),
            selectsAny(
              'fk_diagnosis',
              known.map((k) => k.id),
            ),
          ),
        ),
    );
    return or(inRule, ...inAnswers) ?? inRule;
  }

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
      const { procedureCode, procedureName, diagnosis, question, questionType } = request.body;
      const conditions: SQL[] = [eq(procedureQuestions.org, org)];
      if (procedureCode?.length) conditions.push(inArray(procedures.procedureCode, procedureCode));
      if (procedureName?.length) conditions.push(inArray(procedures.name, procedureName));
      if (diagnosis?.length) conditions.push(await matchesDiagnosis(org, diagnosis));
      if (question?.length) conditions.push(inArray(procedureQuestions.question, question));
      if (questionType?.length) conditions.push(inArray(procedureQuestions.questionType, questionType));
      return questions(app.db, andAll(conditions), request.query);
    },
  });

  /** Whether the caller may create, edit and delete questions (the screens show those controls to editors only). */
  app.get('/ppq/editors/me', {
    schema: { response: replies({ 200: QuestionEditorResponse }) },
    handler: async (request) => ({ canEdit: isEditor(request.auth) }),
  });

  /** The questions of one procedure, for the editor (spec 2 §7 'GET /ppq/{procedureId}?org='). */
  app.get('/ppq/:id', {
    schema: { params: IdParams, querystring: OrgQuery, response: QuestionList },
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      return questions(app.db, and(eq(procedureQuestions.org, org), eq(procedureQuestions.procedureId, request.params.id)));
    },
  });

  /** One question per chosen procedure; several questions (the form's queue) are saved together or not at all. */
  app.post('/ppq', {
    schema: { querystring: OrgQuery, body: QuestionCreateBody, response: replies({ 201: z.array(ProcedureQuestion) }) },
    config: { access: requireEditor },
    handler: async (request, reply) => {
      const { auth } = request;
      const org = await writableOrg(app.db, auth, request.query.org, 'questions');
      const asked = request.body;
      await procedureIds(asked.flatMap((body) => body.fk_procedure));
      const now = new Date();
      const created = await app.db.transaction(async (tx) => {
        const inserted = await tx
          .insert(procedureQuestions)
          .values(
            asked.flatMap((body) =>
              [...new Set(body.fk_procedure)].map((procedureId) => ({
                org,
                procedureId,
                question: body.question,
                questionType: body.questionType,
                answer: body.answer,
                entityType: body.entityType,
                createdBy: auth.username,
                lastModifiedBy: auth.username,
                lastModifiedAt: now,
              })),
            ),
          )
          .returning();
        for (const question of inserted) await auditQuestion(tx, auth.username, null, question);
        return inserted;
      });
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
      const org = await writableOrg(app.db, auth, request.query.org, 'questions');
      const existing = await questionInOrg(request.params.id, org);
      const [first, ...others] = await procedureIds(request.body.fk_procedure);
      const now = new Date();
      const fields = {
        question: request.body.question,
        questionType: request.body.questionType,
        answer: request.body.answer,
        entityType: request.body.entityType,
        lastModifiedBy: auth.username,
        lastModifiedAt: now,
      };
      const ids = await app.db.transaction(async (tx) => {
        const [saved] = await tx
          .update(procedureQuestions)
          .set({ procedureId: first, ...fields })
          .where(eq(procedureQuestions.id, existing.id))
          .returning();
        await auditQuestion(tx, auth.username, existing, saved);
        const copies = others.length
          ? await tx
              .insert(procedureQuestions)
              .values(others.map((procedureId) => ({ org, procedureId, ...fields, createdBy: auth.username })))
              .returning()
          : [];
        for (const copy of copies) await auditQuestion(tx, auth.username, null, copy);
        return [existing.id, ...copies.map((c) => c.id)];
      });
      return questions(app.db, inArray(procedureQuestions.id, ids));
    },
  });

  app.delete('/ppq/:id', {
    schema: { params: IdParams, querystring: OrgQuery, response: replies({ 200: DetailResponse }) },
    config: { access: requireEditor },
    handler: async (request) => {
      const org = await writableOrg(app.db, request.auth, request.query.org, 'questions');
      const existing = await questionInOrg(request.params.id, org);
      await app.db.transaction(async (tx) => {
        await tx.delete(procedureQuestions).where(eq(procedureQuestions.id, existing.id));
        await auditQuestion(tx, request.auth.username, existing, null);
      });
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default questionRoutes;
