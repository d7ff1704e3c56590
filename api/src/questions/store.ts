/** Reading procedure protocol questions (spec 2 §3) as the wire shapes them, with their procedure. */
import { asc, eq, type SQL } from 'drizzle-orm';
import type { Paged, ProcedureQuestion } from '@claims/shared-kernel/contract';
import type { DbOrTx } from '../db';
import { procedureQuestions, procedures } from '../db/schema';
import { firstRowCarriesTotal, type Page } from '../http/paging';
import { selectPage } from '../db/sql';
import { iso } from '../http/time';

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

/** The questions matching `where`, by procedure code; with a page, that page (the first row carrying the total). */
export async function questions(db: DbOrTx, where: SQL | undefined, page?: Page): Promise<Paged<ProcedureQuestion>[]> {
  const listed = db
    .select({ question: procedureQuestions, procedure: procedures })
    .from(procedureQuestions)
    .innerJoin(procedures, eq(procedures.id, procedureQuestions.procedureId))
    .where(where)
    .$dynamic();
  const order = [asc(procedures.procedureCode), asc(procedureQuestions.id)];
  if (!page) return (await listed.orderBy(...order)).map(toQuestion);
  const { rows, total } = await selectPage(db, listed, order, page);
  return firstRowCarriesTotal(rows.map(toQuestion), total, page.page_number);
}
