import { callApi, fetchLookup, lookupFailure, pageTotal, PROVIDER_ORG } from '@claims/shared-kernel';
import { LOOKUP_STALE_MS } from '@claims/shared-kernel/data';
import { queryOptions } from '@tanstack/react-query';
import type {
  ProcedureQuestion,
  QuestionCreateBody,
  QuestionSaveBody,
  QuestionSearchBody,
  RuleListRow,
  RuleSelectionNames,
} from '@claims/shared-kernel';
import type { Page } from './rules';

const pageParams = (org: string, page: number, limit: number) => ({ org, limit, page_number: page });

/** GET /ppq?org&limit&page_number: one page of the insurer's procedure protocol questions. */
export async function fetchQuestionPage(org: string, page: number, limit: number): Promise<Page<ProcedureQuestion>> {
  const data = await callApi('GET /ppq', { query: pageParams(org, page, limit) });
  return { rows: data, total: pageTotal(data) };
}

/** POST /ppq/search?org&limit&page_number with the filter panel's choices. */
export async function searchQuestions(
  org: string,
  body: QuestionSearchBody,
  page: number,
  limit: number,
): Promise<Page<ProcedureQuestion>> {
  const data = await callApi('POST /ppq/search', { query: pageParams(org, page, limit), body });
  return { rows: data, total: pageTotal(data) };
}

/** GET /ppq/{procedureId}?org: the questions the insurer asks for one procedure (the editor's starting point). */
export async function fetchProcedureQuestions(procedureId: number, org: string): Promise<ProcedureQuestion[]> {
  return callApi('GET /ppq/:id', { params: { id: procedureId }, query: { org } });
}

/** POST /ppq?org: the questions, saved together (all or none); one question per chosen procedure. */
export async function createQuestions(org: string, body: QuestionCreateBody): Promise<ProcedureQuestion[]> {
  return callApi('POST /ppq', { query: { org }, body });
}

/** PUT /ppq/{id}?org: the question; its first procedure replaces its own, further ones get a copy each. */
export async function updateQuestion(id: number, org: string, body: QuestionSaveBody): Promise<ProcedureQuestion[]> {
  return callApi('PUT /ppq/:id', { params: { id }, query: { org }, body });
}

/** DELETE /ppq/{id}?org. */
export async function deleteQuestion(id: number, org: string): Promise<void> {
  await callApi('DELETE /ppq/:id', { params: { id }, query: { org } });
}

/** GET /ppq/editors/me: whether the signed-in user may create, edit and delete questions. */
export async function fetchQuestionEditor(): Promise<boolean> {
  const { canEdit } = await callApi('GET /ppq/editors/me');
  return canEdit;
}

/** The names a rule selects per entity type of a question (POST /rules/search without paging). */
export type RuleChoices = Pick<RuleSelectionNames, 'diagnosisList' | 'clinicalAttributes' | 'evidence' | 'document' | 'drug' | 'tissue'> & {
  procedureName: string;
  procedureCode: string;
};

const isSelectionRow = (row: RuleListRow | RuleSelectionNames): row is RuleSelectionNames => 'clinicalAttributes' in row;

async function rulesOf(org: string, procedureCodes: string[]): Promise<RuleChoices[]> {
  const data = await callApi('POST /rules/search', { query: { org }, body: { procedureCode: procedureCodes } });
  return (data as (RuleListRow | RuleSelectionNames)[]).filter(isSelectionRow).map((row) => ({
    procedureName: row.procedures.name,
    procedureCode: row.procedures.procedure_code,
    diagnosisList: row.diagnosisList,
    clinicalAttributes: row.clinicalAttributes,
    evidence: row.evidence,
    document: row.document,
    drug: row.drug,
    tissue: row.tissue,
  }));
}

/**
 * What the rules of the chosen procedures select, as the possible-answer picker offers it: the insurer's own
 * rules, and for a procedure it has none of, the provider's (which judge that insurer's claims then).
 */
export async function fetchRuleChoices(org: string, procedureCodes: string[]): Promise<RuleChoices[]> {
  const own = await rulesOf(org, procedureCodes);
  const uncovered = procedureCodes.filter((code) => !own.some((rule) => rule.procedureCode === code));
  if (org === PROVIDER_ORG || uncovered.length === 0) return own;
  return [...own, ...(await rulesOf(PROVIDER_ORG, uncovered))];
}

/**
 * The questions' query keys: everything ['ppq']; a list page ['ppq', 'list', org, filter]; one procedure's
 * questions ['ppq', 'procedure', id, org]; all of an insurer's (filter options) ['ppq', 'all', org]; the
 * editor check ['ppq', 'editor', user]. The picker's rule choices are ['ppq', 'ruleChoices', org, codes].
 */
export const questionKeys = {
  all: ['ppq'] as const,
  list: (org: string, filter: QuestionSearchBody | null) => ['ppq', 'list', org, filter] as const,
  procedure: (procedureId: number, org: string) => ['ppq', 'procedure', procedureId, org] as const,
  everything: (org: string) => ['ppq', 'all', org] as const,
  editor: (user: string | null) => ['ppq', 'editor', user] as const,
  ruleChoices: (org: string, codes: string[]) => ['ppq', 'ruleChoices', org, codes] as const,
};

/** Every question of the insurer (GET /ppq?getall&org), for the filter's question picker; a failure leaves it empty. */
export const allQuestionsQuery = (org: string) =>
  queryOptions({
    queryKey: questionKeys.everything(org),
    queryFn: () => fetchLookup<ProcedureQuestion>('ppq', org),
    staleTime: LOOKUP_STALE_MS,
    meta: { failureLog: lookupFailure('ppq') },
  });

/** Asked once per signed-in user (the answer is the server's, so the key names whom it is about). */
export const questionEditorQuery = (user: string | null) =>
  queryOptions({ queryKey: questionKeys.editor(user), queryFn: fetchQuestionEditor, staleTime: LOOKUP_STALE_MS });

export const procedureQuestionsQuery = (procedureId: number, org: string) =>
  queryOptions({ queryKey: questionKeys.procedure(procedureId, org), queryFn: () => fetchProcedureQuestions(procedureId, org) });

export const ruleChoicesQuery = (org: string, codes: string[]) =>
  queryOptions({ queryKey: questionKeys.ruleChoices(org, codes), queryFn: () => fetchRuleChoices(org, codes) });
