import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ScriptedRegistry } from './testing/scripted-registry';
import { PageClient, startHarness, type Harness } from './testing/harness';
import type { Connection } from '../../lib/wire/connection';
import type { Frame } from '../../lib/mcp/frame';
import { redactFrames } from '../../lib/trace';
import { sessionRedactOptions } from '../trace/session-export';

const TOKEN = 'argtoken-U3i8O5p0A2s7';
const KEY = 'envsecret-Q7w2E9r4T1y6';
const connection: Connection = {
  id: 'leaky',
  name: 'leaky',
  transport: 'stdio',
  command: 'node',
  args: ['server.mjs', `--token=${TOKEN}`],
  env: { API_KEY: KEY },
  cwd: '/',
};
const frame: Frame = { seq: 1, ts: 1, dir: 's2c', lane: 'stderr', raw: `API_KEY=${KEY} token=free-Q1w2E3r4 {"password":"pw-Z9x8C7v6"}`, size: 60 };

let h: Harness;
let registry: ScriptedRegistry;
beforeEach(async () => {
  registry = new ScriptedRegistry();
  h = await startHarness(registry);
  await h.store.save(connection);
});
afterEach(async () => {
  await h.close();
});

async function redactedPage(): Promise<PageClient> {
  const ws = new WebSocket(`ws://127.0.0.1:${h.server.port}/ws?token=${h.token}&redacted=1`, { headers: { Origin: h.origin } });
  const page = new PageClient(ws);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return page;
}

describe('the redacted view (?redacted=1)', () => {
  it('sends the frames exactly as an export redacts them, and the connection with its arguments masked', async () => {
    const session = registry.open(connection, { protocolVersion: '2025-11-25', clientCapabilities: {} });
    (session.frames() as Frame[]).push(frame);
    const page = await redactedPage();
    const hello = await page.next('hello');
    const shown = JSON.stringify(hello.connections.find((c) => c.id === 'leaky'));
    expect(shown).not.toContain(TOKEN);
    expect(shown).toContain('«redacted:arg:--token»');

    page.send({ type: 'session/attach', rid: 'a', sessionId: session.id });
    const snapshot = await page.next('frames/snapshot');
    expect(snapshot.frames).toEqual(redactFrames([frame], sessionRedactOptions(session)).frames);
    expect(snapshot.frames[0].raw).toBe('API_KEY=«redacted:env:API_KEY» token=«redacted:secret-assignment» {"password":"«redacted:secret-field»"}');

    // An ordinary page is sent the frame as it crossed.
    const plain = await PageClient.connect(h);
    plain.send({ type: 'session/attach', rid: 'b', sessionId: session.id });
    expect((await plain.next('frames/snapshot')).frames[0].raw).toBe(frame.raw);
    page.close();
    plain.close();
  });

  it('refuses to save a connection, whose values it only holds masked', async () => {
    const page = await redactedPage();
    const hello = await page.next('hello');
    page.send({ type: 'connections/save', rid: 's', connection: hello.connections.find((c) => c.id === 'leaky') });
    const ack = await page.next('ack', (m) => m.rid === 's');
    expect(ack).toMatchObject({ ok: false, error: expect.stringContaining('refused in a redacted view') });
    expect(h.store.get('leaky')).toMatchObject({ args: ['server.mjs', `--token=${TOKEN}`] });
    page.close();
  });
});
