/**
 * Argument parsing shared by the commands: options before `--`, the server's argv after it.
 * Usage mistakes become a UsageError, which the commands print with their usage text and exit 2.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {
  override name = 'UsageError';
}

/** The command was used correctly but its input cannot be used (a missing or malformed file). */
export class InputError extends Error {
  override name = 'InputError';
}

export interface SplitArgs {
  /** Everything before the first `--`. */
  own: string[];
  /** The server command and its arguments, after `--` (empty when there is no `--`). */
  command: string[];
}

export function splitAtDoubleDash(argv: string[]): SplitArgs {
  const i = argv.indexOf('--');
  return i < 0 ? { own: argv, command: [] } : { own: argv.slice(0, i), command: argv.slice(i + 1) };
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** Strict parsing: an unknown flag or a flag without its value is a UsageError. */
export function parseOwnArgs<O extends Options>(own: string[], options: O) {
  try {
    return parseArgs({ args: own, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/\. To specify a positional argument.*$/s, '.'));
  }
}

export function positiveInteger(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${flag} takes a positive whole number, got '${value}'`);
  return n;
}

export function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')}; got '${value}'`);
  }
  return value as T;
}
