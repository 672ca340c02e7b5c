import { describe, expect, it } from 'vitest';
import * as contract from './index.js';
import { capCombiningMarks } from './text.js';
import { z } from './zod.js';

/**
 * Every free-text field of every request the API takes cuts runs of combining marks
 * (docs/security.md#findings-of-the-outside-probe, items 8 and 10): this walks each request
 * schema the contract exports and lists its string fields, so a field added later without the
 * cap fails here rather than drawing over an admin's page.
 */

/** A request schema by the contract's names: bodies, queries, path params, multipart fields, headers. */
const REQUEST_SCHEMA_NAME = /(Body|Query|Params|Fields)Schema$/;
const REQUEST_HEADER_SCHEMAS = ['IdempotencyKeySchema'];
/** Named like a body but the API's answer: every refusal's `{message, code, …}` (errors.ts). */
const RESPONSE_SCHEMAS = ['ErrorBodySchema'];

/**
 * String fields that are text but not free text, and that no schema kind tells apart (each is a
 * plain string a transform parses, or a string the server looks up or ignores): path → reason.
 */
const NOT_FREE_TEXT: Record<string, string> = {
  'AddressBodySchema.phoneNumber': 'a phone number: phoneDigits keeps its 10 digits or refuses it',
  'AddressBodySchema.alternatePhone': 'a phone number: phoneDigits keeps its 10 digits or refuses it',
  'AreaRequestBodySchema.contact': 'a phone number or an e-mail: ContactPointSchema keeps 10 digits or the e-mail, or refuses it',
  'CancelBodySchema.orderId': 'an order number, looked up and never stored as typed',
  'CancelBodySchema.items[].name': 'accepted and ignored: the cancellation record is built from the order',
  'CancelBodySchema.items[].image': 'accepted and ignored: the cancellation record is built from the order',
  'CategoryParamsSchema.category': 'a category, looked up among the 28 (404 otherwise)',
  'OrderNumberParamsSchema.orderId': 'an order number, looked up and never stored as typed',
  'AppointmentParamsSchema.orderId': 'an order number, looked up and never stored as typed',
  'ResetParamsSchema.token': 'a reset token, compared by its hash',
  'ProductPatchFieldsSchema.imageOrder': 'an image URL of the product or new:<n>, matched against the product’s pictures',
  'ProductPatchFieldsSchema.imageOrder[]': 'an image URL of the product or new:<n>, matched against the product’s pictures',
  'SigninBodySchema.password': 'a password: hashed, never shown',
  'SignupBodySchema.password': 'a password: hashed, never shown',
  'ResetBodySchema.password': 'a password: hashed, never shown',
  'PushSubscriptionBodySchema.endpoint':
    'a push service URL: https on a known push host or refused (docs/security.md#notifications), never shown',
  'PushUnsubscribeBodySchema.endpoint': 'a push service URL, only compared with the account’s own subscriptions',
};

type Schema = z.core.$ZodType;
interface StringField {
  path: string;
  capped: boolean;
  /** Why it is not free text, when its kind says so (a format, a pattern, a parse to a non-string). */
  kind?: string;
}

/** Whether `schema`, once any wrapper is taken off, gives something other than text (enum, number, boolean…). */
function givesNonText(schema: Schema): boolean {
  const def = schema._zod.def as unknown as Record<string, Schema | undefined> & { type: string };
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)) {
    return givesNonText(def.innerType!);
  }
  if (def.type === 'pipe') return givesNonText(def.out!);
  return !['string', 'transform', 'any', 'unknown'].includes(def.type);
}

/** What a string schema is, by its kind: a format (e-mail, UUID, date-time…), a pattern, or free text. */
function stringKind(schema: Schema): { capped: boolean; kind?: string } {
  const def = schema._zod.def as z.core.$ZodStringDef;
  const checks = (def.checks ?? []).map((check) => check._zod.def as z.core.$ZodCheckDef & { format?: string; tx?: unknown });
  const capped = checks.some((check) => check.check === 'overwrite' && check.tx === capCombiningMarks);
  if ('format' in def && typeof def.format === 'string') return { capped, kind: `format ${def.format}` };
  const pattern = checks.find((check) => check.check === 'string_format');
  if (pattern) return { capped, kind: `format ${pattern.format}` };
  // A refinement on a bare string checks its form (a calendar date, say): no free text passes it.
  if (checks.some((check) => check.check === 'custom')) return { capped, kind: 'refined' };
  return { capped };
}

/** Every string field under `schema`, named by its path from `path` (`Name.field`, `list[]`). */
function stringFields(schema: Schema, path: string, out: StringField[] = []): StringField[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (inner: unknown, innerPath = path) => stringFields(inner as Schema, innerPath, out);
  switch (def.type) {
    case 'string':
      out.push({ path, ...stringKind(schema) });
      break;
    case 'object':
      for (const [key, field] of Object.entries(def.shape as Record<string, Schema>)) walk(field, `${path}.${key}`);
      if (def.catchall) walk(def.catchall, `${path}.*`);
      break;
    case 'array':
      walk(def.element, `${path}[]`);
      break;
    case 'union':
      for (const option of def.options as Schema[]) walk(option);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'record':
      walk(def.valueType, `${path}.*`);
      break;
    case 'tuple':
      for (const [index, item] of (def.items as Schema[]).entries()) walk(item, `${path}[${index}]`);
      if (def.rest) walk(def.rest, `${path}[]`);
      break;
    case 'pipe': {
      // A string parsed into an enum or a number (a sort order, a price) is not free text.
      const before = out.length;
      walk(def.in);
      if (givesNonText(def.out as Schema)) for (const field of out.slice(before)) field.kind ??= 'parsed to a non-text value';
      walk(def.out);
      break;
    }
    case 'lazy':
      walk((def.getter as () => Schema)());
      break;
    default:
      if (def.innerType) walk(def.innerType);
  }
  return out;
}

const requestSchemas = Object.entries(contract).filter(
  ([name, value]) =>
    value instanceof z.ZodType &&
    !RESPONSE_SCHEMAS.includes(name) &&
    (REQUEST_SCHEMA_NAME.test(name) || REQUEST_HEADER_SCHEMAS.includes(name)),
) as [string, Schema][];
const fields = requestSchemas.flatMap(([name, schema]) => stringFields(schema, name));

describe('runs of combining marks in request text (docs/security.md#findings-of-the-outside-probe)', () => {
  it('finds the request schemas and their string fields', () => {
    expect(requestSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['AddressBodySchema', 'ProfileBodySchema', 'CommentBodySchema', 'ContactBodySchema', 'ProductFieldsSchema']),
    );
    expect(fields.map((field) => field.path)).toEqual(
      expect.arrayContaining(['AddressBodySchema.street', 'ProfileBodySchema.name', 'PlaceOrderBodySchema.items[].stitching.notes']),
    );
  });

  it('every free-text field of every request schema cuts runs of combining marks', () => {
    const uncapped = fields.filter((field) => !field.capped && field.kind === undefined && !(field.path in NOT_FREE_TEXT));
    expect(uncapped.map((field) => field.path)).toEqual([]);
  });

  it('every field listed as not free text still exists and is not capped (the list stays true)', () => {
    const listed = Object.keys(NOT_FREE_TEXT);
    const found = new Map(fields.map((field) => [field.path, field]));
    expect(listed.filter((path) => !found.has(path))).toEqual([]);
    expect(listed.filter((path) => found.get(path)?.capped)).toEqual([]);
  });

  it('cuts a run of marks to 4 and keeps Tamil, whose vowel signs and virama are marks too, as written', () => {
    expect(capCombiningMarks(`e${'\u0301'.repeat(60)}`)).toBe(`e${'\u0301'.repeat(4)}`);
    for (const tamil of ['மீனாட்சி', 'கோயம்புத்தூர் சாலை', 'க்ஷ்ரீ', 'கௌரி']) expect(capCombiningMarks(tamil)).toBe(tamil);
  });
});
