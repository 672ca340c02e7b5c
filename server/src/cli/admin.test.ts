import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { refreshTokens, users } from '../db/schema/index.js';
import { hashPassword, verifyPassword } from '../platform/passwords.js';
import { main } from './admin.js';
import type { Output } from './cli-io.js';

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let dataDir: string;
// PGlite on disk in a temp DATA_DIR, as the shop uses it; DATABASE_URL is left out on purpose.
const env = () => ({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'thaiyal-admin-'));
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function collector(): Output & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, info: (line) => lines.push(line), error: (line) => errors.push(line) };
}

async function userRow(email: string) {
  const database = await openDatabase({ databaseUrl: undefined, pgliteDir: join(dataDir, 'db') });
  try {
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    return row;
  } finally {
    await database.close();
  }
}

describe('npm run admin', () => {
  it('creates a verified admin on a new DATA_DIR', async () => {
    const out = collector();
    const code = await main(['--email', 'Owner@Example.com', '--password', 'owner secret', '--username', 'Owner'], env(), out);
    expect(out.errors).toEqual([]);
    expect(code).toBe(0);
    expect(out.lines.join('\n')).toContain('Created the verified admin owner@example.com');
    const row = await userRow('owner@example.com');
    expect(row).toMatchObject({ username: 'Owner', role: 'admin', verified: true });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(row!.passwordHash, 'owner secret')).toBe(true);
    // Creating a PGlite database from nothing takes seconds, many more on a loaded CI machine.
  }, 120_000);

  it('promotes an existing customer, verifies it, sets its password and ends its sessions', async () => {
    const database = await openDatabase({ databaseUrl: undefined, pgliteDir: join(dataDir, 'db') });
    const [customer] = await database.db
      .insert(users)
      .values({ email: 'meena@example.com', username: 'Meena', passwordHash: await hashPassword('old password'), verified: false })
      .returning({ id: users.id });
    await database.db.insert(refreshTokens).values({
      userId: customer!.id,
      familyId: customer!.id,
      tokenHash: 'a'.repeat(64),
      expiresAt: new Date(Date.now() + 60_000),
    });
    await database.close();

    const out = collector();
    expect(await main(['--email', 'meena@example.com', '--password', 'new password'], env(), out)).toBe(0);
    expect(out.lines.join('\n')).toContain('Promoted meena@example.com to admin');
    const row = await userRow('meena@example.com');
    expect(row).toMatchObject({ username: 'Meena', role: 'admin', verified: true });
    expect(await verifyPassword(row!.passwordHash, 'new password')).toBe(true);

    const reopened = await openDatabase({ databaseUrl: undefined, pgliteDir: join(dataDir, 'db') });
    const tokens = await reopened.db.select().from(refreshTokens).where(eq(refreshTokens.userId, customer!.id));
    await reopened.close();
    expect(tokens.every((token) => token.revokedAt !== null)).toBe(true);
  });

  it('says so when the account already is an admin', async () => {
    const out = collector();
    expect(await main(['--email', 'owner@example.com', '--password', 'changed secret'], env(), out)).toBe(0);
    expect(out.lines.join('\n')).toContain('was already an admin');
    expect(await verifyPassword((await userRow('owner@example.com'))!.passwordHash, 'changed secret')).toBe(true);
  });

  it.each([
    [['--email', 'x@example.com'], 'Both --email and --password are required.'],
    [['--password', 'long enough'], 'Both --email and --password are required.'],
    [['--email', 'not-an-email', '--password', 'long enough'], '--email: Please enter a valid email address'],
    [['--email', 'x@example.com', '--password', '12345'], '--password: Passwords must be at least 6 characters.'],
    [['--email', 'x@example.com', '--password', 'long enough', '--role', 'admin'], "Unknown option '--role'"],
  ])('refuses %j with a clear message and exit code 1', async (argv, message) => {
    const out = collector();
    expect(await main(argv, env(), out)).toBe(1);
    expect(out.errors.join('\n')).toContain(message);
  });

  it('refuses bad configuration with the config message', async () => {
    const out = collector();
    expect(await main(['--email', 'x@example.com', '--password', 'long enough'], { ...env(), PORT: 'abc' }, out)).toBe(1);
    expect(out.errors.join('\n')).toContain('PORT must be a port number');
  });

  it('refuses plainly, through the real command, while the shop holds the database', async () => {
    const shop = await openDatabase({ databaseUrl: undefined, pgliteDir: join(dataDir, 'db') });
    try {
      const out = collector();
      expect(await main(['--email', 'late@example.com', '--password', 'long enough'], env(), out)).toBe(1);
      expect(out.errors.join('\n')).toMatch(/Stop the shop first/);

      const child = await run(
        'npx',
        ['tsx', '--conditions=development', 'server/src/cli/admin.ts', '--email', 'late@example.com', '--password', 'long enough'],
        {
          cwd: REPO_ROOT,
          env: { ...process.env, ...env(), DATABASE_URL: '' },
        },
      ).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
      );
      expect(child.code).toBe(1);
      expect(child.stderr).toContain('Stop the shop first, then run this command again.');
    } finally {
      await shop.close();
    }
    expect(await userRow('late@example.com')).toBeUndefined();
  });
});
