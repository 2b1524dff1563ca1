/**
 * The settings of how people sign in (README, "Settings"; docs/product/single-sign-on.md and
 * docs/product/two-factor.md): an OpenID Connect provider, whether the password form is offered,
 * and whether administrators need a second factor. Read once at start with the other settings.
 */
export interface OidcSettings {
  issuer: URL;
  clientId: string;
  /** Absent: a public client, which proves itself with PKCE alone. */
  clientSecret: string | undefined;
  scopes: string;
  /** Shown as "Sign in with {name}". */
  name: string;
  /** The claim whose values pick roles (e.g. "groups"), with its value → role name map. */
  roleClaim: string | undefined;
  roleMap: ReadonlyMap<string, string>;
  /** The role a new user gets when no claim value maps to one. */
  defaultRole: string | undefined;
  /** Where the provider sends the browser back: {publicUrl}/api/auth/oidc/callback. */
  publicUrl: URL | undefined;
}

export interface SignInSettings {
  oidc: OidcSettings | undefined;
  /** False: only single sign-on signs in (PASSWORD_SIGN_IN=false). */
  passwordSignIn: boolean;
  /** True: holders of the Administrator role must use a second factor (TOTP_REQUIRED_FOR_ADMINS). */
  totpRequiredForAdmins: boolean;
}

type Text = (name: string) => string | undefined;

export function readUrl(text: Text, name: string, problems: string[]): URL | undefined {
  const value = text(name);
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url;
  } catch {
    // Reported below.
  }
  problems.push(`${name} must be an http(s) address (got "${value}")`);
  return undefined;
}

function readFlag(text: Text, name: string, fallback: boolean, problems: string[]): boolean {
  const value = text(name) ?? String(fallback);
  if (value !== 'true' && value !== 'false') problems.push(`${name} must be true or false (got "${value}")`);
  return value === 'true';
}

/** "value=Role name; other value=Other role": the claim values and the role each one gives. */
function readRoleMap(value: string | undefined, problems: string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of (value ?? '').split(';')) {
    if (!pair.trim()) continue;
    const at = pair.indexOf('=');
    const claimValue = pair.slice(0, at).trim();
    const role = pair.slice(at + 1).trim();
    if (at < 0 || !claimValue || !role) {
      problems.push(`OIDC_ROLE_MAP must read "claim value=Role name; …" (got "${pair.trim()}")`);
      continue;
    }
    map.set(claimValue, role);
  }
  return map;
}

export function readSignInSettings(
  text: Text,
  publicUrl: URL | undefined,
  problems: string[],
): SignInSettings {
  const issuer = readUrl(text, 'OIDC_ISSUER', problems);
  const clientId = text('OIDC_CLIENT_ID');
  const scopes = text('OIDC_SCOPES') ?? 'openid email profile';
  const roleClaim = text('OIDC_ROLE_CLAIM');
  const roleMap = readRoleMap(text('OIDC_ROLE_MAP'), problems);
  let oidc: OidcSettings | undefined;
  if (issuer) {
    if (!clientId) problems.push('OIDC_CLIENT_ID must be set when OIDC_ISSUER is');
    if (!scopes.split(/\s+/).includes('openid'))
      problems.push(`OIDC_SCOPES must include openid (got "${scopes}")`);
    if (roleMap.size > 0 && !roleClaim) problems.push('OIDC_ROLE_CLAIM must be set when OIDC_ROLE_MAP is');
    // Plain http only on this machine (a provider for tests or development); anywhere else the
    // provider's answers carry the sign-in itself and must come over TLS.
    if (issuer.protocol === 'http:' && !isLoopbackHost(issuer.hostname)) {
      problems.push('OIDC_ISSUER must use https unless the provider runs on this machine');
    }
    oidc = {
      issuer,
      clientId: clientId ?? '',
      clientSecret: text('OIDC_CLIENT_SECRET'),
      scopes,
      name: text('OIDC_NAME') ?? 'single sign-on',
      roleClaim,
      roleMap,
      defaultRole: text('OIDC_DEFAULT_ROLE'),
      publicUrl,
    };
  } else if (clientId) {
    problems.push('OIDC_ISSUER must be set when OIDC_CLIENT_ID is');
  }
  const passwordSignIn = readFlag(text, 'PASSWORD_SIGN_IN', true, problems);
  if (!passwordSignIn && !oidc) {
    problems.push('PASSWORD_SIGN_IN=false needs single sign-on (OIDC_ISSUER), or nobody could sign in');
  }
  return {
    oidc,
    passwordSignIn,
    totpRequiredForAdmins: readFlag(text, 'TOTP_REQUIRED_FOR_ADMINS', false, problems),
  };
}

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}
