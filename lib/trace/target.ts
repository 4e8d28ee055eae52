/**
 * Describes a connection for a trace header without its secrets: no env, no headers, no user or
 * password in a URL, and secret-looking query parameters and arguments masked.
 */
import { TRANSPORT_FRAMING } from '../mcp/frame';
import { looksSecret, type Connection } from '../wire/connection';
import type { TraceTarget } from './format';

export const MASK = '«redacted»';

/** `--token=abc` keeps its name; the value after a secret-looking flag is masked too. */
function describeArgs(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const eq = /^(--?[A-Za-z0-9_.-]+)=(.*)$/s.exec(a);
    if (eq && looksSecret(eq[1])) out.push(`${eq[1]}=${MASK}`);
    else if (i > 0 && /^--?[A-Za-z0-9_.-]+$/.test(args[i - 1]) && looksSecret(args[i - 1])) out.push(MASK);
    else out.push(a);
  }
  return out;
}

export function describeUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw;
  }
  if (url.username || url.password) {
    url.username = '';
    url.password = '';
  }
  for (const key of [...url.searchParams.keys()]) if (looksSecret(key)) url.searchParams.set(key, MASK);
  return url.toString();
}

export function describeTarget(c: Connection): TraceTarget {
  if (c.transport === 'stdio') return { transport: 'stdio', framing: TRANSPORT_FRAMING.stdio, name: c.name, command: c.command, args: describeArgs(c.args) };
  return { transport: 'http', framing: TRANSPORT_FRAMING.http, name: c.name, url: describeUrl(c.url) };
}
