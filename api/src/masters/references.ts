/**
 * What points at a master, and keeping it pointing there when the master is renamed or deleted.
 *
 * Most references hold an id: a rule's fk_ lists and procedure, a procedure's group, a document segregation's
 * hospitals and documents, a question's procedure. Some hold a name or a code, because that is what the adjudicator
 * compares with the documents and the claim: a rule statement's valuesToFind, a comparison's valueToCompare, a
 * statement's document inclusion and exclusion lists, and a clinical attribute's document-precedence overrides
 * (hospital codes, procedure codes, document names) and pattern overrides (hospital codes).
 *
 * A rename rewrites those in the transaction of the rename, each rewritten rule as its next version and each
 * rewritten attribute with its audit entry, so the next verification finds what it found before. A delete is
 * refused (409) while anything still points at the master, by id or by name, with a detail naming what does.
 *
 * Two names are one when they differ only in case and surrounding space, as the masters' own unique keys compare
 * them (keyword names, attribute names).
 */
import { asc, eq } from 'drizzle-orm';
import {
  type DocumentOverrideField,
  type DomainKind,
  type EntityName,
  entityNameOf,
  type KeywordKind,
  kindOfEntity,
  masterKind,
} from '@claims/shared-kernel/constants';
import { RULE_TREES, type RuleSelections, type RuleStatement } from '@claims/shared-kernel/contract';
import { recordAudit } from '../audit/log';
import type { DbOrTx, Tx } from '../db';
import { clinicalAttributes, docgroupConfigs, docgroupHospitals, procedureQuestions, procedures, rules } from '../db/schema';
import { conflict } from '../http/errors';
import { saveNextVersion } from '../rules/versions';
import { auditedFields, unitNames } from './clinical-attributes';

/** A master as its references know it: the kind (its module), its id, and the names or codes that point at it. */
export type ReferencedMaster =
  | { module: KeywordKind; id: number; name: string; alias: string[] }
  | { module: 'clinicalAttribute'; id: number; name: string; alias: string[] }
  | { module: 'hospitals'; id: number; code: string }
  | { module: 'procedures'; id: number; code: string; name: string; alias: string[] };

/** Where a master's names and codes are written, besides the id references. */
interface Places {
  /** Rule statements of this entity name it in valuesToFind (by its name or an alias, a procedure also by its code). */
  statementEntity: EntityName | null;
  /** Rule statements name it in their document inclusion and exclusion lists (documents, by name). */
  statementDocumentLists: boolean;
  /** Comparisons name it in valueToCompare (clinical attributes). */
  comparisons: boolean;
  /** The fields of a clinical attribute's document-precedence overrides that name it. */
  overrideFields: DocumentOverrideField[];
  /** Pattern overrides name it among their hospitals. */
  patternHospitals: boolean;
  /** The rule selections that hold its id. */
  selections: (keyof RuleSelections)[];
}

/** Where a master is named, from its row of the kinds table (a kind without places is named nowhere but by id). */
function placesOf(master: ReferencedMaster): Places {
  const kind: DomainKind = masterKind(master.module);
  return {
    statementEntity: entityNameOf(master.module),
    statementDocumentLists: kind.places?.statementDocumentLists ?? false,
    comparisons: kind.places?.comparisons ?? false,
    overrideFields: [...(kind.places?.overrideFields ?? [])],
    patternHospitals: kind.places?.patternHospitals ?? false,
    selections: (kind.selections ?? []).map((selection) => selection.field),
  };
}

const fold = (text: string): string => text.trim().toLowerCase();
const sameName = (a: string, b: string): boolean => fold(a) === fold(b);

/** The names a statement's valuesToFind may use for the master (the adjudicator looks masters up by name and alias). */
function statementNames(master: ReferencedMaster): string[] {
  switch (master.module) {
    case 'hospitals':
      return [master.code];
    case 'procedures':
      return [master.name, master.code, ...master.alias];
    default:
      return [master.name, ...master.alias];
  }
}

/**
 * The names an override uses for the master: documents by name only (pages are typed by the document's name), hospitals
 * by code, procedures by code or name (as the adjudicator matches them).
 */
function overrideNames(master: ReferencedMaster): string[] {
  switch (master.module) {
    case 'hospitals':
      return [master.code];
    case 'procedures':
      return [master.code, master.name];
    default:
      return [master.name];
  }
}

/** One name or code of a master that changed: what named `from` names `to`. */
interface Rename {
  from: string;
  to: string;
}

function renamesBetween(before: ReferencedMaster, after: ReferencedMaster): Rename[] {
  const pairs: Rename[] =
    before.module === 'hospitals' && after.module === 'hospitals'
      ? [{ from: before.code, to: after.code }]
      : before.module === 'procedures' && after.module === 'procedures'
        ? [
            { from: before.code, to: after.code },
            { from: before.name, to: after.name },
          ]
        : 'name' in before && 'name' in after
          ? [{ from: before.name, to: after.name }]
          : [];
  return pairs.filter(({ from, to }) => from !== to);
}

// ---------------------------------------------------------------------------------------------
// Rule statements
// ---------------------------------------------------------------------------------------------

const isComparison = (node: RuleStatement): boolean => !!node.operator?.startsWith('VALUE_');

/**
 * Whether a statement's valuesToFind name masters of `entity`: a presence statement of that entity (or of none, whose
 * entity the adjudicator guesses from the names), or a comparison of an older rule without valueToCompare, whose
 * first value names the attribute.
 */
function valuesName(node: RuleStatement, entity: EntityName): boolean {
  if (!node.operator || !node.valuesToFind?.length) return false;
  if (isComparison(node)) return kindOfEntity(entity) === 'clinicalAttribute' && !node.valueToCompare;
  return node.entityName === undefined || node.entityName === entity;
}

/** Clinical attribute ids, for a comparison's valueToCompare: the adjudicator reads it by id first, by name only when the id names none. */
type AttributeIds = ReadonlySet<string>;

/** Whether a comparison's valueToCompare points at the attribute (by id, or by one of `names` when its id names no attribute). */
function comparesWith(node: RuleStatement, master: ReferencedMaster, names: string[], attributeIds: AttributeIds): boolean {
  const compared = node.valueToCompare;
  if (!compared) return false;
  if (String(compared.id) === String(master.id)) return true;
  return !attributeIds.has(String(compared.id)) && names.some((name) => sameName(compared.name, name));
}

/** Whether one statement (not its children) names the master. */
function statementNamesMaster(node: RuleStatement, master: ReferencedMaster, attributeIds: AttributeIds): boolean {
  const places = placesOf(master);
  const names = statementNames(master);
  const listsAny = (list: string[] | undefined, candidates: string[]) => !!list?.some((v) => candidates.some((n) => sameName(v, n)));
  if (places.statementEntity && valuesName(node, places.statementEntity) && listsAny(node.valuesToFind, names)) return true;
  if (places.statementDocumentLists && 'name' in master) {
    if (listsAny(node.documentInclusionList, [master.name]) || listsAny(node.documentExclusionList, [master.name])) return true;
  }
  return places.comparisons && comparesWith(node, master, names, attributeIds);
}

function anyStatement(tree: RuleStatement | null | undefined, test: (node: RuleStatement) => boolean): boolean {
  if (!tree) return false;
  return test(tree) || (tree.statements ?? []).some((child) => anyStatement(child, test));
}

/** The tree with `change` applied to every statement; the same object when nothing changed. */
function mapStatements(tree: RuleStatement, change: (node: RuleStatement) => RuleStatement): RuleStatement {
  const own = change(tree);
  if (!own.statements) return own;
  let childChanged = false;
  const statements = own.statements.map((child) => {
    const next = mapStatements(child, change);
    if (next !== child) childChanged = true;
    return next;
  });
  return childChanged ? { ...own, statements } : own;
}

/**
 * The list with each old name replaced by its new one; the same list when it holds none. All renames apply at once, so
 * a procedure whose code becomes what its name was does not have the new code renamed again.
 */
function renamedList(list: string[] | undefined, renames: Rename[]): string[] | undefined {
  const renamed = (item: string) => renames.find((rename) => sameName(item, rename.from))?.to;
  if (!list?.some((item) => renamed(item) !== undefined)) return list;
  return list.map((item) => renamed(item) ?? item);
}

/** One statement (not its children) with the renames applied where it names the master. */
function renamedStatement(node: RuleStatement, master: ReferencedMaster, renames: Rename[], attributeIds: AttributeIds): RuleStatement {
  const places = placesOf(master);
  let next = node;
  if (places.statementEntity && valuesName(node, places.statementEntity)) {
    const valuesToFind = renamedList(node.valuesToFind, renames);
    if (valuesToFind !== node.valuesToFind) next = { ...next, valuesToFind };
  }
  if (places.statementDocumentLists) {
    const documentInclusionList = renamedList(node.documentInclusionList, renames);
    const documentExclusionList = renamedList(node.documentExclusionList, renames);
    if (documentInclusionList !== node.documentInclusionList) next = { ...next, documentInclusionList };
    if (documentExclusionList !== node.documentExclusionList) next = { ...next, documentExclusionList };
  }
  const compared = node.valueToCompare;
  const rename = places.comparisons ? renames.find(({ from }) => comparesWith(node, master, [from], attributeIds)) : undefined;
  if (compared && rename && compared.name !== rename.to) next = { ...next, valueToCompare: { ...compared, name: rename.to } };
  return next;
}

type RuleRow = typeof rules.$inferSelect;
type RuleTrees = Pick<RuleRow, (typeof RULE_TREES)[number]>;

/** The rule's trees with the renames applied, or null when none of them names the master by an old name. */
function renamedTrees(rule: RuleTrees, master: ReferencedMaster, renames: Rename[], attributeIds: AttributeIds): Partial<RuleTrees> | null {
  const changes: Partial<RuleTrees> = {};
  for (const key of RULE_TREES) {
    const tree = rule[key];
    if (!tree) continue;
    const next = mapStatements(tree, (node) => renamedStatement(node, master, renames, attributeIds));
    if (next !== tree) changes[key] = next;
  }
  return Object.keys(changes).length ? changes : null;
}

/** The four trees the adjudicator reads, as columns to select. */
const treeColumns = {
  procedureRule: rules.procedureRule,
  diagnosisRule: rules.diagnosisRule,
  documentRule: rules.documentRule,
  clinicalTermsRule: rules.clinicalTermsRule,
} satisfies Record<(typeof RULE_TREES)[number], unknown>;

async function attributeIdsOf(db: DbOrTx, master: ReferencedMaster): Promise<AttributeIds> {
  if (!placesOf(master).comparisons) return new Set();
  const rows = await db.select({ id: clinicalAttributes.id }).from(clinicalAttributes);
  return new Set(rows.map((r) => String(r.id)));
}

// ---------------------------------------------------------------------------------------------
// Clinical attribute overrides
// ---------------------------------------------------------------------------------------------

type AttributeRow = typeof clinicalAttributes.$inferSelect;
type AttributeOverrides = Pick<AttributeRow, 'overrides' | 'patternOverrides'>;

const overridesName = (attribute: AttributeOverrides, master: ReferencedMaster): boolean => {
  const names = overrideNames(master);
  const fields = placesOf(master).overrideFields;
  return attribute.overrides.some((override) => fields.some((field) => override[field].some((v) => names.some((n) => sameName(v, n)))));
};

const patternsName = (attribute: AttributeOverrides, master: ReferencedMaster): boolean =>
  placesOf(master).patternHospitals &&
  attribute.patternOverrides.some((pattern) => pattern.hospitals.some((h) => overrideNames(master).some((n) => sameName(h, n))));

/** The attribute's overrides with the renames applied, or null when none of them names the master by an old name. */
function renamedOverrides(attribute: AttributeOverrides, master: ReferencedMaster, renames: Rename[]): AttributeOverrides | null {
  const places = placesOf(master);
  let changed = false;
  const rename = (list: string[]) => {
    const next = renamedList(list, renames) ?? list;
    if (next !== list) changed = true;
    return next;
  };
  const overrides = attribute.overrides.map((override) => {
    const next = { ...override };
    for (const field of places.overrideFields) next[field] = rename(override[field]);
    return next;
  });
  const patternOverrides = places.patternHospitals
    ? attribute.patternOverrides.map((pattern) => ({ ...pattern, hospitals: rename(pattern.hospitals) }))
    : attribute.patternOverrides;
  return changed ? { overrides, patternOverrides } : null;
}

// ---------------------------------------------------------------------------------------------
// Renames
// ---------------------------------------------------------------------------------------------

/** Who renamed the master, and the display time zone (a rule's save words its times in it). */
export interface Renamer {
  username: string;
  zone: string;
}

/**
 * After a master's rename (in its transaction): every rule statement and clinical attribute override that named it
 * by the old name or code names it by the new one. A rewritten rule is saved as its next version (with its audit
 * entry, saveNextVersion); a rewritten attribute is logged as an update by the same user.
 */
export async function rewriteReferences(
  tx: Tx,
  before: ReferencedMaster,
  after: ReferencedMaster,
  { username, zone }: Renamer,
): Promise<void> {
  const renames = renamesBetween(before, after);
  if (!renames.length) return;
  const places = placesOf(before);
  if (places.statementEntity || places.statementDocumentLists || places.comparisons) {
    const attributeIds = await attributeIdsOf(tx, before);
    const candidates = await tx
      .select({ id: rules.id, ...treeColumns })
      .from(rules)
      .orderBy(asc(rules.id));
    for (const candidate of candidates) {
      if (!renamedTrees(candidate, before, renames, attributeIds)) continue;
      // Read again under a lock: the version saved is built on the rule as it is now, not as the scan saw it.
      const [rule] = await tx.select().from(rules).where(eq(rules.id, candidate.id)).for('update');
      const changes = rule && renamedTrees(rule, before, renames, attributeIds);
      if (changes) await saveNextVersion(tx, rule, changes, username, { expectedVersion: rule.version, zone });
    }
  }
  if (places.overrideFields.length || places.patternHospitals) {
    const candidates = await tx
      .select({ id: clinicalAttributes.id, overrides: clinicalAttributes.overrides, patternOverrides: clinicalAttributes.patternOverrides })
      .from(clinicalAttributes)
      .orderBy(asc(clinicalAttributes.id));
    const units = await unitNames(tx);
    for (const candidate of candidates) {
      if (!renamedOverrides(candidate, before, renames)) continue;
      const [attribute] = await tx.select().from(clinicalAttributes).where(eq(clinicalAttributes.id, candidate.id)).for('update');
      const changes = attribute && renamedOverrides(attribute, before, renames);
      if (!changes) continue;
      const at = new Date();
      const [saved] = await tx
        .update(clinicalAttributes)
        .set({
          ...changes,
          lastModifiedBy: username,
          lastModifiedAt: at,
          auditTrail: [...attribute.auditTrail, { last_modified_by: username, last_modified_on: at.toISOString() }],
        })
        .where(eq(clinicalAttributes.id, attribute.id))
        .returning();
      await recordAudit(tx, {
        entity: 'clinicalAttribute',
        key: String(attribute.id),
        action: 'update',
        user: username,
        before: auditedFields(attribute, units),
        after: auditedFields(saved, units),
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Deletes
// ---------------------------------------------------------------------------------------------

/** At most this many of one kind of user are named; the rest are counted. */
const NAMED_USERS = 5;

function listed(items: string[]): string {
  const named = items.slice(0, NAMED_USERS).join(', ');
  return items.length > NAMED_USERS ? `${named} and ${items.length - NAMED_USERS} more` : named;
}

function joined(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** How a delete's refusal names the master: a keyword or attribute by its name, a hospital or procedure by its code. */
function subjectOf(master: ReferencedMaster): string {
  switch (master.module) {
    case 'hospitals':
      return `Hospital ${master.code}`;
    case 'procedures':
      return `Procedure ${master.code}`;
    default:
      return master.name;
  }
}

/** The rules that point at the master (by its id in a selection or as their procedure, or by name in a statement), as 'P1 (vitraya, SETTLEMENT)'. */
async function rulesUsing(db: DbOrTx, master: ReferencedMaster): Promise<string[]> {
  const places = placesOf(master);
  const named = places.statementEntity !== null || places.statementDocumentLists || places.comparisons;
  if (!named && !places.selections.length && master.module !== 'procedures') return [];
  const attributeIds = await attributeIdsOf(db, master);
  const rows = await db
    .select({
      id: rules.id,
      org: rules.org,
      caseType: rules.caseType,
      procedureId: rules.procedureId,
      selections: rules.selections,
      code: procedures.procedureCode,
      ...treeColumns,
    })
    .from(rules)
    .innerJoin(procedures, eq(procedures.id, rules.procedureId))
    .orderBy(asc(procedures.procedureCode), asc(rules.org), asc(rules.caseType));
  return rows
    .filter(
      (rule) =>
        (master.module === 'procedures' && rule.procedureId === master.id) ||
        places.selections.some((field) => (rule.selections[field] ?? []).includes(master.id)) ||
        RULE_TREES.some((key) => anyStatement(rule[key], (node) => statementNamesMaster(node, master, attributeIds))),
    )
    .map((rule) => `${rule.code} (${rule.org}, ${rule.caseType})`);
}

/**
 * Refuses (409) the delete of a master that anything still points at, naming who: 'Discharge Summary is used by the
 * rules of 27001 (vitraya, SETTLEMENT) and the overrides of Haemoglobin; remove it there first'. Call it in the delete's
 * transaction, with the master's row locked.
 */
export async function assertUnreferenced(db: DbOrTx, master: ReferencedMaster): Promise<void> {
  const users: string[] = [];
  const ruleUsers = await rulesUsing(db, master);
  if (ruleUsers.length) users.push(`the rules of ${listed(ruleUsers)}`);

  if (master.module === 'procedureGroup') {
    const rows = await db
      .select({ code: procedures.procedureCode })
      .from(procedures)
      .where(eq(procedures.procedureGroupId, master.id))
      .orderBy(asc(procedures.procedureCode));
    if (rows.length) users.push(`the procedures ${listed(rows.map((r) => r.code))}`);
  }
  if (master.module === 'procedures') {
    const rows = await db
      .select({ org: procedureQuestions.org, question: procedureQuestions.question })
      .from(procedureQuestions)
      .where(eq(procedureQuestions.procedureId, master.id))
      .orderBy(asc(procedureQuestions.org), asc(procedureQuestions.id));
    if (rows.length) users.push(`the questions ${listed(rows.map((r) => `'${r.question}' (${r.org})`))}`);
  }

  const places = placesOf(master);
  if (places.overrideFields.length || places.patternHospitals) {
    const attributes = await db
      .select({
        name: clinicalAttributes.name,
        overrides: clinicalAttributes.overrides,
        patternOverrides: clinicalAttributes.patternOverrides,
      })
      .from(clinicalAttributes)
      .orderBy(asc(clinicalAttributes.name));
    const overriding = attributes.filter((a) => overridesName(a, master)).map((a) => a.name);
    const patterning = attributes.filter((a) => patternsName(a, master)).map((a) => a.name);
    if (overriding.length) users.push(`the overrides of ${listed(overriding)}`);
    if (patterning.length) users.push(`the pattern overrides of ${listed(patterning)}`);
  }

  const segregations =
    master.module === 'document'
      ? await db.selectDistinct({ id: docgroupConfigs.docgroupId }).from(docgroupConfigs).where(eq(docgroupConfigs.documentId, master.id))
      : master.module === 'hospitals'
        ? await db
            .selectDistinct({ id: docgroupHospitals.docgroupId })
            .from(docgroupHospitals)
            .where(eq(docgroupHospitals.hospitalId, master.id))
        : [];
  if (segregations.length) {
    const ids = segregations.map((s) => s.id).sort((a, b) => a - b);
    users.push(`the document segregations ${listed(ids.map(String))}`);
  }

  if (users.length) throw conflict(`${subjectOf(master)} is used by ${joined(users)}; remove it there first`);
}
