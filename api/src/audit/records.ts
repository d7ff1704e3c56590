/**
 * The fields the log keeps of a rule and of a procedure question: what an analyst reads in a history, so
 * selections and procedures by name and code (as they were at the time), not by id.
 */
import { eq } from 'drizzle-orm';
import { SELECTION_NAMED_LISTS } from '@claims/shared-kernel/constants';
import { RULE_SELECTION_FIELDS } from '@claims/shared-kernel/contract';
import type { DbOrTx } from '../db';
import { type procedureQuestions, procedures, type rules } from '../db/schema';
import { nameBook, refs } from '../rules/store';
import { type AuditFields, recordAudit } from './log';

async function procedureCode(db: DbOrTx, id: number): Promise<string> {
  const [row] = await db.select({ code: procedures.procedureCode }).from(procedures).where(eq(procedures.id, id));
  return row?.code ?? String(id);
}

export async function ruleAuditFields(db: DbOrTx, rule: typeof rules.$inferSelect): Promise<AuditFields> {
  const book = await nameBook(db, [rule]);
  // Each selection under the field that lists its names when the rule is read, so a history reads as the rule does.
  const selections = Object.fromEntries(
    RULE_SELECTION_FIELDS.map((field) => [SELECTION_NAMED_LISTS[field], refs(book, rule.selections, field).map((r) => r.name)]),
  );
  return {
    org: rule.org,
    procedure_code: await procedureCode(db, rule.procedureId),
    case_type: rule.caseType,
    version: rule.version,
    procedureRule: rule.procedureRule,
    diagnosisRule: rule.diagnosisRule,
    documentRule: rule.documentRule,
    clinicalTermsRule: rule.clinicalTermsRule,
    query_rule: rule.queryRule,
    rule_template: rule.ruleTemplate,
    rules_configuration: rule.rulesConfiguration ?? null,
    ...selections,
  };
}

export async function questionAuditFields(db: DbOrTx, question: typeof procedureQuestions.$inferSelect): Promise<AuditFields> {
  return {
    org: question.org,
    procedure_code: await procedureCode(db, question.procedureId),
    question: question.question,
    questionType: question.questionType,
    answer: question.answer,
    entityType: question.entityType,
  };
}

type RuleRow = typeof rules.$inferSelect;
type QuestionRow = typeof procedureQuestions.$inferSelect;

/** Logs a rule's create (before null), update or delete (after null), in the transaction of the change. */
export async function auditRule(tx: DbOrTx, user: string, before: RuleRow | null, after: RuleRow | null): Promise<void> {
  const record = (after ?? before) as RuleRow;
  await recordAudit(tx, {
    entity: 'rules',
    key: String(record.id),
    action: before ? (after ? 'update' : 'delete') : 'create',
    user,
    before: before && (await ruleAuditFields(tx, before)),
    after: after && (await ruleAuditFields(tx, after)),
  });
}

/** Logs a question's create (before null), update or delete (after null), in the transaction of the change. */
export async function auditQuestion(tx: DbOrTx, user: string, before: QuestionRow | null, after: QuestionRow | null): Promise<void> {
  const record = (after ?? before) as QuestionRow;
  await recordAudit(tx, {
    entity: 'procedureQuestions',
    key: String(record.id),
    action: before ? (after ? 'update' : 'delete') : 'create',
    user,
    before: before && (await questionAuditFields(tx, before)),
    after: after && (await questionAuditFields(tx, after)),
  });
}
