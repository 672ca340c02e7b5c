/**
 * What the two tricks tied to a library's internals buy, per call (docs/performance.md#tricks-tied-to-a-librarys-internals):
 * helmet's middleware built and run per request against the headers worked out once
 * (platform/security-headers.ts), and a Drizzle query on PGlite with its per-query parsers
 * against the parsers set once (db/pglite-parsers.ts). Three rounds each, in microseconds;
 * compare within a run. `npx tsx --conditions=development server/bench/tricks-probe.ts`.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import helmet from 'helmet';
import { DRIZZLE_PARSERS, withInstanceParsers } from '../src/db/pglite-parsers.js';
import { helmetOptions, securityHeaders } from '../src/platform/security-headers.js';

const fake = () => {
  const headers: Record<string, string> = {};
  return {
    headers,
    res: { setHeader: (n: string, v: unknown) => (headers[n] = String(v)), removeHeader: (n: string) => delete headers[n] },
  };
};
async function time(label: string, n: number, fn: () => unknown | Promise<unknown>) {
  for (let i = 0; i < Math.min(n, 500); i++) await fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  const us = ((performance.now() - t) * 1000) / n;
  console.log(`${label}: ${us.toFixed(1)} µs`);
  return us;
}
for (let round = 0; round < 3; round++) {
  await time('helmet middleware built and run per request', 5000, () => {
    const { res } = fake();
    helmet(helmetOptions('http://localhost:3000'))({} as never, res as never, () => {});
  });
  const once = securityHeaders('http://localhost:3000');
  await time('precomputed headers copied per request', 5000, () => Object.assign({}, once));
}
const plain = new PGlite();
const tuned = new PGlite({ parsers: DRIZZLE_PARSERS });
await Promise.all([plain.waitReady, tuned.waitReady]);
const withParsers = drizzle({ client: plain });
const without = drizzle({ client: withInstanceParsers(tuned) });
const q = sql`select 1 as one`;
for (let round = 0; round < 3; round++) {
  await time('Drizzle select on PGlite, parsers per query (stock)', 3000, () => withParsers.execute(q));
  await time('Drizzle select on PGlite, parsers once (pglite-parsers.ts)', 3000, () => without.execute(q));
}
await plain.close();
await tuned.close();
