import { setRuntimeConfig } from '@claims/shared-kernel';
import type { DecisionReason, PagedResults } from '@claims/shared-kernel';
import { failure, fakeApi, renderScreen, signInAs, signOut, type FakeApi } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import MastersRoutes from '../index';

const notCovered: DecisionReason = {
  id: 3,
  code: 'NOT-COVERED',
  description: 'Procedure not covered',
  decisions: ['DENY'],
  active: true,
  created_by: 'seed',
  created_at: '2024-03-01T04:00:00Z',
  last_modified_by: 'vitraya.admin',
  last_modified_at: '2024-03-05T10:00:00Z',
};
const labMissing: DecisionReason = {
  id: 7,
  code: 'LAB-MISSING',
  description: 'Lab report missing',
  decisions: ['APPROVE', 'QUERY'],
  active: false,
};

const page = (results: DecisionReason[]): PagedResults<DecisionReason> => ({ results, total_count: results.length, page_number: 1 });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const typing = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'super_user');
  setRuntimeConfig({ externalClaimsUrl: '#claims' });
  window.location.hash = '';
  api = fakeApi({ 'GET /decisionReasons': page([labMissing, notCovered]), 'GET /decisionReasons/:code': { result: notCovered } });
});
afterEach(() => signOut());

describe('decision reasons list', () => {
  it('shows each reason with what it applies to and whether it is active, and Create to a super user', async () => {
    renderScreen(<MastersRoutes />, '/decisionReasons');
    expect(await screen.findByText('Decision Reasons (2)')).toBeInTheDocument();
    for (const column of ['Code', 'Description', 'Applies to', 'Active']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    const row = (await screen.findByText('LAB-MISSING')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Approve, Query')).toBeInTheDocument();
    expect(within(row).getByText('No')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Create/ })).toBeInTheDocument();
  });

  it('lets a reviewer read the list without Create', async () => {
    signInAs('vitraya', 'user');
    renderScreen(<MastersRoutes />, '/decisionReasons');
    expect(await screen.findByText('NOT-COVERED')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create/ })).not.toBeInTheDocument();
  });
});

describe('decision reason view', () => {
  it('shows the fields and the history under the screen’s labels', async () => {
    api.answer({
      'GET /audit/:entity/:key': {
        results: [
          {
            id: 5,
            entity: 'decisionReasons',
            key: '3',
            action: 'update',
            username: 'vitraya.admin',
            at: '2024-03-05T10:00:00Z',
            before: { decisions: ['DENY', 'QUERY'] },
            after: { decisions: ['DENY'] },
          },
        ],
        total_count: 1,
        page_number: 1,
      },
    });
    renderScreen(<MastersRoutes />, '/decisionReasons/view/NOT-COVERED');
    expect(await screen.findByText('Procedure not covered')).toBeInTheDocument();
    expect(screen.getByText('Deny')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /History/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Applies to')).toBeInTheDocument();
    expect(api.callsTo('GET /audit/:entity/:key').map((call) => call.path)).toEqual(['/audit/decisionReasons/3']);
  });
});

describe('decision reason editor', () => {
  it('keeps Save disabled until code, description and a decision are given, then posts the reason', async () => {
    const user = typing();
    api.answer({ 'POST /decisionReasons': { result: { ...labMissing, id: 9, code: 'DUP-CLAIM' } } });
    renderScreen(<MastersRoutes />, '/decisionReasons/create');
    expect(await screen.findByRole('heading', { name: /Create/ })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code'), ' DUP-CLAIM ');
    await user.type(screen.getByLabelText('Description'), 'Duplicate of an earlier claim');
    expect(saveButton()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Query' }));
    await user.click(screen.getByRole('checkbox', { name: 'Deny' }));
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    await user.click(saveButton());
    await waitFor(() => expect(api.callsTo('POST /decisionReasons')).toHaveLength(1));
    expect(api.callsTo('POST /decisionReasons')[0].body).toEqual({
      code: 'DUP-CLAIM',
      description: 'Duplicate of an earlier claim',
      decisions: ['DENY', 'QUERY'],
      active: true,
    });
    expect(await screen.findByText('Decision Reasons (2)')).toBeInTheDocument();
  });

  it('says a decision is needed once the last one is unticked', async () => {
    const user = typing();
    renderScreen(<MastersRoutes />, '/decisionReasons/edit/NOT-COVERED');
    await user.click(await screen.findByRole('checkbox', { name: 'Deny' }));
    expect(screen.getByText('Select at least one decision')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('edits the whole reason, making it inactive, and shows a refusal without losing the input', async () => {
    const user = typing();
    api.answer({ 'PUT /decisionReasons/:code': failure(400, 'code: Decision reason LAB-MISSING already exists') });
    renderScreen(<MastersRoutes />, '/decisionReasons/edit/NOT-COVERED');
    const code = await screen.findByLabelText('Code');
    expect(code).toHaveValue('NOT-COVERED');
    await user.clear(code);
    await user.type(code, 'LAB-MISSING');
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await user.click(saveButton());
    expect(await screen.findByText('Decision reason LAB-MISSING already exists')).toBeInTheDocument();
    expect(api.callsTo('PUT /decisionReasons/:code')[0]).toMatchObject({
      path: '/decisionReasons/NOT-COVERED',
      body: { code: 'LAB-MISSING', description: 'Procedure not covered', decisions: ['DENY'], active: false },
    });
    expect(screen.getByLabelText('Code')).toHaveValue('LAB-MISSING');
  });

  it('sends anyone who is not a super user to the claims page', async () => {
    signInAs('vitraya', 'user');
    renderScreen(<MastersRoutes />, '/decisionReasons/create');
    await waitFor(() => expect(window.location.hash).toBe('#claims'));
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });
});
