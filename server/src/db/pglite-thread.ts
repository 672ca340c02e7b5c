import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { onlyPassThrough, PASSED_THROUGH } from './pglite-parsers.js';
import type { PgliteReply, PgliteRequest, PgliteWorkerData, SerializedError } from './pglite-worker.js';

/** A request as the caller writes it; {@link openPgliteThread} numbers it. */
type Unnumbered = PgliteRequest extends infer R ? (R extends PgliteRequest ? Omit<R, 'id'> : never) : never;

/** What a statement may be sent with: Drizzle's row mode and its pass-through parsers. */
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: object;
}

/** What Drizzle's PGlite session calls on its client, and a transaction's client. */
export interface PgliteQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/** The shop's PGlite, run on its own thread: statements, transactions, a dump, and close. */
export interface PgliteClient extends PgliteQueries {
  transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T>;
  /** The data directory as a tar (`dumpDataDir('none')`), for the tests' template and backups. */
  dumpDataDir(): Promise<Blob>;
  /** Close the database and end the thread. Safe to call twice. */
  close(): Promise<void>;
}

/** Thrown for a statement sent after the thread has stopped (closed, or died). */
class DatabaseThreadStoppedError extends Error {
  constructor(reason: string) {
    super(`The database thread has stopped: ${reason}`);
    this.name = 'DatabaseThreadStoppedError';
  }
}

/** An error raised in the thread, with the same fields (`code`, `constraint`, `detail`…). */
function rebuild(fields: SerializedError): Error {
  const error = new Error(fields.message);
  Object.assign(error, fields);
  return error;
}

/**
 * Start the database thread: the compiled `pglite-worker.js` beside this module; from the
 * TypeScript source (vitest, tsx), `pglite-worker.ts` through tsx's CommonJS hook registered
 * inside the thread (Node 20 gives a worker thread no `--import` hooks), as the mail thread.
 */
function startWorker(workerData: PgliteWorkerData, transfer: ArrayBuffer[]): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData, transferList: transfer });
  }
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const source = fileURLToPath(new URL('./pglite-worker.ts', import.meta.url));
  return new Worker(`require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});`, {
    eval: true,
    workerData,
    transferList: transfer,
  });
}

/** Options of {@link openPgliteThread}. */
export interface PgliteThreadOptions {
  /** PGlite's directory; undefined: in memory. */
  dataDir: string | undefined;
  /** A data-dir dump to start from (the tests' migrated template). */
  loadDataDir: Blob | undefined;
}

/** The id of the thread's first message, saying PGlite is open (or why not); statements count from the next. */
const READY_ID = 0;

/**
 * Open PGlite on a thread of its own (docs/decisions/021-pglite-runs-on-its-own-thread.md) and
 * answer once it is ready. Each statement is a message to the thread and its rows a message
 * back (structured clone); errors come back with their SQLSTATE `code` and fields. The thread
 * keeps the process alive only while a statement is outstanding, so an idle shop exits as
 * before and a command-line tool waiting on a statement does not.
 * @throws the thread's error when PGlite cannot open (a corrupt directory, a bad dump).
 */
export async function openPgliteThread(options: PgliteThreadOptions): Promise<PgliteClient> {
  const dump = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  const worker = startWorker({ dataDir: options.dataDir, loadDataDir: dump, passedThrough: [...PASSED_THROUGH] }, dump ? [dump] : []);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = READY_ID + 1;
  let stopped: string | undefined;

  const settle = (id: number, reply: PgliteReply) => {
    const waiting = pending.get(id);
    if (!waiting) return;
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    if (reply.error) waiting.reject(rebuild(reply.error));
    else waiting.resolve(reply.value);
  };
  const stop = (reason: string, error: Error) => {
    stopped ??= reason;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('message', (reply: PgliteReply) => settle(reply.id, reply));
  worker.on('error', (error) => stop(error.message, error));
  worker.on('exit', (code) => stop(`exit code ${code}`, new DatabaseThreadStoppedError(`exit code ${code}`)));

  // The answer to request `id`; the thread is kept alive until it comes.
  const answerTo = <T>(id: number): Promise<T> => {
    if (stopped !== undefined) return Promise.reject(new DatabaseThreadStoppedError(stopped));
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
    });
  };
  const ask = <T>(request: Unnumbered): Promise<T> => {
    const id = nextId++;
    const answer = answerTo<T>(id);
    if (stopped === undefined) worker.postMessage({ ...request, id });
    return answer;
  };

  const queries = (tx: number | undefined): PgliteQueries => ({
    query: <T>(sql: string, params?: unknown[], queryOptions?: QueryOptions) => {
      if (queryOptions?.parsers && !onlyPassThrough(queryOptions.parsers)) {
        return Promise.reject(new Error('a parser other than the pass-through ones cannot be sent to the database thread'));
      }
      return ask<Results<T>>({ op: 'query', tx, sql, params, rowMode: queryOptions?.rowMode });
    },
    exec: (sql: string) => ask<Results[]>({ op: 'exec', tx, sql }),
  });

  try {
    // The thread's "ready" (or the error PGlite opened with) answers request 0, which nobody sends.
    await answerTo(READY_ID);
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    ...queries(undefined),
    async transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T> {
      const tx = await ask<number>({ op: 'begin' });
      let result: T;
      try {
        result = await callback(queries(tx));
      } catch (error) {
        // The statement's own error is the one to tell; a failed rollback leaves PGlite's
        // transaction rolled back all the same (it ends the transaction on any failure).
        await ask({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await ask({ op: 'end', tx, commit: true });
      return result;
    },
    async dumpDataDir() {
      return new Blob([await ask<ArrayBuffer>({ op: 'dump' })]);
    },
    close() {
      closing ??= (async () => {
        if (stopped === undefined) await ask({ op: 'close' });
        stopped ??= 'closed';
        await worker.terminate();
      })();
      return closing;
    },
  };
}
