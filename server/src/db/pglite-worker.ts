/**
 * The database thread (db/pglite-thread.ts; docs/decisions/021-pglite-runs-on-its-own-thread.md):
 * owns the shop's PGlite and runs each statement it is sent, so that a statement's time (PGlite
 * runs Postgres compiled to WebAssembly, synchronously, on the thread that calls it) is not
 * taken from the thread that answers HTTP requests. Compiled with the server to
 * `pglite-worker.js`; under the tests it runs from this file through tsx (pglite-thread.ts
 * chooses, as platform/mail.ts does for the mail thread).
 *
 * workerData: {@link PgliteWorkerData}. In: {@link PgliteRequest}. Out: {@link PgliteReply}.
 * Statements outside a transaction wait for an open transaction to end, as on one PGlite
 * (its own mutex); a transaction's statements name it by `tx`.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** What the thread is started with. */
export interface PgliteWorkerData {
  /** PGlite's directory; undefined: in memory. */
  dataDir: string | undefined;
  /** A data-dir dump (tar) to start from; its bytes. */
  loadDataDir: ArrayBuffer | undefined;
  /** Type OIDs whose text is passed through unparsed (pglite-parsers.ts DRIZZLE_PARSERS). */
  passedThrough: number[];
}

/** One request to the thread, answered by a {@link PgliteReply} of the same `id`. */
export type PgliteRequest =
  | { id: number; op: 'query'; tx: number | undefined; sql: string; params: unknown[] | undefined; rowMode: 'array' | 'object' | undefined }
  | { id: number; op: 'exec'; tx: number | undefined; sql: string }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** A database error's fields (message, SQLSTATE `code`, constraint, detail…), rebuilt as an Error by the caller. */
export type SerializedError = Record<string, unknown> & { message: string };

/** The answer to request `id`: its value (rows, a transaction number, a dump's bytes) or the error it raised. */
export type PgliteReply = { id: number; value?: unknown; error?: SerializedError };

/** The fields of an error, own ones included (PGlite's `code`, `constraint`, `detail`…). */
function serialize(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: SerializedError = { message: error.message, name: error.name, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return fields;
}

/** A transaction held open for the caller until it sends `end`. */
interface OpenTransaction {
  tx: Transaction;
  /** Let PGlite commit (resolve) or roll back (reject). */
  finish(commit: boolean): void;
  /** Settles when PGlite has committed or rolled back. */
  done: Promise<void>;
}

/** The marker a rollback asked for by the caller is rejected with. */
const ROLLBACK = Symbol('rollback');

/**
 * Serve requests on `port` until `close`: open PGlite as `data` says, then answer each
 * request in turn (concurrently: a statement sent while another runs waits in PGlite's queue).
 */
async function serve(port: MessagePort, data: PgliteWorkerData): Promise<void> {
  const parsers = Object.fromEntries(data.passedThrough.map((type) => [type, (value: string) => value]));
  const pglite = new PGlite({
    ...(data.dataDir ? { dataDir: data.dataDir } : {}),
    ...(data.loadDataDir ? { loadDataDir: new Blob([data.loadDataDir]) } : {}),
    // Search's trigram similarity (docs/product.md#search); the migration creates the extension.
    extensions: { pg_trgm },
    parsers,
  });
  const transactions = new Map<number, OpenTransaction>();
  let nextTx = 1;

  const begin = async (): Promise<number> => {
    const id = nextTx++;
    let began!: (tx: Transaction) => void;
    const txReady = new Promise<Transaction>((resolve) => (began = resolve));
    let finish!: (commit: boolean) => void;
    const finished = new Promise<void>((resolve, reject) => (finish = (commit) => (commit ? resolve() : reject(ROLLBACK))));
    const ended = pglite.transaction(async (tx) => {
      began(tx);
      await finished;
    });
    // A rollback the caller asked for is no failure; any other end is `end`'s answer.
    const done = ended.then(
      () => undefined,
      (error: unknown) => {
        if (error !== ROLLBACK) throw error;
      },
    );
    done.catch(() => {});
    // BEGIN failing settles `ended` before the callback ever runs.
    const tx = await Promise.race([txReady, ended.then(() => Promise.reject(new Error('the transaction ended before it began')))]);
    transactions.set(id, { tx, finish, done });
    return id;
  };

  const end = async (id: number, commit: boolean): Promise<void> => {
    const open = transactions.get(id);
    if (!open) throw new Error(`no open transaction ${id}`);
    transactions.delete(id);
    open.finish(commit);
    await open.done;
  };

  const clientOf = (tx: number | undefined): PGlite | Transaction => {
    if (tx === undefined) return pglite;
    const open = transactions.get(tx);
    if (!open) throw new Error(`no open transaction ${tx}`);
    return open.tx;
  };

  const answer = async (request: PgliteRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query':
        return await clientOf(request.tx).query(request.sql, request.params, request.rowMode ? { rowMode: request.rowMode } : undefined);
      case 'exec':
        return await clientOf(request.tx).exec(request.sql);
      case 'begin':
        return await begin();
      case 'end':
        return await end(request.tx, request.commit);
      case 'dump':
        return await (await pglite.dumpDataDir('none')).arrayBuffer();
      case 'close':
        await pglite.close();
        return undefined;
    }
  };

  port.on('message', (request: PgliteRequest) => {
    answer(request).then(
      (value) => {
        if (value instanceof ArrayBuffer) port.postMessage({ id: request.id, value } satisfies PgliteReply, [value]);
        else port.postMessage({ id: request.id, value } satisfies PgliteReply);
        if (request.op === 'close') port.close();
      },
      (error: unknown) => port.postMessage({ id: request.id, error: serialize(error) } satisfies PgliteReply),
    );
  });

  await pglite.waitReady;
  await pglite.exec('SET wal_init_zero = off; SET wal_recycle = off;');
  // Request 0 is the caller's wait for the database to be ready.
  port.postMessage({ id: 0 } satisfies PgliteReply);
}

if (parentPort) {
  const port = parentPort;
  serve(port, workerData as PgliteWorkerData).catch((error: unknown) =>
    port.postMessage({ id: 0, error: serialize(error) } satisfies PgliteReply),
  );
}
