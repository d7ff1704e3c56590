/** Reading and shaping rules: names for the selected ids, the list row, the full rule, the save body. */
import { and, inArray, or, sql, type SQL } from 'drizzle-orm';
import { SELECTION_KINDS, SELECTION_NAMED_LISTS } from '@claims/shared-kernel/constants';
import {
  cleanStatement,
  RULE_SELECTION_FIELDS,
  RULE_TREES,
  statementProblems,
  type NamedRef,
  type Rule,
  type RuleListRow,
  type RuleSaveBody,
  type RuleSelections,
  type RuleStatement,
  type RulesConfigurationInput,
  type RuleTreeName,
  type StatementProblem,
} from '@claims/shared-kernel/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../db';
import { clinicalAttributes, keywordMasters, type procedures, rules } from '../db/schema';
import { iso } from '../http/time';

type RuleRow = typeof rules.$inferSelect;
type ProcedureRow = typeof procedures.$inferSelect;

export interface NameBook {
  keyword: Map<number, string>;
  attribute: Map<number, string>;
}

/** Names of every id the rules select, fetched in two queries. */
export async function nameBook(db: DbOrTx, rows: { selections: RuleSelections }[]): Promise<NameBook> {
  const keywordIds = new Set<number>();
  const attributeIds = new Set<number>();
  for (const { selections } of rows) {
    for (const field of RULE_SELECTION_FIELDS) {
      for (const id of selections[field] ?? []) (SELECTION_KINDS[field] === 'clinicalAttribute' ? attributeIds : keywordIds).add(id);
    }
  }
  const keyword = keywordIds.size
    ? await db
        .select({ id: keywordMasters.id, name: keywordMasters.name })
        .from(keywordMasters)
        .where(inArray(keywordMasters.id, [...keywordIds]))
    : [];
  const attribute = attributeIds.size
    ? await db
        .select({ id: clinicalAttributes.id, name: clinicalAttributes.name })
        .from(clinicalAttributes)
        .where(inArray(clinicalAttributes.id, [...attributeIds]))
    : [];
  return { keyword: new Map(keyword.map((k) => [k.id, k.name])), attribute: new Map(attribute.map((a) => [a.id, a.name])) };
}

/** The selected items that still exist, in the rule's order. */
export function refs(book: NameBook, selections: RuleSelections, field: keyof RuleSelections): NamedRef[] {
  const names = SELECTION_KINDS[field] === 'clinicalAttribute' ? book.attribute : book.keyword;
  return (selections[field] ?? []).filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! }));
}

export function toRuleListRow(row: RuleRow, procedure: ProcedureRow, book: NameBook): RuleListRow {
  return {
    id: row.id,
    case_type: row.caseType,
    procedures: { procedure_code: procedure.procedureCode, name: procedure.name },
    diagnosisList: refs(book, row.selections, 'fk_diagnosis').map((r) => r.name),
    document: refs(book, row.selections, 'fk_document').map((r) => r.name),
  };
}

export function toRule(row: RuleRow, procedure: ProcedureRow, group: NamedRef | null, book: NameBook): Rule {
  const s = row.selections;
  return {
    id: row.id,
    org: row.org,
    fk_procedure: row.procedureId,
    procedures: {
      id: procedure.id,
      procedure_code: procedure.procedureCode,
      name: procedure.name,
      snomedct_code: procedure.snomedctCode,
      procedure_group: group,
    },
    case_type: row.caseType,
    procedureRule: row.procedureRule ?? null,
    diagnosisRule: row.diagnosisRule ?? null,
    documentRule: row.documentRule ?? null,
    clinicalTermsRule: row.clinicalTermsRule ?? null,
    rule_template: row.ruleTemplate,
    query_rule: row.queryRule ?? null,
    rules_configuration: {
      procedureRule: row.procedureRule ?? null,
      diagnosisRule: row.diagnosisRule ?? null,
      documentRule: row.documentRule ?? null,
      clinicalTermsRule: row.clinicalTermsRule ?? null,
    },
    ...Object.fromEntries(RULE_SELECTION_FIELDS.map((f) => [f, s[f] ?? []])),
    // Each selection's items by name, under the field that lists them (the kinds table's named list).
    ...Object.fromEntries(RULE_SELECTION_FIELDS.map((f) => [SELECTION_NAMED_LISTS[f], refs(book, s, f)])),
    version: row.version,
    modification_history: row.modificationHistory,
    created_by: row.createdBy,
    created_at: iso(row.createdAt),
    last_modified_by: row.lastModifiedBy,
    last_modified_at: iso(row.lastModifiedAt),
  } as Rule;
}

/** What a saved tree keeps (editor-only fields and empty leaves go): one definition for the api, the seed and the builder. */
export { cleanStatement };

export type ParsedRuleSave = z.output<typeof RuleSaveBody>;

/** The trees a save body carries, under their wire names. */
const SAVED_TREES = ['procedureRule', 'diagnosisRule', 'documentRule', 'clinicalTermsRule', 'query_rule'] as const;

const problemText = (problems: StatementProblem[]): string | null =>
  problems.length ? problems.map((p) => `${p.path}: ${p.message}`).join('; ') : null;

/** The malformed statements of the rule builder's trees, named 'rules_configuration.procedureRule.statements[0]'. */
function configurationProblems(configuration: RulesConfigurationInput | null | undefined): StatementProblem[] {
  if (!configuration) return [];
  // RuleStatementInput is RuleStatement with its enums left open: statementProblems is what checks them.
  return RULE_TREES.flatMap((tree) =>
    statementProblems(configuration[tree] as RuleStatement | null | undefined, `rules_configuration.${tree}`),
  );
}

/**
 * Why the body's trees cannot be saved, naming each malformed statement by its path
 * ('procedureRule.statements[1].statements[0]: a range needs two bounds'), or null when they are well formed.
 */
export function treeProblems(
  body: Pick<ParsedRuleSave, (typeof SAVED_TREES)[number]> & { rules_configuration?: RulesConfigurationInput | null },
): string | null {
  return problemText([
    ...SAVED_TREES.flatMap((tree) => statementProblems(body[tree] as RuleStatement | null | undefined, tree)),
    ...configurationProblems(body.rules_configuration),
  ]);
}

/** Why the rule builder's save cannot be stored (see treeProblems), or null. */
export const configurationTreeProblems = (configuration: RulesConfigurationInput): string | null =>
  problemText(configurationProblems(configuration));

/**
 * The trees the rule builder's configuration gives, cleaned, under the rule's column names (the same as the wire
 * names); a tree it leaves out is not in the answer, one it gives as null is (emptied).
 */
export function configurationTrees(
  configuration: RulesConfigurationInput | null | undefined,
): Partial<Record<RuleTreeName, RuleStatement | null>> {
  if (!configuration) return {};
  return Object.fromEntries(
    RULE_TREES.filter((tree) => configuration[tree] !== undefined).map((tree) => [
      tree,
      cleanStatement(configuration[tree] as RuleStatement | null),
    ]),
  );
}

/**
 * The body's trees as stored, once treeProblems found none: each of the four from the body itself, or where the body
 * does not carry it, from its rules_configuration (the builder's trees), else none.
 */
export function savedTrees(
  body: Pick<ParsedRuleSave, (typeof SAVED_TREES)[number]> & { rules_configuration?: RulesConfigurationInput | null },
) {
  // Checked by treeProblems: every operator, entity and range is one the statement model knows.
  const clean = (tree: (typeof SAVED_TREES)[number]) => cleanStatement(body[tree] as RuleStatement | null | undefined);
  const fromBuilder = configurationTrees(body.rules_configuration);
  const tree = (name: RuleTreeName) => (body[name] !== undefined ? clean(name) : (fromBuilder[name] ?? null));
  return {
    procedureRule: tree('procedureRule'),
    diagnosisRule: tree('diagnosisRule'),
    documentRule: tree('documentRule'),
    clinicalTermsRule: tree('clinicalTermsRule'),
    queryRule: clean('query_rule'),
  };
}

export const selectionsOf = (body: ParsedRuleSave): RuleSelections =>
  Object.fromEntries(RULE_SELECTION_FIELDS.map((f) => [f, [...new Set(body[f])]])) as unknown as RuleSelections;

/** Ids in a save body that name nothing, per field (to answer 400 naming the field). */
export async function unknownSelections(db: DbOrTx, selections: RuleSelections): Promise<string | null> {
  const book = await nameBook(db, [{ selections }]);
  for (const field of RULE_SELECTION_FIELDS) {
    const source = SELECTION_KINDS[field];
    const missing = selections[field].filter((id) => !(source === 'clinicalAttribute' ? book.attribute : book.keyword).has(id));
    if (missing.length) return `${field}: unknown id ${missing.join(', ')}`;
  }
  // Keyword ids must also be of the right kind (a drug id in fk_diagnosis is a mistake).
  for (const field of RULE_SELECTION_FIELDS) {
    const source = SELECTION_KINDS[field];
    if (source === 'clinicalAttribute' || !selections[field].length) continue;
    const wrong = await db
      .select({ id: keywordMasters.id })
      .from(keywordMasters)
      .where(and(inArray(keywordMasters.id, selections[field]), sql`${keywordMasters.kind} <> ${source}`));
    if (wrong.length) return `${field}: ${wrong.map((w) => w.id).join(', ')} is not a ${source} entry`;
  }
  return null;
}

/** Rules whose selection field holds any of the ids. */
export const selectsAny = (field: keyof RuleSelections, ids: number[]): SQL =>
  ids.length ? or(...ids.map((id) => sql`${rules.selections} -> ${field} @> ${JSON.stringify([id])}::jsonb`))! : sql`false`;
