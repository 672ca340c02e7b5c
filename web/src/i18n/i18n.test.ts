import { describe, expect, it } from 'vitest';
import en from './en.json';
import ta from './ta.json';

function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value) || typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('translations (issue "Information pages" §3)', () => {
  it('gives every English key a Tamil string', () => {
    const tamil = new Set(keys(ta));
    expect(keys(en).filter((key) => !tamil.has(key))).toEqual([]);
  });

  it('has no Tamil key that English lacks', () => {
    const english = new Set(keys(en));
    expect(keys(ta).filter((key) => !english.has(key))).toEqual([]);
  });
});
