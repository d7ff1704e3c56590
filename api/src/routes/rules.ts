/**
 * Procedure protocol rules (spec 2 §2.8-2.10, §7; spec 3 §2.8): one per organisation, procedure and
 * case type, with a version and a modification history. What they do is in src/rules/protocol.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RuleBuilderSaveBody, RuleSaveBody } from '@claims/shared-kernel/contract';
import { requireSuperUser, scopeOrg, writableOrg } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import type { DbOrTx } from '../db';
import { describeZodError } from '../http/error-handler';
import { badRequest } from '../http/errors';
import { perUserLimit } from '../http/rate-limits';
import { endpoint } from '../http/endpoint';
import {
  createRule,
  deleteRule,
  listRules,
  orgHasRuleLike,
  readRule,
  restoreVersion,
  ruleExistence,
  rulesOfProcedures,
  ruleVersions,
  saveBuilderTrees,
  searchRules,
  tryDraft,
  updateRule,
} from '../rules/protocol';

/**
 * Reads are scoped like claims. Writes need a super user (spec 2 §6): the provider's may write any organisation's
 * rules (overrides), an insurer's only its own organisation's; asking for another organisation is refused, not
 * quietly turned into a write of its own.
 */
async function ruleWriteOrg(db: DbOrTx, auth: AuthContext, requested: string | undefined): Promise<string> {
  requireSuperUser(auth);
  return writableOrg(db, auth, requested, 'rules');
}

const ruleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/rules', {
    schema: endpoint('GET /rules'),
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      return listRules(app.db, org, request.query);
    },
  });

  /**
   * With limit/page_number: the list's filter, paged rule rows. Without: per rule of the given
   * procedure codes, what it selects (spec 2 §7 'POST /rules/search?org= procedureCode').
   */
  app.post('/rules/search', {
    schema: endpoint('POST /rules/search'),
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      return searchRules(app.db, org, request.body, request.query);
    },
  });

  /** Which case types exist for a procedure code: true (both), 'PREAUTH', 'SETTLEMENT' or false. */
  app.post('/rules/existence', {
    schema: endpoint('POST /rules/existence'),
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      return ruleExistence(app.db, org, request.body.procedureCode);
    },
  });

  app.post('/rules/searchPcode', {
    schema: endpoint('POST /rules/searchPcode'),
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      return rulesOfProcedures(app.db, org, request.body.procedureCode);
    },
  });

  /** Whether org has a rule for the same procedure and case type as rule {id} (a rule the caller may see). */
  app.get('/rules/exists/:id', {
    schema: endpoint('GET /rules/exists/:id'),
    handler: async (request) => {
      const org = await scopeOrg(app.db, request.auth, request.query.org);
      return orgHasRuleLike(app.db, request.auth, org, request.params.id);
    },
  });

  /**
   * One rule the caller may see. The view's insurer selector and case-type toggle ask for the same
   * procedure in another organisation or case type: the answer is that rule (for an insurer, the one it
   * is judged by: its own, else the provider's), or 404 saying there is none.
   */
  app.get('/rules/:id', {
    schema: endpoint('GET /rules/:id', {
      description:
        'id: the rule id, or its code (the procedure code for the settlement rule, {code}_preauth for the pre-authorisation rule).',
    }),
    handler: async (request) => {
      const { auth } = request;
      const org = await scopeOrg(app.db, auth, request.query.org);
      return readRule(app.db, auth, org, request.params.id, request.query.case_type);
    },
  });

  app.post('/rules', {
    schema: endpoint('POST /rules', {
      description:
        'A new rule (201); with ?id= (the rule id or code) the rule builder saves the trees of its rules_configuration into that rule, as its next version (200).',
    }),
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
      const zone = app.config.displayTimeZone;
      if (request.query.id !== undefined) return saveBuilderTrees(app.db, auth, org, request.query.id, request.body, zone);
      return reply.code(201).send(await createRule(app.db, auth, org, request.body));
    },
  });

  app.put('/rules/:id', {
    schema: endpoint('PUT /rules/:id', {
      description: 'id: the rule id or code. With version (the version the editor loaded) a rule saved since is not overwritten (409).',
    }),
    config: { access: requireSuperUser },
    handler: async (request) => {
      const { auth } = request;
      const org = await ruleWriteOrg(app.db, auth, request.query.org);
      return updateRule(app.db, auth, org, request.params.id, request.body, app.config.displayTimeZone);
    },
  });

  /**
   * The rule's versions, newest first, each with what changed against the one before (to whoever may read the rule).
   * A deleted rule's versions stay readable (verdicts name them): to the provider, to the rule's organisation, and
   * for a provider's rule to every organisation, whose claims it may have judged.
   */
  app.get('/rules/:id/versions', {
    schema: endpoint('GET /rules/:id/versions'),
    handler: async (request) => {
      return ruleVersions(app.db, request.auth, request.params.id);
    },
  });

  /** Brings an earlier version back as a new version (what it selected and was deleted since is left out). */
  app.post('/rules/:id/versions/:version/restore', {
    schema: endpoint('POST /rules/:id/versions/:version/restore'),
    config: { access: requireSuperUser },
    handler: async (request) => {
      const { auth } = request;
      const org = await ruleWriteOrg(app.db, auth, request.query.org);
      return restoreVersion(app.db, auth, org, request.params.id, request.params.version, app.config.displayTimeZone);
    },
  });

  /**
   * 'Try on claims': the draft (the editor's save body, not saved) judged against the facts already read from the
   * most recent verified claims it would judge, beside the verdicts of the rule that judges them now. It judges up to
   * DRY_RUN_MAX_CLAIMS claims in the api's own process: limited per user like the other expensive calls, and stopped
   * at a time allowance (DRY_RUN_BUDGET_MS; the answer says how many claims were tried).
   */
  app.post('/rules/dryRun', {
    schema: endpoint('POST /rules/dryRun'),
    config: { access: requireSuperUser, rateLimit: perUserLimit() },
    handler: async (request) => {
      const org = await ruleWriteOrg(app.db, request.auth, request.query.org);
      return tryDraft(app.db, org, request.body, app.config.dryRunBudgetMs);
    },
  });

  /** The rule goes; its versions stay (the verdicts it gave name them), with its last version recorded. */
  app.delete('/rules/:id', {
    schema: endpoint('DELETE /rules/:id', {
      description: 'id: the rule id or code.',
    }),
    config: { access: requireSuperUser },
    handler: async (request) => {
      const org = await ruleWriteOrg(app.db, request.auth, request.query.org);
      await deleteRule(app.db, request.auth, org, request.params.id);
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default ruleRoutes;
