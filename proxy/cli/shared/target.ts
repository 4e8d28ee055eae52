/**
 * Which server a command talks to: a stdio command after `--`, or a Streamable HTTP (or legacy
 * HTTP+SSE) endpoint given with --url and --header.
 */
import type { Connection } from '../../../lib/wire/connection';
import { httpConnectionFromFlags } from '../../transports/http/cli-support';
import { stdioConnection } from '../record/headless';
import { UsageError } from './args';

export const TARGET_FLAGS = {
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  mode: { type: 'string' },
} as const;

export const TARGET_USAGE = `server options (instead of a command after --):
  --url URL                   a Streamable HTTP server (or legacy HTTP+SSE with --mode sse)
  --header 'Name: value'      a header to send with every request (repeatable)
  --mode streamable|sse|auto  the HTTP transport (default auto: Streamable HTTP, then legacy SSE)`;

export interface TargetFlagValues {
  url?: string;
  header?: string[];
  mode?: string;
}

/** Undefined when neither a command nor --url was given. */
export function targetConnection(command: string[], values: TargetFlagValues, env: Record<string, string>): Connection | undefined {
  if (values.url === undefined) {
    if (values.header || values.mode) throw new UsageError('--header and --mode go with --url');
    return command.length > 0 ? stdioConnection(command, env) : undefined;
  }
  if (command.length > 0) throw new UsageError('give either a server command after -- or --url, not both');
  if (Object.keys(env).length > 0) throw new UsageError('--env sets the environment of a server Loupe starts; with --url the server is already running');
  try {
    return httpConnectionFromFlags(values.url, values.header ?? [], values.mode ?? 'auto');
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}
