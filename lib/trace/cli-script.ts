/**
 * "Copy as loupe CLI script": a POSIX shell script that reproduces requests of a session with
 * `loupe record` (the same handshake options, then the requests as its --script), so a bug found
 * in the page becomes a command to paste into a terminal, an issue or CI. Every argument is quoted
 * for POSIX shells, and no secret is written: values the page only has masked become «redacted»
 * markers, and everything else goes through the one redaction path (lib/trace/redaction-inputs.ts).
 *
 * The script calls Loupe as the proxy that served the page was installed (`loupeCommand`, from
 * hello: `npx --yes mcp-loupe@VERSION` or `node /abs/bin/loupe.mjs`), never a bare `loupe`, which
 * exists only after a global install; and it uses nothing but the shell itself (the requests go
 * in on stdin, no temporary file), so it runs on a PATH that holds only node.
 */
import { marker, redactStrings } from './redact';
import { redactOptionsFor } from './redaction-inputs';
import { MASKED_VALUE, type Connection } from '../wire/connection';

export interface ScriptRequest {
  method: string;
  params?: Record<string, unknown>;
}

export interface CliScriptInput {
  connection: Connection;
  protocolVersion: string;
  clientCapabilities: Record<string, unknown>;
  timeoutMs?: number;
  requests: readonly ScriptRequest[];
  /** How a shell runs Loupe (the proxy's `hello.loupeCommand`); the published package by default. */
  loupeCommand?: readonly string[];
}

/** Where the page does not know how its Loupe was installed: the published package, fetched by npx. */
const PUBLISHED = ['npx', '--yes', 'mcp-loupe'];

export interface CliScript {
  text: string;
  /** The rules of the values replaced by «redacted» markers (a person must put them back). */
  redacted: string[];
}

/** One word for a POSIX shell: bare when it is plainly safe, else single-quoted ('\'' for a quote). */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_/.,:=@%+-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The heredoc's end line: one that cannot occur in the JSON (a JSON line never is a bare word). */
const END = 'LOUPE_SCRIPT';

function unmask(values: Record<string, string>, rule: (name: string) => string, redacted: string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => {
      if (v !== MASKED_VALUE) return [k, v];
      redacted.push(rule(k));
      return [k, marker(rule(k))];
    }),
  );
}

export function cliScript(input: CliScriptInput): CliScript {
  const redacted: string[] = [];
  const c = input.connection;
  const flags: string[] = [
    '--out',
    'loupe-replay.ndjson',
    '--protocol-version',
    input.protocolVersion,
    '--client-capabilities',
    JSON.stringify(input.clientCapabilities),
  ];
  if (input.timeoutMs !== undefined) flags.push('--timeout', String(input.timeoutMs));
  flags.push('--script', '-');
  let target: string[];
  if (c.transport === 'stdio') {
    const env = unmask(c.env, (k) => `env:${k}`, redacted);
    for (const [k, v] of Object.entries(env)) flags.push('--env', `${k}=${v}`);
    target = ['--', c.command, ...c.args];
  } else {
    const headers = unmask(c.headers, (k) => `header:${k.toLowerCase()}`, redacted);
    target = ['--url', c.url, ...Object.entries(headers).flatMap(([k, v]) => ['--header', `${k}: ${v}`]), ...(c.mode !== 'auto' ? ['--mode', c.mode] : [])];
  }
  // The one redaction path: the connection's known secrets and the built-in patterns, over every
  // word and the requests alike.
  const redaction = redactOptionsFor(c.transport === 'stdio' ? { command: c.command, args: c.args, env: c.env } : { url: c.url, headers: c.headers });
  // The requests are redacted as the JSON text the script holds, as a frame's text is: the
  // key-name rule (`"password": "…"`, secret-field) sees the field names, which a walk over the
  // parsed values would not.
  const requestsJson = JSON.stringify(input.requests.map((r) => ({ method: r.method, ...(r.params ? { params: r.params } : {}) })));
  // The name goes in a comment and may be the URL itself (a connection made from --url).
  const { value, hits } = redactStrings({ name: c.name, words: [...flags, ...target], requests: requestsJson }, redaction);
  for (const h of hits) if (!redacted.includes(h.rule)) redacted.push(h.rule);
  const loupe = (input.loupeCommand ?? PUBLISHED).map(shellQuote);
  const lines = [
    '#!/bin/sh',
    `# Reproduces ${input.requests.length === 1 ? `${input.requests[0].method}` : `${input.requests.length} requests`} on ${value.name.replace(/[\r\n]+/g, ' ')} with the loupe CLI: the handshake, discovery, then the requests; the trace is written to loupe-replay.ndjson.`,
    ...(redacted.length ? [`# Redacted (put the real values back before running): ${redacted.join(', ')}`] : []),
    'set -eu',
    // `--script -` reads the requests from the here-document below.
    `${[...loupe, 'record', ...value.words.map(shellQuote)].join(' ')} <<'${END}'`,
    value.requests,
    END,
    '',
  ];
  return { text: lines.join('\n'), redacted };
}
