import { ADMIN, expect, signInThroughForm as signIn, test } from '../fixtures';

test.describe('sign-in', () => {
  test('shows the sign-in screen with its texts', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Verdict').first()).toBeVisible();
    await expect(page.getByText('Plan your tests. Record every result. Know where you stand.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText('Login to your account')).toBeVisible();
    await expect(page.getByPlaceholder('Enter your email')).toHaveAttribute('type', 'email');
    await expect(page.getByPlaceholder('Enter your password')).toHaveAttribute('type', 'password');
    await expect(page.getByLabel('Remember Me')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('an admin signs in, stays signed in after a reload, and signs out', async ({ page, request }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('userId'))).toBe('1');
    expect(Number(await page.evaluate(() => localStorage.getItem('tokenTime')))).toBeGreaterThan(0);

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The server revoked the old token.
    const res = await request.get('/api/users/1', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
  });

  test("a wrong password shows the server's message", async ({ page }) => {
    await page.goto('/');
    await page.getByPlaceholder('Enter your email').fill(ADMIN.email);
    await page.getByPlaceholder('Enter your password').fill('wrong-password-here');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a visitor without a session is sent to the sign-in screen', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
  });

  test('an expired session is cleared on page load', async ({ page }) => {
    await signIn(page);
    await page.evaluate(() => localStorage.setItem('tokenTime', String(Date.now() - 86_400_001)));
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a deep link opened without a session lands there after signing in', async ({ page }) => {
    await page.goto('/projects-create');
    await expect(page).toHaveURL(/\/$/);
    await signIn(page);
    await expect(page).toHaveURL(/\/projects-create$/);
  });

  test('after logout the next sign-in starts at the dashboard', async ({ page }) => {
    await signIn(page);
    await page.goto('/projects-create');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('leaving a page while it still loads the user does not sign out', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard');
    // The dashboard is still loading the user and roles when the browser leaves it.
    await page.goto('/projects-create');
    await expect(page).toHaveURL(/\/projects-create$/);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });
});

/**
 * 'Remember Me' remembers the email only. The password is left to the browser's own password
 * manager (the fields' autocomplete attributes, and the Credential Management API where the
 * browser has it): nothing a script on the page can read ever holds it.
 */
test.describe('Remember Me', () => {
  /** Every key and value of local and session storage, as one text to search. */
  const storageText = (page: import('@playwright/test').Page) =>
    page.evaluate(() =>
      [localStorage, sessionStorage]
        .flatMap((storage) =>
          Array.from({ length: storage.length }, (_, i) => {
            const key = storage.key(i) ?? '';
            return `${key}=${storage.getItem(key) ?? ''}`;
          }),
        )
        .join('\n'),
    );

  test('keeps the email and never the password in storage; the browser is offered the credential', async ({
    page,
  }) => {
    // Records what the page hands to the browser's password manager (without the password).
    await page.addInitScript(() => {
      const offered: { id: string; type: string }[] = [];
      (window as unknown as { offeredCredentials: typeof offered }).offeredCredentials = offered;
      const container = navigator.credentials;
      if (container?.store) {
        const store = container.store.bind(container);
        container.store = (credential: Credential) => {
          offered.push({ id: credential.id, type: credential.type });
          return store(credential).catch(() => undefined);
        };
      }
    });
    await page.goto('/');
    await page.getByPlaceholder('Enter your email').fill(ADMIN.email);
    await page.getByPlaceholder('Enter your password').fill(ADMIN.password);
    await page.getByLabel('Remember Me').check();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    expect(await page.evaluate(() => localStorage.getItem('savedEmail'))).toBe(ADMIN.email);
    expect(await page.evaluate(() => localStorage.getItem('savedPassword'))).toBeNull();
    expect(await storageText(page)).not.toContain(ADMIN.password);
    // Where the browser has a password manager API, it is handed the credential to keep.
    if (await page.evaluate(() => 'PasswordCredential' in window)) {
      await expect
        .poll(() =>
          page.evaluate(() => (window as unknown as { offeredCredentials: unknown[] }).offeredCredentials),
        )
        .toEqual([{ id: ADMIN.email, type: 'password' }]);
    }

    // Signed out, the sign-in screen has the email, Remember Me checked, and no password of its
    // own: the field is for the browser to fill.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByPlaceholder('Enter your email')).toHaveValue(ADMIN.email);
    await expect(page.getByLabel('Remember Me')).toBeChecked();
    await expect(page.getByPlaceholder('Enter your email')).toHaveAttribute('autocomplete', 'username');
    await expect(page.getByPlaceholder('Enter your password')).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
    expect(await storageText(page)).not.toContain(ADMIN.password);
  });

  test('a password saved by an older version is removed on load and never filled in', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(
      ({ email, password }) => {
        localStorage.setItem('savedEmail', email);
        localStorage.setItem('savedPassword', password);
      },
      { email: ADMIN.email, password: 'an-old-saved-password' },
    );
    await page.reload();
    await expect(page.getByPlaceholder('Enter your email')).toHaveValue(ADMIN.email);
    await expect(page.getByPlaceholder('Enter your password')).toHaveValue('');
    expect(await page.evaluate(() => localStorage.getItem('savedPassword'))).toBeNull();
    expect(await storageText(page)).not.toContain('an-old-saved-password');
    expect(await page.evaluate(() => localStorage.getItem('savedEmail'))).toBe(ADMIN.email);

    // Also on a page other than the sign-in screen.
    await page.evaluate(() => localStorage.setItem('savedPassword', 'an-old-saved-password'));
    await signIn(page);
    await page.evaluate(() => localStorage.setItem('savedPassword', 'an-old-saved-password'));
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('savedPassword'))).toBeNull();
  });
});
