import { SESSION_LIFETIME_MS, STORAGE_KEYS } from '@verdict/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  isSessionExpired,
  LOGOUT_FAILED_LOG,
  landingRoute,
  logout,
  offerCredentialToBrowser,
  readLastRoute,
  readSavedEmail,
  readSession,
  rememberEmail,
  restoreSession,
  saveLastRoute,
  saveSession,
  sessionTimeLeft,
} from './session';

const T0 = 1_700_000_000_000;

describe('session storage', () => {
  it('stores token, userId and tokenTime on sign-in', () => {
    saveSession('tok', 7, T0);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe('7');
    expect(localStorage.getItem(STORAGE_KEYS.tokenTime)).toBe(String(T0));
    expect(readSession(T0 + 1000)).toEqual({ token: 'tok', userId: 7, tokenTime: T0 });
  });

  it('expires 24 hours after sign-in', () => {
    expect(isSessionExpired(T0, T0 + SESSION_LIFETIME_MS - 1)).toBe(false);
    expect(isSessionExpired(T0, T0 + SESSION_LIFETIME_MS)).toBe(true);
    expect(isSessionExpired(Number.NaN, T0)).toBe(true);
    saveSession('tok', 7, T0);
    expect(readSession(T0 + SESSION_LIFETIME_MS)).toBeNull();
    expect(sessionTimeLeft({ token: 'tok', userId: 7, tokenTime: T0 }, T0 + 1000)).toBe(
      SESSION_LIFETIME_MS - 1000,
    );
  });

  it('clears an expired session on page load', () => {
    saveSession('tok', 7, T0);
    expect(restoreSession(T0 + SESSION_LIFETIME_MS + 1)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.tokenTime)).toBeNull();
  });

  it('keeps a valid session on page load', () => {
    saveSession('tok', 7, T0);
    expect(restoreSession(T0 + 60_000)).toEqual({ token: 'tok', userId: 7, tokenTime: T0 });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
  });

  it('treats a missing or half-written session as none and clears the rest', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    expect(restoreSession(T0)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();

    saveSession('tok', 7, T0);
    localStorage.setItem(STORAGE_KEYS.userId, 'abc');
    expect(readSession(T0)).toBeNull();

    saveSession('tok', 7, T0);
    localStorage.setItem(STORAGE_KEYS.tokenTime, 'yesterday');
    expect(readSession(T0)).toBeNull();
  });

  it('clearSession leaves the remembered email and lastRoute alone', () => {
    saveSession('tok', 7, T0);
    rememberEmail(true, 'a@b.c');
    saveLastRoute('/cases/4');
    clearSession();
    expect(readSession(T0)).toBeNull();
    expect(readSavedEmail()).toBe('a@b.c');
    expect(readLastRoute()).toBe('/cases/4');
  });
});

describe('Remember Me', () => {
  it('stores the email when checked and removes it when unchecked; a password never, an old one is removed', () => {
    expect(readSavedEmail()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.savedPassword, 'left-by-an-older-version');
    rememberEmail(true, 'a@b.c');
    expect(localStorage.getItem(STORAGE_KEYS.savedEmail)).toBe('a@b.c');
    expect(localStorage.getItem(STORAGE_KEYS.savedPassword)).toBeNull();
    rememberEmail(false, 'a@b.c');
    expect(localStorage.getItem(STORAGE_KEYS.savedEmail)).toBeNull();
    expect(readSavedEmail()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it("hands the credential to the browser's password manager where it has PasswordCredential", () => {
    const store = vi.fn(async (credential: unknown) => credential);
    const created: unknown[] = [];
    class FakePasswordCredential {
      readonly type = 'password';
      constructor(readonly data: { id: string; password: string }) {
        created.push(data);
      }
    }
    vi.stubGlobal('PasswordCredential', FakePasswordCredential);
    const credentials = Object.getOwnPropertyDescriptor(navigator, 'credentials');
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { store } });
    try {
      offerCredentialToBrowser('a@b.c', 'secret123');
      expect(created).toEqual([{ id: 'a@b.c', password: 'secret123', name: 'a@b.c' }]);
      expect(store).toHaveBeenCalledTimes(1);
      expect(localStorage.length).toBe(0);
    } finally {
      vi.unstubAllGlobals();
      if (credentials) Object.defineProperty(navigator, 'credentials', credentials);
      else Reflect.deleteProperty(navigator, 'credentials');
    }
  });

  it('does nothing where the browser has no PasswordCredential', () => {
    expect('PasswordCredential' in window).toBe(false);
    expect(() => offerCredentialToBrowser('a@b.c', 'secret123')).not.toThrow();
    expect(localStorage.length).toBe(0);
  });
});

describe('lastRoute', () => {
  it('saves every path except /', () => {
    saveLastRoute('/projects/3');
    expect(localStorage.getItem(STORAGE_KEYS.lastRoute)).toBe('/projects/3');
    saveLastRoute('/');
    expect(localStorage.getItem(STORAGE_KEYS.lastRoute)).toBe('/projects/3');
  });

  it('lands on the last route, else /dashboard', () => {
    expect(landingRoute()).toBe('/dashboard');
    saveLastRoute('/admin');
    expect(landingRoute()).toBe('/admin');
  });

  it('ignores a stored value that is not an in-app path', () => {
    localStorage.setItem(STORAGE_KEYS.lastRoute, '//evil.example');
    expect(landingRoute()).toBe('/dashboard');
    localStorage.setItem(STORAGE_KEYS.lastRoute, 'https://evil.example');
    expect(landingRoute()).toBe('/dashboard');
  });
});

describe('logout', () => {
  it('calls POST /api/auth/logout with the token, then clears the client', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ message: 'ok' })));
    vi.stubGlobal('fetch', fetchMock);
    saveSession('tok', 7);
    saveLastRoute('/cases/1');
    rememberEmail(true, 'a@b.c');

    await logout();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/logout');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(readSession()).toBeNull();
    expect(readLastRoute()).toBeNull();
    expect(readSavedEmail()).toBe('a@b.c');
  });

  it('clears the client anyway and logs when the server call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    saveSession('tok', 7);

    await logout();

    expect(log).toHaveBeenCalledWith(LOGOUT_FAILED_LOG);
    expect(LOGOUT_FAILED_LOG).toBe('Server logout failed, clearing client anyway');
    expect(readSession()).toBeNull();
  });

  it('also clears on an error answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"x"}', { status: 500 })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    saveSession('tok', 7);
    await logout();
    expect(readSession()).toBeNull();
  });
});
