import { apiClient, fetchLookup, lookupFailure, pageTotal } from '@claims/shared-kernel';
import { LOOKUP_STALE_MS, lookupKeys } from '@claims/shared-kernel/data';
import { queryOptions } from '@tanstack/react-query';
import type { CaseType, ClinicalAttribute, Rule, RuleListRow, RuleSearchBody } from '@claims/shared-kernel';

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
 * The rules' query keys: a list page ['rules', 'list', org, filter, paging] and one rule
 * ['rules', id, org, caseType] (the case type the route asks for, null for the rule's own).
 */
export const ruleKeys = {
  list: (org: string, filter: RuleSearchBody | null) => ['rules', 'list', org, filter] as const,
  rule: (id: string, org: string, caseType?: CaseType) => ['rules', id, org, caseType ?? null] as const,
};

export const ruleQuery = (id: string, org: string, caseType?: CaseType) =>
  queryOptions({ queryKey: ruleKeys.rule(id, org, caseType), queryFn: () => fetchRule(id, org, caseType) });
