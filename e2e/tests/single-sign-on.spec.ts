import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from '../axe';
import { expect, signIn, test, unique } from '../fixtures';
import { OIDC_ISSUER } from '../playwright.config';

/**
 * docs/product/single-sign-on.md and docs/product/two-factor.md in the browser: signing in through
 * the test OpenID provider (oidc-provider, started next to the app by playwright.config.ts), and a
 * password account with an authenticator code.
 */

/** From "Sign in with Test provider" through the provider's page back to the app. */
async function signInWithProvider(page: Page, login: string) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in with Test provider' }).click();
  await expect(page).toHaveURL(new RegExp(`^${OIDC_ISSUER}/interaction/`));
  await page.getByLabel('Username').fill(login);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

/** The authenticator app's code for `secret`, `stepsAhead` steps of 30 s from now. */
function codeOf(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

test.describe('Single sign-on', () => {
  test('a first sign-in makes the account, the session is an ordinary one, and the next sign-in finds it', async ({
    page,
    adminApi,
  }) => {
    const login = unique('dana');
    await signInWithProvider(page, login);
    // The session came in the address's fragment and is kept as a password sign-in keeps it.
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await expect(page.getByRole('heading', { name: 'Welcome to Dashboard' })).toBeVisible();
    // No role maps for this person and no default role is set: no admin area.
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    // The provider still knows the person (its own session): the button signs in at once.
    await page.getByRole('link', { name: 'Sign in with Test provider' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    const found = await adminApi.call<{ email: string }[]>(
      'GET',
      `/api/users/list?q=${encodeURIComponent(login)}`,
    );
    expect(found.filter((user) => user.email === `${login}@sso.test`)).toHaveLength(1);
  });

  test("the provider's group maps to the Administrator role", async ({ page }) => {
    await signInWithProvider(page, unique('admin-erin'));
    await expect(page.getByRole('link', { name: 'Admin' })).toBeVisible();
  });

  test('the sign-in screen offers both ways, and shows why single sign-on failed', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in with Test provider' })).toBeVisible();
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `the sign-in screen with single sign-on at ${viewport.width} px`);
      await expectNoSidewaysScroll(page, `the sign-in screen at ${viewport.width} px`);
    }
    // A refused answer from the provider comes back with the screen's own text for it.
    await page.goto('/api/auth/oidc/callback?error=access_denied&error_description=No%20entry');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('alert')).toContainText(
      'The sign-in provider did not sign you in; try again, or ask an administrator',
    );
  });

  test("never shows words from the address or the provider, only the screen's own texts", async ({
    page,
  }) => {
    const words = 'Your account is locked: call +1 555 0100 at evil.example';
    // The provider's own description of a refusal stays in the server's log.
    await page.goto(
      `/api/auth/oidc/callback?${new URLSearchParams({ error: 'access_denied', error_description: words })}`,
    );
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('alert')).toContainText(
      'The sign-in provider did not sign you in; try again, or ask an administrator',
    );
    await expect(page.getByText('evil.example')).toHaveCount(0);
    // A link someone wrote themselves: one generic text, whatever it says.
    await page.goto(`/?${new URLSearchParams({ sso_error: words })}`);
    await expect(page.getByRole('alert')).toContainText('Single sign-on failed; try again');
    await expect(page.getByText('evil.example')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    // A code the server sends gets its own text.
    await page.goto('/?sso_error=inactive');
    await expect(page.getByRole('alert')).toContainText('This account is inactive');
  });
});

test.describe('Two-factor authentication', () => {
  test('a user turns it on with an authenticator app, then signs in with its code', async ({
    page,
    createUser,
  }) => {
    const user = await createUser();
    await signIn(page, user);
    await page.goto('/api-tokens');
    const card = page.locator('.card', {
      has: page.getByRole('heading', { name: 'Two-factor authentication' }),
    });
    // A wrong password is told at its field; the session stays.
    await card.getByLabel('Current password').fill('not-my-password');
    await card.getByRole('button', { name: 'Set Up' }).click();
    await expect(card.getByText('Current password is wrong')).toBeVisible();
    await expect(page).toHaveURL(/\/api-tokens$/);
    await card.getByLabel('Current password').fill(user.password);
    await card.getByRole('button', { name: 'Set Up' }).click();
    await expect(card.getByRole('img', { name: /QR code of the new key/ })).toBeVisible();
    const secret = ((await card.locator('code').textContent()) ?? '').replaceAll(' ', '');
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `setting up two-factor authentication at ${viewport.width} px`);
    }
    await page.setViewportSize(DESKTOP);
    await card.getByLabel('Authentication code').fill(codeOf(secret));
    await card.getByRole('button', { name: 'Turn On' }).click();
    await expect(card.getByText(/^On: signing in with your password/)).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByPlaceholder('Enter your email').fill(user.email);
    await page.getByPlaceholder('Enter your password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `the authentication code step at ${viewport.width} px`);
    }
    // The code that turned it on is spent; the next one signs in.
    await code.fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  });
});
