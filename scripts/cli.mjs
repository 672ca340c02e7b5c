#!/usr/bin/env node
// `npm run admin|delete-user|backup|restore -- …`: the shop's command-line tools, run compiled
// like the shop (server/dist/cli/NAME.js), so they work on a production install
// (`npm ci --omit=dev`); the server is built first when it is missing or older than its sources.
// Only the tool's name is read here; the tool parses the rest itself (server/src/cli/command-line.ts).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build.mjs';

const TOOLS = ['admin', 'delete-user', 'backup', 'restore'];
const [name, ...args] = process.argv.slice(2);
if (!TOOLS.includes(name)) {
  console.error(`Usage: node scripts/cli.mjs ${TOOLS.join('|')} [options]`);
  process.exit(1);
}
try {
  ensureBuilt({ web: false });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const tool = fileURLToPath(new URL(`../server/dist/cli/${name}.js`, import.meta.url));
const result = spawnSync(process.execPath, [tool, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
