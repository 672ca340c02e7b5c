import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BackupError, restoreBackup } from '../db/backup.js';
import { configOrReport, consoleOutput, type Output } from './cli-io.js';
import { parseCommandLine } from './command-line.js';

const USAGE = 'Usage: DATA_DIR=/new/empty/folder [DATABASE_URL=postgres://…/new_db] npm run restore -- FILE.tar.gz';

/**
 * `npm run restore -- FILE` (docs/decisions/007-backups-are-logical-dumps.md; db/backup.ts): restores a backup made by
 * `npm run backup` into the EMPTY shop that `DATA_DIR`/`DATABASE_URL` name (a non-empty data
 * directory or a PostgreSQL database with rows is refused), checking every table's row count
 * and every upload's sha256 on the way. A PGlite backup may be restored into PostgreSQL and
 * the other way round. Returns the exit code: 0 done; 1 bad arguments or configuration, or a
 * refusal (printed).
 */
export async function main(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  out: Output = consoleOutput,
): Promise<number> {
  const parsed = parseCommandLine(argv, { usage: USAGE, options: {}, allowPositionals: true }, out);
  if (typeof parsed === 'number') return parsed;
  if (parsed.positionals.length !== 1) {
    out.error('Name one backup file to restore.');
    out.error(USAGE);
    return 1;
  }
  const config = configOrReport(env, out);
  if (!config) return 1;
  const file = resolve(env.INIT_CWD ?? process.cwd(), parsed.positionals[0]!);
  try {
    const { manifest, target } = await restoreBackup(config, file);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const storage = config.storage;
    const where =
      storage.kind === 's3'
        ? `${target === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'} with the pictures in ${storage.endpoint}/${storage.bucket}/${storage.prefix}`
        : target === 'pglite'
          ? `PGlite in ${config.dataDir}`
          : `PostgreSQL (uploads in ${config.dataDir})`;
    out.info(
      `Restored ${manifest.tables.length} tables (${rows} rows) and ${manifest.uploads.length} uploaded files, ` +
        `backed up from ${manifest.source} at ${manifest.createdAt}, into ${where}.`,
    );
    if (!manifest.secret) out.info('The backup held no session secret: set SESSION_SECRET as the shop had it, or everyone signs in again.');
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      out.error(error.message);
      return 1;
    }
    throw error;
  }
}

const invokedPath = process.argv[1];
if (invokedPath && import.meta.url === pathToFileURL(resolve(invokedPath)).href) {
  process.exitCode = await main(process.argv.slice(2));
}
