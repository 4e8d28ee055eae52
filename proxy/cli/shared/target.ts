/**
 * Which server a command talks to: a stdio command after `--`, or an HTTP server by `--url`,
 * with `--header 'Name: value'` (repeatable) and `--transport streamable|sse|auto`.
 */
import type { Connection } from '../../../lib/wire/connection';
import { httpConnectionFromFlags } from '../../transports/http/cli-support';
import { stdioConnection } from '../record/headless';
import { UsageError } from './args';

export const TARGET_FLAGS = {
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  transport: { type: 'string' },
} as const;

export const TARGET_USAGE = `server by URL (instead of a COMMAND after --):
  --url URL                   a Streamable HTTP or HTTP+SSE server, e.g. http://127.0.0.1:3001/mcp
  --header 'Name: value'      a header sent with every request (repeatable),
                              e.g. --header 'Authorization: Bearer TOKEN'
  --transport streamable|sse|auto
                              how to speak HTTP (default auto: Streamable HTTP, falling back
                              to HTTP+SSE as the specification describes)`;

export interface TargetValues {
  url?: string;
  header?: string[];
  transport?: string;
}

/** The connection for `--url` or the command after `--`; undefined when neither was given. */
export function targetConnection(values: TargetValues, command: string[]): Connection | undefined {
  if (values.url === undefined) {
    if (values.header?.length || values.transport !== undefined) throw new UsageError('--header and --transport go with --url URL');
    return command.length > 0 ? stdioConnection(command) : undefined;
  }
  if (command.length > 0) throw new UsageError('give either --url URL or a server command after --, not both');
  try {
    return httpConnectionFromFlags(values.url, values.header ?? [], values.transport ?? 'auto');
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** How the target is named in messages: the URL (without credentials) or the command line. */
export function targetLabel(connection: Connection): string {
  if (connection.transport === 'stdio') return [connection.command, ...connection.args].join(' ');
  const u = new URL(connection.url);
  u.username = '';
  u.password = '';
  return u.href;
}
