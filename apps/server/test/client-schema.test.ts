import { readFileSync } from 'node:fs';
import { createVerdictClient } from '@verdict/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentFile,
  openApiDocumentOf,
  schemaFile,
  schemaTypesOf,
} from '../../../packages/client/scripts/generate.ts';
import { apiToken, person } from './helpers/import-world.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * packages/client is made from the OpenAPI document these routes serve (`npm run client:generate`).
 * A route changed without regenerating it fails here, naming what differs rather than printing a
 * diff of a document of several megabytes.
 */

const OUT_OF_DATE = 'packages/client is out of date: run npm run client:generate';

type PathItem = Record<string, unknown>;

/** 'GET /api/x' for each operation added, removed or changed between two documents. */
function changedOperations(built: string, committed: string): string[] {
  const paths = (text: string) => (JSON.parse(text) as { paths: Record<string, PathItem> }).paths;
  const [a, b] = [paths(built), paths(committed)];
  const changes: string[] = [];
  for (const path of new Set([...Object.keys(a), ...Object.keys(b)])) {
    for (const method of new Set([...Object.keys(a[path] ?? {}), ...Object.keys(b[path] ?? {})])) {
      const [x, y] = [JSON.stringify(a[path]?.[method]), JSON.stringify(b[path]?.[method])];
      if (x !== y)
        changes.push(
          `${method.toUpperCase()} ${path}${y === undefined ? ' (new)' : x === undefined ? ' (gone)' : ''}`,
        );
    }
  }
  return changes;
}

/** The first line where two texts differ, with both versions of it. */
function firstDifference(actual: string, expected: string): string | undefined {
  if (actual === expected) return undefined;
  const [a, b] = [actual.split('\n'), expected.split('\n')];
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: ${JSON.stringify(a[at])} where the file has ${JSON.stringify(b[at])}`;
}

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('the typed client (packages/client)', () => {
  it('holds the OpenAPI document the routes serve', () => {
    const built = openApiDocumentOf(t.app);
    const committed = readFileSync(documentFile, 'utf8');
    expect(changedOperations(built, committed), OUT_OF_DATE).toEqual([]);
    // Anything else: the document's info, security schemes, order or layout.
    expect(firstDifference(built, committed), OUT_OF_DATE).toBeUndefined();
  });

  it('holds the types openapi-typescript makes of that document', async () => {
    const types = await schemaTypesOf(readFileSync(documentFile, 'utf8'));
    expect(firstDifference(types, readFileSync(schemaFile, 'utf8')), OUT_OF_DATE).toBeUndefined();
  });

  it('calls the API with the token it was given, and answers the server’s data or error', async () => {
    const owner = await person(t);
    const token = await apiToken(t, owner.session, 'typed client');

    const signedIn = createVerdictClient({ baseUrl: url, token });
    const { data, error } = await signedIn.GET('/api/api-tokens');
    expect(error).toBeUndefined();
    expect(data?.map((item) => item.name)).toEqual(['typed client']);

    const anonymous = createVerdictClient({ baseUrl: `${url}/` });
    const refused = await anonymous.GET('/api/api-tokens');
    expect(refused.response.status).toBe(401);
    expect(refused.data).toBeUndefined();
    expect(refused.error).toMatchObject({ code: 'unauthenticated' });
  });
});
