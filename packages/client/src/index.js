// The typed client of the Verdict API: openapi-fetch over the paths in schema.d.ts, which
// `npm run client:generate` makes from the server's OpenAPI document. Plain JavaScript, so that
// node runs it as is (verdict-import); index.d.ts gives TypeScript its types.
import createClient from 'openapi-fetch';

/**
 * A client of the Verdict server at `baseUrl` (its root address, without /api) that sends
 * `token` (a personal API token or a session's token) as a bearer token on every call.
 */
export function createVerdictClient({ baseUrl, token, fetch }) {
  return createClient({
    baseUrl,
    fetch,
    headers: token ? { authorization: `Bearer ${token}` } : undefined,
  });
}
