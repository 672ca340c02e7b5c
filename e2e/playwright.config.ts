import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { makeAdminCommand } from './support/admin.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium.js';
import { runEnv } from './support/run-env.js';
import { SHOP_EMAIL } from './support/shop.js';

/**
 * e2e in Debian's Chromium against the real shop (docs/architecture.md#testing): `node scripts/start.mjs`
 * on a fresh DATA_DIR (PGlite, demo catalog) and a real SMTP capture on loopback.
 *
 * Never downloads a browser: CHROMIUM_PATH or /usr/bin/chromium (`apt-get install chromium`).
 * E2E_PORT fixes the shop's port; E2E_KEEP_DATA=1 keeps the run directory;
 * E2E_SKIP_BUILD=1 runs the existing build (server/dist, web/dist) instead of building first
 * (`npm start` still builds what is missing or older than its sources).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const run = runEnv();
const baseURL = `http://127.0.0.1:${run.appPort}`;
const isCI = !!process.env.CI;

// The shop runs compiled (server/dist) and serves web/dist as built; build both each run so
// the specs never test a stale one.
const build = process.env.E2E_SKIP_BUILD === '1' ? '' : 'npm run build && ';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: isCI ? 1 : 2,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    // The shop's service worker keeps pages (docs/architecture.md#the-service-worker): a spec
    // could get a kept page instead of the server's. Specs that need it allow it
    // (`test.use({ serviceWorkers: 'allow' })`, tests/installable.spec.ts).
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    { name: 'desktop', testIgnore: /(admin|lighthouse|screens|orders-at-scale|installable)\.spec\.ts/ },
    // Shoppers are mostly on phones: browsing again on a small touch screen.
    {
      name: 'mobile',
      testMatch: /browse\.spec\.ts/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    // Every page on the narrowest phone we serve, in both languages (`npm run screenshots`
    // saves their pictures): nothing wider than the screen.
    {
      name: 'screens',
      testMatch: /screens\.spec\.ts/,
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
    },
    // The installable app's journeys, after the shoppers' (beside the owner's, whose pages block
    // service workers): one of them serves a new version of the built worker (`web/dist/sw.js`)
    // for a few seconds, which no other page with a worker may pick up meanwhile.
    { name: 'installable', testMatch: /installable\.spec\.ts/, dependencies: ['desktop', 'mobile', 'screens'] },
    // The shop owner's journey changes what every shopper sees (banners, the Featured row, a
    // category's products), so it runs after the shoppers' journeys, never beside them.
    // `--no-deps` runs it alone.
    { name: 'admin', testMatch: /admin\.spec\.ts/, dependencies: ['desktop', 'mobile', 'screens'] },
    // The owner's orders tab on a shop of 5,000 orders (its own shop, started by the spec) is
    // timed at 4x CPU slowdown, so it runs alone too: after the owner's journey, before Lighthouse.
    { name: 'scale', testMatch: /orders-at-scale\.spec\.ts/, dependencies: ['admin'] },
    // Lighthouse (docs/decisions/013-first-load.md) measures time on the main thread, so it runs last, alone, after
    // every journey (the admin's leaves the measured category and banners as they were). Its
    // medians of three runs are the retry; a failing run is not repeated.
    { name: 'lighthouse', testMatch: /lighthouse\.spec\.ts/, dependencies: ['scale', 'installable'], retries: 0 },
  ],
  webServer: [
    {
      name: 'mail',
      command: 'node --import tsx e2e/support/mail-capture.ts',
      cwd: root,
      url: `http://127.0.0.1:${run.mailHttpPort}/health`,
      env: {
        MAIL_CAPTURE_SMTP_PORT: String(run.smtpPort),
        MAIL_CAPTURE_HTTP_PORT: String(run.mailHttpPort),
        MAIL_CAPTURE_DIR: run.dir,
      },
      reuseExistingServer: false,
      timeout: 30_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      name: 'shop',
      // The e2e admin (support/admin.ts) is made before the shop starts: PGlite has one owner.
      command: `${build}${makeAdminCommand} && node scripts/start.mjs`,
      cwd: root,
      url: `${baseURL}/api/health`,
      env: {
        PORT: String(run.appPort),
        HOST: '127.0.0.1',
        DATA_DIR: join(run.dir, 'data'),
        PUBLIC_URL: baseURL,
        SMTP_URL: `smtp://127.0.0.1:${run.smtpPort}`,
        LOG_LEVEL: 'warn',
        DEMO_CATALOG: 'true',
        // Whatever the developer's shell holds, this run is PGlite with its own secret.
        DATABASE_URL: '',
        SESSION_SECRET: '',
        // Mail for the shop goes to one known address the specs can read (support/shop.ts).
        SHOP_EMAIL,
        // Home's "Who is behind the shop" names her (docs/product.md#home).
        SHOP_TAILOR_NAME: 'S. Meenakshi',
        // The owner's delivery screen shows the UPI QR code of the balance (docs/product.md#payment-at-the-door).
        SHOP_UPI_ID: 'thaiyal@okaxis',
        // As behind the shop's reverse proxy: support/shopper.ts signs each API-made shopper up
        // from an address of her own (X-Forwarded-For), as shoppers on their own phones are, so
        // the sign-ups per address per hour (docs/security.md#rules) count the journeys through the
        // sign-up screens only, not every spec that needs a signed-in shopper.
        TRUST_PROXY: 'true',
      },
      reuseExistingServer: false,
      // A first run builds the web app and draws the demo catalog's pictures (about a minute
      // on two cores; later runs copy them from node_modules/.cache).
      timeout: 600_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
  ],
});
