import type { Database, Db } from '../db/client.js';
import type { Clock } from './clock.js';

/** Where an outbox sender logs (the app's logger): a send dropped (info), retried (warn), refused or failed (error). */
export interface SenderLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Options of {@link createBatchWorker}; `Row` is one outbox row as `due` reads it. */
export interface BatchWorkerOptions<Row> {
  database: Database;
  clock: Clock;
  /** How often a pass runs when nothing wakes the worker (retries, rows another process queued). */
  pollMs: number;
  /** The most rows `due` returns: a full batch means there may be more, so the pass takes another. */
  batchSize: number;
  /** Up to `batchSize` rows due at `now`, oldest first; with `lock`, held `FOR UPDATE SKIP LOCKED`. */
  due(db: Db, now: Date, lock: boolean): PromiseLike<Row[]>;
  /** Send `rows` and record each one's outcome (delete, reschedule, mark failed) through `db`. */
  send(db: Db, rows: Row[], now: Date): Promise<void>;
  log: Pick<SenderLog, 'error'>;
  /** Logged at error with the cause when a pass fails as a whole (the next poll tries again). */
  failure: string;
}

/** A running outbox sender; see {@link createBatchWorker}. */
export interface BatchWorker {
  /** Run a pass now (after a commit that queued rows); resolves when that pass is done. */
  wake(): Promise<void>;
  /** Start polling every `pollMs`, and run a pass at once for what an earlier run left. */
  start(): void;
  /**
   * Stop polling and wait for the pass in progress until `deadline` (milliseconds since the
   * epoch); the pass itself may go on after that (see `settled`).
   */
  close(deadline: number): Promise<void>;
  /** Resolves once the pass in progress, if any, has ended (after `close`, before the database closes). */
  settled(): Promise<void>;
  /** True once `close` has begun: a send that fails from then on was cut off by the close. */
  closed(): boolean;
}

/**
 * The loop both outboxes send through (docs/decisions/016-mail-outbox.md for mail,
 * docs/decisions/023-push-notifications.md for notifications): one pass at a time in a process,
 * each pass taking batches until one comes back short, then polling again after `pollMs`; a
 * `wake` during a pass queues one more pass rather than a second one beside it. A pass that
 * throws is logged (`failure`) and the next poll tries again.
 *
 * On PostgreSQL several processes may send from one outbox: a batch holds its rows with
 * `FOR UPDATE SKIP LOCKED` in a transaction until they are sent, so no two processes take the
 * same row, and a process that dies releases its rows at once. On PGlite one process owns the
 * database, and a batch must not hold a transaction while the mail server or push service
 * answers (it would stop every other query), so rows are read, sent and then recorded.
 */
export function createBatchWorker<Row>(options: BatchWorkerOptions<Row>): BatchWorker {
  const { database, clock, log } = options;
  let chain: Promise<void> = Promise.resolve();
  let queued = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  /** One batch; returns how many rows it took. */
  const batch = async (): Promise<number> => {
    const now = clock.now();
    if (database.kind === 'postgres') {
      return database.db.transaction(async (tx) => {
        const rows = await options.due(tx, now, true);
        await options.send(tx, rows, now);
        return rows.length;
      });
    }
    const rows = await options.due(database.db, now, false);
    await options.send(database.db, rows, now);
    return rows.length;
  };

  const schedule = () => {
    clearTimeout(timer);
    if (!closed) timer = setTimeout(() => void wake(), options.pollMs).unref();
  };

  const wake = (): Promise<void> => {
    if (closed || queued) return chain;
    queued = true;
    chain = chain
      .then(async () => {
        queued = false;
        while (!closed && (await batch()) === options.batchSize) {
          // A full batch: there may be more due.
        }
      })
      .catch((error: unknown) => log.error({ err: error }, options.failure))
      .finally(schedule);
    return chain;
  };

  return {
    wake,
    start() {
      void wake();
    },
    async close(deadline) {
      closed = true;
      clearTimeout(timer);
      let drainTimer: NodeJS.Timeout | undefined;
      await Promise.race([
        chain,
        new Promise<void>((resolve) => (drainTimer = setTimeout(resolve, Math.max(0, deadline - Date.now())).unref())),
      ]);
      clearTimeout(drainTimer);
    },
    settled: () => chain,
    closed: () => closed,
  };
}
