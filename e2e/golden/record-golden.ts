/**
 * Records the golden trace: a real session with server-everything over stdio, written in the
 * current trace format. Run with `npx tsx e2e/golden/record-golden.ts` from the repository root
 * and commit the result; the tests read the committed file and never re-record it.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Frame } from '../../lib/mcp/frame';
import { toFrame } from '../../lib/mcp/frame-check';
import { TRACE_FORMAT, TRACE_VERSION, type TraceHeader } from '../../lib/trace/format';
import { writeTrace } from '../../lib/trace/writer';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const server = path.join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const frames: Frame[] = [];
const origin = process.hrtime.bigint();
const now = () => Number((process.hrtime.bigint() - origin) / 1000n);
const record = ({ dir, lane, raw, meta }: Pick<Frame, 'dir' | 'lane' | 'raw' | 'meta'>) =>
  frames.push(toFrame({ seq: frames.length + 1, ts: now(), dir, lane, raw, size: Buffer.byteLength(raw), meta }));

const child = spawn(process.execPath, [server, 'stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
record({
  dir: 'local',
  lane: 'lifecycle',
  raw: 'spawn',
  meta: { transport: 'stdio', event: 'spawn', pid: child.pid, command: 'node', args: ['server-everything', 'stdio'] },
});
const waiting = new Map<number, (msg: unknown) => void>();

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
  const msg = JSON.parse(line) as { id?: number; method?: string };
  if (msg.id !== undefined && !msg.method) waiting.get(msg.id)?.(msg);
  if (msg.method === 'roots/list' && msg.id !== undefined) {
    answer(msg.id, { roots: [{ uri: 'file:///tmp/loupe-golden', name: 'golden' }] });
    rootsAsked();
  }
});
lines(child.stderr!, (line) => record({ dir: 's2c', lane: 'stderr', raw: line, meta: { transport: 'stdio' } }));

let rootsAsked: () => void = () => {};
const rootsListed = new Promise<void>((resolve) => (rootsAsked = resolve));

function answer(id: number, result: object): void {
  const raw = JSON.stringify({ jsonrpc: '2.0', id, result });
  record({ dir: 'c2s', lane: 'message', raw, meta: { transport: 'stdio' } });
  child.stdin!.write(raw + '\n');
}

let nextId = 0;
function send(method: string, params?: object, notify = false): Promise<unknown> {
  const msg = notify ? { jsonrpc: '2.0', method, params } : { jsonrpc: '2.0', id: nextId++, method, params };
  const raw = JSON.stringify(msg);
  record({ dir: 'c2s', lane: 'message', raw, meta: { transport: 'stdio' } });
  child.stdin!.write(raw + '\n');
  if (notify) return Promise.resolve();
  return new Promise((resolve) => waiting.set((msg as { id: number }).id, resolve));
}

const init = (await send('initialize', {
  protocolVersion: '2025-06-18',
  capabilities: { roots: { listChanged: true } },
  clientInfo: { name: 'loupe', version: '0.1.0' },
})) as { result: { protocolVersion: string } };
await send('notifications/initialized', undefined, true);
await send('tools/list', {});
await send('resources/list', {});
await send('prompts/list', {});
await send('tools/call', { name: 'echo', arguments: { message: 'hello from the golden trace' } });
await send('tools/call', { name: 'get-sum', arguments: { a: 2, b: 3 } });
await send('resources/read', { uri: 'demo://resource/static/document/architecture.md' });
await send('prompts/get', { name: 'simple-prompt', arguments: {} });
await send('tools/call', { name: 'no-such-tool', arguments: {} });
await send('ping');
// The server asks for the client's roots a moment after the handshake; let it be part of the trace.
await Promise.race([rootsListed, new Promise((r) => setTimeout(r, 5000))]);
await new Promise((r) => setTimeout(r, 200));
child.stdin!.end();
// server-everything keeps running after stdin closes; end it the way Loupe does, with SIGTERM.
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
    name: 'server-everything',
    command: 'node',
    args: ['node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'],
  },
  negotiatedVersion: init.result.protocolVersion,
  source: 'live',
};
writeFileSync(path.join(here, `everything-stdio.v${TRACE_VERSION}.loupe.ndjson`), writeTrace({ header, frames }));

// The same session in the pre-release shape (format 0), the input of the migration test.
const v0Header = {
  format: TRACE_FORMAT,
  version: 0,
  createdAt: Date.parse(header.createdAt),
  server: { name: 'server-everything', command: header.target.command, args: header.target.args },
  protocolVersion: header.negotiatedVersion,
};
const v0Frames = frames.map((f) => ({
  seq: f.seq,
  timestamp: f.ts / 1000,
  direction: f.dir === 'c2s' ? 'out' : 'in',
  channel: f.lane,
  data: f.raw,
  meta: f.meta,
}));
writeFileSync(path.join(here, 'everything-stdio.v0.loupe.ndjson'), [v0Header, ...v0Frames].map((l) => JSON.stringify(l) + '\n').join(''));
console.log(`recorded ${frames.length} frames`);
