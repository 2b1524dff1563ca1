import type { Client } from 'openapi-fetch';
import type { paths } from './schema.d.ts';

export type { paths } from './schema.d.ts';

/** A client of the Verdict API: `client.GET('/api/projects/{id}', { params: { path: { id } } })`. */
export type VerdictClient = Client<paths>;

export interface VerdictClientOptions {
  /** The server's root address, without /api: `https://verdict.example.com`. */
  baseUrl: string;
  /** A personal API token or a session's token, sent as `Authorization: Bearer …`. */
  token?: string | undefined;
  /** Another fetch (a test's, a proxy's); the global fetch by default. */
  fetch?: ((input: Request) => Promise<Response>) | undefined;
}

/** A client of the Verdict server at `baseUrl` that sends `token` on every call. */
export declare function createVerdictClient(options: VerdictClientOptions): VerdictClient;
