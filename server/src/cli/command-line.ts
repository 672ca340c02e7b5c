import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Output } from './cli-io.js';

/** What a command-line tool accepts: its usage line, its `--options` and whether it takes positional arguments. */
export interface CommandLineConfig {
  /** The one line printed for `--help` and after a bad argument, e.g. `Usage: npm run backup -- [--out FILE.tar.gz]`. */
  usage: string;
  /** `node:util` `parseArgs` options; `--help`/`-h` is added to every tool. */
  options: NonNullable<ParseArgsConfig['options']>;
  /** Whether bare arguments (`restore FILE`) are allowed; false by default, so a stray word is refused. */
  allowPositionals?: boolean;
}

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

/** `parseArgs`'s result for a tool's config: typed values of its options (and `help`), and its positionals. */
export type ParsedCommandLine<C extends CommandLineConfig> = ReturnType<
  typeof parseArgs<{
    args: string[];
    options: C['options'] & typeof HELP;
    strict: true;
    allowPositionals: C['allowPositionals'] extends true ? true : false;
  }>
>;

/**
 * Read a command-line tool's arguments the one way every tool does (`node:util` `parseArgs`,
 * strict: an unknown option, a missing value or an unexpected bare argument is refused).
 * Returns the parsed values and positionals, or the exit code the tool returns at once:
 * 1 after printing parseArgs' message and the usage line to `out.error` for a bad command
 * line; 0 after printing the usage line to `out.info` for `--help`/`-h`. Checks particular to
 * a tool (a required option, one file to restore) stay in that tool, with their own messages.
 */
export function parseCommandLine<const C extends CommandLineConfig>(argv: string[], config: C, out: Output): ParsedCommandLine<C> | number {
  // Typed as any config here: the caller's precise types come back through ParsedCommandLine<C>.
  const parseConfig: ParseArgsConfig = {
    args: argv,
    options: { ...config.options, ...HELP },
    strict: true,
    allowPositionals: config.allowPositionals ?? false,
  };
  let parsed;
  try {
    parsed = parseArgs(parseConfig);
  } catch (error) {
    out.error((error as Error).message);
    out.error(config.usage);
    return 1;
  }
  if (parsed.values.help) {
    out.info(config.usage);
    return 0;
  }
  return parsed as ParsedCommandLine<C>;
}
