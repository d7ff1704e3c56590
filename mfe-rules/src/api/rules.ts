import { apiClient, lookupKeywords, lookupProcedures, pageTotal } from '@claims/shared-kernel';
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

/** GET /clinicalAttribute?getall; like the kernel's lookups a failure leaves the picker empty. */
async function lookupClinicalAttributes(): Promise<ClinicalAttribute[]> {
  try {
    const { data } = await apiClient.get<ClinicalAttribute[] | { results: ClinicalAttribute[] }>('/clinicalAttribute', {
      params: { getall: '' },
    });
    return Array.isArray(data) ? data : data.results;
  } catch (error) {
    console.error('Lookup of clinicalAttribute failed', error);
    return [];
  }
}

/** The names each picker of the rules filter offers, sorted and without repeats. */
export interface RuleFilterOptions {
  procedureCodes: string[];
  procedureNames: string[];
  diagnoses: string[];
  documents: string[];
  clinicalAttributes: string[];
}

const distinct = (names: string[]) => [...new Set(names.filter(Boolean))].sort((a, b) => a.localeCompare(b));

export async function loadRuleFilterOptions(): Promise<RuleFilterOptions> {
  const [procedures, diagnoses, documents, clinicalAttributes] = await Promise.all([
    lookupProcedures(),
    lookupKeywords('diagnoses'),
    lookupKeywords('document'),
    lookupClinicalAttributes(),
  ]);
  return {
    procedureCodes: distinct(procedures.map((p) => p.procedure_code)),
    procedureNames: distinct(procedures.map((p) => p.name)),
    diagnoses: distinct(diagnoses.map((d) => d.name)),
    documents: distinct(documents.map((d) => d.name)),
    clinicalAttributes: distinct(clinicalAttributes.map((c) => c.name)),
  };
}

/** GET /rules/{id}?org[&case_type]: the rule, or the same procedure's rule for that insurer and case type. */
export async function fetchRule(id: string, org: string, caseType?: CaseType): Promise<Rule> {
  const { data } = await apiClient.get<Rule>(`/rules/${encodeURIComponent(id)}`, {
    params: { org, ...(caseType ? { case_type: caseType } : {}) },
  });
  return data;
}
