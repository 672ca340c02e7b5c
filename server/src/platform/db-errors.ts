/**
 * PostgreSQL error codes the modules act on (PostgreSQL manual, Appendix A). The same codes
 * come from PGlite and from node-postgres; Drizzle wraps them in `DrizzleQueryError.cause`.
 */
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_UNIQUE_VIOLATION = '23505';
/** Text the database cannot store: a NUL character (U+0000) in a `text` value. */
export const PG_CHARACTER_NOT_IN_REPERTOIRE = '22021';
/** Text the database cannot store: `\u0000` inside a `jsonb` value. */
export const PG_UNTRANSLATABLE_CHARACTER = '22P05';

/**
 * The SQLSTATE code of a database error, looking through Drizzle's wrapping (`cause`
 * chain); undefined for anything that is not a database error.
 */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
