/**
 * Procedure protocol rules (spec 2 §2.8-2.10, §7; spec 3 §2.8): one per organisation, procedure and
 * case type, with a version and a modification history.
 */
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CASE_TYPE_CODES, caseTypeLabel, isProviderOrg, PROVIDER_ORG, type CaseType } from '@claims/shared-kernel/constants';
import {
  DeleteBody,
  DetailResponse,
  DRY_RUN_DEFAULT_CLAIMS,
  IdParams,
  ListQuery,
  OrgQuery,
  PageLimit,
  PageNumber,
  ProcedureCodesBody,
  Rule,
  RuleDryRunBody,
  RuleDryRunResult,
  RuleExistence,
  RuleExistsResponse,
  RuleListRow,
  RuleBuilderSaveBody,
  RuleKey,
  RuleKeyParams,
  RuleOfProcedure,
  RuleSaveBody,
  RuleSearchBody,
  RuleSearchResponse,
  RuleVersion,
  RuleVersionParams,
  type Paged,
  type RuleSelections,
} from '@claims/shared-kernel/contract';
import { auditRule } from '../audit/records';
import { requireSuperUser, scopeOrg, writableOrg } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import { andAll } from '../db/sql';
import type { DbOrTx } from '../db';
import { clinicalAttributes, keywordMasters, procedures, rules } from '../db/schema';
import { describeZodError } from '../http/error-handler';
import { badRequest, conflict, notFound } from '../http/errors';
import { firstRowCarriesTotal, offsetOf } from '../http/paging';
import { perUserLimit } from '../http/rate-limits';
import { replies } from '../http/replies';
import { dryRun } from '../rules/dry-run';
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
} from '../rules/store';
import { keptVersionsOrg, listVersions, recordVersion, saveNextVersion, versionOf } from '../rules/versions';

const groups = alias(keywordMasters, 'procedure_group');
const ReadQuery = OrgQuery.extend({ case_type: z.enum(CASE_TYPE_CODES).optional() });
/** POST /rules?org=&id={id or code}: the rule builder saves only the trees of an existing rule. */
const BuilderSaveQuery = OrgQuery.extend({ id: RuleKey.optional() });
const OneRule = replies({ 200: Rule });
/** POST /rules/search: paging is optional (ListQuery's defaults would always page), its absence asks for the selection names. */
const SearchQuery = OrgQuery.extend({
  limit: PageLimit.optional(),
  page_number: PageNumber.optional(),
});

async function rulesPage(db: DbOrTx, where: SQL | undefined, limit: number, pageNumber: number): Promise<Paged<RuleListRow>[]> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(rules)
    .innerJoin(procedures, eq(procedures.id, rules.procedureId))
    .where(where);
  const rows = await db
    .select({ rule: rules, procedure: procedures })
    .from(rules)
    .innerJoin(procedures, eq(procedures.id, rules.procedureId))
    .where(where)
    .orderBy(asc(procedures.procedureCode), asc(rules.caseType))
    .limit(limit)
    .offset(offsetOf({ limit, page_number: pageNumber }));
  const book = await nameBook(
    db,
    rows.map((r) => r.rule),
  );
  return firstRowCarriesTotal(
    rows.map((r) => toRuleListRow(r.rule, r.procedure, book)),
    total,
    pageNumber,
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

/**
 * Reads are scoped like claims. Writes need a super user (spec 2 §6): the provider's may write any organisation's
 * rules (overrides), an insurer's only its own organisation's; asking for another organisation is refused, not
 * quietly turned into a write of its own.
 */
async function ruleWriteOrg(db: DbOrTx, auth: AuthContext, requested: string | undefined): Promise<string> {
  requireSuperUser(auth);
  return writableOrg(db, auth, requested, 'rules');
}

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

const ruleRoutes: FastifyPluginAsyncZod = async (app) => {
  async function fullRule(row: typeof rules.$inferSelect): Promise<Rule> {
    const [joined] = await app.db
      .select({ procedure: procedures, groupId: groups.id, groupName: groups.name })
      .from(procedures)
      .leftJoin(groups, eq(groups.id, procedures.procedureGroupId))
      .where(eq(procedures.id, row.procedureId));
    const group = joined.groupId != null && joined.groupName != null ? { id: joined.groupId, name: joined.groupName } : null;
    return toRule(row, joined.procedure, group, await nameBook(app.db, [row]));
  }

  /**
   * Rule {id} if the caller's organisation may see it: the provider sees every rule; anyone else their
   * own organisation's and the provider's rules they are judged by (no rule of their own for that
   * procedure and case type). Otherwise 404, the same as a rule that does not exist.
   */
  async function visibleRule(id: number, auth: AuthContext) {
    const rule = await findVisibleRule(id, auth);
    if (!rule) throw notFound(`Rule ${id} not found`);
    return rule;
  }

  async function findVisibleRule(id: number, auth: AuthContext) {
    const [rule] = await app.db.select().from(rules).where(eq(rules.id, id));
    if (rule && (isProviderOrg(auth.organization) || rule.org === auth.organization)) return rule;
    if (rule && isProviderOrg(rule.org) && !(await ruleFor(auth.organization, rule.procedureId, rule.caseType))) return rule;
    return undefined;
  }

  async function ruleFor(org: string, procedureId: number, caseType: CaseType) {
    const [row] = await app.db
      .select()
      .from(rules)
      .where(and(eq(rules.org, org), eq(rules.procedureId, procedureId), eq(rules.caseType, caseType)));
    return row;
  }

  /** The rule of the procedure code and case type in org, if there is one. */
  async function ruleOfCode(org: string, procedureCode: string, caseType: CaseType) {
    const [row] = await app.db
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
  async function ruleInOrg(key: string | number, org: string) {
    const id = typeof key === 'number' ? key : ruleIdOf(key);
    if (id !== null) {
      const [row] = await app.db
        .select()
        .from(rules)
        .where(and(eq(rules.id, id), eq(rules.org, org)));
      if (row) return row;
    }
    for (const { procedureCode, caseType } of typeof key === 'string' ? codeReadings(key) : []) {
      const row = await ruleOfCode(org, procedureCode, caseType);
      if (row) return row;
    }
    throw notFound(`Rule ${key} not found in ${org}`);
  }

  /**
   * The rule a key names for a reader in org: by id, a rule the caller may see (visibleRule); by code, org's rule of
   * that procedure and case type, or for an insurer's user whose organisation has none the provider's, which judges
   * its claims then (the provider asking for an insurer's rule gets that insurer's, as the view's counterpart does).
   */
  async function visibleRuleByKey(key: string, auth: AuthContext, org: string) {
    const id = ruleIdOf(key);
    if (id !== null) {
      const byId = await findVisibleRule(id, auth);
      if (byId) return byId;
    }
    for (const { procedureCode, caseType } of codeReadings(key)) {
      const row =
        (await ruleOfCode(org, procedureCode, caseType)) ??
        (isProviderOrg(auth.organization) ? undefined : await ruleOfCode(PROVIDER_ORG, procedureCode, caseType));
      if (row) return row;
    }
    throw notFound(`Rule ${key} not found`);
  }

  async function procedureOr400(id: number) {
    const [procedure] = await app.db.select().from(procedures).where(eq(procedures.id, id));
    if (!procedure) throw badRequest(`fk_procedure: unknown procedure ${id}`);
    return procedure;
  }

  /** The save body as stored: a malformed tree (400 naming its statements) or an unknown selection is refused. */
  async function validated(body: ParsedRuleSave) {
    const malformed = treeProblems(body);
    if (malformed) throw badRequest(malformed);
    const selections = selectionsOf(body);
    const crowded = DOCUMENT_PICKERS.find((field) => selections[field].length > PICKER_LIMIT);
    if (crowded) throw badRequest(`${crowded}: at most ${PICKER_LIMIT} documents`);
    const problem = await unknownSelections(app.db, selections);
    if (problem) throw badRequest(problem);
    return {
      selections,
      ...savedTrees(body),
      ruleTemplate: body.rule_template ?? null,
    };
  }

  app.get('/rules', {
    schema: { querystring: ListQuery, response: replies({ 200: z.array(RuleListRow) }) },
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      return rulesPage(app.db, eq(rules.org, org), request.query.limit, request.query.page_number);
    },
  });

  /**
   * With limit/page_number: the list's filter, paged rule rows. Without: per rule of the given
   * procedure codes, what it selects (spec 2 §7 'POST /rules/search?org= procedureCode').
   */
  app.post('/rules/search', {
    schema: {
      querystring: SearchQuery,
      body: RuleSearchBody,
      response: replies({ 200: RuleSearchResponse }),
    },
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      const where = andAll(await searchConditions(app.db, org, request.body));
      const { limit, page_number } = request.query;
      if (limit !== undefined || page_number !== undefined) return rulesPage(app.db, where, limit ?? 25, page_number ?? 1);
      if (!request.body.procedureCode?.length)
        throw badRequest('procedureCode: give at least one procedure code, or limit and page_number');
      const rows = await app.db
        .select({ rule: rules, procedure: procedures })
        .from(rules)
        .innerJoin(procedures, eq(procedures.id, rules.procedureId))
        .where(where)
        .orderBy(asc(procedures.procedureCode), asc(rules.caseType));
      const book = await nameBook(
        app.db,
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
    },
  });

  /** Which case types exist for a procedure code: true (both), 'PREAUTH', 'SETTLEMENT' or false. */
  app.post('/rules/existence', {
    schema: { querystring: OrgQuery, body: ProcedureCodesBody, response: replies({ 200: RuleExistence }) },
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      const rows = await app.db
        .select({ caseType: rules.caseType })
        .from(rules)
        .innerJoin(procedures, eq(procedures.id, rules.procedureId))
        .where(and(eq(rules.org, org), inArray(procedures.procedureCode, request.body.procedureCode)));
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
    },
  });

  app.post('/rules/searchPcode', {
    schema: { querystring: OrgQuery, body: ProcedureCodesBody, response: replies({ 200: z.array(RuleOfProcedure) }) },
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      return app.db
        .select({ id: rules.id, case_type: rules.caseType, procedure_code: procedures.procedureCode, fk_procedure: rules.procedureId })
        .from(rules)
        .innerJoin(procedures, eq(procedures.id, rules.procedureId))
        .where(and(eq(rules.org, org), inArray(procedures.procedureCode, request.body.procedureCode)))
        .orderBy(asc(procedures.procedureCode), asc(rules.caseType));
    },
  });

  /** Whether org has a rule for the same procedure and case type as rule {id} (a rule the caller may see). */
  app.get('/rules/exists/:id', {
    schema: { params: IdParams, querystring: OrgQuery, response: replies({ 200: RuleExistsResponse }) },
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      const rule = await visibleRule(request.params.id, request.auth);
      return !!(await ruleFor(org, rule.procedureId, rule.caseType));
    },
  });

  /**
   * One rule the caller may see. The view's insurer selector and case-type toggle ask for the same
   * procedure in another organisation or case type: the answer is that rule (for an insurer, the one it
   * is judged by: its own, else the provider's), or 404 saying there is none.
   */
  app.get('/rules/:id', {
    schema: {
      description:
        'id: the rule id, or its code (the procedure code for the settlement rule, {code}_preauth for the pre-authorisation rule).',
      params: RuleKeyParams,
      querystring: ReadQuery,
      response: OneRule,
    },
    handler: async (request) => {
      const { auth } = request;
      const org = await scopeOrg(app.db, auth, request.query.org);
      const rule = await visibleRuleByKey(request.params.id, auth, org);
      const caseType = request.query.case_type ?? rule.caseType;
      if (rule.org === org && rule.caseType === caseType) return fullRule(rule);
      const counterpart =
        (await ruleFor(org, rule.procedureId, caseType)) ??
        (isProviderOrg(auth.organization) ? undefined : await ruleFor(PROVIDER_ORG, rule.procedureId, caseType));
      if (!counterpart) throw notFound(`There is no ${caseTypeLabel(caseType)} case type rule for this procedure in ${org}`);
      return fullRule(counterpart);
    },
  });

  app.post('/rules', {
    schema: {
      description:
        'A new rule (201); with ?id= (the rule id or code) the rule builder saves the trees of its rules_configuration into that rule, as its next version (200).',
      querystring: BuilderSaveQuery,
      body: z.union([RuleSaveBody, RuleBuilderSaveBody]),
      response: replies({ 200: Rule, 201: Rule }),
    },
    // A body matching neither would only be refused as 'Invalid input': the handler names the fields of the one meant.
    attachValidation: true,
    config: { access: requireSuperUser },
    handler: async (request, reply) => {
      const failed = request.validationError;
      if (failed) {
        // The body is checked before the query (which is then not parsed yet): ?id= tells the builder's save apart.
        const meant = failed.validationContext === 'body' && 'id' in (request.query as object) ? RuleBuilderSaveBody : RuleSaveBody;
        const parsed = failed.validationContext === 'body' ? meant.safeParse(request.body) : undefined;
        throw parsed?.success === false ? badRequest(describeZodError(parsed.error)) : failed;
      }
      const { auth } = request;
      const org = await ruleWriteOrg(app.db, auth, request.query.org);
      const body = request.body;
      if (request.query.id !== undefined) {
        const existing = await ruleInOrg(request.query.id, org);
        if (!('rules_configuration' in body) || 'fk_procedure' in body || !body.rules_configuration)
          throw badRequest("rules_configuration: the rule builder's save (with ?id=) sends rules_configuration and version only");
        const trees = configurationTrees(body.rules_configuration);
        if (Object.keys(trees).length === 0)
          throw badRequest('rules_configuration: give at least one of procedureRule, diagnosisRule, documentRule, clinicalTermsRule');
        const malformed = configurationTreeProblems(body.rules_configuration);
        if (malformed) throw badRequest(malformed);
        const row = await saveNextVersion(app.db, existing, trees, auth.username, {
          expectedVersion: body.version,
          zone: app.config.displayTimeZone,
        });
        return fullRule(row);
      }
      if (!('fk_procedure' in body)) throw badRequest('fk_procedure: Required');
      const procedure = await procedureOr400(body.fk_procedure);
      const [clash] = await app.db
        .select({ id: rules.id })
        .from(rules)
        .where(and(eq(rules.org, org), eq(rules.procedureId, procedure.id), eq(rules.caseType, body.case_type)));
      const shortCaseType = body.case_type === 'PRE_AUTH' ? 'PREAUTH' : 'SETTLEMENT';
      if (clash) throw conflict(`For ${procedure.name} ${shortCaseType} caseType is present already`);
      const fields = await validated(body);
      const now = new Date();
      const row = await app.db.transaction(async (tx) => {
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
      return reply.code(201).send(await fullRule(row));
    },
  });

  app.put('/rules/:id', {
    schema: {
      description: 'id: the rule id or code. With version (the version the editor loaded) a rule saved since is not overwritten (409).',
      params: RuleKeyParams,
      querystring: OrgQuery,
      body: RuleSaveBody,
      response: OneRule,
    },
    config: { access: requireSuperUser },
    handler: async (request) => {
      const { auth } = request;
      const org = await ruleWriteOrg(app.db, auth, request.query.org);
      const existing = await ruleInOrg(request.params.id, org);
      const body = request.body;
      const procedure = await procedureOr400(body.fk_procedure);
      const [clash] = await app.db
        .select({ id: rules.id })
        .from(rules)
        .where(and(eq(rules.org, org), eq(rules.procedureId, procedure.id), eq(rules.caseType, body.case_type), ne(rules.id, existing.id)));
      if (clash)
        throw conflict(`For ${procedure.name} ${body.case_type === 'PRE_AUTH' ? 'PREAUTH' : 'SETTLEMENT'} caseType is present already`);
      const fields = await validated(body);
      const row = await saveNextVersion(
        app.db,
        existing,
        { procedureId: procedure.id, caseType: body.case_type, ...fields },
        auth.username,
        {
          expectedVersion: body.version,
          zone: app.config.displayTimeZone,
        },
      );
      return fullRule(row);
    },
  });

  /**
   * The rule's versions, newest first, each with what changed against the one before (to whoever may read the rule).
   * A deleted rule's versions stay readable (verdicts name them): to the provider, to the rule's organisation, and
   * for a provider's rule to every organisation, whose claims it may have judged.
   */
  app.get('/rules/:id/versions', {
    schema: { params: IdParams, querystring: OrgQuery, response: replies({ 200: z.array(RuleVersion) }) },
    handler: async (request) => {
      const { id } = request.params;
      const { auth } = request;
      const [live] = await app.db.select({ id: rules.id }).from(rules).where(eq(rules.id, id));
      if (live) return listVersions(app.db, id, await visibleRule(id, auth));
      const org = await keptVersionsOrg(app.db, id);
      if (!org || !(isProviderOrg(auth.organization) || org === auth.organization || isProviderOrg(org)))
        throw notFound(`Rule ${id} not found`);
      return listVersions(app.db, id, null);
    },
  });

  /** Brings an earlier version back as a new version (what it selected and was deleted since is left out). */
  app.post('/rules/:id/versions/:version/restore', {
    schema: { params: RuleVersionParams, querystring: OrgQuery, response: OneRule },
    config: { access: requireSuperUser },
    handler: async (request) => {
      const { auth } = request;
      const org = await ruleWriteOrg(app.db, auth, request.query.org);
      const existing = await ruleInOrg(request.params.id, org);
      const { version } = request.params;
      if (version === existing.version) throw conflict(`Version ${version} is already the current version of rule ${existing.id}`);
      const content = await versionOf(app.db, existing, version);
      if (!content) throw notFound(`Rule ${existing.id} has no version ${version}`);
      if (content.caseType !== existing.caseType && (await ruleFor(org, existing.procedureId, content.caseType))) {
        const [procedure] = await app.db.select().from(procedures).where(eq(procedures.id, existing.procedureId));
        throw conflict(`For ${procedure.name} ${content.caseType === 'PRE_AUTH' ? 'PREAUTH' : 'SETTLEMENT'} caseType is present already`);
      }
      const selections = await existingSelections(app.db, content.selections);
      const { caseType, procedureRule, diagnosisRule, documentRule, clinicalTermsRule, queryRule, ruleTemplate, rulesConfiguration } =
        content;
      const restored = {
        caseType,
        procedureRule,
        diagnosisRule,
        documentRule,
        clinicalTermsRule,
        queryRule,
        ruleTemplate,
        rulesConfiguration,
      };
      // Restored over the version it was asked on: a save in between is refused rather than silently undone.
      const row = await saveNextVersion(app.db, existing, { ...restored, selections }, auth.username, {
        expectedVersion: existing.version,
        zone: app.config.displayTimeZone,
        restoredFrom: version,
      });
      return fullRule(row);
    },
  });

  /**
   * 'Try on claims': the draft (the editor's save body, not saved) judged against the facts already read from the
   * most recent verified claims it would judge, beside the verdicts of the rule that judges them now. It judges up to
   * DRY_RUN_MAX_CLAIMS claims in the api's own process: limited per user like the other expensive calls, and stopped
   * at a time allowance (DRY_RUN_BUDGET_MS; the answer says how many claims were tried).
   */
  app.post('/rules/dryRun', {
    schema: { querystring: OrgQuery, body: RuleDryRunBody, response: replies({ 200: RuleDryRunResult }) },
    config: { access: requireSuperUser, rateLimit: perUserLimit() },
    handler: async (request) => {
      const org = await ruleWriteOrg(app.db, request.auth, request.query.org);
      const { body } = request;
      const procedure = await procedureOr400(body.fk_procedure);
      const { selections, procedureRule, diagnosisRule, documentRule, clinicalTermsRule } = await validated(body);
      return dryRun(
        app.db,
        { org, procedure, caseType: body.case_type, selections, trees: { procedureRule, diagnosisRule, documentRule, clinicalTermsRule } },
        { limit: body.limit ?? DRY_RUN_DEFAULT_CLAIMS, budgetMs: app.config.dryRunBudgetMs },
      );
    },
  });

  /** The rule goes; its versions stay (the verdicts it gave name them), with its last version recorded. */
  app.delete('/rules/:id', {
    schema: {
      description: 'id: the rule id or code.',
      params: RuleKeyParams,
      querystring: OrgQuery,
      body: DeleteBody,
      response: replies({ 200: DetailResponse }),
    },
    config: { access: requireSuperUser },
    handler: async (request) => {
      const org = await ruleWriteOrg(app.db, request.auth, request.query.org);
      const existing = await ruleInOrg(request.params.id, org);
      await app.db.transaction(async (tx) => {
        await recordVersion(tx, existing);
        await tx.delete(rules).where(eq(rules.id, existing.id));
        await auditRule(tx, request.auth.username, existing, null);
      });
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default ruleRoutes;
