import { apiClient, fetchLookup, lookupFailure, pageTotal } from '@claims/shared-kernel';
import { LOOKUP_STALE_MS, lookupKeys } from '@claims/shared-kernel/data';
import { queryOptions } from '@tanstack/react-query';
import type {
  CaseType,
  ClinicalAttribute,
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
  const { data } = await apiClient.get<RuleListRow[]>('/rules', { params: pageParams(org, page, limit) });
  return { rows: data, total: pageTotal(data) };
}

/** POST /rules/search?org&limit&page_number with the filter panel's choices. */
export async function searchRules(org: string, body: RuleSearchBody, page: number, limit: number): Promise<Page<RuleListRow>> {
  const { data } = await apiClient.post<RuleListRow[]>('/rules/search', body, { params: pageParams(org, page, limit) });
  return { rows: data, total: pageTotal(data) };
}

/**
 * GET /clinicalAttribute?getall for the filter's picker, cached like the kernel's lookups (only this area
 * lists clinical attributes): key ['lookup', 'clinicalAttribute']; a failure is logged and leaves it empty.
 */
export const clinicalAttributeLookup = () =>
  queryOptions({
    queryKey: lookupKeys.module('clinicalAttribute'),
    queryFn: () => fetchLookup<ClinicalAttribute>('clinicalAttribute'),
    staleTime: LOOKUP_STALE_MS,
    meta: { failureLog: lookupFailure('clinicalAttribute') },
  });

/** GET /rules/{id}?org[&case_type]: the rule, or the same procedure's rule for that insurer and case type. */
export async function fetchRule(id: string, org: string, caseType?: CaseType): Promise<Rule> {
  const { data } = await apiClient.get<Rule>(`/rules/${encodeURIComponent(id)}`, {
    params: { org, ...(caseType ? { case_type: caseType } : {}) },
  });
  return data;
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

const orgParams = (org: string) => ({ params: { org } });

/** POST /rules?org: a new rule (201, the rule as stored). */
export async function createRule(org: string, body: RuleSaveBody): Promise<Rule> {
  const { data } = await apiClient.post<Rule>('/rules', body, orgParams(org));
  return data;
}

/** PUT /rules/{id}?org: a new version of the rule. */
export async function updateRule(id: number, org: string, body: RuleSaveBody): Promise<Rule> {
  const { data } = await apiClient.put<Rule>(`/rules/${id}`, body, orgParams(org));
  return data;
}

/** DELETE /rules/{id}?org with body {id} (spec 2 §7). */
export async function deleteRule(id: number, org: string): Promise<void> {
  await apiClient.delete(`/rules/${id}`, { ...orgParams(org), data: { id } });
}

/** POST /rules/existence?org: which case types the procedure has a rule for (true: both, false: none). */
export async function ruleExistence(org: string, procedureCode: string): Promise<RuleExistence['result']> {
  const { data } = await apiClient.post<RuleExistence>('/rules/existence', { procedureCode: [procedureCode] }, orgParams(org));
  return data.result;
}

/** POST /rules/searchPcode?org: the procedure's rules with their ids. */
export async function rulesOfProcedure(org: string, procedureCode: string): Promise<RuleOfProcedure[]> {
  const { data } = await apiClient.post<RuleOfProcedure[]>('/rules/searchPcode', { procedureCode: [procedureCode] }, orgParams(org));
  return Array.isArray(data) ? data : [];
}

/** GET /rules/exists/{id}?org: whether org has a rule for the same procedure and case type as rule {id}. */
export async function ruleExistsIn(id: number, org: string): Promise<boolean> {
  const { data } = await apiClient.get<boolean>(`/rules/exists/${id}`, orgParams(org));
  return data;
}

/** GET /rules/{id}/versions: the rule's versions, newest first, with their differences. */
export async function fetchRuleVersions(id: number): Promise<RuleVersion[]> {
  const { data } = await apiClient.get<RuleVersion[]>(`/rules/${id}/versions`);
  return data;
}

/** POST /rules/{id}/versions/{version}/restore?org: the earlier version saved again as the newest. */
export async function restoreRuleVersion(id: number, org: string, version: number): Promise<Rule> {
  const { data } = await apiClient.post<Rule>(`/rules/${id}/versions/${version}/restore`, undefined, orgParams(org));
  return data;
}

/** POST /rules/dryRun?org: what the draft would change on the most recent verified claims it would judge. */
export async function dryRunRule(org: string, body: RuleDryRunBody): Promise<RuleDryRunResult> {
  const { data } = await apiClient.post<RuleDryRunResult>('/rules/dryRun', body, orgParams(org));
  return data;
}

export const ruleVersionsQuery = (id: number) =>
  queryOptions({ queryKey: ['rules', id, 'versions'] as const, queryFn: () => fetchRuleVersions(id) });
