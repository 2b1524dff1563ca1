import path from 'node:path';

/**
 * Files the server reads at run time: migrations, the embedded database's scripts, the list of
 * common passwords. They stay in src/ and are found from apps/server, one folder up both from
 * this file (src/, under tsx and the tests) and from the bundle `npm start` runs
 * (dist/server.mjs; docs/decisions/120-npm-start-runs-a-bundle.md).
 */
const serverDir = path.resolve(import.meta.dirname, '..');

export function serverFile(relativeToSrc: string): string {
  return path.join(serverDir, 'src', relativeToSrc);
}
