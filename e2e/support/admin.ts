/**
 * The shop owner of every e2e run. Playwright's shop `webServer` creates this verified admin
 * with the admin CLI (`npm run admin`, compiled like the shop) on the run's fresh DATA_DIR before the shop
 * starts: on PGlite the CLI needs the database to itself (docs/architecture.md#configuration Runtime configuration).
 */
export const E2E_ADMIN = {
  email: 'owner@thaiyal.test',
  password: 'owner-e2e-secret',
  username: 'Owner',
} as const;

/** The shell command that makes {@link E2E_ADMIN}; run from the repository root. */
export const makeAdminCommand = `node scripts/cli.mjs admin --email ${E2E_ADMIN.email} --password ${E2E_ADMIN.password} --username ${E2E_ADMIN.username}`;
