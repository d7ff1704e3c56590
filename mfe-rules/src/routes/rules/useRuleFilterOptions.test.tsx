import { expectConsoleError, failure, fakeApi, testQueryClient } from '@claims/shared-kernel/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { clinicalAttribute, keyword, procedure } from '../../testing/fixtures';
import { useRuleFilterOptions } from './useRuleFilterOptions';

it('builds sorted, distinct picker lists from the lookups and survives a failed lookup', async () => {
  const api = fakeApi({
    'GET /procedures': [
      procedure(2, 'id002', 'Cataract Surgery'),
      procedure(1, 'id001', 'Appendectomy'),
      procedure(3, 'id001_preauth', 'Appendectomy'),
    ],
    'GET /diagnoses': [keyword(1, 'Fever'), keyword(2, 'Cataract')],
    'GET /document': failure(404, 'Not Found'),
    'GET /clinicalAttribute': [clinicalAttribute(1, 'Haemoglobin')],
  });
  expectConsoleError('Lookup of document failed ApiError: Not Found');
  const client = testQueryClient();
  const { result } = renderHook(useRuleFilterOptions, {
    wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
  await waitFor(() => expect(api.callsTo('GET /document')).toHaveLength(1));
  await waitFor(() =>
    expect(result.current).toEqual({
      procedureCodes: ['id001', 'id001_preauth', 'id002'],
      procedureNames: ['Appendectomy', 'Cataract Surgery'],
      diagnoses: ['Cataract', 'Fever'],
      documents: [],
      clinicalAttributes: ['Haemoglobin'],
    }),
  );
  // One call per lookup, however many pickers read it; each asks for the whole list.
  expect(api.calls.map((call) => call.url).sort()).toEqual([
    '/clinicalAttribute?getall=',
    '/diagnoses?getall=',
    '/document?getall=',
    '/procedures?getall=',
  ]);
});
