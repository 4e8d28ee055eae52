import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MASKED_VALUE } from '../../lib/wire/connection';
import type { Frame } from '../../lib/mcp/frame';
import { BATCH_FRAMES, SNAPSHOT_CHUNK_FRAMES } from './frame-stream';
import { ScriptedRegistry } from './testing/scripted-registry';
import { PageClient, startHarness, type Harness } from './testing/harness';

let registry: ScriptedRegistry;
let h: Harness;
let page: PageClient;
const options = { protocolVersion: '2025-11-25', clientCapabilities: {} };

beforeEach(async () => {
  registry = new ScriptedRegistry();
  h = await startHarness(registry);
  page = await PageClient.connect(h);
  await page.next('hello');
});
afterEach(async () => {
  await h.close();
});

async function openSession(client = page): Promise<string> {
  client.send({ type: 'session/open', rid: 'open', connectionId: 'server-everything', options });
  const ack = await client.next('ack', (a) => a.rid === 'open');
  expect(ack.ok).toBe(true);
  return ack.sessionId!;
}

/** Collects what a page has been given for a session: the snapshot's chunks, then every append. */
async function framesUntil(client: PageClient, sessionId: string, lastSeq: number): Promise<number[]> {
  const seqs: number[] = [];
  let snap;
  do {
    snap = await client.next('frames/snapshot', (m) => m.sessionId === sessionId);
    seqs.push(...snap.frames.map((f) => f.seq));
  } while (snap.more);
  expect(snap.endSeq).toBe(seqs.at(-1) ?? 0);
  while ((seqs.at(-1) ?? 0) < lastSeq) {
    const batch = await client.next('frames/append', (m) => m.sessionId === sessionId);
    expect(batch.frames.length).toBeLessThanOrEqual(BATCH_FRAMES);
    seqs.push(...batch.frames.map((f) => f.seq));
  }
  return seqs;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('the socket protocol', () => {
  it('opens a session from a connection id with the stored (unmasked) connection', async () => {
    const id = await openSession();
    expect(registry.get(id)!.connection).toEqual(h.store.get('server-everything'));
    expect((await page.next('sessions/update')).sessions.map((s) => s.id)).toEqual([id]);
    page.send({ type: 'session/open', rid: 'bad', connectionId: 'nope', options });
    expect(await page.next('ack', (a) => a.rid === 'bad')).toMatchObject({ ok: false, error: 'no connection has the id "nope"' });
  });

  it('attaches with a snapshot then live batches: every frame once, in order, under a flood', async () => {
    const id = await openSession();
    const session = registry.get(id)!;
    session.record(1000);
    page.send({ type: 'session/attach', rid: 'a', sessionId: id });
    // Frames announced again after the snapshot holds them, and a stored-but-unannounced stretch
    // (a hole in the live events), must give neither a duplicate nor a gap.
    setTimeout(() => {
      session.announce(session.frames().slice(990) as Frame[]);
      session.record(5000);
      session.record(50, false);
      session.record(7);
    }, 5);
    const seqs = await framesUntil(page, id, 6057);
    expect(seqs).toEqual(range(6057));
    expect(session.attached).toBe(1);
  });

  it('sends a large session in chunks, then the frames recorded meanwhile: each once, in order', async () => {
    const id = await openSession();
    const session = registry.get(id)!;
    session.record(3 * SNAPSHOT_CHUNK_FRAMES + 5);
    page.send({ type: 'session/attach', rid: 'a', sessionId: id });
    // Frames keep coming while the chunks go out, one turn of the event loop each.
    const more = setInterval(() => session.record(40), 1);
    const seqs = await framesUntil(page, id, 3 * SNAPSHOT_CHUNK_FRAMES + 5 + 400);
    clearInterval(more);
    expect(seqs).toEqual(range(seqs.length));
    const frameMessages = page.received.filter((m) => m.type === 'frames/snapshot' || m.type === 'frames/append');
    const chunks = frameMessages.filter((m) => m.type === 'frames/snapshot');
    // On a busy machine the timer may record a batch before the proxy reads the attach: the
    // snapshot then holds it too. Whatever its end, every chunk names the same one.
    const endSeq = chunks[0].endSeq;
    expect(endSeq).toBeGreaterThanOrEqual(3 * SNAPSHOT_CHUNK_FRAMES + 5);
    expect(new Set(chunks.map((c) => c.endSeq))).toEqual(new Set([endSeq]));
    expect(chunks.length).toBe(Math.ceil(endSeq / SNAPSHOT_CHUNK_FRAMES));
    expect(chunks.map((c) => c.more ?? false)).toEqual(chunks.map((_, i) => i < chunks.length - 1));
    expect(chunks.at(-1)!.frames.at(-1)!.seq).toBe(endSeq);
    // No live batch overtakes the snapshot: the chunks come first, then only appends.
    expect(frameMessages.slice(0, chunks.length)).toEqual(chunks);
    // The client panel does not wait for the frames: its state comes right after the first chunk.
    const types = page.received.map((m) => m.type).filter((t) => t === 'frames/snapshot' || t === 'client/snapshot');
    expect(types.slice(0, 2)).toEqual(['frames/snapshot', 'client/snapshot']);
  });

  it('gives a second page the same frames, and counts attachments until sockets close', async () => {
    const id = await openSession();
    const session = registry.get(id)!;
    session.record(20);
    page.send({ type: 'session/attach', sessionId: id });
    const second = await PageClient.connect(h);
    second.send({ type: 'session/attach', sessionId: id });
    setTimeout(() => session.record(30), 5);
    expect(await framesUntil(page, id, 50)).toEqual(range(50));
    expect(await framesUntil(second, id, 50)).toEqual(range(50));
    expect(session.attached).toBe(2);
    second.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(session.attached).toBe(1);
  });

  it('sends the pending server requests on attach and when they change', async () => {
    const id = await openSession();
    page.send({ type: 'session/attach', sessionId: id });
    expect(await page.next('server-requests/update')).toEqual({ type: 'server-requests/update', sessionId: id, pending: [] });
    const pending = [{ key: 'k1', sessionId: id, method: 'roots/list', params: {}, receivedAt: 1 }];
    registry.get(id)!.setPending(pending);
    expect((await page.next('server-requests/update')).pending).toEqual(pending);
    page.send({ type: 'server-request/answer', rid: 'ans', sessionId: id, key: 'k1', result: { roots: [] } });
    expect(await page.next('ack', (a) => a.rid === 'ans')).toMatchObject({ ok: true });
    expect(registry.get(id)!.answers).toEqual([{ key: 'k1', answer: { result: { roots: [] }, error: undefined } }]);
  });

  it('carries awaited requests to their results and errors', async () => {
    const id = await openSession();
    page.send({ type: 'session/request', rid: 'q1', sessionId: id, method: 'ping', params: { x: 1 } });
    expect(await page.next('request/result', (m) => m.rid === 'q1')).toEqual({
      type: 'request/result',
      rid: 'q1',
      result: { echoed: { method: 'ping', params: { x: 1 } } },
    });
    page.send({ type: 'session/request', rid: 'q2', sessionId: id, method: 'fail' });
    expect(await page.next('request/result', (m) => m.rid === 'q2')).toEqual({
      type: 'request/result',
      rid: 'q2',
      error: { code: -32601, message: 'method not found' },
    });
    page.send({ type: 'session/request', sessionId: id, method: 'tools/list' });
    expect((await page.next('error')).message).toMatch(/needs a "rid"/);
  });

  it('streams the client state: a snapshot on attach, then each change; a call is cancelled by its id', async () => {
    const id = await openSession();
    page.send({ type: 'session/attach', sessionId: id });
    expect((await page.next('client/snapshot')).state).toMatchObject({ lists: {}, calls: [] });
    page.send({ type: 'client/list', rid: 'l1', sessionId: id, list: 'tools' });
    await page.next('ack', (a) => a.rid === 'l1');
    expect((await page.next('client/update', (m) => m.patch.lists?.tools !== undefined)).patch.lists?.tools).toMatchObject({
      items: [{ name: 'a' }],
      nextCursor: 'p2',
    });
    page.send({ type: 'client/list', rid: 'l2', sessionId: id, list: 'tools', more: true });
    await page.next('ack', (a) => a.rid === 'l2');
    expect((await page.next('client/update', (m) => m.patch.lists?.tools?.pages === 2)).patch.lists?.tools?.items).toEqual([{ name: 'a' }, { name: 'b' }]);
    page.send({ type: 'client/call', rid: 'c1', sessionId: id, method: 'slow' });
    const { callId } = await page.next('ack', (a) => a.rid === 'c1');
    expect(callId).toBeTruthy();
    const progress = await page.next('client/update', (m) => m.patch.calls?.some((c) => c.progress !== undefined) === true);
    expect(progress.patch.calls?.[0]).toMatchObject({ id: callId, method: 'slow', status: 'running', progress: { progress: 1, total: 2, message: 'half' } });
    page.send({ type: 'client/cancel', rid: 'x1', sessionId: id, callId });
    await page.next('ack', (a) => a.rid === 'x1');
    const ended = await page.next('client/update', (m) => m.patch.calls?.[0]?.status === 'failed');
    expect(ended.patch.calls?.[0].error).toMatchObject({ message: 'cancelled by the page' });
    page.send({ type: 'client/cancel', rid: 'x2', sessionId: id, callId });
    expect(await page.next('ack', (a) => a.rid === 'x2')).toMatchObject({ ok: false, error: expect.stringMatching(/no call/) });
  });

  it('sends raw text, closes and forgets a session', async () => {
    const id = await openSession();
    page.send({ type: 'session/attach', sessionId: id });
    page.send({ type: 'session/send-raw', rid: 'raw', sessionId: id, text: '{"broken": ' });
    expect(await page.next('ack', (a) => a.rid === 'raw')).toMatchObject({ ok: true });
    expect(registry.get(id)!.sentRaw).toEqual(['{"broken": ']);
    page.send({ type: 'session/close', rid: 'close', sessionId: id });
    await page.next('ack', (a) => a.rid === 'close');
    expect((await page.next('sessions/update', (m) => m.sessions[0]?.status === 'closed')).sessions[0].id).toBe(id);
    page.send({ type: 'session/forget', rid: 'forget', sessionId: id });
    await page.next('ack', (a) => a.rid === 'forget');
    expect(registry.get(id)).toBeUndefined();
    expect((await page.next('sessions/update', (m) => m.sessions.length === 0)).sessions).toEqual([]);
    page.send({ type: 'session/attach', rid: 'gone', sessionId: id });
    expect(await page.next('ack', (a) => a.rid === 'gone')).toMatchObject({ ok: false, error: expect.stringMatching(/no session has the id/) });
  });

  it('opens a session with the options of an edit sent just before, however long the edit takes to write', async () => {
    const conn = { id: 'edited', name: 'Edited', transport: 'stdio', command: 'node', args: ['s.js'], env: {} };
    page.send({ type: 'connections/save', rid: 'first', connection: conn });
    await page.next('ack', (a) => a.rid === 'first');
    // The page saves the options and, without waiting for the answer, connects (Connect right after an edit).
    page.send({ type: 'connections/save', rid: 'edit', connection: { ...conn, options: { protocolVersion: '2025-06-18' } } });
    page.send({ type: 'session/open', rid: 'open', connectionId: 'edited', options });
    const ack = await page.next('ack', (a) => a.rid === 'open');
    expect(registry.get(ack.sessionId!)!.connection.options).toEqual({ protocolVersion: '2025-06-18' });
  });

  it('saves connections with masked secrets and broadcasts the list to every page', async () => {
    const other = await PageClient.connect(h);
    await other.next('hello');
    const conn = { id: 'mine', name: 'Mine', transport: 'stdio', command: 'node', args: ['s.js'], env: { GITHUB_TOKEN: 'ghp_real', MODE: 'x' } };
    page.send({ type: 'connections/save', rid: 'save', connection: conn });
    expect(await page.next('ack', (a) => a.rid === 'save')).toMatchObject({ ok: true });
    const update = await other.next('connections/update');
    expect(update.connections[1]).toMatchObject({ id: 'mine', env: { GITHUB_TOKEN: MASKED_VALUE, MODE: 'x' } });
    page.send({ type: 'connections/save', rid: 'save2', connection: { ...update.connections[1], name: 'Renamed' } });
    await page.next('ack', (a) => a.rid === 'save2');
    expect(h.store.get('mine')).toMatchObject({ name: 'Renamed', env: { GITHUB_TOKEN: 'ghp_real' } });
    page.send({ type: 'connections/import', rid: 'imp', json: JSON.stringify({ mcpServers: { a: { command: 'x' }, b: {} } }) });
    expect(await page.next('ack', (a) => a.rid === 'imp')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^imported 1, could not import: "b": needs either/),
    });
    expect(h.store.get('imported-a')).toBeDefined();
    page.send({ type: 'connections/delete', rid: 'del', id: 'mine' });
    await page.next('ack', (a) => a.rid === 'del');
    expect(h.store.get('mine')).toBeUndefined();
  });
});
