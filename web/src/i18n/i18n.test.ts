import { describe, expect, it } from 'vitest';
import { ALL_ENGLISH as en } from './english';
import ta from './ta.json';

/** Every leaf key of a translation file (`a.b.c`); a list of paragraphs counts as one leaf. */
function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value) || typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

/** Every string of a translation file with its key (list items as `key.0`, `key.1`, …). */
function strings(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${prefix}.${index}`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, child]) => strings(child, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, String(value)]];
}

/** Keys of `source` that `target` lacks. */
function missing(source: unknown, target: unknown): string[] {
  const present = new Set(keys(target));
  return keys(source).filter((key) => !present.has(key));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!).sort();
}

/** Tamil strings that are deliberately not in Tamil script: the language toggle naming English. */
const NOT_TAMIL_SCRIPT = new Set(['checkout.serviceArea.switchLanguage']);

describe('translations (docs/product.md#languages)', () => {
  it('finds a key missing from a translation (the check can fail)', () => {
    expect(missing({ a: { b: 'x', c: 'y' }, d: ['p'] }, { a: { b: 'z' } })).toEqual(['a.c', 'd']);
  });

  it('gives every English key a Tamil string', () => {
    expect(missing(en, ta)).toEqual([]);
  });

  it('has no Tamil key that English lacks', () => {
    expect(missing(ta, en)).toEqual([]);
  });

  it('writes every Tamil string in Tamil, not left in English or empty', () => {
    const untranslated = strings(ta).filter(([key, text]) => !NOT_TAMIL_SCRIPT.has(key) && !/[\u0B80-\u0BFF]/.test(text));
    expect(untranslated).toEqual([]);
  });

  it('keeps the same placeholders and the same number of paragraphs in both languages', () => {
    const tamil = new Map(strings(ta));
    const mismatched = strings(en)
      .filter(([key]) => tamil.has(key))
      .filter(([key, text]) => placeholders(text).join() !== placeholders(tamil.get(key)!).join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
    // A paragraph missing in Tamil shows up as a key `x.body.N` that only English has.
    expect(
      strings(en)
        .map(([key]) => key)
        .filter((key) => !tamil.has(key)),
    ).toEqual([]);
  });
});
