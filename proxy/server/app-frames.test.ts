import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import { createSessionRegistry } from '../sessions/registry';
import { fixtureServer } from '../sessions/test-support';
import { openReadySession, PageClient, startHarness, type Harness } from './testing/harness';

let h: Harness;
beforeEach(async () => {
  h = await startHarness(createSessionRegistry());
});
afterEach(async () => {
  await h.close();
});

/** Every frame the page was sent for the session, snapshot and appends, until `done` holds. */
async function framesUntil(page: PageClient, sessionId: string, done: (frames: Frame[]) => boolean): Promise<Frame[]> {
  for (let waited = 0; ; waited += 50) {
    const frames = page.received.flatMap((m) => ((m.type === 'frames/snapshot' || m.type === 'frames/append') && m.sessionId === sessionId ? m.frames : []));
    if (done(frames)) return frames;
    if (waited > 10_000) throw new Error(`the trace never held what the test waits for; it has ${frames.length} frames`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function ack(page: PageClient, rid: string) {
  return page.next('ack', (m) => m.rid === rid);
}

describe("an MCP App's bridge, recorded into the session's trace", () => {
  it('numbers apps per session and records mount, messages both ways, violations and unmount on their channel', async () => {
    const page = await PageClient.connect(h);
    const session = await openReadySession(page, fixtureServer('apps-server.mjs'));
    page.send({ type: 'session/attach', rid: 'attach', sessionId: session.id });
    await ack(page, 'attach');

    page.send({ type: 'app/open', rid: 'o1', sessionId: session.id, toolName: 'clock', resourceUri: 'ui://apps-server/clock.html', requestId: 7 });
    expect(await ack(page, 'o1')).toMatchObject({ ok: true, channel: 'app:1' });
    page.send({ type: 'app/open', rid: 'o2', sessionId: session.id, toolName: 'clock', resourceUri: 'ui://apps-server/clock.html' });
    expect(await ack(page, 'o2')).toMatchObject({ ok: true, channel: 'app:2' });

    const init = '{"jsonrpc":"2.0","id":1,"method":"ui/initialize","params":{}}';
    page.send({ type: 'app/frame', rid: 'f1', sessionId: session.id, channel: 'app:1', dir: 'c2s', text: init });
    page.send({ type: 'app/frame', rid: 'f2', sessionId: session.id, channel: 'app:1', dir: 's2c', text: '{"jsonrpc":"2.0","id":1,"result":{}}' });
    page.send({ type: 'app/frame', rid: 'f3', sessionId: session.id, channel: 'app:1', dir: 'c2s', text: 'not json, recorded as it came' });
    page.send({
      type: 'app/csp-violation',
      rid: 'v1',
      sessionId: session.id,
      channel: 'app:1',
      directive: 'script-src-elem',
      blockedUri: 'https://cdn.other.example/lib.js',
      policy: "default-src 'none'",
    });
    page.send({ type: 'app/close', rid: 'c1', sessionId: session.id, channel: 'app:1', reason: 'closed by the user' });
    for (const rid of ['v1', 'c1']) expect((await ack(page, rid)).ok, rid).toBe(true);

    const frames = await framesUntil(page, session.id, (fs) => fs.some((f) => f.meta?.transport === 'app' && f.meta.event === 'app-unmounted'));
    const app1 = frames.filter((f) => f.channel === 'app:1');
    expect(app1.map((f) => [f.lane, f.dir, f.meta?.transport === 'app' ? f.meta.event : f.raw])).toEqual([
      ['lifecycle', 'local', 'app-mounted'],
      ['message', 'c2s', init],
      ['message', 's2c', '{"jsonrpc":"2.0","id":1,"result":{}}'],
      ['message', 'c2s', 'not json, recorded as it came'],
      ['lifecycle', 'local', 'csp-violation'],
      ['lifecycle', 'local', 'app-unmounted'],
    ]);
    expect(app1[0].meta).toEqual({ transport: 'app', event: 'app-mounted', toolName: 'clock', resourceUri: 'ui://apps-server/clock.html', requestId: 7 });
    expect(app1[4].meta).toMatchObject({ event: 'csp-violation', directive: 'script-src-elem', blockedUri: 'https://cdn.other.example/lib.js' });
    // Stamped by the proxy like any frame: dense seqs, time never going back.
    for (let i = 1; i < frames.length; i++) {
      expect(frames[i].seq).toBe(frames[i - 1].seq + 1);
      expect(frames[i].ts).toBeGreaterThanOrEqual(frames[i - 1].ts);
    }
    expect(frames.filter((f) => f.channel === 'app:2').map((f) => f.meta?.transport === 'app' && f.meta.event)).toEqual(['app-mounted']);
    // A bridge message the proxy recorded is not answered: the acks of the messages after them came, theirs never will.
    expect(page.received.filter((m) => m.type === 'ack' && ['f1', 'f2', 'f3'].includes(m.rid))).toEqual([]);

    // A closed channel takes nothing more.
    page.send({ type: 'app/frame', rid: 'late', sessionId: session.id, channel: 'app:1', dir: 'c2s', text: '{}' });
    expect(await ack(page, 'late')).toMatchObject({ ok: false, error: expect.stringMatching(/no open app on channel app:1/) });
    page.close();
  }, 30_000);

  it('refuses app messages that are malformed, name another channel, or carry fields it would not record', async () => {
    const page = await PageClient.connect(h);
    const session = await openReadySession(page, fixtureServer('apps-server.mjs'));
    const base = { sessionId: session.id, dir: 'c2s', text: '{}' };
    page.send({ type: 'app/frame', rid: 'a', ...base, channel: 'session' });
    expect((await page.next('error', (m) => m.rid === 'a')).message).toMatch(/^invalid app\/frame: channel: expected "app:<n>"/);
    page.send({ type: 'app/frame', rid: 'b', ...base, channel: 'app:1', dir: 'local' });
    expect((await page.next('error', (m) => m.rid === 'b')).message).toMatch(/^invalid app\/frame: dir: /);
    page.send({ type: 'app/frame', rid: 'c', ...base, channel: 'app:1', seq: 4 });
    expect((await page.next('error', (m) => m.rid === 'c')).message).toMatch(/^invalid app\/frame: .*seq/);
    page.send({ type: 'app/frame', rid: 'd', ...base, channel: 'app:9' });
    expect(await ack(page, 'd')).toMatchObject({ ok: false, error: expect.stringMatching(/no open app on channel app:9: mount it first/) });
    page.send({ type: 'app/open', rid: 'e', sessionId: 'nope', toolName: 'clock', resourceUri: 'ui://x' });
    expect(await ack(page, 'e')).toMatchObject({ ok: false, error: expect.stringMatching(/no session has the id "nope"/) });
    page.close();
  }, 30_000);

  it("unmounts a page's apps in the trace when its socket closes", async () => {
    const page = await PageClient.connect(h);
    const session = await openReadySession(page, fixtureServer('apps-server.mjs'));
    page.send({ type: 'app/open', rid: 'o', sessionId: session.id, toolName: 'clock', resourceUri: 'ui://apps-server/clock.html' });
    await ack(page, 'o');
    page.close();
    const other = await PageClient.connect(h);
    other.send({ type: 'session/attach', rid: 'attach', sessionId: session.id });
    const frames = await framesUntil(other, session.id, (fs) => fs.some((f) => f.meta?.transport === 'app' && f.meta.event === 'app-unmounted'));
    expect(frames.find((f) => f.meta?.transport === 'app' && f.meta.event === 'app-unmounted')).toMatchObject({
      channel: 'app:1',
      meta: { reason: 'the page closed' },
    });
    other.close();
  }, 30_000);
});
