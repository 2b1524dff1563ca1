import type { Page } from '@playwright/test';
import { DESKTOP, expectNoAxeViolations, PHONE } from '../axe';
import { createProject, expect, signIn, test } from '../fixtures';

/** docs/product/shell-and-navigation.md, "Themes". */

const themeToggle = (page: Page) => page.getByRole('button', { name: 'Dark theme' });
/** The page's background colour as the browser computed it. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** Dark when the background's brightness is under the middle. */
async function looksDark(page: Page): Promise<boolean> {
  const [r, g, b] = ((await background(page)).match(/\d+/g) ?? []).map(Number);
  return (r ?? 255) + (g ?? 255) + (b ?? 255) < 3 * 128;
}

test.describe('themes', () => {
  test.use({ viewport: DESKTOP });

  test('without a choice the page follows prefers-color-scheme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page);
    expect(await looksDark(page)).toBe(true);
    await expect(themeToggle(page)).toHaveAttribute('aria-pressed', 'true');

    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => looksDark(page)).toBe(false);
    await expect(themeToggle(page)).toHaveAttribute('aria-pressed', 'false');
  });

  test('the toggle switches the theme and is remembered across a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page);
    expect(await looksDark(page)).toBe(false);

    await themeToggle(page).click();
    await expect(themeToggle(page)).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => looksDark(page)).toBe(true);

    await page.reload();
    await expect(themeToggle(page)).toHaveAttribute('aria-pressed', 'true');
    expect(await looksDark(page)).toBe(true);
    // The choice wins over the system setting, including on the sign-in page.
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

    await page.goto('/dashboard');
    await themeToggle(page).click();
    await expect(themeToggle(page)).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    expect(await looksDark(page)).toBe(false);
  });
});

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`dark theme at ${viewport.width} px`, () => {
    test.use({ viewport, colorScheme: 'dark' });

    test('sign-in, dashboard, a project and the users list have no axe violations', async ({
      page,
      adminApi,
    }) => {
      const project = await createProject(adminApi);
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      expect(await looksDark(page)).toBe(true);
      await expectNoAxeViolations(page, 'sign-in', true);

      await signIn(page);
      for (const path of ['/dashboard', `/projects/${project.id}`, '/admin']) {
        await page.goto(path);
        await expect(page.locator('main h1')).toBeVisible();
        await expect(page.getByText('Loading', { exact: false })).toHaveCount(0);
        await expectNoAxeViolations(page, path, true);
      }
    });
  });
}
