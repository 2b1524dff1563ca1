import { ADMIN, expect, signIn, test } from '../fixtures';

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
