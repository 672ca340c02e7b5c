import { Agent, request, type OutgoingHttpHeaders } from 'node:http';

/**
 * Loads that autocannon does not make (history.ts: a shopper's request beside the admin's list):
 * requests at an even pace, and a loop of requests that can be started and stopped while the
 * paced load runs.
 */

/** What {@link pacedLoad} sends: GET `url` with `headers`, `ratePerS` a second evenly spaced, on at most `connections` keep-alive connections. */
export interface PacedLoadOptions {
  url: string;
  ratePerS: number;
  seconds: number;
  connections: number;
  headers?: OutgoingHttpHeaders;
  /** The phase a request sent now belongs to; undefined leaves its time out (default: every request in phase `all`). */
  phase?: () => string | undefined;
}

/** What a load saw: each answer's time by phase (ms, from its request's sending to its body's end), the statuses counted, errors, how long it ran (s). */
export interface LoadResult {
  timesMs: Map<string, number[]>;
  statuses: Map<number, number>;
  errors: number;
  durationS: number;
}

/** One GET of `url` on `agent`: its status and time (ms), or an error counted in `into`. */
function get(
  url: string,
  agent: Agent,
  headers: OutgoingHttpHeaders | undefined,
  into: LoadResult,
  phase: string | undefined,
): Promise<void> {
  return new Promise((resolve) => {
    const sentAt = performance.now();
    const outgoing = request(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        into.statuses.set(status, (into.statuses.get(status) ?? 0) + 1);
        if (phase !== undefined) {
          const times = into.timesMs.get(phase) ?? [];
          times.push(performance.now() - sentAt);
          into.timesMs.set(phase, times);
        }
        resolve();
      });
    });
    outgoing.setTimeout(10_000, () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', () => {
      into.errors++;
      resolve();
    });
    outgoing.end();
  });
}

/**
 * Requests at an even pace, as shoppers' requests arrive, rather than as fast as answers come:
 * one every `1000 / ratePerS` ms for `seconds`, each sent when due whether or not the ones before
 * have been answered (waiting for a free connection, at most `connections`, counts in its time).
 * autocannon's own `overallRate` sends each second's requests in one burst at the start of the
 * second, so its latencies are those of a burst's queue; a paced load's say what a request waits
 * for while the server does something else.
 */
export async function pacedLoad(options: PacedLoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const result: LoadResult = { timesMs: new Map(), statuses: new Map(), errors: 0, durationS: options.seconds };
  const intervalMs = 1000 / options.ratePerS;
  const startedAt = performance.now();
  const endAt = startedAt + options.seconds * 1000;
  const inFlight: Promise<void>[] = [];
  let due = startedAt;
  while (due < endAt) {
    const waitMs = due - performance.now();
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
    // A timer fires late now and then: whatever has come due meanwhile goes out at once.
    for (const now = performance.now(); due <= now && due < endAt; due += intervalMs) {
      inFlight.push(get(options.url, agent, options.headers, result, options.phase ? options.phase() : 'all'));
    }
  }
  await Promise.all(inFlight);
  agent.destroy();
  return result;
}

/** A {@link requestLoop}: started and paused as often as wanted, then stopped once. */
export interface RequestLoop {
  /** Starts sending (again); nothing when it is already running. */
  run(): void;
  /** Stops sending; resolves once the request in flight is answered. */
  pause(): Promise<void>;
  /** Pauses, closes the connection, and answers what the loop saw over all its runs. */
  stop(): Promise<LoadResult>;
}

/**
 * GETs of `urls` in turn on one keep-alive connection, each sent as soon as the one before is
 * answered (an admin who never pauses), whenever the loop is running: one connection over all
 * its runs, as one admin's browser keeps one, and the next run goes on with the next URL. What
 * it saw: times in phase `all`, its running seconds in `durationS`.
 */
export function requestLoop(urls: readonly string[], headers?: OutgoingHttpHeaders): RequestLoop {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const result: LoadResult = { timesMs: new Map(), statuses: new Map(), errors: 0, durationS: 0 };
  let sent = 0;
  let running: Promise<void> | undefined;
  let pausing = false;
  const pause = async () => {
    pausing = true;
    await running;
    running = undefined;
  };
  return {
    run() {
      if (running) return;
      pausing = false;
      const startedAt = performance.now();
      running = (async () => {
        while (!pausing) await get(urls[sent++ % urls.length]!, agent, headers, result, 'all');
        result.durationS += (performance.now() - startedAt) / 1000;
      })();
    },
    pause,
    async stop(): Promise<LoadResult> {
      await pause();
      agent.destroy();
      return result;
    },
  };
}
