/**
 * Records the golden trace: a real session with server-everything over stdio, written in the
 * current trace format. Run with `npx tsx e2e/golden/record-golden.ts` from the repository root
 * and commit the result; the tests read the committed file and never re-record it.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { TRACE_FORMAT, TRACE_VERSION } from '../../lib/trace/format';
import { writeTrace } from '../../lib/trace/writer';
import { GoldenSession, goldenDir as here, goldenHeader } from './golden-recorder';

let rootsAsked: () => void = () => {};
const rootsListed = new Promise<void>((resolve) => (rootsAsked = resolve));
const golden = new GoldenSession('@modelcontextprotocol/server-everything/dist/index.js', ['stdio'], ['server-everything', 'stdio'], (msg) => {
  if (msg.method !== 'roots/list' || msg.id === undefined) return;
  golden.write({ id: msg.id, result: { roots: [{ uri: 'file:///tmp/loupe-golden', name: 'golden' }] } });
  rootsAsked();
});
const { frames } = golden;
const send = (method: string, params?: object) => golden.send(method, params);

const init = await send('initialize', {
  protocolVersion: '2025-06-18',
  capabilities: { roots: { listChanged: true } },
  clientInfo: { name: 'loupe', version: '0.1.0' },
});
golden.notify('notifications/initialized');
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
await golden.end();

const header = goldenHeader(
  'server-everything',
  ['node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'],
  (init.answer.result as { protocolVersion: string }).protocolVersion,
);
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
