/**
 * CONTRIBUTING's recipes followed once, as far as the shell sees them: a row added to the kinds table, or a row
 * and a navigation entry added to a remote's route table and area declaration, reach the side navigation and the
 * shell's URL map with no change to the shell.
 */
jest.mock('@module-federation/enhanced/runtime', () => require('./testing/federation-runtime-mock'));

import { type DomainKind, kindTables, MASTER_KINDS } from '@claims/shared-kernel';
import { AreaDeclaration, type AreaDeclarationInput, type NavEntry, routeSegments } from '@claims/shared-kernel/contract';
import { ADDED_KIND, fakeApi, renderScreen, signInAs, signOut } from '@claims/shared-kernel/testing';
import { RemoteRoutes, type ScreenRoute } from '@claims/shared-kernel/ui';
import { screen, within } from '@testing-library/react';
import { area as masters } from '../../mfe-masters/src/area';
import { ROUTES as MASTERS_ROUTES } from '../../mfe-masters/src/routes/table';
import { area as rules } from '../../mfe-rules/src/area';
import { ROUTES as RULES_ROUTES } from '../../mfe-rules/src/routes/table';
import { setAreas } from './areas';
import { renderShell } from './testing/render-shell';
import { SUITE_AREAS } from './testing/suite-areas';

/** The suite's areas with one of them declared anew, as its next build writes its area.json. */
const withArea = (changed: AreaDeclarationInput) =>
  setAreas(SUITE_AREAS.map((area) => (area.name === changed.name ? AreaDeclaration.parse(changed) : area)));

const nav = () => screen.findByRole('navigation', { name: 'Main' });
const Stub = () => <h1>A new screen</h1>;

beforeEach(() => {
  signOut();
  fakeApi({ 'GET /version': { name: 'claims-api', version: '0.3.0' } });
});

describe("'Add a master kind'", () => {
  const kinds: DomainKind[] = [...MASTER_KINDS, ADDED_KIND];
  // The masters' list, view, create and edit rows of the kind (mfe-masters/src/routes/table.test.ts asks for them).
  const routes: ScreenRoute[] = [
    ...MASTERS_ROUTES,
    ...['implants', 'implants/view/:code', 'implants/create', 'implants/edit/:code'].map((path) => ({ path, screen: Stub })),
  ];

  it('gives the new kind a navigation entry with its icon, and sends its pages to the masters', async () => {
    withArea({ ...masters, segments: routeSegments(routes), navigation: kindTables(kinds).navigation });
    signInAs('vitraya', 'user');
    renderShell('/implants/view/7');
    const entry = (await within(await nav()).findByText('Implants')).closest('li')!;
    expect(within(entry).getByRole('img', { name: 'experiment' })).toBeInTheDocument();
    expect(await screen.findByText('mfe_masters renders /implants/view/7')).toBeInTheDocument();
  });
});

describe("'Add a screen to a remote'", () => {
  const routes: ScreenRoute[] = [...RULES_ROUTES, { path: 'ruleAudits/:id', screen: Stub }];
  const entry: NavEntry = {
    path: '/ruleAudits/all',
    label: 'Rule Audits',
    icon: 'FileSearchOutlined',
    section: 'rules',
    order: 30,
    visibleTo: { organizations: ['provider'] },
  };

  it("shows the new row's screen at its path in the remote's router", async () => {
    renderScreen(<RemoteRoutes routes={routes} />, '/ruleAudits/4');
    expect(await screen.findByRole('heading', { name: 'A new screen' })).toBeInTheDocument();
  });

  it('routes its first segment to the remote and shows its navigation entry', async () => {
    withArea({ ...rules, segments: routeSegments(routes), navigation: [...rules.navigation, entry] });
    signInAs('vitraya', 'user');
    renderShell('/ruleAudits/4');
    const item = (await within(await nav()).findByText('Rule Audits')).closest('li')!;
    expect(within(item).getByRole('img', { name: 'file-search' })).toBeInTheDocument();
    expect(await screen.findByText('mfe_rules renders /ruleAudits/4')).toBeInTheDocument();
  });
});
