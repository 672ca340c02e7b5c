import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dump of one migrated PGlite database, loaded by each test file on PGlite. */
    pgliteTemplate: string;
    /** PostgreSQL: name of a migrated template database, copied by each test file. */
    pgTemplate: string;
  }
}

/**
 * Migrate one database once for the whole server suite (creating a PGlite database from
 * nothing takes seconds): on PGlite a data-dir dump in a temp file; on PostgreSQL
 * (`DATABASE_URL` set) a template database that each test file copies with CREATE DATABASE.
 * The PGlite dump is made in both cases: the tests that run on PGlite whatever DATABASE_URL
 * says (crash safety, backups, the directory lock) start from it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  const pgliteDir = mkdtempSync(join(tmpdir(), 'thaiyal-template-'));
  const pgliteFile = join(pgliteDir, 'template.tar');
  const pglite = await openDatabase({ databaseUrl: undefined, pgliteDir: undefined });
  const dump = await pglite.pglite!.dumpDataDir();
  await pglite.close();
  writeFileSync(pgliteFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', pgliteFile);
  const removePglite = () => rmSync(pgliteDir, { recursive: true, force: true });
  if (url) {
    const template = `thaiyal_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: templateUrl.toString(), pgliteDir: undefined, poolSize: 1 });
    await database.close();
    project.provide('pgTemplate', template);
    return async () => {
      removePglite();
      const rows = await admin.query<{ datname: string }>(
        // This run's databases only (harness.ts names them after the template): another run on
        // the same server keeps its own.
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`thaiyal\\_t\\_${process.pid}\\_%`, template],
      );
      for (const row of rows.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  project.provide('pgTemplate', '');
  return async () => removePglite();
}
