/**
 * `npm run bench` (docs/architecture.md#testing; docs/performance.md#how-it-measures): a benchmark, not a test.
 *
 * For each database (PGlite always; PostgreSQL too when BENCH_DATABASE_URL names a server,
 * on a fresh database created there and dropped after), start bench-server.ts as a child
 * process (the real app with the demo catalog plus a hello-world route), then measure every
 * scenario with autocannon from this process over loopback: a 1 s warm-up, then
 * BENCH_DURATION_S seconds (default 3) at BENCH_CONNECTIONS connections (default 10, unless
 * the scenario sets its own), in BENCH_ROUNDS rounds (default 3) with hello-world measured
 * between scenarios (see benchOne). BENCH_QUICK=1 is a development run: 1 round of 1 s
 * unless those are set too. BENCH_ONLY=cart,order measures only the scenarios whose names
 * contain one of the words (hello-world always).
 * Prints a Markdown table: requests per second, p50 and p99 latency (medians over the
 * rounds), the ratio to hello-world measured beside it, and each target's verdict; then the
 * history report (history.ts: the admin's list at 1,000 and 50,000 orders, and a shopper's
 * request beside it), what each write scenario's check found in the database, and how long
 * each database's runs took.
 *
 * Exits 1 when a scenario could not be measured (a status other than the one expected in
 * the warm-up or the measurement, errors, a database check that disagrees with the 2xx
 * answers), not when a target is missed: the figures are for docs/performance.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import type { FromServer, ToServer } from './bench-server.js';
import { historyReport } from './history.js';
import { pacedLoad, requestLoop, type LoadResult } from './paced-load.js';
import { helloWorld, scenarios, type BesideInTurns, type Scenario, type ScenarioContext, type Targets } from './scenarios.js';

const quick = process.env.BENCH_QUICK === '1';
const durationS = Number(process.env.BENCH_DURATION_S ?? (quick ? 1 : 3));
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? (quick ? 1 : 3)));
const warmupS = 1;
const defaultConnections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
const chosen = only.length > 0 ? scenarios.filter((s) => only.some((word) => s.name.toLowerCase().includes(word))) : scenarios;
const startTimeoutMs = 5 * 60_000;

/** A running bench-server child. */
interface BenchServer {
  baseUrl: string;
  /** The bare Fastify instance beside the app (reference only). */
  bareUrl: string;
  kind: string;
  child: ChildProcess;
  fixture: ScenarioContext['fixture'];
}

/** One scenario's figures. */
interface Measurement {
  scenario: Scenario;
  rps: number;
  /** autocannon's percentiles, whole milliseconds. */
  p50Ms: number;
  p99Ms: number;
  /** The same percentiles to the microsecond, from each answer's own time (the measurement run's expected answers). */
  exactP50Ms: number;
  exactP99Ms: number;
  /** A paced load in turns beside a loop: its exact percentiles in the turns without the loop (the ones above are with it). */
  alone: { exactP50Ms: number; exactP99Ms: number } | undefined;
  /** One answer's body, bytes, when the scenario measured it. */
  answerBytes: number | undefined;
  /** Why the figure is void, if it is. */
  problem: string | undefined;
  /** What the scenario's own check found (write scenarios), or what the loop beside it answered. */
  note: string | undefined;
}

/** A scenario's figures with its ratio to the hello-world runs just before and after it (NaN: not compared). */
interface Row extends Measurement {
  ratio: number;
}

async function startServer(databaseUrl: string | undefined): Promise<BenchServer> {
  const child = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), [], {
    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it exits (what limits a figure).
    execArgv: [
      // The sources under tsx, the contract's too (its `development` export).
      '--conditions=development',
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      ...(process.env.BENCH_TRACE_GC ? ['--trace-gc'] : []),
    ],
    env: { ...process.env, BENCH_DB_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  const ready = new Promise<{ port: number; barePort: number; kind: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bench server did not start within 5 minutes')), startTimeoutMs);
    child.on('message', (message: FromServer) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(message);
      } else if (message.type === 'fixture-result') {
        const call = pending.get(message.id);
        pending.delete(message.id);
        if (message.error !== undefined) call?.reject(new Error(message.error));
        else call?.resolve(message.result as never);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited with code ${code}`));
    });
  });
  const { port, barePort, kind } = await ready;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    bareUrl: `http://127.0.0.1:${barePort}`,
    kind,
    child,
    fixture: (name, args) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        child.send({ type: 'fixture', id, name, args } satisfies ToServer);
      }),
  };
}

async function stopServer(server: BenchServer): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** One run of a load, whichever sent it: its answers, statuses, errors and latencies. */
interface RunSummary {
  /** Answers received; requests sent (some may have been cut off when the run stopped). */
  total: number;
  sent: number;
  ok2xx: number;
  durationS: number;
  statuses: Map<string, number>;
  errors: number;
  timeouts: number;
  /** The run's own percentiles (autocannon's whole milliseconds, or the exact ones for a paced run). */
  p50Ms: number;
  p99Ms: number;
  /** Every answer's time with the expected status, ms (fractional). */
  timesMs: number[];
}

/** An autocannon run, with every answer's time (ms, fractional) of the expected status collected as it comes. */
function load(options: autocannon.Options, expectStatus: number): { instance: autocannon.Instance; done: Promise<RunSummary> } {
  const timesMs: number[] = [];
  let instance!: autocannon.Instance;
  const done = new Promise<RunSummary>((resolve, reject) => {
    instance = autocannon(options, (error, result) => {
      if (error) return reject(error);
      const statuses = new Map(Object.entries(result.statusCodeStats ?? {}).map(([status, { count = 0 }]) => [status, count]));
      resolve({
        total: result.requests.total,
        sent: result.requests.sent,
        ok2xx: result['2xx'],
        durationS: result.duration,
        statuses,
        errors: result.errors,
        timeouts: result.timeouts,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        timesMs,
      });
    });
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode === expectStatus) timesMs.push(responseTime);
  });
  return { instance, done };
}

/** How long each turn of a paced load with a loop beside it lasts: alone, then with the loop, and so on. */
const TURN_MS = 100;

/** What the loop beside a paced load answered over a run, and in how many turns it ran. */
type TurnsLoop = LoadResult & { turns: number };

/**
 * Turns of `seconds`: `TURN_MS` alone, then `TURN_MS` with `beside`'s loop running, and so on
 * (short turns, so that the machine's other work, which comes and goes, falls on both alike);
 * `setPhase` is told which, and `undefined` while the loop pauses (its last request still in
 * flight). What the loop answered.
 */
async function turns(beside: BesideInTurns, baseUrl: string, seconds: number, setPhase: (phase: string | undefined) => void) {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const endAt = performance.now() + seconds * 1000;
  const loop = requestLoop(
    beside.paths.map((path) => `${baseUrl}${path}`),
    beside.headers,
  );
  let turnsWith = 0;
  while (performance.now() < endAt) {
    setPhase('alone');
    await sleep(Math.min(TURN_MS, endAt - performance.now()));
    if (performance.now() >= endAt) break;
    setPhase('beside');
    loop.run();
    turnsWith++;
    await sleep(Math.min(TURN_MS, endAt - performance.now()));
    setPhase(undefined);
    await loop.pause();
  }
  return [{ ...(await loop.stop()), turns: turnsWith }];
}

/**
 * A {@link pacedLoad} run of `options` for `seconds`, summarized as autocannon's are; with
 * `beside`, in turns with and without its loop ({@link turns}): the summary's times are those
 * with it, `aloneMs` those without, and `loops` what the loop answered.
 */
async function pacedRun(
  options: autocannon.Options,
  paced: { ratePerS: number; beside: BesideInTurns | undefined; baseUrl: string },
  seconds: number,
  expectStatus: number,
): Promise<RunSummary & { aloneMs: number[]; loops: TurnsLoop[] }> {
  let phase: string | undefined = paced.beside ? 'alone' : 'all';
  const [run, loops] = await Promise.all([
    pacedLoad({
      url: String(options.url),
      ratePerS: paced.ratePerS,
      seconds,
      connections: options.connections ?? defaultConnections,
      headers: options.headers,
      phase: () => phase,
    }),
    paced.beside ? turns(paced.beside, paced.baseUrl, seconds, (next) => (phase = next)) : Promise.resolve([]),
  ]);
  const answered = [...run.statuses.values()].reduce((sum, count) => sum + count, 0);
  const ok2xx = [...run.statuses].filter(([status]) => status >= 200 && status < 300).reduce((sum, [, count]) => sum + count, 0);
  const allExpected = run.statuses.get(expectStatus) === answered;
  const timesMs = allExpected ? (run.timesMs.get(paced.beside ? 'beside' : 'all') ?? []) : [];
  return {
    total: answered,
    sent: answered + run.errors,
    ok2xx,
    durationS: run.durationS,
    statuses: new Map([...run.statuses].map(([status, count]) => [String(status), count])),
    errors: run.errors,
    timeouts: 0,
    p50Ms: Number(quantile(timesMs, 0.5).toFixed(1)),
    p99Ms: Number(quantile(timesMs, 0.99).toFixed(1)),
    timesMs,
    aloneMs: allExpected ? (run.timesMs.get('alone') ?? []) : [],
    loops,
  };
}

/** What the loops of a paced run's turns answered: a note, and their problems (statuses other than 200, errors). */
function loopsFound(loops: readonly TurnsLoop[]): { note: string; problems: string[] } {
  const statuses = new Map<string, number>();
  let errors = 0;
  const timesMs: number[] = [];
  for (const loop of loops) {
    for (const [status, count] of loop.statuses) statuses.set(String(status), (statuses.get(String(status)) ?? 0) + count);
    errors += loop.errors;
    timesMs.push(...(loop.timesMs.get('all') ?? []));
  }
  const answers = [...statuses.values()].reduce((sum, count) => sum + count, 0);
  const seconds = loops.reduce((sum, loop) => sum + loop.durationS, 0);
  const summary: RunSummary = {
    total: answers,
    sent: answers,
    ok2xx: 0,
    durationS: seconds,
    statuses,
    errors,
    timeouts: 0,
    p50Ms: 0,
    p99Ms: 0,
    timesMs,
  };
  return {
    note:
      `beside it ${answers.toLocaleString('en-US')} answers in ${loops.reduce((sum, loop) => sum + loop.turns, 0)} turns, ` +
      `${Math.round(answers / Math.max(seconds, 0.001))} a second, ` +
      `p50 ${quantile(timesMs, 0.5).toFixed(1)} ms`,
    problems: wrongAnswers([summary], 200, 'beside it: '),
  };
}

/** The `q` quantile (0…1) of `values`: the smallest value at least that share of them do not exceed. */
function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Statuses other than `expected` in `runs`, and connection errors, as problems. */
function wrongAnswers(runs: RunSummary[], expected: number, what = ''): string[] {
  // Every answer must have the expected status: a write scenario that starts failing (a cart
  // line at its cap, a refused order) must not pass for a fast one.
  const statuses = new Map<string, number>();
  for (const run of runs) {
    for (const [status, count] of run.statuses) statuses.set(status, (statuses.get(status) ?? 0) + count);
  }
  const wrong = [...statuses].filter(([status, count]) => status !== String(expected) && count > 0);
  const errors = runs.reduce((sum, run) => sum + run.errors, 0);
  const timeouts = runs.reduce((sum, run) => sum + run.timeouts, 0);
  return [
    ...(wrong.length > 0 ? [`${what}statuses ${wrong.map(([status, count]) => `${status}×${count}`).join(', ')}`] : []),
    ...(errors > 0 ? [`${what}${errors} errors (${timeouts} timeouts)`] : []),
    ...(runs.every((run) => run.total === 0) ? [`${what}no response`] : []),
  ];
}

/** The warm-up and the measurement of a scenario's own load: autocannon's, or a paced one (with its turns beside a loop). */
async function mainRuns(
  options: autocannon.Options,
  expectStatus: number,
  paced: Parameters<typeof pacedRun>[1] | undefined,
): Promise<(RunSummary & { aloneMs?: number[]; loops?: TurnsLoop[] })[]> {
  const run = (seconds: number) =>
    paced === undefined ? load({ ...options, duration: seconds }, expectStatus).done : pacedRun(options, paced, seconds, expectStatus);
  const warmup = await run(warmupS);
  return [warmup, await run(durationS)];
}

async function measure(server: BenchServer, scenario: Scenario): Promise<Measurement> {
  const context: ScenarioContext = {
    baseUrl: server.baseUrl,
    request: (path, init) => fetch(`${server.baseUrl}${path}`, init),
    fixture: server.fixture,
    loadSeconds: warmupS + durationS,
  };
  const failed = {
    scenario,
    rps: 0,
    p50Ms: 0,
    p99Ms: 0,
    exactP50Ms: 0,
    exactP99Ms: 0,
    alone: undefined,
    answerBytes: undefined,
    note: undefined,
  };
  let prepared;
  try {
    prepared = await scenario.prepare(context);
  } catch (error) {
    const problem = `could not prepare: ${(error as Error).message}`;
    console.error(`!!! ${scenario.name}: FAILED: ${problem}`);
    return { ...failed, problem };
  }
  const { path, check, answerBytes, besideInTurns, pacedRatePerS, ...request } = prepared;
  const options: autocannon.Options = {
    url: `${scenario.onBareFastify ? server.bareUrl : server.baseUrl}${path}`,
    connections: scenario.connections ?? defaultConnections,
    timeout: 10,
    ...request,
  };
  const paced = pacedRatePerS === undefined ? undefined : { ratePerS: pacedRatePerS, beside: besideInTurns, baseUrl: server.baseUrl };
  const [warmup, result] = (await mainRuns(options, scenario.expectStatus, paced)) as [
    RunSummary,
    RunSummary & { aloneMs?: number[]; loops?: TurnsLoop[] },
  ];
  const besideFound = besideInTurns ? loopsFound([...((warmup as typeof result).loops ?? []), ...(result.loops ?? [])]) : undefined;
  await scenario.teardown?.(context);

  const problems = [...wrongAnswers([warmup, result], scenario.expectStatus), ...(besideFound?.problems ?? [])];
  const alone = result.aloneMs ? { exactP50Ms: quantile(result.aloneMs, 0.5), exactP99Ms: quantile(result.aloneMs, 0.99) } : undefined;
  // Each round's own pair, so that the spread from round to round shows whether a ratio is the machine's noise.
  let note =
    besideFound && alone
      ? `${besideFound.note}; this round's p99 ${alone.exactP99Ms.toFixed(1)} ms alone, ${quantile(result.timesMs, 0.99).toFixed(1)} ms beside`
      : besideFound?.note;
  if (check) {
    const answered = {
      ok: warmup.ok2xx + result.ok2xx,
      cutOff: Math.max(0, warmup.sent - warmup.total) + Math.max(0, result.sent - result.total),
    };
    const found = await check(answered);
    note = found.note;
    if (found.problem) problems.push(found.problem);
  }
  const problem = problems.length > 0 ? problems.join('; ') : undefined;
  if (problem) console.error(`!!! ${scenario.name}: FAILED: ${problem}`);
  if (note) console.error(`    ${scenario.name}: ${note}`);
  return {
    scenario,
    rps: result.total / result.durationS,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    exactP50Ms: quantile(result.timesMs, 0.5),
    exactP99Ms: quantile(result.timesMs, 0.99),
    alone,
    answerBytes,
    problem,
    note,
  };
}

function verdict(targets: Targets | undefined, m: Measurement, ratio: number): string {
  if (!targets) return '';
  const checks: string[] = [];
  if (targets.minRatio !== undefined && !Number.isNaN(ratio))
    checks.push(`${ratio >= targets.minRatio ? 'met' : 'MISSED'} ≥ ${targets.minRatio.toFixed(2)}×`);
  if (targets.minRps !== undefined) checks.push(`${m.rps >= targets.minRps ? 'met' : 'MISSED'} ≥ ${targets.minRps} req/s`);
  if (targets.maxP99Ms !== undefined) checks.push(`${m.p99Ms <= targets.maxP99Ms ? 'met' : 'MISSED'} p99 ≤ ${targets.maxP99Ms} ms`);
  return checks.join(', ');
}

function table(kind: string, rows: Row[]): string {
  const lines = rows.map((row) => {
    const connections = row.scenario.connections ?? defaultConnections;
    const rps = Math.round(row.rps).toLocaleString('en-US');
    const target = row.problem ? `VOID: ${row.problem}` : verdict(row.scenario.targets, row, row.ratio);
    const ratio = Number.isNaN(row.ratio) ? '–' : row.ratio.toFixed(2);
    return `| ${row.scenario.name} | ${connections} | ${rps} | ${row.p50Ms} | ${row.p99Ms} | ${ratio} | ${target} |`;
  });
  return [
    `### ${kind}`,
    '',
    '| scenario | connections | req/s | p50 ms | p99 ms | × hello-world | target |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...lines,
  ].join('\n');
}

/**
 * A fresh database on the PostgreSQL server of `url`, and how to drop it. Its name is drawn at
 * random (`thaiyal_bench_` and 12 hex digits), never dropped before it is made: the server may be
 * shared, and another machine's bench run, whose process may have the same pid, must keep its own.
 */
async function freshPostgresDatabase(url: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `thaiyal_bench_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  // Fails, rather than taking it over, if the name is somehow taken.
  await run(`CREATE DATABASE ${name}`);
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return { url: databaseUrl.toString(), name, drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One figure from several rounds: the median of each number, the first problem. */
function combine(scenario: Scenario, rounds: Measurement[], ratios: number[]): Row {
  const sizes = rounds.map((m) => m.answerBytes).filter((bytes) => bytes !== undefined);
  return {
    scenario,
    rps: median(rounds.map((m) => m.rps)),
    p50Ms: median(rounds.map((m) => m.p50Ms)),
    p99Ms: median(rounds.map((m) => m.p99Ms)),
    exactP50Ms: median(rounds.map((m) => m.exactP50Ms)),
    exactP99Ms: median(rounds.map((m) => m.exactP99Ms)),
    alone: rounds.every((m) => m.alone)
      ? { exactP50Ms: median(rounds.map((m) => m.alone!.exactP50Ms)), exactP99Ms: median(rounds.map((m) => m.alone!.exactP99Ms)) }
      : undefined,
    answerBytes: sizes.length > 0 ? median(sizes) : undefined,
    problem: rounds.find((m) => m.problem)?.problem,
    note: rounds.at(-1)?.note,
    ratio: ratios.length > 0 ? median(ratios) : NaN,
  };
}

/**
 * BENCH_ROUNDS rounds of: hello-world, then each scenario followed by hello-world again (not
 * after a scenario with `comparedToHelloWorld: false`). A scenario's ratio in a round is to the
 * mean of the hello-world runs on either side of it, so a change in the machine's other load
 * moves both sides of a ratio alike; each figure is the median over the rounds. The spread of
 * all hello-world runs is printed, as a warning when it is large, and how long the database's
 * runs took.
 */
async function benchOne(label: string, databaseUrl: string | undefined): Promise<Row[]> {
  const startedMs = performance.now();
  console.error(`\n${label}: starting the server (demo catalog)…`);
  const server = await startServer(databaseUrl);
  try {
    const hellos: Measurement[] = [];
    const measured = new Map<Scenario, { rounds: Measurement[]; ratios: number[] }>(
      chosen.map((scenario) => [scenario, { rounds: [], ratios: [] }]),
    );
    for (let round = 1; round <= rounds; round++) {
      const run = async (scenario: Scenario) => {
        console.error(`${label}, round ${round}/${rounds}: ${scenario.name}…`);
        return measure(server, scenario);
      };
      hellos.push(await run(helloWorld));
      for (const scenario of chosen) {
        const result = await run(scenario);
        const entry = measured.get(scenario)!;
        entry.rounds.push(result);
        if (scenario.comparedToHelloWorld === false) continue;
        const before = hellos.at(-1)!.rps;
        hellos.push(await run(helloWorld));
        entry.ratios.push(result.rps / ((before + hellos.at(-1)!.rps) / 2));
      }
    }
    const rows = [
      combine(helloWorld, hellos, [1]),
      ...chosen.map((scenario) => combine(scenario, measured.get(scenario)!.rounds, measured.get(scenario)!.ratios)),
    ];
    console.log(`\n${table(`${label} (${server.kind})`, rows)}`);
    const history = historyReport(`${label} (${server.kind})`, rows);
    if (history) console.log(`\n${history}`);
    const notes = rows.filter((row) => row.note);
    if (notes.length > 0) {
      console.log(`\nWhat the scenarios found (last round):\n\n${notes.map((row) => `- ${row.scenario.name}: ${row.note}`).join('\n')}`);
    }
    const low = Math.min(...hellos.map((m) => m.rps));
    const high = Math.max(...hellos.map((m) => m.rps));
    const spread = (high - low) / high;
    console.log(
      `\nhello-world: ${hellos.length} runs, ${Math.round(low)} to ${Math.round(high)} req/s (${(spread * 100).toFixed(0)}% apart)` +
        (spread > 0.15 ? ': the machine was busy with something else; absolute figures are unreliable, ratios less so.' : '.'),
    );
    const elapsedS = Math.round((performance.now() - startedMs) / 1000);
    console.log(
      `\n${label}: ${chosen.length + 1} scenarios measured in ${Math.floor(elapsedS / 60)} min ${elapsedS % 60} s, the server's start included.`,
    );
    return rows;
  } finally {
    await stopServer(server);
  }
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(
  [
    `# Thaiyal bench, ${new Date().toISOString()}`,
    '',
    `Machine: ${availableParallelism()} CPUs (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}; ` +
      `${rounds} rounds of ${durationS} s per scenario after a ${warmupS} s warm-up; ` +
      'server and load generator in separate processes on loopback.',
  ].join('\n'),
);

const all: Row[] = [];
all.push(...(await benchOne('PGlite', undefined)));
const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) {
  const database = await freshPostgresDatabase(postgresUrl);
  console.error(`\nPostgreSQL: on a fresh database ${database.name}, dropped after.`);
  try {
    all.push(...(await benchOne('PostgreSQL', database.url)));
  } finally {
    await database.drop();
  }
} else {
  console.log('\n(PostgreSQL not measured: set BENCH_DATABASE_URL=postgres://… to add it.)');
}

const voided = all.filter((m) => m.problem);
if (voided.length > 0) {
  console.error(`\n${voided.length} figure(s) void: ${voided.map((m) => `${m.scenario.name}: ${m.problem}`).join('; ')}`);
  process.exitCode = 1;
}
