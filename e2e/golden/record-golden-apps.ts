/**
 * Records the MCP Apps golden trace: a real session with the ext-apps example server
 * (`server-basic-vanillajs`, stdio) whose `get-time` tool points at a `ui://` app, and the app's
 * own channel (`app:1`): the ext-apps SDK's real `App` (the View) and `AppBridge` (the host) talk
 * over an in-process transport pair, and every message either sends is recorded as a frame, as the
 * page records the bridge of an app it renders. The host forwards the app's `tools/call` to the
 * server on the session's channel. Run with `npx tsx e2e/golden/record-golden-apps.ts` from the
 * repository root and commit the result; tests read the committed file and never re-record it.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from '@modelcontextprotocol/ext-apps';
import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { Frame } from '../../lib/mcp/frame';
import { toFrame } from '../../lib/mcp/frame-check';
import { TRACE_FORMAT, TRACE_VERSION, type TraceHeader } from '../../lib/trace/format';
import { writeTrace } from '../../lib/trace/writer';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const server = path.join(root, 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js');
const frames: Frame[] = [];
const origin = process.hrtime.bigint();
const now = () => Number((process.hrtime.bigint() - origin) / 1000n);
type Part = Pick<Frame, 'dir' | 'lane' | 'raw' | 'meta' | 'channel'>;
const record = ({ dir, lane, raw, meta, channel }: Part) =>
  frames.push(toFrame({ seq: frames.length + 1, ts: now(), dir, lane, raw, size: Buffer.byteLength(raw), meta, channel }));

const child = spawn(process.execPath, [server, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
record({
  dir: 'local',
  lane: 'lifecycle',
  raw: 'spawn',
  meta: { transport: 'stdio', event: 'spawn', pid: child.pid!, command: 'node', args: ['server-basic-vanillajs', '--stdio'] },
});
const waiting = new Map<number, (msg: { result?: unknown; error?: unknown }) => void>();

function lines(stream: NodeJS.ReadableStream, onLine: (l: string) => void): void {
  let buf = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buf += chunk;
    for (let nl = buf.indexOf('\n'); nl !== -1; nl = buf.indexOf('\n')) {
      onLine(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
    }
  });
}
lines(child.stdout!, (line) => {
  record({ dir: 's2c', lane: 'message', raw: line, meta: { transport: 'stdio' } });
  const msg = JSON.parse(line) as { id?: number; method?: string; result?: unknown; error?: unknown };
  if (msg.id !== undefined && !msg.method) waiting.get(msg.id)?.(msg);
});
lines(child.stderr!, (line) => record({ dir: 's2c', lane: 'stderr', raw: line, meta: { transport: 'stdio' } }));

let nextId = 0;
/** A request on the session's channel; resolves with its result and the request's id and seq. */
async function send(method: string, params?: object): Promise<{ result: unknown; id: number; seq: number }> {
  const id = nextId++;
  const raw = JSON.stringify({ jsonrpc: '2.0', id, method, params });
  record({ dir: 'c2s', lane: 'message', raw, meta: { transport: 'stdio' } });
  const seq = frames.length;
  child.stdin!.write(raw + '\n');
  const msg = await new Promise<{ result?: unknown; error?: unknown }>((resolve) => waiting.set(id, resolve));
  return { result: msg.result, id, seq };
}
function notify(method: string): void {
  const raw = JSON.stringify({ jsonrpc: '2.0', method });
  record({ dir: 'c2s', lane: 'message', raw, meta: { transport: 'stdio' } });
  child.stdin!.write(raw + '\n');
}

const init = (await send('initialize', {
  protocolVersion: '2025-11-25',
  capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } },
  clientInfo: { name: 'loupe', version: '0.1.0' },
})) as { result: { protocolVersion: string } };
notify('notifications/initialized');
await send('tools/list', {});
const call = await send('tools/call', { name: 'get-time', arguments: {} });
const resourceUri = 'ui://get-time/mcp-app.html';
await send('resources/read', { uri: resourceUri });

// The app's channel: what each side sends is recorded as it leaves, then handed to the other side.
const channel = 'app:1';
interface Side {
  onmessage?: (m: unknown) => void;
  onclose?: () => void;
  start(): Promise<void>;
  send(m: unknown): Promise<void>;
  close(): Promise<void>;
}
function side(dir: 'c2s' | 's2c', peer: () => Side): Side {
  return {
    start: async () => {},
    send: async (m) => {
      record({ dir, lane: 'message', raw: JSON.stringify(m), channel });
      queueMicrotask(() => peer().onmessage?.(structuredClone(m)));
    },
    close: async () => {},
  };
}
const appSide: Side = side('c2s', () => hostSide);
const hostSide: Side = side('s2c', () => appSide);

record({
  dir: 'local',
  lane: 'lifecycle',
  raw: `mounted ${resourceUri}`,
  channel,
  meta: { transport: 'app', event: 'app-mounted', toolName: 'get-time', resourceUri, requestId: call.id, requestSeq: call.seq },
});
const bridge = new AppBridge(
  null,
  { name: 'loupe', version: '0.1.0' },
  { openLinks: {}, serverTools: {}, serverResources: {} },
  { hostContext: { theme: 'light', displayMode: 'inline' } },
);
let forwarded: Promise<unknown> = Promise.resolve();
bridge.oncalltool = async (params) => {
  const p = send('tools/call', params);
  forwarded = p;
  return (await p).result as never;
};
bridge.onopenlink = async () => ({});
bridge.onmessage = async () => ({});
bridge.onrequestdisplaymode = async ({ mode }) => ({ mode });
bridge.onsizechange = () => {};
const ready = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
await bridge.connect(hostSide as never);

const app = new App({ name: 'Get Time App', version: '1.0.0' }, {}, { autoResize: false });
const gotResult = new Promise<void>((resolve) => (app.ontoolresult = () => resolve()));
app.ontoolinput = () => {};
app.onteardown = async () => ({});
await app.connect(appSide as never);
await ready;
await bridge.sendToolInput({ arguments: {} });
await bridge.sendToolResult(call.result as never);
await gotResult;
await app.sendSizeChanged({ width: 480, height: 160 });
await app.callServerTool({ name: 'get-time', arguments: {} });
await forwarded;
await app.openLink({ url: 'https://modelcontextprotocol.io/extensions/apps' });
await app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'What time is it in Tokyo?' }] });
await app.requestDisplayMode({ mode: 'fullscreen' });
await bridge.teardownResource({});
record({ dir: 'local', lane: 'lifecycle', raw: 'unmounted', channel, meta: { transport: 'app', event: 'app-unmounted', reason: 'closed by the user' } });

child.stdin!.end();
const kill = setTimeout(() => child.kill('SIGTERM'), 1000);
record({ dir: 'local', lane: 'lifecycle', raw: 'stdin-closed', meta: { transport: 'stdio', event: 'stdin-closed' } });
const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on('exit', (c, s) => resolve([c, s])));
clearTimeout(kill);
record({ dir: 'local', lane: 'lifecycle', raw: `exit ${code ?? signal}`, meta: { transport: 'stdio', event: 'exit', code, signal } });

const header: TraceHeader = {
  format: TRACE_FORMAT,
  version: TRACE_VERSION,
  loupeVersion: '0.1.0',
  createdAt: new Date().toISOString(),
  target: {
    transport: 'stdio',
    framing: 'lines',
    name: 'server-basic-vanillajs',
    command: 'node',
    args: ['node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js', '--stdio'],
  },
  negotiatedVersion: init.result.protocolVersion,
  source: 'live',
};
writeFileSync(path.join(here, `apps-basic.v${TRACE_VERSION}.loupe.ndjson`), writeTrace({ header, frames }));
console.log(`recorded ${frames.length} frames`);
