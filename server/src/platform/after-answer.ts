import type { FastifyReply } from 'fastify';

/**
 * Work that must take no part in an answer's time (docs/security.md: forgot-password and
 * resend answer every e-mail alike, in the same time; ASVS 6.3.8), run once the answer has gone
 * out. `app.afterAnswer` (app.ts); closing the app waits for it.
 */
export interface AfterAnswer {
  /**
   * Run `task` once `reply` has been sent (its response's `finish`, or `close` when the client
   * went away first), in a later turn of the event loop: PGlite's queries run on this thread,
   * and begun at once they would still delay the answer's last steps. A failure is logged.
   */
  run(reply: FastifyReply, task: () => Promise<void>): void;
  /** Resolves once every task run so far, started or not yet, has ended (app close, tests). */
  settled(): Promise<void>;
}

/** An {@link AfterAnswer} that reports failed tasks to `log`. */
export function createAfterAnswer(log: { error(object: object, message: string): void }): AfterAnswer {
  const pending = new Set<Promise<void>>();
  return {
    run(reply, task) {
      const done = new Promise<void>((resolve) => {
        let started = false;
        const start = () => {
          if (started) return;
          started = true;
          setImmediate(() => {
            task()
              .catch((error: unknown) => log.error({ err: error }, 'work after the answer failed'))
              .finally(resolve);
          });
        };
        reply.raw.once('finish', start);
        reply.raw.once('close', start);
      });
      pending.add(done);
      void done.finally(() => pending.delete(done));
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
