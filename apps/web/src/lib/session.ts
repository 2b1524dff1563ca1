import { SESSION_LIFETIME_MS, STORAGE_KEYS } from '@verdict/contract';
import { api } from './api-client';
import { paths } from './paths';

/**
 * The client half of the session (docs/product/sign-in-and-sessions.md, "The session in the
 * browser"): what lives in local storage and when it stops counting.
 * The server checks the token too; this is what decides what the browser shows.
 */

export interface StoredSession {
  token: string;
  userId: number;
  /** When the user signed in, in epoch milliseconds. */
  tokenTime: number;
}

export function saveSession(token: string, userId: number, now: number = Date.now()): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.userId, String(userId));
  localStorage.setItem(STORAGE_KEYS.tokenTime, String(now));
}

/**
 * A session handed over by single sign-on in the address's fragment (`#sso_token=…&sso_user=…`,
 * docs/product/single-sign-on.md, "On the screen"): stored as a password sign-in stores it, and
 * taken out of the address at once. True when one was stored.
 */
export function takeSingleSignOnSession(now: number = Date.now()): boolean {
  const { hash, pathname, search } = window.location;
  if (!hash.startsWith('#sso_token=')) return false;
  const params = new URLSearchParams(hash.slice(1));
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  const token = params.get('sso_token');
  const userId = Number(params.get('sso_user'));
  if (!token || !Number.isSafeInteger(userId) || userId < 1) return false;
  saveSession(token, userId, now);
  return true;
}

export function isSessionExpired(tokenTime: number, now: number = Date.now()): boolean {
  return !Number.isFinite(tokenTime) || now - tokenTime >= SESSION_LIFETIME_MS;
}

/** The stored session, or null when it is missing, malformed or older than 24 hours. */
export function readSession(now: number = Date.now()): StoredSession | null {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const userIdText = localStorage.getItem(STORAGE_KEYS.userId);
  const tokenTimeText = localStorage.getItem(STORAGE_KEYS.tokenTime);
  if (!token || !userIdText || !tokenTimeText) return null;
  const userId = Number(userIdText);
  const tokenTime = Number(tokenTimeText);
  if (!Number.isSafeInteger(userId) || userId < 1) return null;
  if (isSessionExpired(tokenTime, now)) return null;
  return { token, userId, tokenTime };
}

/** Page-load rule: a usable session is kept, anything else (expired, half-written) is removed. */
export function restoreSession(now: number = Date.now()): StoredSession | null {
  const session = readSession(now);
  if (!session) clearSession();
  return session;
}

/** Milliseconds until the session expires (0 when already expired). */
export function sessionTimeLeft(session: StoredSession, now: number = Date.now()): number {
  return Math.max(0, session.tokenTime + SESSION_LIFETIME_MS - now);
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.userId);
  localStorage.removeItem(STORAGE_KEYS.tokenTime);
}

/**
 * 'Remember Me' remembers the email: checked stores it, unchecked removes it. The password is
 * never stored where a script on the page could read it (local storage is readable by any
 * script on the origin, an injected one included). Keeping it is the browser's own password
 * manager's job: the sign-in fields carry autocomplete="username" and "current-password", and
 * after a remembered sign-in the credential is handed to the manager (offerCredentialToBrowser).
 */
export function rememberEmail(remember: boolean, email: string): void {
  if (remember) localStorage.setItem(STORAGE_KEYS.savedEmail, email);
  else localStorage.removeItem(STORAGE_KEYS.savedEmail);
  forgetLegacySavedPassword();
}

/** The remembered email, or null when Remember Me was not chosen. */
export function readSavedEmail(): string | null {
  return localStorage.getItem(STORAGE_KEYS.savedEmail);
}

/** Older versions kept the password itself in local storage; every page load removes it. */
export function forgetLegacySavedPassword(): void {
  localStorage.removeItem(STORAGE_KEYS.savedPassword);
}

type PasswordCredentialConstructor = new (data: {
  id: string;
  password: string;
  name?: string;
}) => Credential;

/**
 * Hands the credential to the browser's password manager through the Credential Management
 * API, where the browser has it (Chromium-based browsers); elsewhere the browser offers to save
 * the password from the form by itself. The browser may ask the user first; nothing waits for
 * it, and a refusal or failure changes nothing.
 */
export function offerCredentialToBrowser(email: string, password: string): void {
  const PasswordCredential = (window as unknown as { PasswordCredential?: PasswordCredentialConstructor })
    .PasswordCredential;
  if (typeof PasswordCredential !== 'function' || typeof navigator.credentials?.store !== 'function') return;
  try {
    navigator.credentials.store(new PasswordCredential({ id: email, password, name: email })).catch(() => {});
  } catch {
    // The browser refused the credential (an insecure context, say): nothing else to do.
  }
}

const SIGN_IN_ROUTE = paths.signIn;

/** Remembers every visited path except the sign-in screen itself. */
/** Screens of a signed-out visitor: never where signing in lands. */
const SIGNED_OUT_ROUTES: readonly string[] = [SIGN_IN_ROUTE, paths.forgotPassword, paths.resetPassword];

export function saveLastRoute(pathname: string): void {
  if (SIGNED_OUT_ROUTES.includes(pathname) || !pathname.startsWith('/')) return;
  localStorage.setItem(STORAGE_KEYS.lastRoute, pathname);
}

export function readLastRoute(): string | null {
  const route = localStorage.getItem(STORAGE_KEYS.lastRoute);
  // Only same-app paths: '//host' would be read by the router as another origin.
  if (!route || route === SIGN_IN_ROUTE || !route.startsWith('/') || route.startsWith('//')) {
    return null;
  }
  return route;
}

/** Where a signed-in user lands: the last route, else /dashboard. */
export function landingRoute(): string {
  return readLastRoute() ?? paths.dashboard;
}

export const LOGOUT_FAILED_LOG = 'Server logout failed, clearing client anyway';

/**
 * Explicit logout: tell the server to revoke the token, then clear the client whatever happens.
 * Also forgets the last route and the tree's expanded nodes, so the next person to sign in on
 * this browser starts fresh; the 'Remember Me' email stays, as the user asked for it.
 */
export async function logout(): Promise<void> {
  try {
    if (localStorage.getItem(STORAGE_KEYS.token)) await api.post<unknown>('/api/auth/logout');
  } catch {
    console.error(LOGOUT_FAILED_LOG);
  } finally {
    clearSession();
    localStorage.removeItem(STORAGE_KEYS.lastRoute);
    localStorage.removeItem(STORAGE_KEYS.expandedNodes);
  }
}
