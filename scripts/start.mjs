// `npm start`: builds the web app and the server bundle when missing or older than their sources,
// then runs the server (apps/server/dist/server.mjs) in this same process so signals reach it
// directly.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, newestMtime, serverBundle, serverBundleIsStale } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST lets several checkouts' servers (or several engineers) build and serve separately.
const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
const builtIndex = path.join(webDist, 'index.html');
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contract/src',
].map((p) => path.join(root, p));

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return webSources.some((source) => newestMtime(source) > built);
}

if (process.env.VERDICT_SKIP_WEB_BUILD !== '1' && webBuildIsStale()) {
  console.log('Building the web app (its build is missing or older than its sources)…');
  const result = spawnSync(
    'npm',
    ['run', 'build', '-w', '@verdict/web', '--', '--outDir', webDist, '--emptyOutDir'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) {
    console.error('The web app failed to build; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

if (serverBundleIsStale()) await buildServer();
if (process.argv.includes('--demo')) {
  // The demo generator is a development tool and stays TypeScript, run through tsx.
  const { register } = await import('tsx/esm/api');
  register();
  const { runDemoCli } = await import(
    pathToFileURL(path.join(root, 'apps/server/src/demo/demo-cli.ts')).href
  );
  await runDemoCli(['--size', 'small']);
}
await import(pathToFileURL(serverBundle).href);
