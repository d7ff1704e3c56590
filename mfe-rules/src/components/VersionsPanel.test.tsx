import type { RuleVersion } from '@claims/shared-kernel';
import { fakeApi, signInAs, signOut, type FakeApi } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LOOKUPS, renderRules, storedRule } from '../testing/rules';

const version = (n: number, changes: RuleVersion['changes'], extra: Partial<RuleVersion> = {}): RuleVersion => ({
  version: n,
  saved_by: 'vitraya.admin',
  saved_at: '2024-03-05T10:00:00Z',
  restored_from: null,
  current: false,
  case_type: 'SETTLEMENT',
  procedureRule: {
    booleanOperator: 'AND',
    statements: [{ operator: 'ALL_OF_THE_VALUES_ARE_PRESENT', entityName: 'diagnoses', valuesToFind: [`Diagnosis of v${n}`] }],
  },
  diagnosisRule: null,
  documentRule: null,
  clinicalTermsRule: null,
  selections: { fk_document: ['Discharge Summary'] },
  changes,
  ...extra,
});

const VERSIONS: RuleVersion[] = [
  version(3, [{ field: 'fk_document', label: 'Documents', added: ['Final Bill'], removed: [] }], { current: true, restored_from: 1 }),
  version(2, [
    { field: 'procedureRule', label: 'Procedure Rule', added: ['  Diagnoses: all of Glaucoma'], removed: ['  Diagnoses: all of Cataract'] },
  ]),
  version(1, []),
];

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'super_user');
  api = fakeApi({
    ...LOOKUPS,
    'GET /rules/:id': storedRule(),
    'GET /rules/:id/versions': VERSIONS,
    'POST /rules/:id/versions/:version/restore': storedRule({ version: 4 }),
    'POST /rules/existence': { result: true },
  });
});
afterEach(() => signOut());

const versionItem = (n: number) => screen.getByRole('listitem', { name: `Version ${n}` });

it("lists the rule's versions from the viewer with their differences: added highlighted, removed struck through", async () => {
  renderRules('/rules/view/12?org=vitraya');
  fireEvent.click(await screen.findByRole('button', { name: /Versions \(3\)/ }));
  await screen.findByRole('list', { name: 'Versions' });
  expect(api.callsTo('GET /rules/:id/versions')[0].path).toBe('/rules/12/versions');
  expect(within(versionItem(3)).getByText('Current')).toBeInTheDocument();
  expect(within(versionItem(3)).getByText('Restored from version 1')).toBeInTheDocument();
  expect(within(versionItem(3)).getByText('vitraya.admin, 2024-03-05, 3:30:00 pm')).toBeInTheDocument();
  const line = (text: string) =>
    within(versionItem(2)).getByText((_, element) => element?.textContent === text && /^(INS|DEL)$/.test(element.tagName));
  expect(line('Added:   Diagnoses: all of Glaucoma').tagName).toBe('INS');
  expect(line('Removed:   Diagnoses: all of Cataract').tagName).toBe('DEL');
  expect(within(versionItem(1)).getByText('The first version kept.')).toBeInTheDocument();
  expect(within(versionItem(3)).queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();

  fireEvent.click(within(versionItem(2)).getByRole('button', { name: 'View version 2' }));
  // Over the versions dialog (in tests every dialog's title has the same id, so it is found by its text).
  const trees = await waitFor(() => {
    const dialog = screen.getAllByRole('dialog').find((d) => within(d).queryByText('Version 2 (Settlement)'));
    if (!dialog) throw new Error('The trees of version 2 are not shown');
    return dialog;
  });
  expect(within(trees).getByText('Diagnosis of v2')).toBeInTheDocument();
});

it('restores an earlier version after a confirmation, as a new version', async () => {
  renderRules('/rules/edit/12?org=vitraya');
  await screen.findByRole('heading', { name: 'Edit Rule for Vitraya' });
  fireEvent.click(screen.getByText('Versions (now version 3)'));
  await screen.findByRole('list', { name: 'Versions' });
  fireEvent.click(within(versionItem(1)).getByRole('button', { name: 'Restore version 1' }));
  const confirm = await screen.findByRole('dialog', { name: 'Restore version 1?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Restore' }));
  expect(await screen.findByText('Version 1 restored as version 4')).toBeInTheDocument();
  expect(api.callsTo('POST /rules/:id/versions/:version/restore').map((c) => c.url)).toEqual(['/rules/12/versions/1/restore?org=vitraya']);
  // The stored rule is read again: the editor starts from the restored version.
  await waitFor(() => expect(api.callsTo('GET /rules/:id').length).toBeGreaterThan(1));
});

it('lets a user who may not write the rule see the versions but not restore them', async () => {
  signInAs('vitraya', 'user');
  renderRules('/rules/view/12?org=vitraya');
  fireEvent.click(await screen.findByRole('button', { name: /Versions \(3\)/ }));
  await screen.findByRole('list', { name: 'Versions' });
  expect(screen.queryByRole('button', { name: /Restore version/ })).not.toBeInTheDocument();
});
