/**
 * The next step for each kind of fault, in plain words: a default per layer (the layered
 * troubleshooting table: evidence, the likely layer, what to check) and sharper advice where one
 * rule or one HTTP status says more.
 */
import type { Layer } from '../analyze';

export const LAYER_NEXT: Readonly<Record<Layer, string>> = {
  startup:
    'Check the command (an absolute path: a host does not start it from your shell, its PATH or its folder), its working directory and environment; for a URL, the host, the port and TLS.',
  transport: 'Check the HTTP exchange: Content-Type and Accept, the SSE stream, the Mcp-Session-Id, and any proxy between Loupe and the server.',
  framing: 'Write exactly one JSON-RPC message per line on stdout, and send every log line to stderr.',
  jsonrpc:
    'Compare the raw messages in both directions: each request needs exactly one response with its id (same value, same type), paired by direction and id.',
  lifecycle: 'Check the initialize exchange: the version each side offered and selected, and notifications/initialized before any other request.',
  capabilities: 'Check the initialize exchange (what each side declared), the direction of the method, and its parameters against the schema.',
  tool: "This is the tool's own business: give its error to the model or the user, and fix the tool; the connection is fine, do not reconnect.",
};

const RULE_NEXT: Readonly<Record<string, string>> = {
  'stdio.spawn-failed':
    'Give the command as an absolute path (a host starts it with its own PATH and working directory, not your shell’s), and check that it is installed and executable.',
  'stdio.exit': 'The server ended by itself: read its stderr for why, then run the same command in a terminal with the same working directory and environment.',
  'http.unreachable': 'Check that the server runs, the host and the port in the URL, and for https its TLS certificate; a firewall or proxy may be in the way.',
  'stdio.non-json-line': 'Move logs to stderr: stdout carries JSON-RPC messages only, one per line.',
  'stdio.multiline-json': 'Serialise each message on a single line (no pretty-printing), followed by a newline.',
  'stdio.invalid-utf8': 'Write stdout as UTF-8.',
  'jsonrpc.invalid-json': 'Send complete, valid JSON: no truncated bodies, no NaN or Infinity, one message per line on stdio.',
  'jsonrpc.unknown-response':
    'Answer with the id of the request, unchanged (same value and type): the client pairs an answer with its request by direction and id.',
  'timing.no-response':
    'The server never answered: read its stderr for what it was doing; check that it reads requests line by line and flushes each answer to stdout at once (Python: flush=True or python -u).',
  'http.content-type': 'Answer a POSTed request with Content-Type application/json or text/event-stream, nothing else.',
  'http.protocol-version-header': 'Send MCP-Protocol-Version with the version initialize negotiated on every request after it.',
  'auth.challenge-missing':
    'Send a WWW-Authenticate: Bearer challenge with the 401 (naming resource_metadata), or give Loupe a token in an Authorization header of the connection.',
  'auth.resource-metadata-not-served': 'Serve the protected-resource metadata (RFC 9728) at the URL the challenge names, or fix that URL.',
  'lifecycle.initialize-failed':
    'The server refused the handshake: read its error, then offer a protocol version it supports or the capabilities it asks for (Connect options).',
  'version.unknown-selected': 'The server must select a published protocol version (the one the client offered, or another it supports): update its MCP SDK.',
};

export function nextFor(rule: string, layer: Layer): string {
  return RULE_NEXT[rule] ?? LAYER_NEXT[layer];
}

/** What to do about the MCP endpoint refusing a request with this status. */
export function nextForStatus(status: number, context: { versionHeader?: string; origin?: string; challenged: boolean }): string {
  if (status === 401)
    return context.challenged
      ? 'The server wants credentials: authorize (in the page, the OAuth tab runs the flow), or send an Authorization header with the connection.'
      : RULE_NEXT['auth.challenge-missing'];
  if (status === 403)
    return `If the server validates Origin (as it should, against DNS rebinding), it refused ${context.origin ? `the Origin ${context.origin}` : 'a request without an Origin'}: send an Origin it allows (a header of the connection) or add this one to its allowed origins; otherwise the credentials lack a permission or scope.`;
  if (status === 400 && context.versionHeader)
    return `The server refused MCP-Protocol-Version ${context.versionHeader}, a version it selected in initialize: it must accept every version it negotiates (update its SDK), or connect asking for an older version.`;
  if (status === 400) return 'The server found the request malformed: check its headers (Accept, Content-Type, Mcp-Session-Id) and its body.';
  if (status === 404)
    return 'Nothing answers MCP at this URL, or the server forgot the session: check the path (often /mcp, or /sse for HTTP+SSE), then connect again.';
  if (status === 405) return 'The endpoint does not take this method: an HTTP+SSE (2024-11-05) server wants the sse mode of the connection.';
  if (status === 406 || status === 415) return 'Send Accept: application/json, text/event-stream and Content-Type: application/json.';
  if (status >= 500) return 'The server failed while handling the request: read its logs.';
  return LAYER_NEXT.transport;
}
