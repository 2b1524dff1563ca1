import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from '../axe';
import {
  ADMIN,
  createCase,
  createPermission,
  createProject,
  createRole,
  createRun,
  createSuite,
  expect,
  signIn,
  test,
  unique,
} from '../fixtures';
import { waitForQuiet } from '../page-helpers';

/**
 * Every screen, at a desktop and a phone width: axe-core finds no WCAG 2.1 A or AA violation and
 * the page never scrolls sideways (docs/product/shell-and-navigation.md, "Phone widths"). With
 * SCREENSHOTS_DIR set, each screen is also saved there as a PNG, in the light and the dark theme,
 * to be looked at.
 */

interface Screen {
  name: string;
  url: string;
}

const screenshotsDir = process.env.SCREENSHOTS_DIR;

async function everyScreen(adminApi: Parameters<typeof createProject>[0], user: { id: number }) {
  const project = await createProject(adminApi, unique('Checkout Web'), 'The web shop checkout');
  const suite = await createSuite(adminApi, project.id, 'Payments', 'Card and wallet payments');
  const testCase = await createCase(adminApi, { suite: suite.id }, 'Pay by card', 'Visa and Mastercard');
  const child = await createCase(adminApi, { parent: testCase.id }, 'Declined card');
  await createCase(adminApi, { project: project.id }, 'Smoke test');
  await createRun(adminApi, child.id, 'failed');
  const run = await createRun(adminApi, testCase.id, 'passed');
  const role = await createRole(adminApi, ['home_project']);
  const permission = await createPermission(adminApi);
  const { cycle } = await adminApi.call<{ cycle: { id: number } }>(
    'POST',
    `/api/projects/${project.id}/cycles`,
    {
      name: 'Release 2.4 regression',
      milestone: 'Release 2.4',
      environment: 'Chrome / staging',
      all_cases: true,
    },
  );
  const { items } = await adminApi.call<{ items: { id: number }[] }>('GET', `/api/cycles/${cycle.id}/items`);
  await adminApi.call('POST', `/api/cycle-items/${items[0]!.id}/results`, {
    state: 'failed',
    comment: 'Declined',
  });
  // The administrator's own work, for My Work (the screens are seen signed in as the administrator).
  const me = await adminApi.call<{ user: { id: number } }>('POST', '/api/auth/login', {
    email: ADMIN.email,
    password: ADMIN.password,
  });
  await adminApi.call('PUT', `/api/cycles/${cycle.id}/assign`, {
    item_ids: items.map((item) => item.id),
    assignee_id: me.user.id,
  });
  const screens: Screen[] = [
    { name: 'dashboard', url: '/dashboard' },
    { name: 'api-tokens', url: '/api-tokens' },
    { name: 'project-create', url: '/projects-create' },
    { name: 'project', url: `/projects/${project.id}` },
    { name: 'project-edit', url: `/edit-project/${project.id}` },
    { name: 'project-add-user', url: `/projects/${project.id}/add-user` },
    { name: 'project-add-suite', url: `/projects/${project.id}/add-suite` },
    { name: 'project-add-case', url: `/projects/${project.id}/add-case` },
    { name: 'suite', url: `/suites/${suite.id}` },
    { name: 'suite-edit', url: `/edit-suite/${suite.id}` },
    { name: 'suite-add-case', url: `/suites/${suite.id}/add-case` },
    { name: 'case', url: `/cases/${testCase.id}` },
    { name: 'case-edit', url: `/edit-testcase/${testCase.id}` },
    { name: 'case-add-child', url: `/testcases/${testCase.id}/add-child` },
    { name: 'run-create', url: `/testcases/${testCase.id}/add-testrun` },
    { name: 'run-edit', url: `/edit-testrun/${run.id}` },
    { name: 'cycle-create', url: `/projects/${project.id}/new-cycle` },
    { name: 'cycle', url: `/cycles/${cycle.id}` },
    { name: 'cycle-edit', url: `/edit-cycle/${cycle.id}` },
    { name: 'cycle-item', url: `/cycle-items/${items[1]!.id}` },
    { name: 'my-work', url: '/my-work' },
    { name: 'case-fields', url: `/projects/${project.id}/case-fields` },
    { name: 'issue-tracker', url: `/projects/${project.id}/tracker` },
    { name: 'webhooks', url: `/projects/${project.id}/webhooks` },
    {
      name: 'case-search',
      url: `/projects/${project.id}/search?q=${encodeURIComponent('tag:smoke -priority:low')}`,
    },
    { name: 'case-import', url: `/projects/${project.id}/import-cases` },
    { name: 'flaky-tests', url: `/projects/${project.id}/flaky` },
    { name: 'milestones', url: `/projects/${project.id}/milestones` },
    { name: 'admin-dashboard', url: '/admin-dashboard' },
    { name: 'users', url: '/admin' },
    { name: 'user-create', url: '/admin-create-user' },
    { name: 'user-edit', url: `/admin-edit-user/${user.id}` },
    { name: 'sub-users', url: '/sub-user-list' },
    { name: 'sub-user-create', url: '/admin-create-subuser' },
    { name: 'permissions', url: '/admin-permissions' },
    { name: 'permission-create', url: '/admin-create-permission' },
    { name: 'permission-edit', url: `/admin-edit-permission/${permission.id}` },
    { name: 'roles', url: '/admin-roles' },
    { name: 'role-create', url: '/admin-create-role' },
    { name: 'role-edit', url: `/admin-edit-role/${role.id}` },
    { name: 'inspector', url: `/admin-inspector?user=${user.id}&project=${project.id}` },
    { name: 'audit-log', url: '/admin-audit-log' },
    { name: 'not-found', url: '/no-such-page' },
  ];
  return screens;
}

/** Waits until the screen has its heading and nothing is loading any more. */
async function settle(page: Page): Promise<void> {
  // Generous: the screens load one after another, on a machine the other test worker shares.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0, { timeout: 20_000 });
  await waitForQuiet(page);
}

async function check(page: Page, name: string, label: string): Promise<void> {
  await settle(page);
  await expectNoAxeViolations(page, `${name} (${label})`, true);
  await expectNoSidewaysScroll(page, `${name} (${label})`, true);
  if (screenshotsDir) {
    mkdirSync(screenshotsDir, { recursive: true });
    await page.screenshot({ path: path.join(screenshotsDir, `${name}-${label}.png`), fullPage: true });
  }
}

// The two widths' checks, in halves, may run on both workers at once: one after another they took
// four minutes of one worker on CI.
test.describe.configure({ mode: 'parallel' });

for (const [width, viewport] of [
  ['1440', DESKTOP],
  ['390', PHONE],
] as const) {
  // The dark theme of every screen is for looking at (SCREENSHOTS_DIR); the browser tests check
  // it on a few screens (theme.spec.ts) to keep the suite's time down.
  for (const scheme of screenshotsDir ? (['light', 'dark'] as const) : (['light'] as const)) {
    for (const half of [1, 2] as const) {
      test(`every screen at ${width} px, ${scheme}, half ${half}: no axe violations, no sideways scroll`, async ({
        browser,
        adminApi,
        createUser,
      }) => {
        // About twenty-five screens one after another: minutes on a busy two-core machine.
        test.setTimeout(600_000);
        const user = await createUser({ prefix: 'screens' });
        const screens = await everyScreen(adminApi, user);
        const middle = Math.ceil(screens.length / 2);
        const mine = half === 1 ? screens.slice(0, middle) : screens.slice(middle);
        const context = await browser.newContext({ viewport, colorScheme: scheme });
        const page = await context.newPage();
        const label = `${width}-${scheme}`;

        if (half === 1) {
          await page.goto('/');
          await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
          await check(page, 'sign-in', label);
        }
        await signIn(page);
        for (const screen of mine) {
          await page.goto(screen.url);
          await check(page, screen.name, label);
        }
        await context.close();
      });
    }
  }
}
