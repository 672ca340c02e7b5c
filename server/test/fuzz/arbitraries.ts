import fc from 'fast-check';

/**
 * Generators of hostile request bodies for the fuzz suite (docs/security.md#how-it-is-checked). Bodies are built as a
 * small JSON syntax tree and written out by {@link toJsonText}, so they can hold what
 * `JSON.stringify` cannot produce: number tokens such as `1e309` or `-0`, `__proto__` keys,
 * duplicate keys.
 */

/** A fragment of JSON text written as it is (a number token, or deliberately broken JSON). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A JSON object as ordered entries: keys may repeat and may be `__proto__`. */
export class JsonObject {
  constructor(readonly entries: [string, JsonNode][]) {}
}

export type JsonNode = null | boolean | number | string | RawJson | JsonObject | JsonNode[];

/** The JSON text of a tree; non-finite numbers become `null`, as `JSON.stringify` would. */
export function toJsonText(node: JsonNode): string {
  if (node instanceof RawJson) return node.text;
  if (node instanceof JsonObject) {
    return `{${node.entries.map(([key, value]) => `${JSON.stringify(key)}:${toJsonText(value)}`).join(',')}}`;
  }
  if (Array.isArray(node)) return `[${node.map(toJsonText).join(',')}]`;
  return JSON.stringify(node) ?? 'null';
}

/** An object node from a plain record of nodes. */
export function object(record: Record<string, JsonNode>): JsonObject {
  return new JsonObject(Object.entries(record));
}

/** Strings that have broken parsers and validators elsewhere. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '0x1F',
  '1_000',
  ' 5 ',
  '٣',
  '５',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u0645',
  '\ufeff',
  '👩🏽‍🧵',
  'தையல்',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '${7*7}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  'TH-',
  'TH-ZZZZZZ',
  '00000000-0000-0000-0000-000000000000',
  'saree-blouse',
  'delivered',
  'admin',
  '__proto__',
  'constructor',
  'a@b',
  'A@EXAMPLE.COM',
  '9876543210',
  '642001',
  '123456',
  'x'.repeat(129),
  'y'.repeat(2_001),
  'z'.repeat(5_000),
];

/** Number tokens as JSON text, including ones no JavaScript number prints as. */
const NUMBER_TOKENS = [
  '0',
  '-0',
  '1',
  '-1',
  '10',
  '11',
  '2.5',
  '0.1',
  '1.005',
  '12.345',
  '1e2',
  '1E-2',
  '1e309',
  '-1e309',
  '1e-400',
  '9007199254740993',
  '100000000000000000000000000000',
  '10000000.01',
  '0.0000001',
];

/** Keys an attacker adds: prototype pollution and fields the server must decide itself. */
const NASTY_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'role',
  'price',
  'pricePaise',
  'status',
  'userId',
  '_id',
  'total',
  'totalPrice',
  'totalAmt',
  'isFeatured',
  'verified',
  'quantity',
  '',
  ' ',
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 100, maxLength: 3_000 }) },
);

export const nastyNumber: fc.Arbitrary<JsonNode> = fc.oneof(
  fc.constantFrom(...NUMBER_TOKENS).map((text) => new RawJson(text)),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const nastyKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

/** Any JSON value, leaning on the hostile leaves above, nested a few levels deep. */
export const nastyValue: fc.Arbitrary<JsonNode> = fc.letrec<{ value: JsonNode }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    nastyNumber,
    nastyString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(nastyKey, tie('value')), { maxLength: 4 }).map((entries) => new JsonObject(entries)),
  ),
})).value;

/** Deeply nested arrays or objects (thousands of levels), as raw JSON. */
export const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(fc.integer({ min: 100, max: 5_000 }), fc.boolean())
  .map(
    ([depth, arrays]) => new RawJson(arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  );

/** Broken or hostile JSON text, and a few legal values that are not objects. */
export const brokenJson: fc.Arbitrary<RawJson> = fc
  .oneof(
    fc.constantFrom(
      '',
      '{',
      '}',
      '{"a":1,}',
      "{'a':1}",
      '{"a":undefined}',
      '{"a":NaN}',
      'null',
      'true',
      '0',
      '"text"',
      '[]',
      '[{}]',
      '{"__proto__":{"role":"admin"}}',
      '{"constructor":{"prototype":{"role":"admin"}}}',
      '\ufeff{}',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      `{"a":"${'x'.repeat(70_000)}"}`,
    ),
    fc.string({ maxLength: 60 }),
  )
  .map((text) => new RawJson(text));

/** One change to a valid body: drop a field, replace one with a hostile value, or add a key. */
type Mutation =
  | { kind: 'drop'; index: number }
  | { kind: 'replace'; index: number; value: JsonNode }
  | { kind: 'add'; key: string; value: JsonNode }
  | { kind: 'taint'; index: number; at: number; char: string }
  | { kind: 'wrap' };

/**
 * Characters that survive JSON and most validators but not every store: NUL (which PostgreSQL
 * text cannot hold), lone surrogates, bidi overrides, a byte-order mark, line breaks.
 */
export const TAINTS = ['\u0000', '\ud800', '\udc00', '\u202e', '\ufeff', '\r\n', '\u2028', '\u0085'];

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), index: fc.nat() }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('replace' as const), index: fc.nat(), value: nastyValue }) },
  fc.record({ kind: fc.constant('add' as const), key: nastyKey, value: nastyValue }),
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('taint' as const), index: fc.nat(), at: fc.nat(), char: fc.constantFrom(...TAINTS) }),
  },
  fc.record({ kind: fc.constant('wrap' as const) }),
);

function applyMutations(body: JsonObject, mutations: readonly Mutation[]): JsonNode {
  let node: JsonNode = body;
  for (const change of mutations) {
    if (!(node instanceof JsonObject)) break;
    const entries: [string, JsonNode][] = [...node.entries];
    if (change.kind === 'wrap') {
      node = [node];
      continue;
    }
    if (change.kind === 'add') {
      entries.push([change.key, change.value]);
    } else if (entries.length > 0) {
      const index = change.index % entries.length;
      const [key, value] = entries[index]!;
      if (change.kind === 'drop') entries.splice(index, 1);
      else if (change.kind === 'replace') entries[index] = [key, change.value];
      else if (typeof value === 'string') {
        // Slip a character into a valid string field: the value still passes its schema.
        const at = change.at % (value.length + 1);
        entries[index] = [key, `${value.slice(0, at)}${change.char}${value.slice(at)}`];
      }
    }
    node = new JsonObject(entries);
  }
  return node;
}

/**
 * Bodies for an endpoint whose valid bodies `valid` generates: mostly valid bodies with one to
 * three mutations, some valid ones as they are, some arbitrary JSON, broken JSON and deep nesting.
 */
export function bodies(valid: fc.Arbitrary<JsonObject>): fc.Arbitrary<JsonNode> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([body, changes]) => applyMutations(body, changes)),
    },
    { weight: 2, arbitrary: valid },
    { weight: 1, arbitrary: nastyValue },
    { weight: 1, arbitrary: brokenJson },
    { weight: 1, arbitrary: deepNesting },
  );
}

/** Content types a client may send with a JSON body; mostly the right one. */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      undefined,
    ),
  },
);

/** A path segment: mostly percent-encoded text, sometimes raw bytes that are not valid encoding. */
export function pathSegment(values: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const encoded = values.map((value) => encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd')));
  return fc.oneof(
    { weight: 6, arbitrary: encoded },
    { weight: 1, arbitrary: fc.constantFrom('%zz', '%E0%A4%A', '%', '..', '.', '%2e%2e', '%00', 'a%2fb') },
  );
}

/** A UUID like `real` with one character changed (still UUID-shaped), to probe near misses. */
export function nearMiss(real: string): fc.Arbitrary<string> {
  return fc
    .tuple(fc.nat({ max: real.length - 1 }), fc.constantFrom(...'0123456789abcdef'))
    .map(([index, char]) =>
      real[index] === '-' || real[index] === char
        ? `${real.slice(0, -1)}${real.endsWith('0') ? '1' : '0'}`
        : `${real.slice(0, index)}${char}${real.slice(index + 1)}`,
    );
}
