import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (the oidc-provider package) on loopback, for the single sign-on
 * tests of the server and of the browser. Its sign-in page is a plain form asking for one of the
 * accounts given here (no password: the provider's own checks are not what is tested); everything
 * else (discovery, PKCE, the code exchange, signed ID tokens, userinfo) is the library's.
 */

export interface ProviderAccount {
  /** What the person types on the provider's sign-in page; also the subject. */
  login: string;
  email: string;
  /** The email_verified claim; true when not given, left out of the claims when 'absent'. */
  emailVerified?: boolean | 'absent';
  name?: string;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces) an account the sign-in page accepts. */
  addAccount(account: ProviderAccount): void;
  close(): Promise<void>;
}

export async function startTestProvider(options: {
  port?: number;
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** The account for a login not added with addAccount; none when absent. */
  accountFor?: (login: string) => ProviderAccount | undefined;
}): Promise<TestProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const accountOf = (login: string) => accounts.get(login) ?? options.accountFor?.(login);
  const clientId = options.clientId ?? 'verdict';
  const clientSecret = options.clientSecret ?? 'verdict-test-client-secret';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    scopes: ['openid', 'email', 'profile', 'groups'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
      groups: ['groups'],
    },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    cookies: { keys: ['verdict-test-provider-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const account = accountOf(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          const verified = account.emailVerified ?? true;
          return {
            sub: id,
            email: account.email,
            ...(verified === 'absent' ? {} : { email_verified: verified }),
            name: account.name ?? id,
            preferred_username: account.name ?? id,
            groups: account.groups ?? [],
          };
        },
      };
    },
  });
  const callback = provider.callback();

  server.on('request', async (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url ?? '');
    if (!match) {
      callback(req, res);
      return;
    }
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(
          `<!doctype html><html lang="en"><head><title>Test provider</title></head><body><main>` +
            `<h1>Test provider sign-in</h1><form method="post" action="/interaction/${details.uid}/login">` +
            `<label>Username <input name="login" autocomplete="username"></label>` +
            `<button type="submit">Continue</button></form></main></body></html>`,
        );
        return;
      }
      const body = await new Promise<string>((resolve) => {
        let text = '';
        req.on('data', (chunk) => {
          text += chunk;
        });
        req.on('end', () => resolve(text));
      });
      const login = new URLSearchParams(body).get('login') ?? '';
      if (!login || !accountOf(login)) {
        await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: `No account "${login}" at the test provider` },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = new provider.Grant({ accountId: login, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: login }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount(account) {
      accounts.set(account.login, account);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
