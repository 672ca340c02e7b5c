import { PGlite, types, type PGliteOptions, type Transaction } from '@electric-sql/pglite';

/**
 * The types whose text Drizzle wants as it is, not parsed by PGlite (drizzle-orm/pglite's
 * session passes these identity parsers with every query; Drizzle's column types parse them):
 * timestamp, timestamptz, interval, date, and the arrays numeric[] (1231), timestamp[]
 * (1115), timestamptz[] (1185), interval[] (1187) and date[] (1182).
 */
export const PASSED_THROUGH = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182] as const;

/** Identity parsers for {@link PASSED_THROUGH}, for `new PGlite({ parsers })`. */
export const DRIZZLE_PARSERS: NonNullable<PGliteOptions['parsers']> = Object.fromEntries(
  PASSED_THROUGH.map((type) => [type, (value: string) => value]),
);

const passedThrough = new Set<string>(PASSED_THROUGH.map(String));

/** Whether per-query parsers only repeat {@link DRIZZLE_PARSERS} (which the database thread sets on its instance). */
export function onlyPassThrough(parsers: object): boolean {
  for (const type in parsers) if (!passedThrough.has(type)) return false;
  return true;
}

type QueryOptions = Parameters<PGlite['query']>[2];

/**
 * The PGlite instance or transaction as Drizzle should see it (docs/performance.md#how-it-measures): with
 * {@link DRIZZLE_PARSERS} set once on the instance, the same parsers that Drizzle passes with
 * every query are dropped. PGlite merges per-query parsers into a copy of its table of about
 * 320 type parsers on every query, about 0.1 ms of CPU each (measured on this machine: a
 * `select` through Drizzle took 0.25 ms with them and 0.15 ms without), which is a tenth or
 * more of an order or an add to cart on PGlite. Parsers
 * other than those are passed on as they are, so a Drizzle upgrade that adds one still works,
 * only slower. Transactions are wrapped the same way.
 * @param client a PGlite created with `parsers: DRIZZLE_PARSERS`.
 */
export function withInstanceParsers<C extends PGlite | Transaction>(client: C): C {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: QueryOptions) => {
          if (options?.parsers && onlyPassThrough(options.parsers)) {
            const { parsers: _repeated, ...rest } = options;
            return target.query(query, params, rest);
          }
          return target.query(query, params, options);
        };
      }
      if (property === 'transaction' && 'transaction' in target) {
        return <T>(callback: (tx: Transaction) => Promise<T>) => (target as PGlite).transaction((tx) => callback(withInstanceParsers(tx)));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
