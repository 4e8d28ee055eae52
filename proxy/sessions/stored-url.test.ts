/**
 * A session reached by URL is stored as it runs, with its connection's secrets beside it, so its
 * export from disk redacts the configured header value as a live export would.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { readTraceText } from '../../lib/trace/reader';
import { startEverything, type RunningServer } from '../transports/http/testing';
import { exportStored } from '../store/export';
import { SessionStore } from '../store/store';
import { sessionFor } from './sources';

const TOKEN = 'stored-url-token-8c1f2e';
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

it('stores a URL session whole and exports it from disk with its header value redacted', async () => {
  const server: RunningServer = await startEverything('streamableHttp');
  cleanup.push(() => server.stop());
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-stored-url-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const store = new SessionStore(dir);
  const session = sessionFor(
    'u1',
    { id: 'u', name: 'everything over http', transport: 'http', url: server.url, headers: { 'X-Api-Key': TOKEN }, mode: 'streamable' },
    { protocolVersion: '2025-11-25', clientCapabilities: {} },
    { store },
  );
  cleanup.push(() => session.close());
  await session.start();
  expect(session.summary().status).toBe('ready');
  await session.request('tools/call', { name: 'echo', arguments: { message: `the key is ${TOKEN}` } });
  await session.close();

  const [listed] = store.list();
  expect(listed).toMatchObject({ id: session.storedId, source: 'url', state: 'clean', frames: session.frames().length, target: server.url });
  const stored = store.open(listed.id);
  expect([...stored.frames()]).toEqual(session.frames());
  expect(stored.meta.header.negotiatedVersion).toBe('2025-11-25');

  const file = path.join(dir, 'out.loupe.ndjson');
  const done = exportStored(stored, file, { loupeVersion: '0.1.0', redact: {} });
  const text = readFileSync(file, 'utf8');
  expect(text).not.toContain(TOKEN);
  expect(done.redacted).toBeGreaterThan(0);
  const trace = readTraceText(text);
  expect(trace.frames.map((f) => f.seq)).toEqual(session.frames().map((f) => f.seq));
  expect(trace.header.redaction?.count).toBe(done.redacted);
}, 30_000);
