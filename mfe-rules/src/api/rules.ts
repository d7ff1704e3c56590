import { callApi, pageTotal } from '@claims/shared-kernel';
import { queryOptions } from '@tanstack/react-query';
import type {
  CaseType,
  Rule,
  RuleDryRunBody,
  RuleDryRunResult,
  RuleExistence,
  RuleListRow,
  RuleOfProcedure,
  RuleSaveBody,
  RuleSearchBody,
  RuleVersion,
} from '@claims/shared-kernel';

export interface Page<T> {
  rows: T[];
  total: number;
}

const pageParams = (org: string, page: number, limit: number) => ({ org, limit, page_number: page });

/** GET /rules?org&limit&page_number: one page of the insurer's procedure protocols. */
export async function fetchRulePage(org: string, page: number, limit: number): Promise<Page<RuleListRow>> {
  const data = await callApi('GET /rules', { query: pageParams(org, page, limit) });
  return { rows: data, total: pageTotal(data) };
}

/** POST /rules/search?org&limit&page_number with the filter panel's choices. */
export async function searchRules(org: string, body: RuleSearchBody, page: number, limit: number): Promise<Page<RuleListRow>> {
  const data = await callApi('POST /rules/search', { query: pageParams(org, page, limit), body });
  // Asked for a page, the api answers the list's rows; the selection names come only without paging.
  const rows = data as RuleListRow[];
  return { rows, total: pageTotal(rows) };
}

/** GET /rules/{id}?org[&case_type]: the rule, or the same procedure's rule for that insurer and case type. */
export async function fetchRule(id: string, org: string, caseType?: CaseType): Promise<Rule> {
  return callApi('GET /rules/:id', { params: { id }, query: { org, ...(caseType ? { case_type: caseType } : {}) } });
}

/**
 * The rules' query keys: a list page ['rules', 'list', org, filter, paging], one rule ['rules', id, org, caseType]
 * (the case type the route asks for, null for the rule's own) and its versions ['rules', id, 'versions']. A rule
 * write invalidates ['rules'].
 */
export const ruleKeys = {
  list: (org: string, filter: RuleSearchBody | null) => ['rules', 'list', org, filter] as const,
  rule: (id: string, org: string, caseType?: CaseType) => ['rules', id, org, caseType ?? null] as const,
};

export const ruleQuery = (id: string, org: string, caseType?: CaseType) =>
  queryOptions({ queryKey: ruleKeys.rule(id, org, caseType), queryFn: () => fetchRule(id, org, caseType) });

/** POST /rules?org: a new rule (201, the rule as stored). */
export async function createRule(org: string, body: RuleSaveBody): Promise<Rule> {
  return callApi('POST /rules', { query: { org }, body });
}

/** PUT /rules/{id}?org: a new version of the rule. */
export async function updateRule(id: number, org: string, body: RuleSaveBody): Promise<Rule> {
  return callApi('PUT /rules/:id', { params: { id: String(id) }, query: { org }, body });
}

/** DELETE /rules/{id}?org with body {id} (spec 2 §7). */
export async function deleteRule(id: number, org: string): Promise<void> {
  await callApi('DELETE /rules/:id', { params: { id: String(id) }, query: { org }, body: { id } });
}

/** POST /rules/existence?org: which case types the procedure has a rule for (true: both, false: none). */
export async function ruleExistence(org: string, procedureCode: string): Promise<RuleExistence['result']> {
  const { result } = await callApi('POST /rules/existence', { query: { org }, body: { procedureCode: [procedureCode] } });
  return result;
}

/** POST /rules/searchPcode?org: the procedure's rules with their ids. */
export async function rulesOfProcedure(org: string, procedureCode: string): Promise<RuleOfProcedure[]> {
  const data = await callApi('POST /rules/searchPcode', { query: { org }, body: { procedureCode: [procedureCode] } });
  return Array.isArray(data) ? data : [];
}

/** GET /rules/exists/{id}?org: whether org has a rule for the same procedure and case type as rule {id}. */
export async function ruleExistsIn(id: number, org: string): Promise<boolean> {
  return callApi('GET /rules/exists/:id', { params: { id }, query: { org } });
}

/** GET /rules/{id}/versions: the rule's versions, newest first, with their differences. */
export async function fetchRuleVersions(id: number): Promise<RuleVersion[]> {
  return callApi('GET /rules/:id/versions', { params: { id } });
}

/** POST /rules/{id}/versions/{version}/restore?org: the earlier version saved again as the newest. */
export async function restoreRuleVersion(id: number, org: string, version: number): Promise<Rule> {
  return callApi('POST /rules/:id/versions/:version/restore', { params: { id, version }, query: { org } });
}

/** POST /rules/dryRun?org: what the draft would change on the most recent verified claims it would judge. */
export async function dryRunRule(org: string, body: RuleDryRunBody): Promise<RuleDryRunResult> {
  return callApi('POST /rules/dryRun', { query: { org }, body });
}

export const ruleVersionsQuery = (id: number) =>
  queryOptions({ queryKey: ['rules', id, 'versions'] as const, queryFn: () => fetchRuleVersions(id) });
