import { resolve, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { ForgotBodySchema, LIMITS, ResetBodySchema } from '@thaiyal/contract';
import { refreshTokens, users } from '../db/schema/index.js';
import { hashPassword } from '../platform/passwords.js';
import { configOrReport, consoleOutput, openDatabaseOrReport, type Output } from './cli-io.js';
import { parseCommandLine } from './command-line.js';

const USAGE = 'Usage: npm run admin -- --email E --password P [--username U]';

const ArgsSchema = z.object({
  email: ForgotBodySchema.shape.email,
  password: ResetBodySchema.shape.password,
  username: z
    .string()
    .trim()
    .min(1, 'Username must not be empty')
    .max(LIMITS.maxNameLength, `Username must be at most ${LIMITS.maxNameLength} characters`)
    .optional(),
});

/**
 * `npm run admin -- --email E --password P [--username U]` (docs/architecture.md#configuration):
 * on the configured database (`DATA_DIR`/`DATABASE_URL`, migrated if
 * new), creates a verified admin, or promotes the existing account with that e-mail to admin,
 * marks it verified and sets its password (argon2id), ending its sessions. The username
 * defaults to the e-mail's local part for a new account and is kept for an existing one.
 * Prints what it did. Returns the exit code: 0 done; 1 bad arguments, bad configuration, or a
 * PGlite database in use by the running shop (which must be stopped first).
 */
export async function main(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  out: Output = consoleOutput,
): Promise<number> {
  const commandLine = parseCommandLine(
    argv,
    { usage: USAGE, options: { email: { type: 'string' }, password: { type: 'string' }, username: { type: 'string' } } },
    out,
  );
  if (typeof commandLine === 'number') return commandLine;
  const raw = commandLine.values;
  if (raw.email === undefined || raw.password === undefined) {
    out.error('Both --email and --password are required.');
    out.error(USAGE);
    return 1;
  }
  const parsed = ArgsSchema.safeParse({ email: raw.email, password: raw.password, username: raw.username });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) out.error(`--${issue.path.join('.')}: ${issue.message}`);
    return 1;
  }
  const { email, password, username } = parsed.data;

  const config = configOrReport(env, out);
  if (!config) return 1;

  const database = await openDatabaseOrReport(config, out);
  if (!database) return 1;

  try {
    const passwordHash = await hashPassword(password);
    const outcome = await database.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email)).for('update');
      if (!existing) {
        await tx.insert(users).values({
          email,
          username: username ?? email.split('@')[0]!.slice(0, LIMITS.maxNameLength),
          passwordHash,
          role: 'admin',
          verified: true,
        });
        return 'created' as const;
      }
      await tx
        .update(users)
        .set({ role: 'admin', verified: true, passwordHash, ...(username ? { username } : {}) })
        .where(eq(users.id, existing.id));
      // A new password ends the account's sessions, as a password reset does (ASVS 7.4.3).
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, existing.id), isNull(refreshTokens.revokedAt)));
      return existing.role === 'admin' ? ('updated' as const) : ('promoted' as const);
    });
    const where = config.databaseUrl ? 'PostgreSQL' : join(config.dataDir, 'db');
    if (outcome === 'created') out.info(`Created the verified admin ${email} in ${where}.`);
    else if (outcome === 'promoted') out.info(`Promoted ${email} to admin in ${where}, marked it verified and set its password.`);
    else out.info(`${email} was already an admin in ${where}: its password was set${username ? ' and its username changed' : ''}.`);
    return 0;
  } finally {
    await database.close();
  }
}

const invokedPath = process.argv[1];
if (invokedPath && import.meta.url === pathToFileURL(resolve(invokedPath)).href) {
  process.exitCode = await main(process.argv.slice(2));
}
