import { startTestProvider } from '../apps/server/test/helpers/oidc-provider.ts';

/**
 * The OpenID Connect provider of the browser tests (playwright.config.ts starts it next to the
 * app, on OIDC_PORT). Any login signs in: "<name>" is <name>@sso.test; a login starting with
 * "admin-" is in the group "verdict-admins", which the app maps to the Administrator role.
 */
const port = Number(process.env.OIDC_PORT);
const redirect = process.env.OIDC_REDIRECT_URI ?? '';
const provider = await startTestProvider({
  port,
  redirectUris: [redirect],
  accountFor: (login) => ({
    login,
    email: `${login}@sso.test`,
    name: login,
    groups: login.startsWith('admin-') ? ['verdict-admins'] : [],
  }),
});
console.log(`Test OpenID provider at ${provider.issuer}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
