/**
 * Procedure protocol rules (spec 2 §2.8-2.10, §7; spec 3 §2.8): one per organisation, procedure and case type, with a
 * version and a modification history. The lists, the reads a caller may make (its own organisation's rules, and the
 * provider's that judge its claims), the writes, each saving a version, and the dry run of a draft. The caller has
 * resolved the organisation and checked who may write there.
 */
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { caseTypeLabel, isProviderOrg, PROVIDER_ORG, type CaseType } from '@claims/shared-kernel/constants';
import {
  DRY_RUN_DEFAULT_CLAIMS,
  type Paged,
  type Rule,
  type RuleBuilderSaveBody,
  type RuleDryRunBody,
  type RuleDryRunResult,
  type RuleExistence,
  type RuleListRow,
  type RuleOfProcedure,
  type RuleSearchBody,
  type RuleSearchResponse,
  type RuleSelections,
  type RuleVersion,
} from '@claims/shared-kernel/contract';
import { auditRule } from '../audit/records';
import type { AuthContext } from '../auth/tokens';
import type { Db, DbOrTx } from '../db';
import { clinicalAttributes, keywordMasters, procedures, rules } from '../db/schema';
import { andAll, selectPage } from '../db/sql';
import { badRequest, conflict, notFound } from '../http/errors';
import { firstRowCarriesTotal, type Page } from '../http/paging';
import { dryRun } from './dry-run';
import {
  configurationTreeProblems,
  configurationTrees,
  nameBook,
  refs,
  savedTrees,
  selectionsOf,
  selectsAny,
  toRule,
  toRuleListRow,
  treeProblems,
  unknownSelections,
  type ParsedRuleSave,
} from './store';
import { keptVersionsOrg, listVersions, recordVersion, saveNextVersion, versionOf } from './versions';

const groups = alias(keywordMasters, 'procedure_group');

async function rulesPage(db: DbOrTx, where: SQL | undefined, page: Page): Promise<Paged<RuleListRow>[]> {
  const listed = db
    .select({ rule: rules, procedure: procedures })
    .from(rules)
    .innerJoin(procedures, eq(procedures.id, rules.procedureId))
    .where(where)
    .$dynamic();
  const { rows, total } = await selectPage(db, listed, [asc(procedures.procedureCode), asc(rules.caseType)], page);
  const book = await nameBook(
    db,
    rows.map((r) => r.rule),
  );
  return firstRowCarriesTotal(
    rows.map((r) => toRuleListRow(r.rule, r.procedure, book)),
    total,
    page.page_number,
  );
}

async function idsByName(db: DbOrTx, kind: string, names: string[] | undefined): Promise<number[] | undefined> {
  if (!names?.length) return undefined;
  const lower = names.map((n) => n.toLowerCase());
  const rows =
    kind === 'clinicalAttribute'
      ? await db
          .select({ id: clinicalAttributes.id })
          .from(clinicalAttributes)
          .where(inArray(sql`lower(${clinicalAttributes.name})`, lower))
      : await db
          .select({ id: keywordMasters.id })
          .from(keywordMasters)
          .where(and(eq(keywordMasters.kind, kind as 'diagnoses'), inArray(sql`lower(${keywordMasters.name})`, lower)));
  return rows.map((r) => r.id);
}

async function searchConditions(db: DbOrTx, org: string, body: RuleSearchBody): Promise<SQL[]> {
  const conditions: SQL[] = [eq(rules.org, org)];
  if (body.procedureCode?.length) conditions.push(inArray(procedures.procedureCode, body.procedureCode));
  if (body.procedureName?.length) conditions.push(inArray(procedures.name, body.procedureName));
  const selections = [
    ['fk_diagnosis', await idsByName(db, 'diagnoses', body.diagnosis)],
    ['fk_document', await idsByName(db, 'document', body.document)],
    ['fk_clinical_attribute', await idsByName(db, 'clinicalAttribute', body.clinicalAttribute)],
  ] as const;
  for (const [field, ids] of selections) if (ids) conditions.push(selectsAny(field, ids));
  return conditions;
}

/** The document pickers of the rule form allow this many documents each (spec 2 §5). */
const PICKER_LIMIT = 10;
const DOCUMENT_PICKERS = ['fk_document', 'fk_exc_document', 'fk_clinical_inc_document', 'fk_clinical_exc_document'] as const;

/** The largest id a rule can have (a serial): a longer run of digits can only be a code. */
const MAX_RULE_ID = 2_147_483_647;
const PREAUTH_SUFFIX = '_preauth';

/** The id a rule key names, if it is one (digits within the serial's range). */
function ruleIdOf(key: string): number | null {
  if (!/^\d{1,10}$/.test(key)) return null;
  const id = Number(key);
  return id >= 1 && id <= MAX_RULE_ID ? id : null;
}

/**
 * What a rule code can name, in order (spec 2 §2.2: a pre-authorisation rule's code carries the suffix _preauth): a
 * procedure code names its settlement rule; {code}_preauth the pre-authorisation rule of procedure {code}, or of a
 * procedure whose own code is {code}_preauth (the pre-authorisation variant of spec 2 §3).
 */
function codeReadings(key: string): { procedureCode: string; caseType: CaseType }[] {
  if (!key.endsWith(PREAUTH_SUFFIX)) return [{ procedureCode: key, caseType: 'SETTLEMENT' }];
  return [
    { procedureCode: key.slice(0, -PREAUTH_SUFFIX.length), caseType: 'PRE_AUTH' },
    { procedureCode: key, caseType: 'PRE_AUTH' },
  ];
}

/** Ids that still name something: a restored version leaves out what was deleted since. */
async function existingSelections(db: DbOrTx, selections: RuleSelections): Promise<RuleSelections> {
  const book = await nameBook(db, [{ selections }]);
  return Object.fromEntries(
    (Object.keys(selections) as (keyof RuleSelections)[]).map((field) => [field, refs(book, selections, field).map((r) => r.id)]),
  ) as RuleSelections;
}

async function fullRule(db: DbOrTx, row: typeof rules.$inferSelect): Promise<Rule> {
  const [joined] = await db
    .select({ procedure: procedures, groupId: groups.id, groupName: groups.name })
    .from(procedures)
    .leftJoin(groups, eq(groups.id, procedures.procedureGroupId))
    .where(eq(procedures.id, row.procedureId));
  const group = joined.groupId != null && joined.groupName != null ? { id: joined.groupId, name: joined.groupName } : null;
  return toRule(row, joined.procedure, group, await nameBook(db, [row]));
}

/**
 * Rule {id} if the caller's organisation may see it: the provider sees every rule; anyone else their
 * own organisation's and the provider's rules they are judged by (no rule of their own for that
 * procedure and case type). Otherwise 404, the same as a rule that does not exist.
 */
async function visibleRule(db: DbOrTx, id: number, auth: AuthContext) {
  const rule = await findVisibleRule(db, id, auth);
  if (!rule) throw notFound(`Rule ${id} not found`);
  return rule;
}

async function findVisibleRule(db: DbOrTx, id: number, auth: AuthContext) {
  const [rule] = await db.select().from(rules).where(eq(rules.id, id));
  if (rule && (isProviderOrg(auth.organization) || rule.org === auth.organization)) return rule;
  if (rule && isProviderOrg(rule.org) && !(await ruleFor(db, auth.organization, rule.procedureId, rule.caseType))) return rule;
  return undefined;
}

async function ruleFor(db: DbOrTx, org: string, procedureId: number, caseType: CaseType) {
  const [row] = await db
    .select()
    .from(rules)
    .where(and(eq(rules.org, org), eq(rules.procedureId, procedureId), eq(rules.caseType, caseType)));
  return row;
}

/** The rule of the procedure code and case type in org, if there is one. */
async function ruleOfCode(db: DbOrTx, org: string, procedureCode: string, caseType: CaseType) {
  const [row] = await db
    .select({ rule: rules })
    .from(rules)
    .innerJoin(procedures, eq(procedures.id, rules.procedureId))
    .where(and(eq(rules.org, org), eq(procedures.procedureCode, procedureCode), eq(rules.caseType, caseType)));
  return row?.rule;
}

/**
 * The rule a key names in org (writes): its id, or its code (codeReadings). A run of digits is tried as an id
 * first, then as a code, as procedure codes may be digits too.
 */
async function ruleInOrg(db: DbOrTx, key: string | number, org: string) {
  const id = typeof key === 'number' ? key : ruleIdOf(key);
  if (id !== null) {
    const [row] = await db
      .select()
      .from(rules)
      .where(and(eq(rules.id, id), eq(rules.org, org)));
    if (row) return row;
  }
  for (const { procedureCode, caseType } of typeof key === 'string' ? codeReadings(key) : []) {
    const row = await ruleOfCode(db, org, procedureCode, caseType);
    if (row) return row;
  }
  throw notFound(`Rule ${key} not found in ${org}`);
}

/**
 * The rule a key names for a reader in org: by id, a rule the caller may see (visibleRule); by code, org's rule of
 * that procedure and case type, or for an insurer's user whose organisation has none the provider's, which judges
 * its claims then (the provider asking for an insurer's rule gets that insurer's, as the view's counterpart does).
 */
async function visibleRuleByKey(db: DbOrTx, key: string, auth: AuthContext, org: string) {
  const id = ruleIdOf(key);
  if (id !== null) {
    const byId = await findVisibleRule(db, id, auth);
    if (byId) return byId;
  }
  for (const { procedureCode, caseType } of codeReadings(key)) {
    const row =
      (await ruleOfCode(db, org, procedureCode, caseType)) ??
      (isProviderOrg(auth.organization) ? undefined : await ruleOfCode(db, PROVIDER_ORG, procedureCode, caseType));
    if (row) return row;
  }
  throw notFound(`Rule ${key} not found`);
}

async function procedureOr400(db: DbOrTx, id: number) {
  const [procedure] = await db.select().from(procedures).where(eq(procedures.id, id));
  if (!procedure) throw badRequest(`fk_procedure: unknown procedure ${id}`);
  return procedure;
}

/** The save body as stored: a malformed tree (400 naming its statements) or an unknown selection is refused. */
async function validated(db: DbOrTx, body: ParsedRuleSave) {
  const malformed = treeProblems(body);
  if (malformed) throw badRequest(malformed);
  const selections = selectionsOf(body);
  const crowded = DOCUMENT_PICKERS.find((field) => selections[field].length > PICKER_LIMIT);
  if (crowded) throw badRequest(`${crowded}: at most ${PICKER_LIMIT} documents`);
  const problem = await unknownSelections(db, selections);
  if (problem) throw badRequest(problem);
  return {
    selections,
    ...savedTrees(body),
    ruleTemplate: body.rule_template ?? null,
  };
}

/** GET /rules: a page of the organisation's rules, by procedure code and case type. */
export const listRules = (db: DbOrTx, org: string, page: Page): Promise<Paged<RuleListRow>[]> => rulesPage(db, eq(rules.org, org), page);

/**
 * POST /rules/search. With a page: the list's filter, paged rule rows. Without: per rule of the given procedure
 * codes, what it selects (spec 2 §7 'POST /rules/search?org= procedureCode').
 */
export async function searchRules(
  db: DbOrTx,
  org: string,
  body: RuleSearchBody,
  page: Partial<Page>,
): Promise<z.output<typeof RuleSearchResponse>> {
  const where = andAll(await searchConditions(db, org, body));
  const { limit, page_number } = page;
  if (limit !== undefined || page_number !== undefined) return rulesPage(db, where, { limit: limit ?? 25, page_number: page_number ?? 1 });
  if (!body.procedureCode?.length) throw badRequest('procedureCode: give at least one procedure code, or limit and page_number');
  const rows = await db
    .select({ rule: rules, procedure: procedures })
    .from(rules)
    .innerJoin(procedures, eq(procedures.id, rules.procedureId))
    .where(where)
    .orderBy(asc(procedures.procedureCode), asc(rules.caseType));
  const book = await nameBook(
    db,
    rows.map((r) => r.rule),
  );
  return rows.map(({ rule, procedure }) => ({
    id: rule.id,
    case_type: rule.caseType,
    procedures: { id: procedure.id, procedure_code: procedure.procedureCode, name: procedure.name },
    diagnosisList: refs(book, rule.selections, 'fk_diagnosis').map((r) => r.name),
    clinicalAttributes: refs(book, rule.selections, 'fk_clinical_attribute').map((r) => r.name),
    evidence: refs(book, rule.selections, 'fk_evidence').map((r) => r.name),
    document: refs(book, rule.selections, 'fk_document').map((r) => r.name),
    drug: refs(book, rule.selections, 'fk_drug').map((r) => r.name),
    tissue: refs(book, rule.selections, 'fk_tissue').map((r) => r.name),
  }));
}

/** Which case types exist for the procedure codes: true (both), 'PREAUTH', 'SETTLEMENT' or false. */
export async function ruleExistence(db: DbOrTx, org: string, procedureCodes: string[]): Promise<z.output<typeof RuleExistence>> {
  const rows = await db
    .select({ caseType: rules.caseType })
    .from(rules)
    .innerJoin(procedures, eq(procedures.id, rules.procedureId))
    .where(and(eq(rules.org, org), inArray(procedures.procedureCode, procedureCodes)));
  const has = (c: string) => rows.some((r) => r.caseType === c);
  const result =
    has('PRE_AUTH') && has('SETTLEMENT')
      ? true
      : has('PRE_AUTH')
        ? ('PREAUTH' as const)
        : has('SETTLEMENT')
          ? ('SETTLEMENT' as const)
          : false;
  return { result };
}

/** POST /rules/searchPcode: the organisation's rules of the procedure codes. */
export async function rulesOfProcedures(db: DbOrTx, org: string, procedureCodes: string[]): Promise<z.output<typeof RuleOfProcedure>[]> {
  return db
    .select({ id: rules.id, case_type: rules.caseType, procedure_code: procedures.procedureCode, fk_procedure: rules.procedureId })
    .from(rules)
    .innerJoin(procedures, eq(procedures.id, rules.procedureId))
    .where(and(eq(rules.org, org), inArray(procedures.procedureCode, procedureCodes)))
    .orderBy(asc(procedures.procedureCode), asc(rules.caseType));
}

/** Whether org has a rule for the same procedure and case type as rule {id} (a rule the caller may see). */
export async function orgHasRuleLike(db: DbOrTx, auth: AuthContext, org: string, id: number): Promise<boolean> {
  const rule = await visibleRule(db, id, auth);
  return !!(await ruleFor(db, org, rule.procedureId, rule.caseType));
}

/**
 * One rule the caller may see. The view's insurer selector and case-type toggle ask for the same procedure in
 * another organisation or case type: the answer is that rule (for an insurer, the one it is judged by: its own, else
 * the provider's), or 404 saying there is none.
 */
export async function readRule(
  db: DbOrTx,
  auth: AuthContext,
  org: string,
  key: string,
  askedCaseType: CaseType | undefined,
): Promise<Rule> {
  const rule = await visibleRuleByKey(db, key, auth, org);
  const caseType = askedCaseType ?? rule.caseType;
  if (rule.org === org && rule.caseType === caseType) return fullRule(db, rule);
  const counterpart =
    (await ruleFor(db, org, rule.procedureId, caseType)) ??
    (isProviderOrg(auth.organization) ? undefined : await ruleFor(db, PROVIDER_ORG, rule.procedureId, caseType));
  if (!counterpart) throw notFound(`There is no ${caseTypeLabel(caseType)} case type rule for this procedure in ${org}`);
  return fullRule(db, counterpart);
}

/** The rule builder's save (POST /rules?id=): the trees of its rules_configuration as the rule's next version. */
export async function saveBuilderTrees(
  db: Db,
  auth: AuthContext,
  org: string,
  key: string,
  body: ParsedRuleSave | z.output<typeof RuleBuilderSaveBody>,
  zone: string,
): Promise<Rule> {
  const existing = await ruleInOrg(db, key, org);
  if (!('rules_configuration' in body) || 'fk_procedure' in body || !body.rules_configuration)
    throw badRequest("rules_configuration: the rule builder's save (with ?id=) sends rules_configuration and version only");
  const trees = configurationTrees(body.rules_configuration);
  if (Object.keys(trees).length === 0)
    throw badRequest('rules_configuration: give at least one of procedureRule, diagnosisRule, documentRule, clinicalTermsRule');
  const malformed = configurationTreeProblems(body.rules_configuration);
  if (malformed) throw badRequest(malformed);
  const row = await saveNextVersion(db, existing, trees, auth.username, { expectedVersion: body.version, zone });
  return fullRule(db, row);
}

const caseTypeTaken = (procedureName: string, caseType: CaseType) =>
  conflict(`For ${procedureName} ${caseType === 'PRE_AUTH' ? 'PREAUTH' : 'SETTLEMENT'} caseType is present already`);

/** A new rule, with its first version and audit entry in one transaction. */
export async function createRule(
  db: Db,
  auth: AuthContext,
  org: string,
  body: ParsedRuleSave | z.output<typeof RuleBuilderSaveBody>,
): Promise<Rule> {
  if (!('fk_procedure' in body)) throw badRequest('fk_procedure: Required');
  const procedure = await procedureOr400(db, body.fk_procedure);
  const [clash] = await db
    .select({ id: rules.id })
    .from(rules)
    .where(and(eq(rules.org, org), eq(rules.procedureId, procedure.id), eq(rules.caseType, body.case_type)));
  if (clash) throw caseTypeTaken(procedure.name, body.case_type);
  const fields = await validated(db, body);
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(rules)
      .values({
        org,
        procedureId: procedure.id,
        caseType: body.case_type,
        ...fields,
        modificationHistory: [{ last_modified_by: auth.username, last_modified_on: now.toISOString() }],
        createdBy: auth.username,
        lastModifiedBy: auth.username,
        lastModifiedAt: now,
      })
      .returning();
    await auditRule(tx, auth.username, null, created);
    await recordVersion(tx, created);
    return created;
  });
  return fullRule(db, row);
}

/** With version (the version the editor loaded) a rule saved since is not overwritten (409). */
export async function updateRule(db: Db, auth: AuthContext, org: string, key: string, body: ParsedRuleSave, zone: string): Promise<Rule> {
  const existing = await ruleInOrg(db, key, org);
  const procedure = await procedureOr400(db, body.fk_procedure);
  const [clash] = await db
    .select({ id: rules.id })
    .from(rules)
    .where(and(eq(rules.org, org), eq(rules.procedureId, procedure.id), eq(rules.caseType, body.case_type), ne(rules.id, existing.id)));
  if (clash) throw caseTypeTaken(procedure.name, body.case_type);
  const fields = await validated(db, body);
  const row = await saveNextVersion(db, existing, { procedureId: procedure.id, caseType: body.case_type, ...fields }, auth.username, {
    expectedVersion: body.version,
    zone,
  });
  return fullRule(db, row);
}

/**
 * The rule's versions, newest first, each with what changed against the one before (to whoever may read the rule).
 * A deleted rule's versions stay readable (verdicts name them): to the provider, to the rule's organisation, and
 * for a provider's rule to every organisation, whose claims it may have judged.
 */
export async function ruleVersions(db: DbOrTx, auth: AuthContext, id: number): Promise<z.output<typeof RuleVersion>[]> {
  const [live] = await db.select({ id: rules.id }).from(rules).where(eq(rules.id, id));
  if (live) return listVersions(db, id, await visibleRule(db, id, auth));
  const org = await keptVersionsOrg(db, id);
  if (!org || !(isProviderOrg(auth.organization) || org === auth.organization || isProviderOrg(org)))
    throw notFound(`Rule ${id} not found`);
  return listVersions(db, id, null);
}

/** Brings an earlier version back as a new version (what it selected and was deleted since is left out). */
export async function restoreVersion(
  db: Db,
  auth: AuthContext,
  org: string,
  key: string | number,
  version: number,
  zone: string,
): Promise<Rule> {
  const existing = await ruleInOrg(db, key, org);
  if (version === existing.version) throw conflict(`Version ${version} is already the current version of rule ${existing.id}`);
  const content = await versionOf(db, existing, version);
  if (!content) throw notFound(`Rule ${existing.id} has no version ${version}`);
  if (content.caseType !== existing.caseType && (await ruleFor(db, org, existing.procedureId, content.caseType))) {
    const [procedure] = await db.select().from(procedures).where(eq(procedures.id, existing.procedureId));
    throw caseTypeTaken(procedure.name, content.caseType);
  }
  const selections = await existingSelections(db, content.selections);
  const { caseType, procedureRule, diagnosisRule, documentRule, clinicalTermsRule, queryRule, ruleTemplate, rulesConfiguration } = content;
  const restored = { caseType, procedureRule, diagnosisRule, documentRule, clinicalTermsRule, queryRule, ruleTemplate, rulesConfiguration };
  // Restored over the version it was asked on: a save in between is refused rather than silently undone.
  const row = await saveNextVersion(db, existing, { ...restored, selections }, auth.username, {
    expectedVersion: existing.version,
    zone,
    restoredFrom: version,
  });
  return fullRule(db, row);
}

/** 'Try on claims' of a draft (see dryRun): checked as a save would be, never saved. */
export async function tryDraft(
  db: DbOrTx,
  org: string,
  body: z.output<typeof RuleDryRunBody>,
  budgetMs: number,
): Promise<z.output<typeof RuleDryRunResult>> {
  const procedure = await procedureOr400(db, body.fk_procedure);
  const { selections, procedureRule, diagnosisRule, documentRule, clinicalTermsRule } = await validated(db, body);
  return dryRun(
    db,
    { org, procedure, caseType: body.case_type, selections, trees: { procedureRule, diagnosisRule, documentRule, clinicalTermsRule } },
    { limit: body.limit ?? DRY_RUN_DEFAULT_CLAIMS, budgetMs },
  );
}

/** The rule goes; its versions stay (the verdicts it gave name them), with its last version recorded. */
export async function deleteRule(db: Db, auth: AuthContext, org: string, key: string): Promise<void> {
  const existing = await ruleInOrg(db, key, org);
  await db.transaction(async (tx) => {
    await recordVersion(tx, existing);
    await tx.delete(rules).where(eq(rules.id, existing.id));
    await auditRule(tx, auth.username, existing, null);
  });
}
