import type { FieldError } from 'react-hook-form';
import type { TFunction } from 'i18next';

/**
 * The text of a field's error whose schema has a length limit: 'Use at most {max} characters'
 * when the value is too long (zod's `too_big`), else `otherwise` (the field's own rule: required,
 * too short). Undefined without an error.
 * @param max the limit the schema checks (contract LIMITS), in characters.
 */
export function lengthError(error: FieldError | undefined, max: number, otherwise: string, t: TFunction): string | undefined {
  if (!error) return undefined;
  return error.type === 'too_big' ? t('auth.tooLong', { max }) : otherwise;
}
