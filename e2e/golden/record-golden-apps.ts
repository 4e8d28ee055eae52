/**
 * Records the MCP Apps golden trace: a real session with the ext-apps example server
 * (`server-basic-vanillajs`, stdio) whose `get-time` tool points at a `ui://` app, and the app's
 * own channel (`app:1`): the ext-apps SDK's real `App` (the View) and `AppBridge` (the host) talk
 * over an in-process transport pair, and every message either sends is recorded as a frame, as the
 * page records the bridge of an app it renders. The host forwards the app's `tools/call` to the
 * server on the session's channel. Run with `npx tsx e2e/golden/record-golden-apps.ts` from the
 * repository root and commit the result; tests read the committed file and never re-record it.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { App } from '@modelcontextprotocol/ext-apps';
import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { Frame } from '../../lib/mcp/frame';
import { TRACE_VERSION } from '../../lib/trace/format';
import { writeTrace } from '../../lib/trace/writer';
import { GoldenSession, goldenDir as here, goldenHeader } from './golden-recorder';

const golden = new GoldenSession('@modelcontextprotocol/server-basic-vanillajs/dist/index.js', ['--stdio'], ['server-basic-vanillajs', '--stdio']);
const { frames } = golden;
const record = (part: Pick<Frame, 'dir' | 'lane' | 'raw' | 'meta' | 'channel'>) => golden.record(part);
/** A request on the session's channel; resolves with its result and the request's id and seq. */
async function send(method: string, params?: object): Promise<{ result: unknown; id: number; seq: number }> {
  const { answer, id, seq } = await golden.send(method, params);
  return { result: answer.result, id, seq };
}

const init = await send('initialize', {
  protocolVersion: '2025-11-25',
  capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } },
  clientInfo: { name: 'loupe', version: '0.1.0' },
});
golden.notify('notifications/initialized');
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

await golden.end();

const header = goldenHeader(
  'server-basic-vanillajs',
  ['node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js', '--stdio'],
  (init.result as { protocolVersion: string }).protocolVersion,
);
writeFileSync(path.join(here, `apps-basic.v${TRACE_VERSION}.loupe.ndjson`), writeTrace({ header, frames }));
console.log(`recorded ${frames.length} frames`);
