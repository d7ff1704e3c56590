/**
 * The dry run of a draft rule ('Try on claims'): the most recent verified claims the draft would judge (its
 * procedure and case type; claims of its organisation, and for the provider's rule also the claims of insurers
 * without a rule of their own) are judged again by the adjudicator, once by the rule that judges them now and once
 * by the draft. Nothing is read again: a verification keeps each document's read words (claim_documents.read_pages)
 * and the claim's facts (claim_answers), which is what the queue's job feeds the adjudicator too. Nothing is stored.
 */
import { and, desc, eq, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { PROVIDER_ORG, RESULT_SEVERITY, type AdjudicationResult, type CaseType } from '@claims/shared-kernel/constants';
import {
  RULE_TREES,
  statementText,
  type DryRunClaim,
  type DryRunLeaf,
  type ProcedureVerification,
  type RuleDryRunResult,
  type RuleSelections,
  type RuleStatement,
} from '@claims/shared-kernel/contract';
import { jsonbHasAny } from '../claims/queries';
import type { DbOrTx } from '../db';
import { annotations, claims, keywordMasters, type procedures, rules } from '../db/schema';
import { loadFacts, loadMasterData, loadReadDocuments, loadRules, verificationClaim } from '../jobs/verification-input';
import { verifyClaim } from '../verification';
import type { MasterData, RuleDefinition } from '../verification/types';

type ProcedureRow = typeof procedures.$inferSelect;

/** The draft as the editor would save it (trees checked and cleaned already). */
export interface DryRunDraft {
  org: string;
  procedure: ProcedureRow;
  caseType: CaseType;
  trees: Pick<RuleDefinition, 'procedureRule' | 'diagnosisRule' | 'documentRule' | 'clinicalTermsRule'>;
  selections: RuleSelections;
}

/** An annotation's expected result as the verdict it expects; a wrong procedure expects none. */
const EXPECTED: Record<string, AdjudicationResult | undefined> = {
  accept: 'ACCEPTED',
  reject: 'REJECTED',
  infoQuery: 'QUERY',
  docQuery: 'QUERY',
};

/** The claims the draft's rule would judge: its organisation's, and for the provider the insurers' it stands in for. */
async function judgedClaims(db: DbOrTx, draft: DryRunDraft): Promise<SQL> {
  if (draft.org !== PROVIDER_ORG) return eq(claims.org, draft.org);
  const ownRules = await db
    .selectDistinct({ org: rules.org })
    .from(rules)
    .where(and(eq(rules.procedureId, draft.procedure.id), eq(rules.caseType, draft.caseType), ne(rules.org, PROVIDER_ORG)));
  return ownRules.length
    ? or(
        eq(claims.org, PROVIDER_ORG),
        notInArray(
          claims.org,
          ownRules.map((r) => r.org),
        ),
      )!
    : sql`true`;
}

async function documentNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: keywordMasters.id, name: keywordMasters.name })
    .from(keywordMasters)
    .where(inArray(keywordMasters.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function draftDefinition(db: DbOrTx, draft: DryRunDraft): Promise<RuleDefinition> {
  const { selections } = draft;
  const book = await documentNames(db, [
    ...selections.fk_exc_document,
    ...selections.fk_clinical_inc_document,
    ...selections.fk_clinical_exc_document,
  ]);
  const named = (ids: number[]) => ids.flatMap((id) => book.get(id) ?? []);
  return {
    id: 0,
    version: 0,
    ...draft.trees,
    documentExclusionList: named(selections.fk_exc_document),
    clinicalInclusionDocuments: named(selections.fk_clinical_inc_document),
    clinicalExclusionDocuments: named(selections.fk_clinical_exc_document),
  };
}

interface FailingLeaf extends DryRunLeaf {
  text: string;
}

/** The failing leaves of a procedure's judged trees, with their paths. */
function failingLeaves(verification: ProcedureVerification): FailingLeaf[] {
  const found: FailingLeaf[] = [];
  const walk = (node: RuleStatement, path: string) => {
    if (node.statements) {
      for (const [index, child] of node.statements.entries()) walk(child, `${path}.statements[${index}]`);
    } else if (node.operator && node.conditionResult === false) {
      const text = statementText(node);
      found.push({ path, statement: text, text, result: false, valueFound: node.valueFound ?? null });
    }
  };
  for (const tree of RULE_TREES) {
    const root = verification[tree];
    if (root) walk(root, tree);
  }
  return found;
}

const severity = (result: AdjudicationResult) => RESULT_SEVERITY.indexOf(result);

/**
 * The leaves that flip a changed verdict: for a worse verdict the draft's failing leaves the rule saved now does
 * not fail, for a better one the saved rule's failing leaves the draft no longer fails.
 */
function flippedLeaves(before: ProcedureVerification, after: ProcedureVerification): DryRunLeaf[] {
  const worse = severity(after.adjudicationResult) < severity(before.adjudicationResult);
  const [judging, other] = worse ? [failingLeaves(after), failingLeaves(before)] : [failingLeaves(before), failingLeaves(after)];
  const otherTexts = new Set(other.map((leaf) => leaf.text));
  const flipped = judging.filter((leaf) => !otherTexts.has(leaf.text));
  return (flipped.length ? flipped : judging).map(({ text: _text, ...leaf }) => leaf);
}

export interface DryRunBounds {
  /** The most recent claims to judge at most. */
  limit: number;
  /**
   * Milliseconds the run may take: past them it stops before the next claim and answers with the claims judged so far
   * (always at least one), so a slow database or a large claim cannot hold the request open.
   */
  budgetMs: number;
}

export async function dryRun(db: DbOrTx, draft: DryRunDraft, { limit, budgetMs }: DryRunBounds): Promise<RuleDryRunResult> {
  const started = performance.now();
  const code = draft.procedure.procedureCode;
  const recent = await db
    .select({
      id: claims.id,
      org: claims.org,
      referenceClaimId: claims.referenceClaimId,
      caseType: claims.caseType,
      hospitalCode: claims.hospitalCode,
    })
    .from(claims)
    .where(
      and(
        eq(claims.status, 'ADJUDICATED'),
        eq(claims.caseType, draft.caseType),
        jsonbHasAny(claims.procedureCodes, [code]),
        await judgedClaims(db, draft),
      ),
    )
    .orderBy(sql`${claims.lastVerifiedOn} desc nulls last`, desc(claims.id))
    .limit(limit);

  const expected = new Map<number, AdjudicationResult>();
  if (recent.length) {
    const rows = await db
      .select({ claimId: annotations.claimId, expectedResult: annotations.expectedResult })
      .from(annotations)
      .where(
        inArray(
          annotations.claimId,
          recent.map((c) => c.id),
        ),
      );
    for (const row of rows) {
      const verdict = EXPECTED[row.expectedResult];
      if (verdict) expected.set(row.claimId, verdict);
    }
  }

  const definition = await draftDefinition(db, draft);
  // The masters differ between hospitals only by their document segregation: loaded once per hospital.
  const masters = new Map<string | null, Promise<MasterData>>();
  const mastersOf = (hospital: string | null) => {
    if (!masters.has(hospital)) masters.set(hospital, loadMasterData(db, hospital));
    return masters.get(hospital)!;
  };

  const changed: DryRunClaim[] = [];
  const transitions = new Map<string, { from: AdjudicationResult; to: AdjudicationResult; count: number }>();
  const agreement = { annotated: 0, agreeBefore: 0, agreeAfter: 0 };
  let considered = 0;
  for (const claim of recent) {
    if (considered > 0 && performance.now() - started >= budgetMs) break;
    considered++;
    const [documents, claimMasters, current, facts] = await Promise.all([
      loadReadDocuments(db, claim.id),
      mastersOf(claim.hospitalCode),
      loadRules(db, { org: claim.org, caseType: claim.caseType, procedureCodes: [code] }),
      loadFacts(db, claim.id),
    ]);
    const input = {
      claim: verificationClaim({ ...claim, procedureCodes: [code] }),
      documents,
      masters: claimMasters,
      facts,
    };
    const before = verifyClaim({ ...input, rules: current }).adjudicationDetails[code];
    const after = verifyClaim({ ...input, rules: { [code]: definition } }).adjudicationDetails[code];
    const wanted = expected.get(claim.id) ?? null;
    if (wanted) {
      agreement.annotated++;
      if (before.adjudicationResult === wanted) agreement.agreeBefore++;
      if (after.adjudicationResult === wanted) agreement.agreeAfter++;
    }
    if (before.adjudicationResult === after.adjudicationResult) continue;
    const key = `${before.adjudicationResult}>${after.adjudicationResult}`;
    const transition = transitions.get(key) ?? { from: before.adjudicationResult, to: after.adjudicationResult, count: 0 };
    transition.count++;
    transitions.set(key, transition);
    changed.push({
      id: claim.id,
      referenceClaimId: claim.referenceClaimId,
      org: claim.org,
      before: before.adjudicationResult,
      after: after.adjudicationResult,
      beforeReason: before.adjudicationReason ?? null,
      afterReason: after.adjudicationReason ?? null,
      expected: wanted,
      flipped: flippedLeaves(before, after),
    });
  }

  return {
    org: draft.org,
    case_type: draft.caseType,
    procedure: { id: draft.procedure.id, procedure_code: code, name: draft.procedure.name },
    considered,
    limit,
    found: recent.length,
    stoppedEarly: considered < recent.length,
    unchanged: considered - changed.length,
    transitions: [...transitions.values()].sort((a, b) => b.count - a.count),
    claims: changed,
    annotations: agreement,
  };
}
