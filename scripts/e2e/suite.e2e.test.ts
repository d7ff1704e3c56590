/**
 * The suite as a user meets it: sign-in, each remote inside the shell, one copy of the shared
 * libraries, a remote that is down, the parent-window handshake, and a session the api revokes.
 */
import type http from 'node:http';
import type { Frame, Page } from 'playwright-core';
import { defineClaimReviewTests } from './claim-review';
import { defineConsoleTests } from './console';
import { defineDashboardChartTests } from './dashboard-charts';
import { defineDecisionTests } from './decisions';
import { defineDocumentRoundTests } from './document-rounds';
import { defineLayoutTests } from './layout';
import { defineLetterTests } from './letters';
import { defineReviewQueueTests } from './review-queue';
import { defineRuleTests } from './rules';
import { defineMasterTests } from './masters';
import {
  apiLogin,
  buildRulesAgainstNewerKernel,
  editAreaDeclaration,
  PARENT_ALLOWED_PORT,
  PARENT_REFUSED_PORT,
  signInThroughUi,
  startDevServer,
  startE2E,
  startParentPortal,
  untilSeededClaims,
  type E2E,
} from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
}, 600_000);

afterAll(async () => {
  await e2e?.close();
});

async function withPage(run: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await e2e.newPage();
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

async function waitForFrame(page: Page, path: string): Promise<Frame> {
  for (let i = 0; i < 100; i += 1) {
    const frame = page.frames().find((f) => new URL(f.url(), 'http://x').pathname === path);
    if (frame) return frame;
    await page.waitForTimeout(100);
  }
  throw new Error(`no frame at ${path}`);
}

const tableTitle = (page: Page, title: string) => page.getByTestId('table-title').filter({ hasText: new RegExp(`^${title} \\(\\d+\\)$`) });

describe('sign-in', () => {
  test('a wrong password shows the failure text and keeps the user on the sign-in page', () =>
    withPage(async (page) => {
      await signInThroughUi(page, e2e.shellUrl, 'vitraya.admin', 'not-the-password');
      await expect(page.getByText('Login Failed – Invalid username or password. Please try again.').waitFor()).resolves.toBeUndefined();
      expect(new URL(page.url()).pathname).toBe('/');
    }));

  test('the right password opens Claims to Review with the seeded claims', () =>
    withPage(async (page) => {
      await untilSeededClaims(e2e.apiBaseUrl);
      await signInThroughUi(page, e2e.shellUrl, 'vitraya.admin');
      await page.waitForURL('**/claims');
      // The title reads (0) until the first page arrives, so the rows are awaited before the total.
      await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      const title = await tableTitle(page, 'Claims to Review').textContent();
      expect(Number(/\((\d+)\)/.exec(title ?? '')?.[1])).toBeGreaterThan(0);
    }));
});

describe('the claims list', () => {
  // The provider's eleven columns need 1300 px: from 1920 px the whole row shows (layout.ts checks every width).
  test('shows the verdict without scrolling sideways at 1920 px', () =>
    withPage(async (page) => {
      await page.setViewportSize({ width: 1920, height: 800 });
      await signInThroughUi(page, e2e.shellUrl, 'vitraya.admin');
      await page.waitForURL('**/claims');
      await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      const header = await page.getByRole('columnheader', { name: 'Verification Result' }).boundingBox();
      expect(header).not.toBeNull();
      expect(header!.x).toBeGreaterThanOrEqual(0);
      expect(header!.x + header!.width).toBeLessThanOrEqual(1920);
      // The verdict is the last column but the date.
      const cells = page.locator('.ant-table-tbody tr.ant-table-row').first().locator('td');
      const verdict = await cells.nth((await cells.count()) - 2).boundingBox();
      expect(verdict).not.toBeNull();
      expect(verdict!.x + verdict!.width).toBeLessThanOrEqual(1920);
    }));
});

describe('the four remotes inside the shell', () => {
  test.each([
    ['/claims', 'Claims to Review'],
    ['/hospitals', 'Hospitals'],
    ['/rules', 'Procedure Protocol'],
  ])('%s renders its list from the api', (route, title) =>
    withPage(async (page) => {
      await signInThroughUi(page, e2e.shellUrl, 'vitraya.admin');
      await page.waitForURL('**/claims');
      await page.goto(`${e2e.shellUrl}${route}`);
      await tableTitle(page, title).waitFor();
      await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    }),
  );

  test('/uploadsDownloads renders the console with its four tabs', () =>
    withPage(async (page) => {
      await signInThroughUi(page, e2e.shellUrl, 'vitraya.admin');
      await page.waitForURL('**/claims');
      await page.goto(`${e2e.shellUrl}/uploadsDownloads`);
      await page.getByText('Uploads and Downloads').first().waitFor();
      for (const tab of ['Uploads/Downloads', 'Batch Summary', 'Downloads failed', 'Uploads/Verification failed']) {
        await page.getByRole('tab', { name: tab }).waitFor();
      }
    }));

  test('the page holds one copy of React, react-dom, antd and the kernel, all from the shell', () =>
    withPage(async (page) => {
      await signInThroughUi(page, e2e.shellUrl, 'vitraya.admin');
      await page.waitForURL('**/claims');
      await tableTitle(page, 'Claims to Review').waitFor();
      await page.goto(`${e2e.shellUrl}/hospitals`);
      await tableTitle(page, 'Hospitals').waitFor();
      // The remote's buttons wear the theme the shell set with its basics tier of antd: one instance.
      const primary = page.locator('.ant-btn-primary').first();
      await primary.waitFor();
      expect(await primary.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(31, 78, 121)');
      // The console's statistics are an antd component only that area uses: shared on its own, still the shell's copy.
      await page.getByRole('menuitem', { name: 'Uploads and Downloads' }).click();
      await page.locator('.ant-statistic').first().waitFor();
      const providers = await page.evaluate(() => {
        type ShareInfo = { from: string; loaded?: boolean; lib?: unknown; loading?: unknown };
        const share = (
          window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, ShareInfo>>>> } }
        ).__FEDERATION__.__SHARE__;
        const loaded: Record<string, string[]> = {};
        for (const scopes of Object.values(share)) {
          for (const packages of Object.values(scopes)) {
            for (const [pkg, versions] of Object.entries(packages)) {
              for (const [version, info] of Object.entries(versions)) {
                if (info.loaded || info.lib) {
                  loaded[pkg] ??= [];
                  loaded[pkg].push(`${version}@${info.from}`);
                }
              }
            }
          }
        }
        return Object.fromEntries(Object.entries(loaded).map(([pkg, list]) => [pkg, [...new Set(list)]]));
      });
      for (const pkg of [
        'react',
        'react-dom',
        'antd',
        'antd/es/statistic',
        '@claims/shared-kernel',
        '@claims/shared-kernel/ui',
        '@claims/shared-kernel/data',
        '@tanstack/react-query',
        'react-router-dom',
      ]) {
        expect(providers[pkg]).toHaveLength(1);
        expect(providers[pkg][0]).toMatch(/@shell$/);
      }
      // The lazily shared statistics are styled under the page's one theme: the same theme hash class as the
      // facade's tabs beside them (another antd copy would have no theme and so another hash).
      const themeHash = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((element) => [...element.classList].find((name) => /^css-(?!var)/.test(name)) ?? 'none');
      expect(await themeHash('.ant-statistic')).toBe(await themeHash('.ant-tabs'));
      expect(await themeHash('.ant-statistic')).not.toBe('none');
    }));
});

describe('a remote that is down', () => {
  test('shows its error panel with Retry while the shell and the other areas keep working', () =>
    withPage(async (page) => {
      await e2e.suite.stopApp('mfe-rules');
      try {
        await signInThroughUi(page, e2e.shellUrl, 'vitraya.admin');
        await page.waitForURL('**/claims');
        await page.goto(`${e2e.shellUrl}/rules`);
        await page.getByText('The Rules area could not be loaded.').waitFor();
        await page.getByRole('menuitem', { name: 'Hospitals' }).click();
        await tableTitle(page, 'Hospitals').waitFor();
        await page.getByRole('menuitem', { name: 'Procedure Protocol' }).click();
        await page.getByText('The Rules area could not be loaded.').waitFor();
      } finally {
        await e2e.suite.restartApp('mfe-rules');
      }
      await page.getByRole('button', { name: 'Retry' }).click();
      await tableTitle(page, 'Procedure Protocol').waitFor();
    }));
});

describe('areas that deploy on their own', () => {
  test('a navigation entry a remote declares appears without a new shell', () =>
    withPage(async (page) => {
      const restore = editAreaDeclaration('mfe-rules', (declaration) => {
        const navigation = declaration.navigation as Record<string, unknown>[];
        navigation.push({
          path: '/rules/preview',
          label: 'Rule Preview',
          icon: 'ExperimentOutlined',
          section: 'rules',
          order: 30,
          visibleTo: {},
        });
      });
      try {
        await signInThroughUi(page, e2e.shellUrl, 'vitraya.admin');
        await page.waitForURL('**/claims');
        const rulesGroup = page.locator('.ant-menu-item-group').filter({ hasText: 'Rules' });
        await rulesGroup.getByRole('menuitem', { name: 'Rule Preview' }).waitFor();
        const labels = await rulesGroup.getByRole('menuitem').allTextContents();
        expect(labels).toEqual(['Procedure Protocol', 'Procedure Questions', 'Rule Preview']);
      } finally {
        restore();
      }
    }));

  test('a remote built against a newer kernel and a larger antd facade shows its error panel, naming what is missing', async () => {
    const newer = buildRulesAgainstNewerKernel();
    try {
      await e2e.suite.stopApp('mfe-rules');
      await e2e.suite.restartApp('mfe-rules', { distDir: newer.distDir });
      await withPage(async (page) => {
        await signInThroughUi(page, e2e.shellUrl, 'vitraya.admin');
        await page.waitForURL('**/claims');
        await page.goto(`${e2e.shellUrl}/rules`);
        await page.getByText('The Rules area could not be loaded.').waitFor();
        const detail = await page.locator('.ant-result').textContent();
        expect(detail).toContain('antd Drawer');
        expect(detail).toContain('@claims/shared-kernel kernelRelease');
        // The content versions say which kernel and facade each side was built with.
        expect(detail).toMatch(/built against antd 6\.[\d.]+\+\w{8}, this page has 6\.[\d.]+\+\w{8}/);
        // The rest of the suite is untouched.
        await page.getByRole('menuitem', { name: 'Hospitals' }).click();
        await tableTitle(page, 'Hospitals').waitFor();
      });
    } finally {
      await e2e.suite.stopApp('mfe-rules');
      await e2e.suite.restartApp('mfe-rules');
      newer.cleanup();
    }
  }, 240_000);
});

describe('a remote run alone by a developer', () => {
  const DEV_PORT_BASE = (Number(process.env.E2E_PORT_BASE) || 3600) + 50;
  test.each([
    ['mfe-claims', 'Claims to Review', 1],
    ['mfe-masters', 'Hospitals', 2],
    ['mfe-rules', 'Procedure Protocol', 3],
  ])(
    'npm run dev -w @claims/%s serves the remote with its own sign-in, on any port, against the api it is given',
    async (remote, title, offset) => {
      const port = DEV_PORT_BASE + offset;
      const stop = await startDevServer(remote, port, e2e.apiBaseUrl);
      try {
        await withPage(async (page) => {
          await signInThroughUi(page, `http://localhost:${port}`, 'vitraya.admin');
          await tableTitle(page, title).waitFor({ timeout: 60_000 });
          await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
        });
      } finally {
        stop();
      }
    },
    240_000,
  );

  test('npm run dev -w @claims/mfe-operations serves the console alone', async () => {
    const port = DEV_PORT_BASE + 4;
    const stop = await startDevServer('mfe-operations', port, e2e.apiBaseUrl);
    try {
      await withPage(async (page) => {
        await signInThroughUi(page, `http://localhost:${port}`, 'vitraya.admin');
        await page.getByRole('tab', { name: 'Batch Summary' }).waitFor({ timeout: 60_000 });
      });
    } finally {
      stop();
    }
  }, 240_000);
});

describe('the parent-window handshake', () => {
  let servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.map((server) => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(resolve));
      }),
    );
    servers = [];
  });

  async function firstClaimId(token: string): Promise<number> {
    const response = await fetch(`${e2e.apiBaseUrl}/claims?limit=1&page_number=1`, { headers: { Authorization: `Bearer ${token}` } });
    const rows = (await response.json()) as { id: number }[];
    return rows[0].id;
  }

  test('an allow-listed parent signs the user in and opens the claim', () =>
    withPage(async (page) => {
      const session = await apiLogin(e2e.apiBaseUrl, 'vitraya.reviewer');
      const claimId = await firstClaimId(session.access_token);
      servers.push(
        await startParentPortal(PARENT_ALLOWED_PORT, e2e.shellUrl, {
          access_token: session.access_token,
          user: session.user,
          organization: session.organization,
          claimId: String(claimId),
        }),
      );
      await page.goto(`http://localhost:${PARENT_ALLOWED_PORT}/`);
      const shellFrame = await waitForFrame(page, '/iframeauthenticate');
      await shellFrame.waitForURL(`**/claims/${claimId}?org=vitraya`, { timeout: 30_000 });
      const stored = await shellFrame.evaluate(
        () => JSON.parse(localStorage.getItem('claims.session') ?? '{}') as { user?: string; organization?: string },
      );
      expect(stored).toMatchObject({ user: 'vitraya.reviewer', organization: 'vitraya' });
      expect(shellFrame.url()).not.toContain('access_token');
    }));

  test('a parent on another origin is refused', () =>
    withPage(async (page) => {
      const session = await apiLogin(e2e.apiBaseUrl, 'vitraya.reviewer');
      servers.push(
        await startParentPortal(PARENT_REFUSED_PORT, e2e.shellUrl, {
          access_token: session.access_token,
          user: session.user,
          organization: session.organization,
          claimId: '1',
        }),
      );
      await page.goto(`http://localhost:${PARENT_REFUSED_PORT}/`);
      await page.frameLocator('#shell').getByText('Authentication Failed').waitFor();
    }));
});

describe('a session the api no longer accepts', () => {
  test('a 401 logs the user out', () =>
    withPage(async (page) => {
      await signInThroughUi(page, e2e.shellUrl, 'vitraya.admin');
      await page.waitForURL('**/claims');
      await tableTitle(page, 'Claims to Review').waitFor();
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('claims.session') ?? '{}').token as string);
      const revoked = await fetch(`${e2e.apiBaseUrl}/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
      expect(revoked.ok).toBe(true);
      await page.getByRole('menuitem', { name: 'Hospitals' }).click();
      await page.getByLabel('Username').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('claims.session'))).toBeNull();
    }));
});

defineClaimReviewTests(() => e2e);
defineRuleTests(() => e2e);
defineMasterTests(() => e2e);
defineConsoleTests(() => e2e);
defineLayoutTests(() => e2e);
defineLetterTests(() => e2e);
defineDecisionTests(() => e2e);
defineReviewQueueTests(() => e2e);
defineDocumentRoundTests(() => e2e);
defineDashboardChartTests(() => e2e);
