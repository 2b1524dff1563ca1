import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password', name: 'admin' };

let counter = 0;
/** A name no other test uses, so tests can run in any order against one server. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}`;
}

/** A thin API client for setting up data through the real API. */
export class Api {
  constructor(
    private readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  static async login(
    request: APIRequestContext,
    email = ADMIN.email,
    password = ADMIN.password,
  ): Promise<Api> {
    const res = await request.post('/api/auth/login', { data: { email, password } });
    expect(res.status(), await res.text()).toBe(200);
    return new Api(request, (await res.json()).token);
  }

  async call<T = any>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<T> {
    const res = await this.request.fetch(url, {
      method,
      headers: { authorization: `Bearer ${this.token}` },
      ...(data === undefined ? {} : { data }),
    });
    const text = await res.text();
    expect(res.ok(), `${method} ${url} → ${res.status()} ${text}`).toBeTruthy();
    return text ? JSON.parse(text) : (undefined as T);
  }
}

/** Signs in through the sign-in page like a person would. */
export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await page.goto('/');
  await page.getByPlaceholder('Enter your email').fill(email);
  await page.getByPlaceholder('Enter your password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/$/);
}

export const test = base.extend<{ adminApi: Api }>({
  adminApi: async ({ request }, use) => {
    await use(await Api.login(request));
  },
});
export { expect };
