import { join } from 'node:path';
import { ConfigError, parseConfig, type Config } from '../config.js';
import { DatabaseLockedError, openDatabase, type Database } from '../db/client.js';

/** Where a command-line tool's `main` writes its lines (the console, or a test's collector). */
export interface Output {
  info(line: string): void;
  error(line: string): void;
}

/** {@link Output} on the console: info to stdout, errors to stderr. */
export const consoleOutput: Output = { info: (line) => console.log(line), error: (line) => console.error(line) };

/**
 * The shop's configuration for a command-line tool (docs/architecture.md#configuration configuration table), or
 * undefined after printing the one message that lists every bad key (the caller exits 1).
 * @throws anything but a ConfigError, unchanged.
 */
export function configOrReport(env: Record<string, string | undefined>, out: Output): Config | undefined {
  try {
    return parseConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    out.error(error.message);
    return undefined;
  }
}

/**
 * Open the configured database (`DATABASE_URL`, else PGlite in `DATA_DIR/db`, migrated if new)
 * for a command-line tool, or undefined after saying that the running shop holds the PGlite
 * database and must be stopped first (the caller exits 1).
 * @throws anything but a DatabaseLockedError, unchanged.
 */
export async function openDatabaseOrReport(config: Config, out: Output): Promise<Database | undefined> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'db') });
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    out.error(
      `The shop is running on ${config.dataDir}: its database (PGlite) has one owner at a time. ` +
        'Stop the shop first, then run this command again.',
    );
    return undefined;
  }
}
