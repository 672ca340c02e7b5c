#!/usr/bin/env node
// `npm start`: build what is missing or older than its sources (scripts/build.mjs: the server
// compiled to JavaScript, the web app), then run the compiled server in this same process
// (server/dist/main.js: migrate the database, load the demo catalog into an empty one, listen).
// No TypeScript tooling runs the shop: after `npm run build`, `npm ci --omit=dev && npm start`
// serves it.
import { ensureBuilt } from './build.mjs';

try {
  ensureBuilt({ web: true });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
await import('../server/dist/main.js');
