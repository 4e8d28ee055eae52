import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { readTraceText } from '../../lib/trace';
import { SessionStore } from '../store/store';
import { logFrame, testHeader } from '../store/testing';
import { ScriptedRegistry } from './testing/scripted-registry';
import { PageClient, startHarness, type Harness } from './testing/harness';

let dir: string;
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

async function ask<T extends 'history/listed' | 'history/trace' | 'ack'>(type: T, msg: Record<string, unknown>) {
  const rid = `r${Math.random()}`;
  page.send({ ...msg, rid });
  return page.next(type, (m) => (m as { rid?: string }).rid === rid);
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'loupe-history-'));
  store = new SessionStore(path.join(dir, 'sessions'));
  h = await startHarness(new ScriptedRegistry(), undefined, undefined, store);
  page = await PageClient.connect(h);
  await page.next('hello');
});

afterEach(async () => {
  page.close();
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

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
