import { LIMITS, type LoginResponse, type SsoErrorCode } from '@verdict/contract';
import * as oidc from 'openid-client';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit-log/audit-entries.ts';
import { loadPrincipal } from '../authz/authorization.ts';
import {
  addUserRoles,
  findUserIdByEmail,
  findUserIdBySubject,
  insertOidcLogin,
  insertSsoUser,
  roleIdsByName,
  setOidcSubject,
  takeOidcLogin,
  usernameTaken,
} from './auth-repository.ts';
import { sessionFor } from './auth-service.ts';
import { isLoopbackHost, type OidcSettings } from './sign-in-settings.ts';
import type { TokenService } from './tokens.ts';

/**
 * Signing in through an OpenID Connect provider (docs/product/single-sign-on.md): the
 * authorization code flow with PKCE, a state and a nonce, done by the openid-client library; what
 * is Verdict's own is which account the answer opens, which roles it brings, and that the result
 * is the same 24-hour session as a password sign-in.
 */

export const CALLBACK_PATH = '/api/auth/oidc/callback';

/**
 * A refused single sign-on: the code the sign-in screen is sent with (its own fixed text per code)
 * and the full reason, which may hold the provider's own words, for the log and the API answer.
 */
export class SingleSignOnError extends AppError {
  constructor(
    readonly screenCode: SsoErrorCode,
    message: string,
    statusCode: 400 | 403 = 403,
  ) {
    super(statusCode, message, undefined, 'sign_on_refused');
  }
}
const ATTEMPT_MAX_AGE_MS = 10 * 60_000;

/** What the provider said about the person, reduced to what Verdict uses. */
interface Person {
  subject: string;
  email: string;
  emailVerified: boolean | undefined;
  name: string;
  claimValues: string[];
}

export interface SingleSignOn {
  readonly name: string;
  /** A new attempt, stored: the provider's address to send the browser to, and its state. */
  start(origin: string): Promise<{ url: string; state: string }>;
  /**
   * Finishes the attempt the provider's answer (the callback address) names, when it is the one
   * this browser started (`browserState`, from its cookie: no one can finish their own sign-in
   * in someone else's browser).
   */
  finish(
    origin: string,
    callbackSearch: string,
    ip: string,
    browserState: string | undefined,
  ): Promise<LoginResponse>;
}

export function createSingleSignOn(db: Db, tokens: TokenService, settings: OidcSettings): SingleSignOn {
  // The provider's metadata, fetched on first use and kept; a failure is forgotten so the next
  // sign-in asks again (a provider down at start must not keep Verdict from starting).
  let configuration: Promise<oidc.Configuration> | undefined;
  const configure = () => {
    configuration ??= oidc
      .discovery(
        settings.issuer,
        settings.clientId,
        undefined,
        settings.clientSecret ? oidc.ClientSecretPost(settings.clientSecret) : oidc.None(),
        isLoopbackHost(settings.issuer.hostname) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw new SingleSignOnError(
          'provider_unreachable',
          `The single sign-on provider is not reachable: ${messageOf(error)}`,
        );
      });
    return configuration;
  };
  const redirectUri = (origin: string) => new URL(CALLBACK_PATH, settings.publicUrl ?? origin).href;

  return {
    name: settings.name,
    async start(origin) {
      const config = await configure();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      await insertOidcLogin(db, { state, codeVerifier, nonce });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(origin),
        scope: settings.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      }).href;
      return { url, state };
    },
    async finish(origin, callbackSearch, ip, browserState) {
      const config = await configure();
      const callback = new URL(redirectUri(origin));
      callback.search = callbackSearch;
      const providerError = callback.searchParams.get('error');
      if (providerError) {
        const description = callback.searchParams.get('error_description');
        throw new SingleSignOnError(
          'provider_refused',
          `The sign-in provider refused: ${description || providerError}`,
        );
      }
      const state = callback.searchParams.get('state') ?? '';
      if (!state || state !== browserState) {
        throw new SingleSignOnError(
          'other_browser',
          'This sign-in was started in another browser or has expired; start again',
          400,
        );
      }
      const attempt = await takeOidcLogin(db, state, ATTEMPT_MAX_AGE_MS);
      if (!attempt) {
        throw new SingleSignOnError(
          'expired',
          'This sign-in attempt has expired or was already used; start again',
          400,
        );
      }
      let person: Person;
      try {
        const answer = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: attempt.codeVerifier,
          expectedState: state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        });
        const idClaims = answer.claims();
        if (!idClaims) throw new Error('the provider sent no ID token');
        const userInfo = await oidc
          .fetchUserInfo(config, answer.access_token, idClaims.sub)
          .catch(() => ({}));
        person = personOf({ ...userInfo, ...idClaims }, settings.roleClaim);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new SingleSignOnError('failed', `Single sign-on failed: ${messageOf(error)}`);
      }
      const userId = await accountFor(db, settings, person);
      const principal = await loadPrincipal(db, userId);
      if (!principal) throw new SingleSignOnError('failed', 'Single sign-on failed: the account is gone');
      if (principal.status !== 'active') throw new SingleSignOnError('inactive', 'This account is inactive');
      await recordAudit(db, principal, {
        action: 'sign_in',
        entity: 'session',
        entityId: principal.id,
        summary: `Signed in as ${principal.email} through single sign-on from ${ip}`,
      });
      return sessionFor(tokens, principal);
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function personOf(claims: Record<string, unknown>, roleClaim: string | undefined): Person {
  const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string).trim() : '');
  const email = text('email');
  if (!email) {
    throw new SingleSignOnError(
      'no_email',
      'Single sign-on failed: the provider gave no email address (ask for the "email" scope)',
    );
  }
  const raw = roleClaim ? claims[roleClaim] : undefined;
  const claimValues = Array.isArray(raw) ? raw.map(String) : raw === undefined ? [] : [String(raw)];
  return {
    subject: text('sub'),
    email,
    emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined,
    name: text('preferred_username') || text('name') || email.split('@')[0] || email,
    claimValues,
  };
}

/**
 * The account this person signs in to (docs/product/single-sign-on.md, "Which account"): the one
 * linked to their subject; else the one with their email, linked now only when the provider says
 * the email is verified (email_verified exactly true); else a new top-level account. Roles their claim maps to are added; a new
 * account with none mapped gets the default role.
 */
async function accountFor(db: Db, settings: OidcSettings, person: Person): Promise<number> {
  const mapped = [...new Set(person.claimValues.flatMap((value) => settings.roleMap.get(value) ?? []))];
  return db.transaction(async (tx) => {
    let userId = await findUserIdBySubject(tx, person.subject);
    let created = false;
    if (userId === undefined) {
      const existing = await findUserIdByEmail(tx, person.email);
      if (existing) {
        // Only a provider's explicit word that the address is verified links it: one that says
        // nothing may let anyone type any address, the administrator's included.
        if (person.emailVerified !== true) {
          throw new SingleSignOnError(
            'email_not_verified',
            'The sign-in provider did not confirm that this email address is verified, so it cannot open the existing account with it; ask an administrator',
          );
        }
        if (existing.oidcSubject) {
          throw new SingleSignOnError(
            'email_linked_elsewhere',
            'This email address belongs to an account linked to another sign-in',
          );
        }
        await setOidcSubject(tx, existing.id, person.subject);
        userId = existing.id;
      } else {
        const username = await freeUsername(tx, person.name);
        userId = await insertSsoUser(tx, { username, email: person.email, subject: person.subject });
        created = true;
        await recordAudit(
          tx,
          { id: userId, username, email: person.email },
          {
            action: 'create',
            entity: 'user',
            entityId: userId,
            summary: `Created user "${username}" on first sign-in through single sign-on`,
          },
        );
      }
    }
    const wanted = mapped.length === 0 && created && settings.defaultRole ? [settings.defaultRole] : mapped;
    const ids = await roleIdsByName(tx, wanted);
    const missing = wanted.filter((name) => !ids.has(name));
    if (missing.length > 0) {
      throw new SingleSignOnError(
        'role_missing',
        `Single sign-on is set to give the role "${missing[0]}", which does not exist; ask an administrator`,
      );
    }
    await addUserRoles(tx, userId, [...ids.values()]);
    return userId;
  });
}

/** The person's name as a username, with " 2", " 3", … when it is taken. */
async function freeUsername(db: Tx, name: string): Promise<string> {
  const base = name.slice(0, LIMITS.nameMax - 4);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base} ${n}`;
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
  throw new SingleSignOnError('failed', 'No free username for this person; ask an administrator');
}
