import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, cp, link, mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import type { Config } from '../config.js';
import { contentTypeOf, isObjectKey, openObjectStore, type ObjectStore } from '../platform/object-store.js';
import { applyMigrations, DatabaseLockedError, MIGRATIONS_DIR, openDatabase, rowsOf, type Database, type Db } from './client.js';

/**
 * Backups of a whole shop (docs/decisions/007-backups-are-logical-dumps.md): the database as a logical dump, the uploaded images
 * and the generated session secret, in one `.tar.gz`:
 *
 * ```
 * manifest.json        format, source, migrations, row count per table, every upload's sha256
 * db/<table>.jsonl     one row per line, as PostgreSQL's row_to_json renders it
 * uploads/…            DATA_DIR/uploads as it was, or the objects of STORAGE_URL's bucket (keys as paths)
 * secret               DATA_DIR/secret, when the shop generated one (SESSION_SECRET unset)
 * vapid.json           DATA_DIR/vapid.json, the generated Web Push keys (VAPID_PRIVATE_KEY unset)
 * ```
 *
 * The same logical format for PGlite and PostgreSQL (a dump of one restores into the other:
 * the way from PGlite to a PostgreSQL server for a live shop). Rows travel as JSON that
 * PostgreSQL itself writes (`row_to_json`) and reads back (`json_populate_recordset`), so
 * every type round-trips exactly (timestamps to the microsecond, jsonb, text in any script).
 * `rate_limits` is left out: counters of minutes are no data worth restoring; so are
 * `search_words`, the catalog's vocabulary, which a trigger rebuilds as products are restored,
 * and `order_state_counts`, the orders' count per state, which triggers rebuild as orders are
 * restored (docs/decisions/019-lists-by-page.md): restored as rows too, it would count them twice.
 */

/** Version of the archive layout; restore refuses others. */
const BACKUP_FORMAT = 1;

/** Tables not carried by a backup: counters, and data derived from other tables. */
export const TABLES_NOT_BACKED_UP: ReadonlySet<string> = new Set(['rate_limits', 'search_words', 'order_state_counts']);

/**
 * Tables a migration fills with the shop's starting settings (docs/decisions/015-the-shop-starts-with-pollachis-service-area.md)
 * or reference data (the search synonyms, docs/product.md#search):
 * a restore empties them before loading the backup's rows, which replace those settings, and
 * a PostgreSQL database holding nothing but them still counts as empty.
 */
const TABLES_SEEDED_BY_MIGRATIONS: ReadonlySet<string> = new Set([
  'served_pin_codes',
  'visit_slots',
  'visit_closed_weekdays',
  'search_synonyms',
  'lead_times',
]);

/** Rows fetched or inserted per statement. */
const BATCH_ROWS = 500;

/** The archive's table of contents. */
export interface BackupManifest {
  format: number;
  app: 'thaiyal';
  createdAt: string;
  /** Where it was taken. */
  source: 'pglite' | 'postgres';
  /** Tags of the migrations applied to the database when it was taken, in order. */
  migrations: string[];
  /** Tables in restore order (referenced before referencing) with their row counts. */
  tables: { name: string; rows: number }[];
  /** Every uploaded file: path under uploads/ (forward slashes), size in bytes, sha256 hex. */
  uploads: { path: string; bytes: number; sha256: string }[];
  /** Whether `secret` (DATA_DIR/secret) is in the archive. */
  secret: boolean;
  /**
   * Whether `vapid.json` (DATA_DIR/vapid.json, the generated Web Push keys: every browser's
   * subscription is bound to them; docs/decisions/023-push-notifications.md) is in the archive.
   * Absent in backups made before notifications.
   */
  vapid?: boolean;
}

/** A refusal or failure to tell the person running the command, in one sentence. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
  breakpoints: boolean;
  version: string;
}

async function readJournal(folder = MIGRATIONS_DIR): Promise<{ entries: JournalEntry[] } & Record<string, unknown>> {
  return JSON.parse(await readFile(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
}

/** Tags of the committed migrations that `db` has applied (drizzle records each by its `when`). */
async function appliedMigrations(db: Db): Promise<string[]> {
  const journal = await readJournal();
  const exists = await rowsOf<{ present: boolean }>(db, sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!exists[0]?.present) return [];
  const rows = await rowsOf<{ created_at: string }>(
    db,
    sql`SELECT created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`,
  );
  const applied = new Set(rows.map((row) => Number(row.created_at)));
  const unknown = [...applied].filter((when) => !journal.entries.some((entry) => entry.when === when));
  if (unknown.length > 0) {
    throw new BackupError('The database has migrations this version of Thaiyal does not know: it was made by a newer version.');
  }
  return journal.entries.filter((entry) => applied.has(entry.when)).map((entry) => entry.tag);
}

/**
 * The app's tables (schema `public`) in an order that inserts every referenced row before the
 * rows that reference it (foreign keys read from the catalog, so a new table needs no list).
 */
async function tablesInRestoreOrder(db: Db): Promise<string[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`
    SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint co
    JOIN pg_class child ON child.oid = co.conrelid JOIN pg_class parent ON parent.oid = co.confrelid
    JOIN pg_namespace n ON n.oid = child.relnamespace
    WHERE co.contype = 'f' AND n.nspname = 'public' AND child.oid <> parent.oid`,
  );
  const names = tables.map((row) => row.name).filter((name) => !TABLES_NOT_BACKED_UP.has(name));
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (name) => !placed.has(name) && [...parents.get(name)!].every((parent) => placed.has(parent) || !parents.has(parent)),
    );
    if (ready.length === 0) throw new BackupError('The tables reference one another in a cycle; cannot order them for a restore.');
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

/**
 * Write every table of `db` as JSON lines into `dir/<table>.jsonl`, all read in ONE
 * repeatable-read, read-only transaction: a consistent picture even while the shop runs
 * (PostgreSQL). Rows are fetched through a cursor, {@link BATCH_ROWS} at a time.
 * @returns the tables in restore order with their row counts.
 */
async function exportTables(db: Db, dir: string): Promise<{ name: string; rows: number }[]> {
  await mkdir(dir, { recursive: true });
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
    const tables = await tablesInRestoreOrder(tx as unknown as Db);
    const counts: { name: string; rows: number }[] = [];
    for (const name of tables) {
      const file = await open(join(dir, `${name}.jsonl`), 'w');
      let rows = 0;
      try {
        await tx.execute(sql`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${sql.identifier(name)} t`);
        for (;;) {
          const batch = await rowsOf<{ row: string }>(tx, sql.raw(`FETCH ${BATCH_ROWS} FROM backup_rows`));
          if (batch.length === 0) break;
          await file.write(batch.map((row) => `${row.row}\n`).join(''));
          rows += batch.length;
        }
        await tx.execute(sql`CLOSE backup_rows`);
      } finally {
        await file.close();
      }
      counts.push({ name, rows });
    }
    return counts;
  });
}

/**
 * Load the JSON-lines dump of `dir` into the (empty, same-schema) tables of `db`, in the
 * manifest's order, in ONE transaction: a restore is whole or nothing. The starting settings
 * of {@link TABLES_SEEDED_BY_MIGRATIONS} are deleted first: the backup's replace them. Each
 * table's count is checked against the manifest; sequences (if any) are moved past the restored ids.
 * @throws BackupError when a count differs or a table is missing.
 */
async function importTables(db: Db, dir: string, tables: { name: string; rows: number }[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { name, rows } of tables) {
      const file = join(dir, `${name}.jsonl`);
      if (!existsSync(file)) throw new BackupError(`The backup has no rows file for table ${name}.`);
      if (TABLES_SEEDED_BY_MIGRATIONS.has(name)) await tx.execute(sql`DELETE FROM ${sql.identifier(name)}`);
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const json = `[${batch.join(',')}]`;
        batch = [];
        await tx.execute(
          sql`INSERT INTO ${sql.identifier(name)} SELECT * FROM json_populate_recordset(NULL::${sql.identifier(name)}, ${json}::json)`,
        );
      };
      const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
      for await (const line of lines) {
        if (line === '') continue;
        batch.push(line);
        if (batch.length >= BATCH_ROWS) await flush();
      }
      await flush();
      const counted = await rowsOf<{ count: string }>(tx, sql`SELECT count(*)::text AS count FROM ${sql.identifier(name)}`);
      if (Number(counted[0]!.count) !== rows) {
        throw new BackupError(`Table ${name} restored ${counted[0]!.count} rows where the backup lists ${rows}.`);
      }
    }
    const sequences = await rowsOf<{ table_name: string; column_name: string; sequence: string }>(
      tx,
      sql`
      SELECT table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) AS sequence
      FROM information_schema.columns
      WHERE table_schema = 'public' AND pg_get_serial_sequence(quote_ident(table_name), column_name) IS NOT NULL`,
    );
    for (const row of sequences) {
      await tx.execute(
        sql`SELECT setval(${row.sequence}, COALESCE((SELECT max(${sql.identifier(row.column_name)}) FROM ${sql.identifier(row.table_name)}), 0) + 1, false)`,
      );
    }
  });
}

/** Every regular file under `root`, as paths relative to it with forward slashes, sorted. */
export async function listFiles(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** SHA-256 (hex) of a file, streamed. */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copy `DATA_DIR/uploads` into `target` (hard links where the file system allows: uploads are
 * never rewritten in place, so a link is as good as a copy) and describe every file.
 */
async function snapshotUploads(source: string, target: string): Promise<BackupManifest['uploads']> {
  const described: BackupManifest['uploads'] = [];
  await mkdir(target, { recursive: true });
  for (const path of await listFiles(source)) {
    const from = join(source, ...path.split('/'));
    const to = join(target, ...path.split('/'));
    await mkdir(dirname(to), { recursive: true });
    try {
      await link(from, to);
    } catch {
      await copyFile(from, to);
    }
    const { size } = await stat(to);
    described.push({ path, bytes: size, sha256: await sha256File(to) });
  }
  return described;
}

/**
 * Download every object of an S3 store into `target` at the path its key names, and describe
 * each (docs/decisions/020-pictures-on-s3-compatible-storage.md): the same `uploads/` folder a
 * file store's backup holds, so either kind of store restores into either.
 */
async function downloadUploads(objects: ObjectStore, target: string): Promise<BackupManifest['uploads']> {
  const described: BackupManifest['uploads'] = [];
  await mkdir(target, { recursive: true });
  for (const { key } of await objects.list()) {
    const stored = await objects.get(key);
    // Deleted since it was listed (the shop runs on PostgreSQL meanwhile): as a file gone from the folder.
    if (!stored) continue;
    const to = join(target, ...key.split('/'));
    await mkdir(dirname(to), { recursive: true });
    await pipeline(stored.body, createWriteStream(to));
    const { size } = await stat(to);
    described.push({ path: key, bytes: size, sha256: await sha256File(to) });
  }
  return described;
}

/** What {@link createBackup} did. */
export interface BackupSummary {
  file: string;
  manifest: BackupManifest;
  archiveBytes: number;
}

function lockedMessage(dataDir: string): string {
  return (
    `The shop is running on ${dataDir}: its database (PGlite) has one owner at a time, so a consistent ` +
    'backup needs the shop stopped. Stop it, run the backup, start it again (or use PostgreSQL, which is backed up while it runs).'
  );
}

/**
 * Back up the shop that `config` names into the new file `outFile` (mode 0600: it holds
 * password hashes, addresses and the session secret). PGlite: opens `DATA_DIR/db` itself,
 * so the shop must be stopped (a running shop holds the lock: refused with a clear message).
 * PostgreSQL: one consistent snapshot while the shop runs. Uploads are taken after the
 * database (an image added meanwhile may come along unreferenced; one deleted meanwhile would
 * be missing — restore reports which).
 * @throws BackupError for every refusal (file exists, no database, shop running).
 */
export async function createBackup(config: Config, outFile: string): Promise<BackupSummary> {
  if (existsSync(outFile)) throw new BackupError(`${outFile} already exists; choose a new file name.`);
  if (!existsSync(dirname(outFile))) throw new BackupError(`The folder ${dirname(outFile)} does not exist.`);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (kind === 'pglite' && !existsSync(join(config.dataDir, 'db', 'PG_VERSION'))) {
    throw new BackupError(`There is no shop database in ${join(config.dataDir, 'db')}; check DATA_DIR.`);
  }
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'db'), migrate: false, poolSize: 2 });
  } catch (error) {
    if (error instanceof DatabaseLockedError) throw new BackupError(lockedMessage(config.dataDir));
    throw error;
  }

  const staging = await mkdtemp(join(dirname(outFile), '.thaiyal-backup-'));
  const partial = join(staging, basename(outFile));
  try {
    let migrations: string[];
    let tables: BackupManifest['tables'];
    try {
      migrations = await appliedMigrations(database.db);
      tables = await exportTables(database.db, join(staging, 'content', 'db'));
    } finally {
      await database.close();
    }
    const objects = await openObjectStore(config.storage);
    const uploadsTarget = join(staging, 'content', 'uploads');
    const uploads = objects.localRoot
      ? await snapshotUploads(objects.localRoot, uploadsTarget)
      : await downloadUploads(objects, uploadsTarget);
    const secretFile = join(config.dataDir, 'secret');
    const secret = !config.sessionSecret && existsSync(secretFile);
    if (secret) await copyFile(secretFile, join(staging, 'content', 'secret'));
    const vapidFile = join(config.dataDir, 'vapid.json');
    const vapid = !config.push.vapid && existsSync(vapidFile);
    if (vapid) await copyFile(vapidFile, join(staging, 'content', 'vapid.json'));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      app: 'thaiyal',
      createdAt: new Date().toISOString(),
      source: kind,
      migrations,
      tables,
      uploads,
      secret,
      vapid,
    };
    await writeFile(join(staging, 'content', 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // Written inside the 0700 staging folder, made 0600, then renamed into place.
    await tar.create({ gzip: true, file: partial, cwd: join(staging, 'content'), portable: true }, [
      'manifest.json',
      'db',
      'uploads',
      ...(secret ? ['secret'] : []),
      ...(vapid ? ['vapid.json'] : []),
    ]);
    await chmod(partial, 0o600);
    await rename(partial, outFile);
    return { file: outFile, manifest, archiveBytes: (await stat(outFile)).size };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** A folder holding only the first `tags` of the committed migrations (a dump's own level). */
async function migrationsUpTo(tags: string[], into: string): Promise<string> {
  const journal = await readJournal();
  const known = journal.entries.map((entry) => entry.tag);
  if (tags.some((tag, index) => known[index] !== tag)) {
    throw new BackupError(
      `The backup's database is at migrations [${tags.join(', ')}], which this version of Thaiyal does not have in that order: ` +
        'restore it with the version that made it, or a newer one.',
    );
  }
  await mkdir(join(into, 'meta'), { recursive: true });
  for (const tag of tags) await copyFile(join(MIGRATIONS_DIR, `${tag}.sql`), join(into, `${tag}.sql`));
  await writeFile(join(into, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, tags.length) }));
  return into;
}

/** What {@link restoreBackup} did. */
export interface RestoreSummary {
  manifest: BackupManifest;
  target: 'pglite' | 'postgres';
}

async function isEmptyDir(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  return (await readdir(dir)).length === 0;
}

/**
 * Restore `file` into the EMPTY shop that `config` names: `DATA_DIR` must not exist or be
 * empty, and on PostgreSQL the database must hold no rows (and no migration the backup
 * lacks). Extracts the archive beside `DATA_DIR`, checks the manifest (format, every upload's
 * size and sha256), creates the database at the backup's migration level, loads every table
 * in one transaction, applies the newer migrations, then moves the uploads and the secret in.
 * On failure everything it created is removed again.
 * @throws BackupError for every refusal and every mismatch found.
 */
export async function restoreBackup(config: Config, file: string): Promise<RestoreSummary> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const dataDir = config.dataDir;
  if (!(await isEmptyDir(dataDir))) {
    throw new BackupError(`${dataDir} is not empty. Restore into an empty data directory (set DATA_DIR to a new folder).`);
  }
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  const objects = await openObjectStore(config.storage);
  if (!objects.localRoot) await refuseNonEmptyStore(objects);
  const createdDataDir = !existsSync(dataDir);
  // Keys put into an S3 store so far: removed again if the restore fails after all.
  const putKeys: string[] = [];
  await mkdir(dataDir, { recursive: true });
  const staging = await mkdtemp(join(dirname(dataDir), '.thaiyal-restore-'));
  let database: Database | undefined;
  try {
    try {
      await tar.extract({ file, cwd: staging, strict: true });
    } catch (error) {
      throw new BackupError(`${file} is not a readable backup archive (${(error as Error).message}).`);
    }
    const manifestPath = join(staging, 'manifest.json');
    if (!existsSync(manifestPath)) throw new BackupError(`${file} has no manifest.json: not a Thaiyal backup.`);
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as BackupManifest;
    if (manifest.app !== 'thaiyal' || manifest.format !== BACKUP_FORMAT) {
      throw new BackupError(`${file} is not a Thaiyal backup of format ${BACKUP_FORMAT}.`);
    }
    for (const upload of manifest.uploads) {
      const path = join(staging, 'uploads', ...upload.path.split('/'));
      if (!existsSync(path)) throw new BackupError(`The backup lists uploads/${upload.path} but does not hold it.`);
      if ((await stat(path)).size !== upload.bytes || (await sha256File(path)) !== upload.sha256) {
        throw new BackupError(`uploads/${upload.path} in the backup is damaged (its size or sha256 differs from the manifest).`);
      }
    }
    const levelFolder = await migrationsUpTo(manifest.migrations, join(staging, '.migrations'));

    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(dataDir, 'db'), migrate: false, poolSize: 2 });
    if (target === 'postgres') await refuseNonEmptyDatabase(database.db, manifest.migrations);
    await applyMigrations(database, levelFolder);
    await importTables(database.db, join(staging, 'db'), manifest.tables);
    await applyMigrations(database);
    await database.close();
    database = undefined;

    if (!objects.localRoot) await uploadAll(objects, join(staging, 'uploads'), putKeys);
    else if (existsSync(join(staging, 'uploads'))) await moveDir(join(staging, 'uploads'), objects.localRoot);
    if (manifest.secret) {
      await copyFile(join(staging, 'secret'), join(dataDir, 'secret'));
      await chmod(join(dataDir, 'secret'), 0o600);
    }
    if (manifest.vapid) {
      await copyFile(join(staging, 'vapid.json'), join(dataDir, 'vapid.json'));
      await chmod(join(dataDir, 'vapid.json'), 0o600);
    }
    return { manifest, target };
  } catch (error) {
    await database?.close().catch(() => {});
    await Promise.allSettled(putKeys.map((key) => objects.delete(key)));
    // Leave DATA_DIR (and the bucket) as it was found: empty, or absent.
    if (createdDataDir) await rm(dataDir, { recursive: true, force: true });
    else for (const entry of await readdir(dataDir)) await rm(join(dataDir, entry), { recursive: true, force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** On an S3 store: refuse a bucket (or prefix) that holds objects, as a data directory that is not empty is refused. */
async function refuseNonEmptyStore(objects: ObjectStore): Promise<void> {
  let held: number;
  try {
    held = (await objects.list()).length;
  } catch (error) {
    throw new BackupError(`The picture store ${objects.description} could not be read (${(error as Error).message}); check STORAGE_URL.`);
  }
  if (held > 0) {
    throw new BackupError(
      `The picture store ${objects.description} already holds ${held} objects. Restore into an empty bucket, or a new prefix (s3://…/bucket/prefix).`,
    );
  }
}

/**
 * Put every file under `dir` (a backup's `uploads/`, checked against its manifest) into the
 * S3 store under the key its path names, noting each key in `putKeys` as it is written.
 * @throws BackupError for a path that is not a key the shop makes.
 */
async function uploadAll(objects: ObjectStore, dir: string, putKeys: string[]): Promise<void> {
  for (const key of await listFiles(dir)) {
    if (!isObjectKey(key)) throw new BackupError(`uploads/${key} in the backup is not a picture the shop stores; it was not restored.`);
    await objects.put(key, await readFile(join(dir, ...key.split('/'))), contentTypeOf(key));
    putKeys.push(key);
  }
}

/** On PostgreSQL: refuse a database with rows, or with migrations beyond the backup's. */
async function refuseNonEmptyDatabase(db: Db, backupMigrations: string[]): Promise<void> {
  const applied = await appliedMigrations(db);
  if (applied.some((tag, index) => backupMigrations[index] !== tag)) {
    throw new BackupError(
      'The PostgreSQL database already has migrations the backup lacks. Restore into a new, empty database (CREATE DATABASE …).',
    );
  }
  for (const table of await tablesInRestoreOrder(db)) {
    if (TABLES_SEEDED_BY_MIGRATIONS.has(table)) continue;
    const rows = await rowsOf<{ any: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(table)}) AS any`);
    if (rows[0]?.any) {
      throw new BackupError(`The PostgreSQL database is not empty (table ${table} has rows). Restore into a new, empty database.`);
    }
  }
}

/** Move a directory (rename when on one file system, else copy and remove). */
async function moveDir(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch {
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}
