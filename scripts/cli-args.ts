/**
 * How the repository's CLIs (validate, lint:matrix, store:check) read their arguments: named switches,
 * `--dir <path>` and --help. Anything else is bad usage: one line saying what, the usage line, exit 2.
 * validate and lint:matrix also read a config directory the same way (readConfigDir).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SourceFile } from '../schemas/validator/index';

/** Prints `<name>: <message>` to stderr and exits 2 (bad usage, or nothing to work on). */
export type Fail = (message: string) => never;

export interface CliArgs<S extends string> {
  /** The --dir value, when one was given. */
  dir: string | undefined;
  switches: ReadonlySet<S>;
}

/** Declare the result with its type (`const fail: Fail = failFor(…)`), so TypeScript knows a call ends the script. */
export function failFor(name: string): Fail {
  return (message) => {
    console.error(`${name}: ${message}`);
    process.exit(2);
  };
}

export function parseCliArgs<S extends string>(
  name: string,
  usage: string,
  argv: readonly string[],
  switches: readonly S[],
): CliArgs<S> {
  const fail: Fail = failFor(name);
  let dir: string | undefined;
  const on = new Set<S>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if ((switches as readonly string[]).includes(arg)) on.add(arg as S);
    else if (arg === '--dir') {
      const value = argv[++i];
      // `--dir --json` is a forgotten path, not a directory named --json.
      if (!value || value.startsWith('--')) fail(`--dir needs a path\n${usage}`);
      dir = value;
    } else if (arg === '--help' || arg === '-h') {
      console.log(usage);
      process.exit(0);
    } else fail(`unknown argument "${arg}"\n${usage}`);
  }
  return { dir, switches: on };
}

/** The JSON files of a config directory, each named as problems show it (relative to the working directory). */
export function readConfigDir(dir: string, fail: Fail): { label: string; files: SourceFile[] } {
  let names: string[] = [];
  try {
    if (!statSync(dir).isDirectory()) fail(`${dir} is not a directory`);
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort();
  } catch (error) {
    fail(`cannot read ${dir}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const label = path.relative(process.cwd(), path.resolve(dir)) || '.';
  return {
    label,
    files: names.map((name) => ({ file: path.join(label, name), bytes: readFileSync(path.join(dir, name)) })),
  };
}
