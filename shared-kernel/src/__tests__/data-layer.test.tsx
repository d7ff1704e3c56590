import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiError, apiClient } from '../api/client';
import { lookupHospitals, lookupProcedures } from '../api/lookups';
import type { Procedure } from '../contract';
import { lookupQueries, useLookup } from '../data/lookups';
import { LOOKUP_STALE_MS, queryClient, shouldRetry } from '../data/query-client';
import { clearSession, signIn } from '../session/session-store';
import { SuiteProviders } from '../standalone/SuiteProviders';
import { expectConsoleError } from '../testing/console';
import { failure, fakeApi } from '../testing/fake-api';
import { renderScreen, testQueryClient } from '../testing/render';
import { usePagedList } from '../ui/usePagedList';

const PROCEDURE: Procedure = {
  id: 1,
  name: 'Cataract surgery',
  procedure_code: 'P001',
  snomedct_code: '110473004',
  procedure_group: null,
  alias: [],
};

afterEach(() => clearSession());

describe('retries (shouldRetry)', () => {
  it.each([400, 401, 403, 404, 409])('does not retry the server answer %i', (status) => {
    expect(shouldRetry(0, new ApiError('refused', status, null))).toBe(false);
  });

  it('retries a 5xx, no answer at all and other errors, at most twice', () => {
    expect(shouldRetry(0, new ApiError('busy', 500, null))).toBe(true);
    expect(shouldRetry(1, new ApiError('bad gateway', 502, null))).toBe(true);
    expect(shouldRetry(0, new ApiError('Network Error', null, null))).toBe(true);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, new ApiError('busy', 500, null))).toBe(false);
    expect(shouldRetry(2, new ApiError('Network Error', null, null))).toBe(false);
  });

  it('asks three times in all for a 5xx, once for a 4xx', async () => {
    const client = testQueryClient();
    const api = fakeApi({ 'GET /claims': failure(503, 'Busy'), 'GET /hospitals': failure(404, 'Not found') });
    const read = (path: string) => client.fetchQuery({ queryKey: [path], queryFn: () => apiClient.get(path) });
    await expect(read('/claims')).rejects.toEqual(expect.objectContaining({ status: 503 }));
    await expect(read('/hospitals')).rejects.toEqual(expect.objectContaining({ status: 404 }));
    expect(api.callsTo('GET /claims')).toHaveLength(3);
    expect(api.callsTo('GET /hospitals')).toHaveLength(1);
  });
});

describe("the page's cache", () => {
  const signInUser = (user: string) => signIn({ user, token: `${user}-token`, organization: 'vitraya', role: 'user' });

  it('is emptied on sign-out and when another user signs in, not when the first one does', () => {
    queryClient.setQueryData(['before'], 'kept');
    signInUser('first');
    expect(queryClient.getQueryData(['before'])).toBe('kept');
    queryClient.setQueryData(['claims', 'list'], ['first user rows']);
    signInUser('second');
    expect(queryClient.getQueryData(['claims', 'list'])).toBeUndefined();
    queryClient.setQueryData(['claims', 'list'], ['second user rows']);
    clearSession();
    expect(queryClient.getQueryData(['claims', 'list'])).toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('is emptied when a 401 ends the session', async () => {
    signInUser('first');
    queryClient.setQueryData(['claims', 'list'], ['rows']);
    fakeApi({ 'GET /claims': failure(401, 'Token expired') });
    await expect(apiClient.get('/claims')).rejects.toBeInstanceOf(ApiError);
    expect(queryClient.getQueryData(['claims', 'list'])).toBeUndefined();
  });
});

function ProcedurePicker({ name, org }: { name: string; org?: string }) {
  const procedures = useLookup(lookupQueries.procedures(org));
  return <p data-testid={name}>{procedures.map((p) => p.name).join(', ') || 'none'}</p>;
}

describe('lookups', () => {
  it('are keyed by module and organisation and stay fresh for LOOKUP_STALE_MS', () => {
    expect(lookupQueries.procedures('vitraya').queryKey).toEqual(['lookup', 'procedures', 'vitraya']);
    expect(lookupQueries.procedures().queryKey).toEqual(['lookup', 'procedures']);
    expect(lookupQueries.hospitals().queryKey).toEqual(['lookup', 'hospitals']);
    expect(lookupQueries.keywords('diagnoses').queryKey).toEqual(['lookup', 'diagnoses']);
    expect(lookupQueries.procedures().staleTime).toBe(LOOKUP_STALE_MS);
  });

  it('are asked for once: a second picker within the stale time is served from the cache', async () => {
    const client = testQueryClient();
    const api = fakeApi({ 'GET /procedures': [PROCEDURE] });
    renderScreen(<ProcedurePicker name="first" org="vitraya" />, '/', client);
    expect(await screen.findByText('Cataract surgery')).toHaveAttribute('data-testid', 'first');
    renderScreen(<ProcedurePicker name="second" org="vitraya" />, '/', client);
    expect(screen.getByTestId('second')).toHaveTextContent('Cataract surgery');
    expect(api.callsTo('GET /procedures')).toHaveLength(1);
    const [call] = api.callsTo('GET /procedures');
    expect(call.query.get('getall')).toBe('');
    expect(call.query.get('org')).toBe('vitraya');
  });

  it('leave the picker empty when they fail, log once after the last try, and are asked again by the next picker', async () => {
    expectConsoleError(/^Lookup of procedures failed ApiError: Busy$/);
    const logged = jest.spyOn(console, 'error');
    const client = testQueryClient();
    const api = fakeApi({ 'GET /procedures': failure(500, 'Busy') });
    renderScreen(<ProcedurePicker name="first" />, '/', client);
    await waitFor(() => expect(client.getQueryState(lookupQueries.procedures().queryKey)?.status).toBe('error'));
    expect(screen.getByTestId('first')).toHaveTextContent('none');
    expect(api.callsTo('GET /procedures')).toHaveLength(3);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();

    api.answer({ 'GET /procedures': [PROCEDURE] });
    renderScreen(<ProcedurePicker name="second" />, '/', client);
    await waitFor(() => expect(screen.getByTestId('second')).toHaveTextContent('Cataract surgery'));
    expect(api.callsTo('GET /procedures')).toHaveLength(4);
    expect(api.callsTo('GET /procedures')[0].query.has('org')).toBe(false);
  });

  it('called outside React answer an empty list when they fail, and log why', async () => {
    expectConsoleError('Lookup of hospitals failed');
    fakeApi({ 'GET /hospitals': failure(403, 'Not allowed'), 'GET /procedures': [PROCEDURE] });
    expect(await lookupHospitals()).toEqual([]);
    expect(await lookupProcedures()).toEqual([PROCEDURE]);
  });
});

describe('usePagedList', () => {
  function renderList(
    initialKey: readonly unknown[],
    fetcher: (page: number, pageSize: number) => Promise<{ rows: string[]; total: number }>,
  ) {
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <SuiteProviders queryClient={client}>{children}</SuiteProviders>;
    return renderHook(({ listKey }) => usePagedList(listKey, fetcher), { wrapper, initialProps: { listKey: initialKey } });
  }

  it('goes back to page 1, keeping the page size, when its key changes, and not for an equal key', async () => {
    const fetcher = jest.fn(async (page: number, pageSize: number) => ({ rows: [`${page}/${pageSize}`], total: 300 }));
    const { result, rerender } = renderList(['claims', 'vitraya'], fetcher);
    await waitFor(() => expect(result.current.rows).toEqual(['1/25']));
    expect(result.current.total).toBe(300);

    act(() => result.current.setPage(3, 50));
    await waitFor(() => expect(result.current.rows).toEqual(['3/50']));
    rerender({ listKey: ['claims', 'vitraya'] });
    expect(result.current.page).toBe(3);

    rerender({ listKey: ['claims', 'bajaj'] });
    expect(result.current.page).toBe(1);
    expect(result.current.pageSize).toBe(50);
    await waitFor(() => expect(result.current.rows).toEqual(['1/50']));
    expect(fetcher).toHaveBeenLastCalledWith(1, 50);
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('shows an empty list when a page fails, and says why', async () => {
    const fetcher = jest.fn(async () => {
      throw new ApiError('page_number: must be positive', 400, null);
    });
    const { result } = renderList(['claims'], fetcher);
    expect(await screen.findByText('Page number must be positive')).toBeInTheDocument();
    expect(result.current).toMatchObject({ rows: [], total: 0, loading: false });
    expect(result.current.error?.message).toBe('Page number must be positive');
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
