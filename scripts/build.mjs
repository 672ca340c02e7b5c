#!/usr/bin/env node
// `npm run build`: compile the contract and the server to JavaScript (tsc, each package's
// tsconfig.build.json, into its dist/), copy the server's SQL migrations beside the compiled
// database client, and build the web app (`npm run build -w @thaiyal/web`). The shop then runs
// as plain Node (`node server/dist/main.js`, which `npm start` runs) with no TypeScript tooling:
// after a build, `npm ci --omit=dev && npm start` serves the shop (docs/architecture.md#packages).
//
// Also a module: `ensureBuilt()` is what `npm start` and the command-line tools call first.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** What each part of the build reads, and the file whose age stands for its output. */
const PARTS = {
  server: {
    sources: ['contract/src', 'contract/package.json', 'server/src', 'server/package.json', 'tsconfig.base.json'],
    output: 'server/dist/main.js',
  },
  web: {
    sources: ['contract/src', 'web/src', 'web/index.html', 'web/public', 'web/package.json', 'web/vite.config.ts'],
    // The server rendering is what the web build writes last.
    output: 'web/dist/server/entry-server.js',
  },
};

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

/** Newest modification time (ms) of a file or of any file under a folder (tests left out); 0 when missing. */
function newest(path) {
  if (/\.test\.tsx?$/.test(path)) return 0;
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Compile contract and server (a clean dist each time, so a deleted source leaves no stale file). */
export function buildServer() {
  for (const dir of ['contract/dist', 'server/dist']) rmSync(join(root, dir), { recursive: true, force: true });
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'contract/tsconfig.build.json']);
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'server/tsconfig.build.json']);
  cpSync(join(root, 'server/src/db/migrations'), join(root, 'server/dist/db/migrations'), { recursive: true });
}

/** Build the web app (client, and whatever else its own build script makes). */
export function buildWeb() {
  run(npm, ['run', 'build', '-w', '@thaiyal/web']);
}

/** Whether the tools to build are installed (not after `npm ci --omit=dev`). */
function canBuild() {
  return existsSync(join(root, 'node_modules/typescript/bin/tsc')) && existsSync(join(root, 'node_modules/vite'));
}

/**
 * Build what is missing or older than its sources, before the shop or a command-line tool
 * runs: the server (`web: false` skips the web app, which the tools do not need). Without the
 * build tools (a production install) a missing build stops with what to do, and an older one
 * is used with a warning.
 */
export function ensureBuilt({ web = true } = {}) {
  const parts = web ? ['server', 'web'] : ['server'];
  for (const name of parts) {
    const part = PARTS[name];
    const output = join(root, part.output);
    const missing = !existsSync(output);
    const stale = !missing && Math.max(...part.sources.map((source) => newest(join(root, source)))) > statSync(output).mtimeMs;
    if (!missing && !stale) continue;
    if (!canBuild()) {
      if (missing) throw new Error(`${part.output} is missing: run \`npm ci && npm run build\` first.`);
      console.warn(`${part.output} is older than its sources; run \`npm run build\` to rebuild it. Starting the existing build.`);
      continue;
    }
    console.log(`Building the ${name === 'web' ? 'web app' : 'server'} (${missing ? 'not built yet' : 'sources changed'})…`);
    if (name === 'server') buildServer();
    else buildWeb();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    buildServer();
    buildWeb();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
