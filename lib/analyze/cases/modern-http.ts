/** Triggers and near misses of the modern.* Streamable HTTP rules (request metadata headers). */
import { HttpScript } from './http-script';
import { ok, withMeta } from './modern';
import type { RuleCase } from './types';

const V = '2026-07-28';
const ACCEPT = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
const heads = (method: string, extra: Record<string, string> = {}) => ({ ...ACCEPT, 'MCP-Protocol-Version': V, 'Mcp-Method': method, ...extra });
const JSON_TYPE = 'application/json';
const region = { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, query: { type: 'string' } } };

/** A modern HTTP session: discover, then tools/list listing `tools`. */
function session(tools: object[] = [{ name: 'a', inputSchema: { type: 'object' } }]): HttpScript {
  return new HttpScript()
    .exchange({
      headers: heads('server/discover'),
      body: { jsonrpc: '2.0', id: 1, method: 'server/discover', params: withMeta() },
      type: JSON_TYPE,
      answers: [{ body: ok(1, { supportedVersions: [V], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'public' }) }],
    })
    .exchange({
      headers: heads('tools/list'),
      body: { jsonrpc: '2.0', id: 2, method: 'tools/list', params: withMeta() },
      type: JSON_TYPE,
      answers: [{ body: ok(2, { tools, ttlMs: 0, cacheScope: 'public' }) }],
    });
}
const call = (s: HttpScript, headers: Record<string, string>, params: object, answer: { status?: number; body?: object } = {}) =>
  s.exchange({
    headers,
    body: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: withMeta(params) },
    status: answer.status,
    type: JSON_TYPE,
    answers: [{ body: answer.body ?? ok(3, { content: [] }) }],
  }).frames;
const mismatch = { jsonrpc: '2.0', id: 3, error: { code: -32020, message: 'Header mismatch' } };

export const modernHttpCases: RuleCase[] = [
  {
    rule: 'modern.header-version',
    name: 'MCP-Protocol-Version differs from the _meta version',
    trigger: () =>
      call(session(), heads('tools/call', { 'MCP-Protocol-Version': '2025-11-25', 'Mcp-Name': 'a' }), { name: 'a' }, { status: 400, body: mismatch }),
    nearMiss: () => call(session(), heads('tools/call', { 'Mcp-Name': 'a' }), { name: 'a' }),
  },
  {
    rule: 'modern.header-method',
    name: 'Mcp-Method names another method',
    trigger: () => call(session(), heads('tools/list', { 'Mcp-Name': 'a' }), { name: 'a' }, { status: 400, body: mismatch }),
    nearMiss: () => call(session(), heads('tools/call', { 'Mcp-Name': 'a' }), { name: 'a' }),
  },
  {
    rule: 'modern.header-name',
    name: 'Mcp-Name names another tool',
    trigger: () => call(session(), heads('tools/call', { 'Mcp-Name': 'b' }), { name: 'a' }, { status: 400, body: mismatch }),
    nearMiss: () => call(session(), heads('tools/call', { 'Mcp-Name': 'a' }), { name: 'a' }),
  },
  {
    rule: 'modern.header-name',
    name: 'a non-ASCII tool name sent plain',
    trigger: () =>
      call(
        session([{ name: 'héllo', inputSchema: { type: 'object' } }]),
        heads('tools/call', { 'Mcp-Name': 'héllo' }),
        { name: 'héllo' },
        { status: 400, body: mismatch },
      ),
    nearMiss: () =>
      call(session([{ name: 'héllo', inputSchema: { type: 'object' } }]), heads('tools/call', { 'Mcp-Name': '=?base64?aMOpbGxv?=' }), { name: 'héllo' }),
  },
  {
    rule: 'modern.header-param',
    name: 'an x-mcp-header argument not mirrored',
    trigger: () =>
      call(
        session([{ name: 'sql', inputSchema: region }]),
        heads('tools/call', { 'Mcp-Name': 'sql' }),
        { name: 'sql', arguments: { region: 'us-west1', query: 'q' } },
        { status: 400, body: mismatch },
      ),
    nearMiss: () =>
      call(session([{ name: 'sql', inputSchema: region }]), heads('tools/call', { 'Mcp-Name': 'sql', 'Mcp-Param-Region': 'us-west1' }), {
        name: 'sql',
        arguments: { region: 'us-west1', query: 'q' },
      }),
  },
  {
    rule: 'modern.header-param',
    name: 'a base64 header that decodes to another value',
    trigger: () =>
      call(
        session([{ name: 'sql', inputSchema: region }]),
        heads('tools/call', { 'Mcp-Name': 'sql', 'Mcp-Param-Region': '=?base64?SGVsbG8sIHdvcmxk?=' }),
        { name: 'sql', arguments: { region: 'Hello, 世界' } },
        { status: 400, body: mismatch },
      ),
    nearMiss: () =>
      call(session([{ name: 'sql', inputSchema: region }]), heads('tools/call', { 'Mcp-Name': 'sql', 'Mcp-Param-Region': '=?base64?SGVsbG8sIOS4lueVjA==?=' }), {
        name: 'sql',
        arguments: { region: 'Hello, 世界' },
      }),
  },
  {
    rule: 'modern.header-mismatch-answer',
    name: 'a mismatched header answered 200 with a result',
    trigger: () => call(session(), heads('tools/call', { 'Mcp-Name': 'b' }), { name: 'a' }),
    nearMiss: () => call(session(), heads('tools/call', { 'Mcp-Name': 'b' }), { name: 'a' }, { status: 400, body: mismatch }),
  },
  {
    rule: 'modern.error-http-status',
    name: '-32022 answered with HTTP 200',
    trigger: () =>
      call(
        session(),
        heads('tools/call', { 'Mcp-Name': 'a' }),
        { name: 'a' },
        { body: { jsonrpc: '2.0', id: 3, error: { code: -32022, message: 'no', data: { supported: [V], requested: V } } } },
      ),
    nearMiss: () =>
      call(
        session(),
        heads('tools/call', { 'Mcp-Name': 'a' }),
        { name: 'a' },
        { status: 400, body: { jsonrpc: '2.0', id: 3, error: { code: -32022, message: 'no', data: { supported: [V], requested: V } } } },
      ),
  },
  {
    rule: 'modern.legacy-http',
    name: 'a modern request with an Mcp-Session-Id',
    trigger: () => call(session(), heads('tools/call', { 'Mcp-Name': 'a', 'Mcp-Session-Id': 'abc' }), { name: 'a' }),
    nearMiss: () => call(session(), heads('tools/call', { 'Mcp-Name': 'a' }), { name: 'a' }),
  },
  {
    rule: 'modern.legacy-http',
    name: 'a GET stream in a modern session',
    trigger: () => session().exchange({ method: 'GET', headers: { Accept: 'text/event-stream' }, stream: 'get', status: 405 }).frames,
    nearMiss: () => new HttpScript().exchange({ method: 'GET', headers: { Accept: 'text/event-stream' }, stream: 'get', status: 405 }).frames,
  },
];
