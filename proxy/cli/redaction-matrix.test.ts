/**
 * One matrix: secrets planted everywhere a person or a server can put them (env, headers that look
 * secret and one that does not, the URL's query, arguments, tool arguments, and the server's
 * echoes of all of these), and every output a person can share, grepped for each. The outputs are
 * made by the real code: `loupe record`, `check` and `export` (run in process through the CLI's
 * entry) against real fixture servers over stdio and HTTP, and the proxy's export handler (what the page's Export dialog and
 * the Sequence toolbar ask for) on live sessions with the same servers; the page's "Copy as CLI"
 * script of those sessions; and the tap file of an HTTP tap in front of the HTTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startFixture, type RunningServer } from '../transports/http/testing';
import { httpConnectionFromFlags } from '../transports/http/cli-support';
import { fixture, runCli, tempDir, type CliResult } from './shared/run-cli';
import { openHeadless, stdioConnection } from './record/headless';
import { runSession } from './record/run-session';
import { clientOptions } from './shared/client-options';
import { answerExport } from '../trace/export-request';
import { readTraceText } from '../../lib/trace';
import { EMBED_PLACEHOLDER, EXPORT_FORMATS, renderExport } from '../../lib/render';
import type { Connection } from '../../lib/wire/connection';
import type { Frame } from '../../lib/mcp/frame';
import { SequenceModel } from '../../lib/view/sequence-model';
import { DEFAULT_LAYOUT, SequenceLayout } from '../../lib/view/sequence-layout';
import { sequenceToSvg } from '../../lib/render/sequence-svg';
import { sequenceToMermaid } from '../../lib/render/sequence-mermaid';
import { renderVisible } from '../../components/sequence/exportVisible';
import { cliScript } from '../../lib/trace/cli-script';
import { startHttpTapRecording } from '../tap/http-tap-recording';
import { tapWrittenText } from '../tap/testing/tap-recording';

const SECRETS = {
  'env API_KEY': 'envsecret-Q7w2E9r4T1y6',
  'argument --token=': 'argtoken-U3i8O5p0A2s7',
  'argument --password': 'argpass-D4f9G6h1J8k3',
  'argument --api ghp_': 'ghp_Z9x8C7v6B5n4M3l2K1j0H9g8F7d6S5a4Q3w2',
  'tool argument password': 'toolpass-L5k4J3h2G1f0',
  'header X-Api-Key': 'hdrkey-P0o9I8u7Y6t5',
  'header X-Custom': 'hdrcustom-R4e3W2q1Z0x9',
  'header Authorization': 'bearer-N8b7V6c5X4z3',
  'URL query api_key': 'querykey-M2n3B4v5C6x7',
  // The stdio server's own, in free text (leaky-secrets.mjs): only the text rules find them.
  'stderr token=': 'freetok-A1s2D3f4G5h6',
  'stderr access_token=…&token_type=': 'freeat-Z1x2C3v4B5n6',
  'stderr id_token=': 'freeid-Q9w8E7r6T5y4',
  'stderr UPSTREAM_API_KEY=': 'freekey-P1o2I3u4Y5t6',
  'stderr password: ': 'freepass-L1k2J3h4G5f6',
  'log notification password: "…"': 'logsecret-M9n8B7v6C5x4',
};
/** What a host's OAuth puts in the HTTP parts a tap records (the MCP messages are kept as they crossed). */
const TAP_SECRETS = {
  'tapped URL query api_key': 'querykey-M2n3B4v5C6x7',
  'token request code': 'tapcode-D3f4G5h6J7k8',
  'token request code_verifier': 'tapverifier-L9z8X7c6V5b4N3m2Q1w0',
  'token answer access_token': 'tapaccess-R5t6Y7u8I9o0',
  'token answer id_token': 'tapid-W1e2R3t4Y5u6',
};
const S = SECRETS;

const STDIO_COMMAND = [
  ...fixture('leaky-secrets'),
  `--token=${S['argument --token=']}`,
  '--password',
  S['argument --password'],
  '--api',
  S['argument --api ghp_'],
];
const TOOL_CALL = {
  method: 'tools/call',
  params: { name: 'echo', arguments: { message: JSON.stringify({ password: S['tool argument password'] }), password: S['tool argument password'] } },
};
const HEADERS = [`X-Api-Key: ${S['header X-Api-Key']}`, `X-Custom: ${S['header X-Custom']}`, `Authorization: Bearer ${S['header Authorization']}`];
/** The real viewer is a build product; the embedding code is what matters here. */
const VIEWER = `<!doctype html><title>viewer</title>${EMBED_PLACEHOLDER}`;

let http: RunningServer;
let dir: string;
let url: string;
const outputs = new Map<string, string>();

function leaks(): string[] {
  const found: string[] = [];
  for (const [output, text] of outputs) {
    for (const [where, secret] of Object.entries(SECRETS)) if (text.includes(secret)) found.push(`${output} holds the ${where} secret`);
  }
  return found;
}

async function cli(name: string, args: string[], expectCodes = [0, 1]): Promise<CliResult> {
  const r = await runCli(args);
  expect(expectCodes, `${name}: exit ${r.code}\n${r.stderr}`).toContain(r.code);
  outputs.set(`${name} (stdout)`, r.stdout);
  outputs.set(`${name} (stderr)`, r.stderr);
  return r;
}

/** The proxy side of a live session, exported as the page's Export dialog and Sequence toolbar ask. */
async function viaProxy(label: string, connection: Connection, script: Array<{ method: string; params?: Record<string, unknown> }>): Promise<Frame[]> {
  const client = { ...clientOptions({}), script, env: connection.transport === 'stdio' ? connection.env : {} };
  const record = await runSession(openHeadless, connection, client, { name: 'matrix', version: '0' });
  // "Copy as CLI" and "Session as CLI": the script of the session's requests.
  outputs.set(`${label} Copy as CLI script`, cliScript({ connection, requests: script, protocolVersion: '2025-11-25', clientCapabilities: {} }).text);
  const session = { connection, frames: () => record.frames, summary: () => record.summary };
  const ask = (selection: Parameters<typeof answerExport>[1]['selection']) =>
    answerExport(session, { type: 'session/export', rid: '1', sessionId: 's', selection, redact: {}, preview: false }).text!;
  const trace = readTraceText(ask({ kind: 'all' }));
  for (const format of EXPORT_FORMATS) outputs.set(`${label} page export as ${format}`, renderExport(trace, format, '0', VIEWER));
  // The Sequence toolbar: the rows on screen come from the raw frames, the file from redacted ones.
  const model = new SequenceModel();
  model.push(record.frames);
  const layout = new SequenceLayout(model, DEFAULT_LAYOUT);
  const shareable = async (upTo: number) => readTraceText(ask({ kind: 'ranges', ranges: [[1, upTo]] })).frames;
  const last = layout.length - 1;
  outputs.set(
    `${label} Sequence SVG`,
    await renderVisible(layout, 0, last, shareable, (l, f, t) => sequenceToSvg(l, f, t, { width: 900, severityOf: () => undefined })),
  );
  outputs.set(`${label} Sequence Mermaid`, await renderVisible(layout, 0, last, shareable, sequenceToMermaid));
  return record.frames;
}

/** A tap in front of the HTTP server: a host's token request, then a session through it (with no
 *  tool call: the server's echo of the URL is an MCP message, which a tap records as it crossed). */
async function tapLeaks(): Promise<string[]> {
  const script = path.join(dir, 'tap-script.json');
  writeFileSync(script, JSON.stringify([{ method: 'ping' }]));
  const tap = await startHttpTapRecording({ url, configDir: path.join(dir, 'tap-config'), startedBy: 'cli' });
  try {
    const token = new URL('/token', tap.url);
    const body = `grant_type=authorization_code&code=${TAP_SECRETS['token request code']}&code_verifier=${TAP_SECRETS['token request code_verifier']}`;
    await (await fetch(token, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })).text();
    await cli(
      'record through the tap',
      ['record', '--out', path.join(dir, 'tapped.ndjson'), '--url', tap.url, '--mode', 'streamable', '--script', script],
      [0],
    );
  } finally {
    await tap.stop();
  }
  const text = tapWrittenText(tap.file!.path);
  expect(text).toContain('«redacted:oauth-form-secret»');
  return Object.entries(TAP_SECRETS).flatMap(([where, secret]) =>
    text
      .split('\n')
      .filter((line) => line.includes(secret))
      .map((line) => `the tap file holds the ${where} secret: ${line.slice(0, 300)}`),
  );
}

beforeAll(async () => {
  http = await startFixture('http-leaky-secrets');
  dir = tempDir();
  url = `${http.url}?api_key=${S['URL query api_key']}`;
}, 30_000);
afterAll(async () => {
  await http?.stop();
});

describe('no output a person can share holds a planted secret', () => {
  it('record, check and export over stdio and HTTP, the proxy export in every format, the Sequence SVG and Mermaid', async () => {
    const stdioScript = path.join(dir, 'stdio-script.json');
    const httpScript = path.join(dir, 'http-script.json');
    writeFileSync(stdioScript, JSON.stringify([TOOL_CALL]));
    writeFileSync(httpScript, JSON.stringify([TOOL_CALL, { method: 'leak/error', params: {} }]));
    const stdioTrace = path.join(dir, 'stdio.ndjson');
    const httpTrace = path.join(dir, 'http.ndjson');
    const stdioTarget = ['--env', `API_KEY=${S['env API_KEY']}`, '--script', stdioScript, '--', ...STDIO_COMMAND];
    const httpTarget = ['--url', url, '--mode', 'streamable', ...HEADERS.flatMap((h) => ['--header', h]), '--script', httpScript];

    // The planting works: the unredacted frames hold every secret of their transport.
    const rawStdio = JSON.stringify(await viaProxy('stdio', stdioConnection(STDIO_COMMAND, { API_KEY: S['env API_KEY'] }), [TOOL_CALL]));
    const rawHttp = JSON.stringify(
      await viaProxy('http', httpConnectionFromFlags(url, HEADERS, 'streamable'), [TOOL_CALL, { method: 'leak/error', params: {} }]),
    );
    for (const k of ['env API_KEY', 'argument --token=', 'argument --password', 'argument --api ghp_', 'tool argument password'] as const)
      expect(rawStdio, k).toContain(S[k]);
    for (const k of ['header X-Api-Key', 'header X-Custom', 'header Authorization', 'URL query api_key', 'tool argument password'] as const)
      expect(rawHttp, k).toContain(S[k]);
    for (const k of Object.keys(S).filter((k) => /^(stderr|log notification) /.test(k)) as Array<keyof typeof S>) expect(rawStdio, k).toContain(S[k]);

    await cli('record over stdio', ['record', '--out', stdioTrace, ...stdioTarget], [0]);
    await cli('record over HTTP', ['record', '--out', httpTrace, ...httpTarget], [0]);
    for (const format of ['text', 'json', 'junit', 'sarif']) {
      await cli(`check --format ${format} over stdio`, ['check', '--format', format, ...stdioTarget]);
      await cli(`check --format ${format} over HTTP`, ['check', '--format', format, ...httpTarget]);
    }
    outputs.set('record over stdio: the trace', readFileSync(stdioTrace, 'utf8'));
    outputs.set('record over HTTP: the trace', readFileSync(httpTrace, 'utf8'));
    for (const to of ['trace', 'har', 'otlp', 'mermaid']) {
      await cli(`export --to ${to} of the stdio trace`, ['export', stdioTrace, '--to', to], [0]);
      await cli(`export --to ${to} of the HTTP trace`, ['export', httpTrace, '--to', to], [0]);
    }

    expect(leaks()).toEqual([]);
    expect(await tapLeaks()).toEqual([]);
    // The outputs are the real thing: redaction markers where the secrets were, and findings that
    // quote the server's stderr and its malformed error.
    const stdioRecord = outputs.get('record over stdio: the trace')!;
    for (const rule of ['env:API_KEY', 'arg:--token', 'arg:--password', 'github-token', 'secret-field']) expect(stdioRecord).toContain(`«redacted:${rule}»`);
    const httpRecord = outputs.get('record over HTTP: the trace')!;
    for (const rule of ['header:x-custom', 'header:x-api-key', 'authorization', 'url:api_key']) expect(httpRecord).toContain(`«redacted:${rule}»`);
    expect(outputs.get('check --format json over stdio (stdout)')).toContain('API_KEY=«redacted:env:API_KEY»');
    expect(outputs.get('check --format sarif over HTTP (stdout)')).toMatch(/jsonrpc\.error-shape[\s\S]*«redacted:header:x-custom»/);
    // Mermaid writes server text as entity codes: «redacted:env:API_KEY».
    expect(outputs.get('stdio Sequence Mermaid')).toContain('API_KEY#61;#171;redacted#58;env#58;API_KEY#187;');
    expect(outputs.get('http Sequence SVG')).toContain('«redacted:');
    expect(stdioRecord).toContain('access_token=«redacted:secret-assignment»&token_type=Bearer');
    expect(outputs.get('stdio Copy as CLI script')).toContain('"password":"«redacted:secret-field»"');
  }, 400_000);
});
