/**
 * Versions of a rule: every save stores what the rule then holds under its version number (rules.version, which
 * the adjudicator records as ruleVersion with each verdict), so the history lists each version with its
 * differences from the one before, and an earlier version can be brought back as a new one.
 */
import { and, asc, eq } from 'drizzle-orm';
import { SELECTION_LABELS } from '@claims/shared-kernel/constants';
import {
  RULE_SELECTION_FIELDS,
  statementOutline,
  unwrappedStatement,
  type RuleSelections,
  type RuleStatement,
  type RuleVersion,
  type RuleVersionChange,
} from '@claims/shared-kernel/contract';
import { auditRule } from '../audit/records';
import type { Db, DbOrTx } from '../db';
import { rules, ruleVersions, type RuleVersionContent } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { formatIn, iso } from '../http/time';
import { nameBook, refs, type NameBook } from './store';

type RuleRow = typeof rules.$inferSelect;
type VersionRow = typeof ruleVersions.$inferSelect;

export const versionContent = (rule: RuleRow): RuleVersionContent => ({
  caseType: rule.caseType,
  procedureRule: rule.procedureRule ?? null,
  diagnosisRule: rule.diagnosisRule ?? null,
  documentRule: rule.documentRule ?? null,
  clinicalTermsRule: rule.clinicalTermsRule ?? null,
  queryRule: rule.queryRule ?? null,
  ruleTemplate: rule.ruleTemplate,
  rulesConfiguration: rule.rulesConfiguration ?? null,
  selections: rule.selections,
});

/** The version a rule holds now, as its history would have stored it when it was saved. */
const currentVersion = (rule: RuleRow): VersionRow => ({
  id: 0,
  ruleId: rule.id,
  org: rule.org,
  version: rule.version,
  content: versionContent(rule),
  restoredFrom: null,
  savedBy: rule.lastModifiedBy ?? rule.createdBy,
  savedAt: rule.lastModifiedAt ?? rule.createdAt,
});

/**
 * Stores the version a rule holds (in the transaction of its save). Called with the rule before a change too,
 * so a version saved before versions were kept (a seeded rule) is not lost; a version stored already is kept.
 */
export async function recordVersion(tx: DbOrTx, rule: RuleRow, restoredFrom: number | null = null): Promise<void> {
  const { id: _id, ...row } = currentVersion(rule);
  await tx
    .insert(ruleVersions)
    .values({ ...row, restoredFrom })
    .onConflictDoNothing();
}

/** How the refusal of a stale save names when the rule was saved (the generic view's format, in the display zone). */
const CHANGED_AT_FORMAT = 'YYYY-MM-DD, h:mm:ss a';

export interface NextVersionOptions {
  /** The version the change was made on (the one the editor loaded): a rule saved since refuses the change (409). */
  expectedVersion?: number;
  /** The display time zone, for the refusal's time. */
  zone: string;
  /** The version a restore brought back. */
  restoredFrom?: number | null;
}

/** 409 when two people edit the same rule: the later save would silently undo the earlier one. */
function changedMeanwhile(rule: RuleRow, zone: string) {
  const by = rule.lastModifiedBy ?? rule.createdBy ?? 'someone else';
  const at = rule.lastModifiedAt ?? rule.createdAt;
  return conflict(
    `This rule was changed by ${by}${at ? ` at ${formatIn(at, zone, CHANGED_AT_FORMAT)}` : ''}; reload it to see their changes`,
  );
}

/**
 * Writes a change to a rule as its next version, in one transaction: the rule's row is locked first (SELECT ... FOR
 * UPDATE), so two saves at once make two versions one after the other, each recording the one before it as it was;
 * the change is refused when the rule is no longer the version it was made on; then the modification recorded, the
 * audit entry, and both versions kept. `rule` names the rule (as the caller read it, before the lock).
 */
export async function saveNextVersion(
  db: Db,
  rule: Pick<RuleRow, 'id'>,
  changes: Partial<typeof rules.$inferInsert>,
  username: string,
  { expectedVersion, zone, restoredFrom = null }: NextVersionOptions,
): Promise<RuleRow> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(rules).where(eq(rules.id, rule.id)).for('update');
    if (!current) throw notFound(`Rule ${rule.id} not found: it was deleted`);
    if (expectedVersion !== undefined && expectedVersion !== current.version) throw changedMeanwhile(current, zone);
    const [saved] = await tx
      .update(rules)
      .set({
        ...changes,
        version: current.version + 1,
        modificationHistory: [...current.modificationHistory, { last_modified_by: username, last_modified_on: now.toISOString() }],
        lastModifiedBy: username,
        lastModifiedAt: now,
      })
      .where(eq(rules.id, current.id))
      .returning();
    await auditRule(tx, username, current, saved);
    await recordVersion(tx, current);
    await recordVersion(tx, saved, restoredFrom);
    return saved;
  });
}

/** One stored version of the rule, or the current one. */
export async function versionOf(db: DbOrTx, rule: RuleRow, version: number): Promise<RuleVersionContent | null> {
  if (version === rule.version) return versionContent(rule);
  const [row] = await db
    .select({ content: ruleVersions.content })
    .from(ruleVersions)
    .where(and(eq(ruleVersions.ruleId, rule.id), eq(ruleVersions.version, version)));
  return row?.content ?? null;
}

const TREES: {
  key: 'procedureRule' | 'diagnosisRule' | 'documentRule' | 'clinicalTermsRule' | 'queryRule';
  field: string;
  label: string;
}[] = [
  { key: 'procedureRule', field: 'procedureRule', label: 'Procedure Rule' },
  { key: 'diagnosisRule', field: 'diagnosisRule', label: 'Diagnosis Rule' },
  { key: 'documentRule', field: 'documentRule', label: 'Document Rule' },
  { key: 'clinicalTermsRule', field: 'clinicalTermsRule', label: 'Clinical Terms Rule' },
  { key: 'queryRule', field: 'query_rule', label: 'Query Rule' },
];

/**
 * The lines of `before` missing from `after` (removed) and those of `after` missing from `before` (added), in
 * order, by their longest common subsequence: a statement moved or changed shows as removed and added.
 */
export function lineDifferences(before: string[], after: string[]): { added: string[]; removed: string[] } {
  const common: number[][] = Array.from({ length: before.length + 1 }, () => new Array<number>(after.length + 1).fill(0));
  for (let i = before.length - 1; i >= 0; i--)
    for (let j = after.length - 1; j >= 0; j--)
      common[i][j] = before[i] === after[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
  const added: string[] = [];
  const removed: string[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && before[i] === after[j]) {
      i++;
      j++;
    } else if (j < after.length && (i === before.length || common[i][j + 1] >= common[i + 1][j])) added.push(after[j++]);
    else removed.push(before[i++]);
  }
  return { added, removed };
}

const isGroup = (tree: RuleStatement): boolean => !tree.operator;
const asGroup = (tree: RuleStatement): RuleStatement => (isGroup(tree) ? tree : { booleanOperator: 'AND', statements: [tree] });

/**
 * Two versions of a tree as their differences compare them. A lone statement and an AND group of it alone are one
 * tree (versions saved by the editor that wrapped every tree hold the group): both are read as the statement, or,
 * where the other side is a group, both as groups, so a statement added beside it shows as that statement alone.
 * A tree added or emptied is read as stored.
 */
function comparableTrees(before: RuleStatement | null, after: RuleStatement | null): [RuleStatement | null, RuleStatement | null] {
  if (!before || !after) return [before, after];
  const [old, current] = [unwrappedStatement(before)!, unwrappedStatement(after)!];
  return isGroup(old) !== isGroup(current) ? [asGroup(old), asGroup(current)] : [old, current];
}

const names = (book: NameBook, selections: RuleSelections, field: keyof RuleSelections): string[] =>
  refs(book, selections, field).map((r) => r.name);

function changesBetween(before: RuleVersionContent, after: RuleVersionContent, book: NameBook): RuleVersionChange[] {
  const changes: RuleVersionChange[] = [];
  const push = (field: string, label: string, difference: { added: string[]; removed: string[] }) => {
    if (difference.added.length || difference.removed.length) changes.push({ field, label, ...difference });
  };
  if (before.caseType !== after.caseType) push('case_type', 'Case Type', { added: [after.caseType], removed: [before.caseType] });
  for (const { key, field, label } of TREES) {
    const [old, current] = comparableTrees(before[key], after[key]);
    push(field, label, lineDifferences(statementOutline(old), statementOutline(current)));
  }
  for (const field of RULE_SELECTION_FIELDS) {
    const old = names(book, before.selections, field);
    const current = names(book, after.selections, field);
    push(field, SELECTION_LABELS[field], {
      added: current.filter((name) => !old.includes(name)),
      removed: old.filter((name) => !current.includes(name)),
    });
  }
  if ((before.ruleTemplate ?? '') !== (after.ruleTemplate ?? ''))
    push('rule_template', 'Rule Template', {
      added: after.ruleTemplate ? [after.ruleTemplate] : [],
      removed: before.ruleTemplate ? [before.ruleTemplate] : [],
    });
  if (JSON.stringify(before.rulesConfiguration ?? null) !== JSON.stringify(after.rulesConfiguration ?? null))
    push('rules_configuration', 'Rule Builder Configuration', { added: ['changed'], removed: [] });
  return changes;
}

/**
 * GET /rules/{id}/versions: every version of the rule, newest first, each with its differences from the one before.
 * `rule` is the rule as it is now, or null once it was deleted: its kept versions are listed, none of them current.
 */
export async function listVersions(db: DbOrTx, ruleId: number, rule: RuleRow | null): Promise<RuleVersion[]> {
  const stored = await db.select().from(ruleVersions).where(eq(ruleVersions.ruleId, ruleId)).orderBy(asc(ruleVersions.version));
  const versions = !rule || stored.some((v) => v.version === rule.version) ? stored : [...stored, currentVersion(rule)];
  const book = await nameBook(
    db,
    versions.map((v) => ({ selections: v.content.selections })),
  );
  return versions
    .map((v, index): RuleVersion => {
      const content = v.content;
      return {
        version: v.version,
        saved_by: v.savedBy,
        saved_at: iso(v.savedAt),
        restored_from: v.restoredFrom,
        current: v.version === rule?.version,
        case_type: content.caseType,
        procedureRule: content.procedureRule,
        diagnosisRule: content.diagnosisRule,
        documentRule: content.documentRule,
        clinicalTermsRule: content.clinicalTermsRule,
        selections: Object.fromEntries(RULE_SELECTION_FIELDS.map((field) => [field, names(book, content.selections, field)])),
        changes: index === 0 ? [] : changesBetween(versions[index - 1].content, content, book),
      };
    })
    .reverse();
}

/** The organisation of a deleted rule, from the versions it left (undefined when it left none). */
export async function keptVersionsOrg(db: DbOrTx, ruleId: number): Promise<string | undefined> {
  const [row] = await db.select({ org: ruleVersions.org }).from(ruleVersions).where(eq(ruleVersions.ruleId, ruleId)).limit(1);
  return row?.org;
}
