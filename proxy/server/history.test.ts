import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { readTraceText } from '../../lib/trace';
import type { SessionStore } from '../store/store';
import { logFrame, testHeader } from '../store/testing';
import { startHistoryPage, type HistoryPage } from './testing/history-page';
import { PageClient, type Harness } from './testing/harness';

let proxy: HistoryPage;
let store: SessionStore;
let h: Harness;
let page: PageClient;

/** A stored session of `frames` log lines whose connection had `secret` in its env. */
function stored(name: string, frames: number, close = true, secret?: string, startedAt = Date.now()): string {
  const w = store.create({
    source: 'launched',
    header: testHeader(name),
    startedAt,
    ...(secret ? { secrets: [{ rule: 'env:API_KEY', value: secret }] } : {}),
  });
  for (let seq = 1; seq <= frames; seq++) {
    const f = logFrame(seq, seq * 1000);
    w.append(secret && seq === 1 ? { ...f, raw: f.raw.replace('tick 1', `tick ${secret}`) } : f);
  }
  if (close) w.close();
  else w.flush();
  return w.id;
}

async function ask<T extends 'history/listed' | 'history/trace' | 'history/window' | 'history/search-result' | 'ack'>(type: T, msg: Record<string, unknown>) {
  const rid = `r${Math.random()}`;
  page.send({ ...msg, rid });
  return page.next(type, (m) => (m as { rid?: string }).rid === rid);
}

beforeEach(async () => {
  proxy = await startHistoryPage('history');
  ({ store, h, page } = proxy);
});

afterEach(() => proxy.close());

describe('history', () => {
  it('lists the stored sessions newest first, with frames, size and state', async () => {
    const first = stored('first', 3, true, undefined, Date.now() - 1000);
    const second = stored('second', 5, false);
    const { sessions } = await ask('history/listed', { type: 'history/list' });
    expect(sessions.map((s) => [s.id, s.name, s.frames, s.state])).toEqual([
      [second, 'second', 5, 'recording'],
      [first, 'first', 3, 'clean'],
    ]);
    expect(sessions[1].bytes).toBeGreaterThan(0);
    expect(sessions[1].endedAt).toBeDefined();
  });

  it('opens a stored session as a trace with every frame, unredacted', async () => {
    const id = stored('opened', 4, true, 'sk-live-abcdef123456');
    const { text } = await ask('history/trace', { type: 'history/open', id });
    const trace = readTraceText(text);
    expect(trace.header.target.name).toBe('opened');
    expect(trace.frames.map((f) => f.seq)).toEqual([1, 2, 3, 4]);
    expect(text).toContain('sk-live-abcdef123456');
  });

  it('opens a stored session redacted in a redacted view (?redacted=1)', async () => {
    const id = stored('shared screen', 2, true, 'plain-words-kept-secret');
    const ws = new WebSocket(`ws://127.0.0.1:${h.server.port}/ws?token=${h.token}&redacted=1`, { headers: { Origin: h.origin } });
    const redacted = new PageClient(ws);
    await redacted.next('hello');
    redacted.send({ type: 'history/open', id, rid: 'open' });
    const { text } = await redacted.next('history/trace');
    redacted.close();
    expect(readTraceText(text).frames).toHaveLength(2);
    expect(text).not.toContain('plain-words-kept-secret');
  });

  it('exports a stored session with its secrets redacted, as loupe export does', async () => {
    const id = stored('exported', 2, true, 'sk-live-abcdef123456');
    const reply = await ask('history/trace', { type: 'history/export', id, redact: {} });
    expect(readTraceText(reply.text).frames).toHaveLength(2);
    expect(reply.text).not.toContain('sk-live-abcdef123456');
    expect(reply.redacted).toBeGreaterThan(0);
  });

  it('deletes a finished session and refuses one being recorded', async () => {
    const done = stored('done', 1);
    const live = stored('live', 1, false);
    expect(await ask('ack', { type: 'history/delete', id: done })).toMatchObject({ ok: true });
    const refused = await ask('ack', { type: 'history/delete', id: live });
    expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(/being recorded/) });
    expect(store.ids()).toEqual([live]);
  });

  it('refuses ids that are not stored session ids before touching the disk', async () => {
    for (const id of ['../sessions', '..', '20261206-154501-3fa9c1/../../x', '']) {
      const rid = `bad-${id}`;
      page.send({ type: 'history/delete', rid, id });
      expect((await page.next('error', (m) => m.rid === rid)).message).toMatch(/not a stored session id/);
    }
    const missing = await ask('ack', { type: 'history/open', id: '20200101-000000-abcdef' });
    expect(missing).toMatchObject({ ok: false, error: expect.stringMatching(/no session 20200101-000000-abcdef/) });
  });
});

describe('a window onto a stored session', () => {
  it("sends the newest frames, those from a seq and those before one, with the session's totals", async () => {
    const id = stored('windowed', 3000);
    const newest = await ask('history/window', { type: 'history/window', id, limit: 200 });
    expect(newest.frames.map((f) => f.seq)).toEqual(Array.from({ length: 200 }, (_, i) => 2801 + i));
    expect(newest).toMatchObject({ id, frameCount: 3000, firstSeq: 1, lastSeq: 3000, hasBefore: true, hasAfter: false, state: 'clean' });
    expect(newest.bytes).toBeGreaterThan(0);
    expect(newest.scannedBytes).toBeGreaterThan(0);
    expect(newest.scannedBytes).toBeLessThan(newest.bytes);
    const from = await ask('history/window', { type: 'history/window', id, fromSeq: 10, limit: 5 });
    expect(from.frames).toEqual([10, 11, 12, 13, 14].map((seq) => logFrame(seq, seq * 1000)));
    expect([from.hasBefore, from.hasAfter]).toEqual([true, true]);
    const before = await ask('history/window', { type: 'history/window', id, beforeSeq: 3, limit: 5 });
    expect(before.frames.map((f) => f.seq)).toEqual([1, 2]);
    expect([before.hasBefore, before.hasAfter]).toEqual([false, true]);
    const none = await ask('history/window', { type: 'history/window', id, limit: 5, filter: { dir: 'c2s' } });
    expect(none).toMatchObject({ frames: [], hasBefore: false, hasAfter: false, frameCount: 3000 });
  });

  it('sees every frame of a session still being recorded, those not yet flushed too', async () => {
    const w = store.create({ source: 'launched', header: testHeader('recording'), startedAt: Date.now() });
    for (let seq = 1; seq <= 50; seq++) w.append(logFrame(seq, seq));
    const first = await ask('history/window', { type: 'history/window', id: w.id, limit: 10 });
    expect(first.frames.map((f) => f.seq)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
    for (let seq = 51; seq <= 60; seq++) w.append(logFrame(seq, seq));
    const after = await ask('history/window', { type: 'history/window', id: w.id, fromSeq: 51, limit: 100 });
    expect(after.frames.map((f) => f.seq)).toEqual([51, 52, 53, 54, 55, 56, 57, 58, 59, 60]);
    expect(after).toMatchObject({ frameCount: 60, lastSeq: 60, hasBefore: true, hasAfter: false, state: 'recording' });
    // One past the last frame: nothing written since yet, an empty window rather than an error.
    const none = await ask('history/window', { type: 'history/window', id: w.id, fromSeq: 61, limit: 100 });
    expect(none).toMatchObject({ frames: [], lastSeq: 60, hasBefore: true, hasAfter: false, state: 'recording' });
    w.close();
    const closed = await ask('history/window', { type: 'history/window', id: w.id, fromSeq: 61, limit: 100 });
    expect(closed).toMatchObject({ frames: [], lastSeq: 60, state: 'clean' });
  });

  it('masks the OAuth credentials the session held, and redacts as an export in a redacted view', async () => {
    const id = stored('shared', 3, true, 'plain-words-kept-secret');
    const w = store.create({ source: 'launched', header: testHeader('oauth'), startedAt: Date.now() });
    w.addSecrets(['oauth-token-5f2a9c']);
    w.append({ ...logFrame(1, 1), raw: logFrame(1, 1).raw.replace('tick 1', 'Bearer oauth-token-5f2a9c') });
    w.close();
    const plain = await ask('history/window', { type: 'history/window', id, limit: 3 });
    expect(JSON.stringify(plain.frames)).toContain('plain-words-kept-secret');
    const masked = await ask('history/window', { type: 'history/window', id: w.id, limit: 3 });
    expect(masked.frames).toHaveLength(1);
    expect(masked.frames[0].raw).not.toContain('oauth-token-5f2a9c');
    expect(masked.frames[0].raw).toContain('«redacted:oauth:credential»');

    const ws = new WebSocket(`ws://127.0.0.1:${h.server.port}/ws?token=${h.token}&redacted=1`, { headers: { Origin: h.origin } });
    const redacted = new PageClient(ws);
    await redacted.next('hello');
    redacted.send({ type: 'history/window', id, limit: 3, rid: 'w' });
    const view = await redacted.next('history/window');
    redacted.close();
    expect(view.frames.map((f) => f.seq)).toEqual([1, 2, 3]);
    expect(JSON.stringify(view.frames)).not.toContain('plain-words-kept-secret');
    expect(view.frames[0].raw).toContain('«redacted:env:API_KEY»');
  });

  it('searches every frame of a stored session, a page at a time', async () => {
    const id = stored('searched', 40);
    const all = await ask('history/search-result', { type: 'history/search', id, text: 'TICK 3' });
    expect(all).toMatchObject({ id, seqs: [3, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39] });
    expect(all.next).toBeUndefined();
    expect(all.scannedBytes).toBeGreaterThan(0);
    const page1 = await ask('history/search-result', { type: 'history/search', id, text: 'tick 3', limit: 4 });
    expect(page1).toMatchObject({ seqs: [3, 30, 31, 32], next: 33 });
    const page2 = await ask('history/search-result', { type: 'history/search', id, text: 'tick 3', fromSeq: page1.next, limit: 4 });
    expect(page2.seqs).toEqual([33, 34, 35, 36]);
  });

  it('answers an unknown session, an anchor past the end and a bad request with what to do', async () => {
    const id = stored('short', 5);
    const missing = await ask('ack', { type: 'history/window', id: '20200101-000000-abcdef', limit: 10 });
    expect(missing).toMatchObject({ ok: false, error: expect.stringMatching(/no session 20200101-000000-abcdef .*loupe sessions/) });
    const past = await ask('ack', { type: 'history/window', id, fromSeq: 99, limit: 10 });
    expect(past).toMatchObject({ ok: false, error: expect.stringMatching(/fromSeq 99 is past the session's last frame \(seq 5\): ask for the newest/) });
    const searchMissing = await ask('ack', { type: 'history/search', id: '20200101-000000-abcdef', text: 'x' });
    expect(searchMissing).toMatchObject({ ok: false, error: expect.stringMatching(/no session/) });
    page.send({ type: 'history/window', rid: 'both', id, fromSeq: 1, beforeSeq: 3, limit: 10 });
    expect((await page.next('error', (m) => m.rid === 'both')).message).toMatch(/not both/);
    page.send({ type: 'history/window', rid: 'huge', id, limit: 100_000 });
    expect((await page.next('error', (m) => m.rid === 'huge')).message).toMatch(/limit/);
  });
});
