import { join } from 'node:path';
import base from './playwright.config.js';
import { makeAdminCommand } from './support/admin.js';
import { runEnv } from './support/run-env.js';
const run = runEnv();
const baseURL = `http://127.0.0.1:${run.appPort}`;
const [mail, shop] = base.webServer as any[];
export default {
  ...base,
  projects: [{ name: 'admin-dev', testMatch: /admin\.spec\.ts/ }],
  webServer: [mail, { ...shop, command: `${makeAdminCommand} && node --import tsx /tmp/admin5/serve.mts`, env: { ...shop.env, DEMO_CATALOG: 'false' } }],
};
