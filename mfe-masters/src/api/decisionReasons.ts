import { callApi } from '@claims/shared-kernel';
import type { DecisionReason, DecisionReasonSaveBody } from '@claims/shared-kernel';
import type { Page } from './types';

/** GET /decisionReasons?limit&page_number: a page in code order. */
export async function fetchDecisionReasonPage(page: number, limit: number): Promise<Page<DecisionReason>> {
  const data = await callApi('GET /decisionReasons', { query: { limit, page_number: page } });
  return { rows: data.results, total: 'total_count' in data ? data.total_count : data.results.length };
}

/** POST /decisionReasons/search?limit&page_number: per-column filters, paged by the server like the list. */
export async function searchDecisionReasons(filters: Record<string, string>, page: number, limit: number): Promise<Page<DecisionReason>> {
  const data = await callApi('POST /decisionReasons/search', { query: { limit, page_number: page }, body: { filters } });
  return { rows: data.results, total: data.total_count };
}

export async function fetchDecisionReason(code: string): Promise<DecisionReason> {
  return (await callApi('GET /decisionReasons/:code', { params: { code } })).result;
}

export async function createDecisionReason(body: DecisionReasonSaveBody): Promise<void> {
  await callApi('POST /decisionReasons', { body });
}

/** PUT /decisionReasons/{code}: the whole reason, its code included. */
export async function updateDecisionReason(code: string, body: DecisionReasonSaveBody): Promise<void> {
  await callApi('PUT /decisionReasons/:code', { params: { code }, body });
}
