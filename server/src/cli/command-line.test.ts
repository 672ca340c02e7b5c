import { describe, expect, it } from 'vitest';
import type { Output } from './cli-io.js';
import { parseCommandLine } from './command-line.js';

function collector(): Output & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, info: (line) => lines.push(line), error: (line) => errors.push(line) };
}

const USAGE = 'Usage: npm run tool -- --name N [FILE]';

describe('parseCommandLine', () => {
  it('answers the values and positionals of a good command line, printing nothing', () => {
    const out = collector();
    const parsed = parseCommandLine(
      ['--name', 'Meena', 'shop.tar.gz'],
      { usage: USAGE, options: { name: { type: 'string' } }, allowPositionals: true },
      out,
    );
    expect(parsed).toMatchObject({ values: { name: 'Meena' }, positionals: ['shop.tar.gz'] });
    expect([...out.lines, ...out.errors]).toEqual([]);
  });

  it.each([['--help'], ['-h']])('prints the usage for %s and answers exit code 0', (flag) => {
    const out = collector();
    expect(parseCommandLine(['--name', 'x', flag], { usage: USAGE, options: { name: { type: 'string' } } }, out)).toBe(0);
    expect(out.lines).toEqual([USAGE]);
    expect(out.errors).toEqual([]);
  });

  it.each([
    [['--role', 'admin'], "Unknown option '--role'"],
    [['--name'], "Option '--name <value>' argument missing"],
    [['stray'], "Unexpected argument 'stray'"],
  ])('refuses %j with parseArgs’ message and the usage, exit code 1', (argv, message) => {
    const out = collector();
    expect(parseCommandLine(argv, { usage: USAGE, options: { name: { type: 'string' } } }, out)).toBe(1);
    expect(out.errors).toEqual([expect.stringContaining(message), USAGE]);
    expect(out.lines).toEqual([]);
  });
});
