#!/usr/bin/env node
// `npm start`: build the web app when it has not been built yet, then run the server
// (which migrates the database and loads the demo catalog into an empty one).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(new URL('../web/dist/index.html', import.meta.url))) {
  console.log('Building the web app (first start only)…');
  const build = spawnSync(npm, ['run', 'build', '-w', '@thaiyal/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// One Node process running the TypeScript sources through tsx's loader.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
