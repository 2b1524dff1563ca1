// Bundles the server's TypeScript (and the contract package's) into apps/server/dist/server.mjs,
// which `npm start` runs with plain Node: no TypeScript loader thread, no transformed sources with
// inline source maps kept in memory (docs/decisions/120-npm-start-runs-a-bundle.md). Packages from
// node_modules stay outside the bundle and load as usual.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(root, 'apps/server/dist/server.mjs');
const sources = ['apps/server/src', 'packages/contract/src', 'packages/contract/package.json'].map((p) =>
  path.join(root, p),
);

/** The newest modification time of a file or anything under a folder (0 when missing). */
export function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function serverBundleIsStale() {
  if (!existsSync(serverBundle)) return true;
  const built = statSync(serverBundle).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

/** Everything but relative paths and the workspace's own packages comes from node_modules. */
const keepPackagesOutside = {
  name: 'keep-packages-outside',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@verdict/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  const result = await build({
    entryPoints: [path.join(root, 'apps/server/src/server.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'external',
    write: false,
    outfile: serverBundle,
    plugins: [keepPackagesOutside],
    logLevel: 'warning',
  });
  // One character outside ASCII makes V8 hold the whole bundle's source as two-byte text, twice
  // the memory (decision 256): say where it is.
  for (const file of result.outputFiles) {
    if (!file.path.endsWith('.mjs')) continue;
    const at = [...file.text].findIndex((char) => char.charCodeAt(0) > 0x7f);
    if (at >= 0) {
      const line = file.text.slice(0, at).split('\n').length;
      console.warn(`The server bundle is not ASCII at line ${line}: ${file.text.slice(at - 30, at + 30)}`);
    }
  }
  mkdirSync(path.dirname(serverBundle), { recursive: true });
  // Written aside and renamed, so a server starting at the same moment never reads half a file.
  for (const file of result.outputFiles) {
    const aside = `${file.path}.${process.pid}.tmp`;
    writeFileSync(aside, file.contents);
    renameSync(aside, file.path);
  }
}
