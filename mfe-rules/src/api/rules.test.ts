import { apiClient } from '@claims/shared-kernel';
import { expectConsoleError } from '@claims/shared-kernel/testing';
import type { InternalAxiosRequestConfig } from 'axios';
import { fetchRulePage, loadRuleFilterOptions, searchRules } from './rules';

/** The wire as the api sees it: a fake adapter records each request and answers by path. */
let requests: InternalAxiosRequestConfig[] = [];
let answers: Record<string, unknown> = {};
beforeEach(() => {
  requests = [];
  answers = {};
  apiClient.defaults.adapter = async (config) => {
    requests.push(config);
    return { data: answers[config.url ?? ''] ?? [], status: 200, statusText: 'OK', headers: {}, config };
  };
});

it('lists with org, limit and page_number and takes the total from the first row', async () => {
  answers['/rules'] = [{ id: 1, total_count: 42, page_number: 3 }, { id: 2 }];
  await expect(fetchRulePage('maxbupa', 3, 25)).resolves.toMatchObject({ total: 42 });
  expect(requests[0]).toMatchObject({ method: 'get', url: '/rules', params: { org: 'maxbupa', limit: 25, page_number: 3 } });
});

it('posts the filter body to /rules/search with the paging in the query', async () => {
  await expect(searchRules('vitraya', { diagnosis: ['Fever'] }, 1, 50)).resolves.toEqual({ rows: [], total: 0 });
  expect(requests[0]).toMatchObject({ method: 'post', url: '/rules/search', params: { org: 'vitraya', limit: 50, page_number: 1 } });
  expect(JSON.parse(requests[0].data as string)).toEqual({ diagnosis: ['Fever'] });
});

it('builds sorted, distinct picker lists and survives a failed lookup', async () => {
  answers['/procedures'] = [
    { procedure_code: 'id002', name: 'Cataract Surgery' },
    { procedure_code: 'id001', name: 'Appendectomy' },
    { procedure_code: 'id001_preauth', name: 'Appendectomy' },
  ];
  answers['/diagnoses'] = [{ name: 'Fever' }, { name: 'Cataract' }];
  answers['/clinicalAttribute'] = { results: [{ name: 'Haemoglobin' }] };
  const failing = apiClient.defaults.adapter as (config: InternalAxiosRequestConfig) => Promise<unknown>;
  apiClient.defaults.adapter = async (config) => {
    if (config.url === '/document') throw new Error('offline');
    return failing(config) as never;
  };
  expectConsoleError('Lookup of document failed Error: offline');
  await expect(loadRuleFilterOptions()).resolves.toEqual({
    procedureCodes: ['id001', 'id001_preauth', 'id002'],
    procedureNames: ['Appendectomy', 'Cataract Surgery'],
    diagnoses: ['Cataract', 'Fever'],
    documents: [],
    clinicalAttributes: ['Haemoglobin'],
  });
  expect(requests.find((r) => r.url === '/clinicalAttribute')?.params).toEqual({ getall: '' });
});
