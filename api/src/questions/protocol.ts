/**
 * Procedure protocol questions of one organisation (spec 2 §2.11, §7): its lists and search, and the editors'
 * writes, each in one transaction with its audit entries. The caller has resolved the organisation and checked that
 * the user may write there.
 */
import { and, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  MasterListQuery,
  Paged,
  ProcedureQuestion,
  QuestionCreateBody,
  QuestionSaveBody,
  QuestionSearchBody,
} from '@claims/shared-kernel/contract';
import { auditQuestion } from '../audit/records';
import type { AuthContext } from '../auth/tokens';
import type { Db, DbOrTx } from '../db';
import { keywordMasters, procedureQuestions, procedures, rules } from '../db/schema';
import { andAll } from '../db/sql';
import { badRequest, notFound } from '../http/errors';
import type { Page } from '../http/paging';
import { selectsAny } from '../rules/store';
import { questions } from './store';

/** GET /ppq: every question of the organisation with `getall`, otherwise a page. */
export async function listQuestions(db: DbOrTx, org: string, query: z.output<typeof MasterListQuery>): Promise<Paged<ProcedureQuestion>[]> {
  const where = eq(procedureQuestions.org, org);
  if (query.getall !== undefined) return questions(db, where);
  return questions(db, where, { limit: query.limit ?? 25, page_number: query.page_number ?? 1 });
}

/**
 * Questions matching any of the diagnoses: a possible answer names one, or the procedure's rule in the
 * organisation selects one (the diagnoses the procedure is done for).
 */
async function matchesDiagnosis(db: DbOrTx, org: string, names: string[]): Promise<SQL> {
  const lower = names.map((n) => n.toLowerCase());
  const known = await db
    .select({ id: keywordMasters.id })
    .from(keywordMasters)
    .where(and(eq(keywordMasters.kind, 'diagnoses'), inArray(sql`lower(${keywordMasters.name})`, lower)));
  const inAnswers = names.map((name) => sql`${procedureQuestions.answer} @> ${JSON.stringify([name])}::jsonb`);
  const inRule = exists(
    db
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

/** POST /ppq/search: every filter given narrows the page. */
export async function searchQuestions(db: DbOrTx, org: string, body: QuestionSearchBody, page: Page): Promise<Paged<ProcedureQuestion>[]> {
  const { procedureCode, procedureName, diagnosis, question, questionType } = body;
  const conditions: SQL[] = [eq(procedureQuestions.org, org)];
  if (procedureCode?.length) conditions.push(inArray(procedures.procedureCode, procedureCode));
  if (procedureName?.length) conditions.push(inArray(procedures.name, procedureName));
  if (diagnosis?.length) conditions.push(await matchesDiagnosis(db, org, diagnosis));
  if (question?.length) conditions.push(inArray(procedureQuestions.question, question));
  if (questionType?.length) conditions.push(inArray(procedureQuestions.questionType, questionType));
  return questions(db, andAll(conditions), page);
}

/** The questions of one procedure, for the editor. */
export const questionsOfProcedure = (db: DbOrTx, org: string, procedureId: number): Promise<ProcedureQuestion[]> =>
  questions(db, and(eq(procedureQuestions.org, org), eq(procedureQuestions.procedureId, procedureId)));

async function procedureIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await db.select({ id: procedures.id }).from(procedures).where(inArray(procedures.id, unique));
  const missing = unique.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw badRequest(`fk_procedure: unknown procedure ${missing.join(', ')}`);
  return unique;
}

async function questionInOrg(db: DbOrTx, id: number, org: string) {
  const [row] = await db
    .select()
    .from(procedureQuestions)
    .where(and(eq(procedureQuestions.id, id), eq(procedureQuestions.org, org)));
  if (!row) throw notFound(`Question ${id} not found in ${org}`);
  return row;
}

/** One question per chosen procedure; several questions (the form's queue) are saved together or not at all. */
export async function createQuestions(
  db: Db,
  auth: AuthContext,
  org: string,
  asked: z.output<typeof QuestionCreateBody>,
): Promise<ProcedureQuestion[]> {
  await procedureIds(
    db,
    asked.flatMap((body) => body.fk_procedure),
  );
  const now = new Date();
  const created = await db.transaction(async (tx) => {
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
  return questions(
    db,
    inArray(
      procedureQuestions.id,
      created.map((c) => c.id),
    ),
  );
}

/** The first procedure replaces the question's own; further ones get a copy each. */
export async function updateQuestion(
  db: Db,
  auth: AuthContext,
  org: string,
  id: number,
  body: QuestionSaveBody,
): Promise<ProcedureQuestion[]> {
  const existing = await questionInOrg(db, id, org);
  const [first, ...others] = await procedureIds(db, body.fk_procedure);
  const now = new Date();
  const fields = {
    question: body.question,
    questionType: body.questionType,
    answer: body.answer,
    entityType: body.entityType,
    lastModifiedBy: auth.username,
    lastModifiedAt: now,
  };
  const ids = await db.transaction(async (tx) => {
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
  return questions(db, inArray(procedureQuestions.id, ids));
}

export async function deleteQuestion(db: Db, auth: AuthContext, org: string, id: number): Promise<void> {
  const existing = await questionInOrg(db, id, org);
  await db.transaction(async (tx) => {
    await tx.delete(procedureQuestions).where(eq(procedureQuestions.id, existing.id));
    await auditQuestion(tx, auth.username, existing, null);
  });
}
