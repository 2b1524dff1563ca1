// `npm run client:generate`: writes the API's OpenAPI document to packages/client/openapi.json and
// its TypeScript types, made by openapi-typescript, to packages/client/src/schema.d.ts. The app is
// built in this process on an empty embedded database in memory: no port, no server, no data.
// apps/server/test/client-schema.test.ts fails when the committed files and the routes disagree.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { migrateDatabase, openDatabase } from '../../../apps/server/src/db/client.ts';

const root = path.resolve(import.meta.dirname, '../../..');
export const documentFile = path.join(root, 'packages/client/openapi.json');
export const schemaFile = path.join(root, 'packages/client/src/schema.d.ts');

const BANNER = `/**
 * The Verdict API's paths and schemas, generated from openapi.json by openapi-typescript.
 * Do not edit: run \`npm run client:generate\` after changing a route.
 */

`;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Object keys in one order whatever order the routes were registered in, so a diff shows only changes. */
function sortedKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys(value[key] as Json)]),
  );
}

/** The app's OpenAPI document as the committed openapi.json holds it: sorted keys, two-space indent. */
export function openApiDocumentOf(app: FastifyInstance): string {
  return `${JSON.stringify(sortedKeys(app.swagger() as unknown as Json), null, 2)}\n`;
}

/** The TypeScript types of a document, as the committed schema.d.ts holds them. */
export async function schemaTypesOf(document: string): Promise<string> {
  const ast = await openapiTS(document, { silent: true });
  return BANNER + astToString(ast);
}

/** The document of the app as this code builds it, on an empty database that is thrown away. */
async function buildDocument(): Promise<string> {
  const database = await openDatabase({});
  try {
    await migrateDatabase(database);
    const config = loadConfig({ WEB_DIST: '/nonexistent-web-dist' });
    const app = await buildApp({ config, database });
    try {
      await app.ready();
      return openApiDocumentOf(app);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

async function main() {
  const document = await buildDocument();
  writeFileSync(documentFile, document);
  writeFileSync(schemaFile, await schemaTypesOf(document));
  process.stdout.write(`wrote ${path.relative(root, documentFile)} and ${path.relative(root, schemaFile)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
