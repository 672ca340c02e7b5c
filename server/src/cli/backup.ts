import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BackupError, createBackup } from '../db/backup.js';
import { configOrReport, consoleOutput, type Output } from './cli-io.js';
import { parseCommandLine } from './command-line.js';

const USAGE = 'Usage: npm run backup -- [--out FILE.tar.gz]';

/** `thaiyal-backup-2026-11-22T04-15-06Z.tar.gz`: sortable, no characters a shell minds. */
export function defaultBackupName(now = new Date()): string {
  return `thaiyal-backup-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}.tar.gz`;
}

/** Megabytes with one decimal, for the summary line. */
function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/**
 * `npm run backup -- [--out FILE]` (docs/decisions/007-backups-are-logical-dumps.md; db/backup.ts): writes one `.tar.gz` of the
 * shop that `DATA_DIR`/`DATABASE_URL` name (the database as a logical dump, the uploads, the
 * generated session secret), by default `thaiyal-backup-<UTC time>.tar.gz` in the folder the
 * command was run from. On PGlite the shop must be stopped (refused with a clear message
 * otherwise); on PostgreSQL it runs beside the shop. Returns the exit code: 0 done; 1 bad
 * arguments or configuration, or a refusal (printed).
 */
export async function main(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  out: Output = consoleOutput,
): Promise<number> {
  const commandLine = parseCommandLine(argv, { usage: USAGE, options: { out: { type: 'string' } } }, out);
  if (typeof commandLine === 'number') return commandLine;
  const { values } = commandLine;
  const config = configOrReport(env, out);
  if (!config) return 1;
  // npm runs scripts from the repository root; a relative --out means where the command was typed.
  const cwd = env.INIT_CWD ?? process.cwd();
  const file = resolve(cwd, values.out ?? defaultBackupName());
  try {
    const { manifest, archiveBytes } = await createBackup(config, file);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const uploadBytes = manifest.uploads.reduce((sum, upload) => sum + upload.bytes, 0);
    const source = manifest.source === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
    out.info(
      `Backed up ${manifest.tables.length} tables (${rows} rows) and ${manifest.uploads.length} uploaded files (${megabytes(uploadBytes)}) ` +
        `from ${source}${manifest.secret ? ', with the session secret,' : ''} to ${file} (${megabytes(archiveBytes)}).`,
    );
    out.info('It holds password hashes, addresses and orders: keep it as private as the shop itself.');
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
