import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProxyMessage } from '../../lib/wire/protocol';
import { createSessionRegistry } from '../sessions/registry';
import { PageClient, startHarness, type Harness } from './testing/harness';

type WireFrame = Extract<ProxyMessage, { type: 'frames/append' }>['frames'][number];

let h: Harness;
beforeEach(async () => {
  h = await startHarness(createSessionRegistry());
});
afterEach(async () => {
  await h.close();
});

/** Snapshot (its chunks) plus appends until `done` says the trace holds what the test waits for. */
async function traceUntil(page: PageClient, sessionId: string, done: (frames: WireFrame[]) => boolean): Promise<WireFrame[]> {
  const frames: WireFrame[] = [];
  let snap;
  do {
    snap = await page.next('frames/snapshot', (m) => m.sessionId === sessionId);
    frames.push(...snap.frames);
  } while (snap.more);
  while (!done(frames)) frames.push(...(await page.next('frames/append', (m) => m.sessionId === sessionId, 15_000)).frames);
  return frames;
}

const methodOf = (f: WireFrame) => {
  try {
    return (JSON.parse(f.raw) as { method?: string }).method;
  } catch {
    return undefined;
  }
};
const idOf = (f: WireFrame) => {
  try {
    return (JSON.parse(f.raw) as { id?: unknown }).id;
  } catch {
    return undefined;
  }
};

describe('the built-in server-everything over the socket', () => {
  it('opens from hello with no typing, streams the handshake, and a second page sees the same trace', async () => {
    const page = await PageClient.connect(h);
    const hello = await page.next('hello');
    page.send({ type: 'session/open', rid: 'open', connectionId: hello.connections[0].id, options: hello.defaults });
    const { sessionId } = await page.next('ack', (a) => a.rid === 'open');
    expect(sessionId).toBeTruthy();
    page.send({ type: 'session/attach', rid: 'attach', sessionId });
    await page.next('ack', (a) => a.rid === 'attach');

    const hasInitialized = (fs: WireFrame[]) => fs.some((f) => methodOf(f) === 'notifications/initialized');
    const frames = await traceUntil(page, sessionId!, hasInitialized);
    const init = frames.find((f) => f.dir === 'c2s' && methodOf(f) === 'initialize')!;
    expect(JSON.parse(init.raw).params.protocolVersion).toBe('2025-11-25');
    expect(frames.some((f) => f.dir === 's2c' && idOf(f) === idOf(init) && JSON.parse(f.raw).result?.serverInfo)).toBe(true);
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i + 1));

    // The session turns ready around the frames that made it so: its update may have come before
    // the last batch read above, so it is looked for among everything received.
    const isReady = (m: (typeof page.received)[number]) => m.type === 'sessions/update' && m.sessions.some((s) => s.id === sessionId && s.status === 'ready');
    await vi.waitFor(() => expect(page.received.some(isReady)).toBe(true), { timeout: 15_000 });
    const ready = page.received.find(isReady) as Extract<(typeof page.received)[number], { type: 'sessions/update' }>;
    expect(ready.sessions[0]).toMatchObject({ negotiatedVersion: '2025-11-25', attached: 1 });

    page.send({ type: 'session/request', rid: 'tools', sessionId, method: 'tools/list' });
    const tools = await page.next('request/result', (m) => m.rid === 'tools', 15_000);
    expect((tools.result as { tools: { name: string }[] }).tools.map((t) => t.name)).toContain('echo');
    page.send({ type: 'session/request', rid: 'echo', sessionId, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } });
    expect(JSON.stringify((await page.next('request/result', (m) => m.rid === 'echo', 15_000)).result)).toContain('hi');

    const second = await PageClient.connect(h);
    await second.next('hello');
    second.send({ type: 'session/attach', sessionId });
    const seen = await traceUntil(second, sessionId!, (fs) => fs.length >= frames.length);
    expect(seen.slice(0, frames.length)).toEqual(frames);
    expect(seen.some((f) => methodOf(f) === 'tools/call')).toBe(true);
    page.close();
    second.close();

    const pid = ready.sessions[0].pid!;
    expect(() => process.kill(pid, 0)).not.toThrow();
    await h.close();
    expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
  });

  it('answers pings sent back to back only to the asker, and the attached page gets every frame once, in order', async () => {
    const page = await PageClient.connect(h);
    const other = await PageClient.connect(h);
    const hello = await page.next('hello');
    await other.next('hello');
    page.send({ type: 'session/open', rid: 'open', connectionId: hello.connections[0].id, options: hello.defaults });
    const { sessionId } = await page.next('ack', (a) => a.rid === 'open');
    await page.next('sessions/update', (m) => m.sessions.some((s) => s.id === sessionId && s.status === 'ready'));
    page.send({ type: 'session/attach', rid: 'attach', sessionId });
    await page.next('ack', (a) => a.rid === 'attach');
    const snapshotEnd = (await page.next('frames/snapshot', (m) => m.sessionId === sessionId)).endSeq;

    // The frames reach listeners in batches behind the replies: none may be lost, doubled or reordered.
    const count = 50;
    for (let i = 0; i < count; i++) page.send({ type: 'session/request', rid: `p${i}`, sessionId, method: 'ping' });
    for (let i = 0; i < count; i++) expect((await page.next('request/result', (m) => m.rid === `p${i}`, 15_000)).result).toEqual({});
    const streamed = () => page.received.flatMap((m) => (m.type === 'frames/append' && m.sessionId === sessionId ? m.frames : []));
    const pingsIn = (fs: WireFrame[]) => fs.filter((f) => f.dir === 'c2s' && methodOf(f) === 'ping');
    const answered = (fs: WireFrame[]) =>
      pingsIn(fs).length === count && fs.filter((f) => f.dir === 's2c' && pingsIn(fs).some((p) => idOf(p) === idOf(f))).length === count;
    const deadline = Date.now() + 15_000;
    while (!answered(streamed()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const frames = streamed();
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => snapshotEnd + 1 + i));
    const pings = pingsIn(frames);
    expect(pings).toHaveLength(count);
    for (const request of pings) {
      const answer = frames.findIndex((f) => f.dir === 's2c' && idOf(f) === idOf(request));
      expect(answer).toBeGreaterThan(frames.indexOf(request));
    }
    expect(other.received.some((m) => m.type === 'request/result')).toBe(false);
    page.close();
    other.close();
  });
});
