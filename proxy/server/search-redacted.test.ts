/**
 * A search in a redacted view looks at the frames as that view shows them: typing a guess of a
 * secret must not tell which frames hold it. Both searches are checked through the page's socket,
 * over a real store: a stored session's (`history/search`) and a live session's copy on disk
 * (`session/search`). An ordinary page finds what it is shown, and never an OAuth credential,
 * which it is only ever shown masked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Connection } from '../../lib/wire/connection';
import type { ProxyMessage } from '../../lib/wire/protocol';
import { SessionStore } from '../store/store';
import { logFrame, testHeader } from '../store/testing';
import { PageClient, startHarness, type Harness } from './testing/harness';
import { ScriptedRegistry } from './testing/scripted-registry';

const KEY = 'envsecret-Q7w2E9r4T1y6';
const OAUTH = 'oauth-token-5f2a9c77';
const connection: Connection = { id: 'leaky', name: 'leaky', transport: 'stdio', command: 'node', args: ['server.mjs'], env: { API_KEY: KEY }, cwd: '/' };

let dir: string;
let sessions: SessionStore;
let registry: ScriptedRegistry;
let h: Harness;
const pages: PageClient[] = [];

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'loupe-search-redacted-'));
  sessions = new SessionStore(path.join(dir, 'sessions'));
  registry = new ScriptedRegistry();
  h = await startHarness(registry, undefined, undefined, sessions);
  await h.store.save(connection);
});

afterEach(async () => {
  for (const p of pages.splice(0)) p.close();
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A stored session of 20 log lines; frame 5 holds the env secret, frame 9 the OAuth credential. */
function storedWithSecrets(): string {
  const w = sessions.create({ source: 'launched', header: testHeader('leaky'), startedAt: Date.now(), secrets: [{ rule: 'env:API_KEY', value: KEY }] });
  w.addSecrets([OAUTH]);
  for (let seq = 1; seq <= 20; seq++) {
    const f = logFrame(seq, seq * 1000);
    const text = seq === 5 ? `key ${KEY} used` : seq === 9 ? `Bearer ${OAUTH} sent` : `tick ${seq}`;
    w.append({ ...f, raw: f.raw.replace(`tick ${seq}`, text) });
  }
  w.close();
  return w.id;
}

async function page(redacted: boolean): Promise<PageClient> {
  const ws = new WebSocket(`ws://127.0.0.1:${h.server.port}/ws?token=${h.token}${redacted ? '&redacted=1' : ''}`, { headers: { Origin: h.origin } });
  const p = new PageClient(ws);
  pages.push(p);
  await p.next('hello');
  return p;
}

let rids = 0;
/** The seqs a search finds, or the error it is refused with. */
async function searched(p: PageClient, msg: { type: 'history/search' | 'session/search' } & Record<string, unknown>): Promise<number[] | string | undefined> {
  const rid = `r${rids++}`;
  p.send({ ...msg, rid });
  const answered = (m: ProxyMessage) => (m as { rid?: string }).rid === rid;
  for (;;) {
    const m = p.received.find(answered);
    if (m?.type === 'ack') return m.ok ? undefined : m.error;
    if (m?.type === 'history/search-result' || m?.type === 'session/search-result') return m.seqs;
    if (m) throw new Error(`a search answered ${m.type}`);
    // Registered before any message can arrive: the socket's events come in a later turn.
    await new Promise((resolve) => p.ws.once('message', resolve));
  }
}

describe('a search in a redacted view', () => {
  it('finds in a stored session (history/search) only what the view shows', async () => {
    const id = storedWithSecrets();
    const search = (p: PageClient, text: string) => searched(p, { type: 'history/search', id, text });
    const redacted = await page(true);
    expect(await search(redacted, KEY)).toEqual([]);
    expect(await search(redacted, 'Q7w2E9')).toEqual([]);
    expect(await search(redacted, OAUTH)).toEqual([]);
    expect(await search(redacted, 'key ')).toEqual([5]);
    expect(await search(redacted, 'tick 1')).toEqual([1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);

    const plain = await page(false);
    expect(await search(plain, KEY)).toEqual([5]);
    expect(await search(plain, OAUTH)).toEqual([]);
    expect(await search(plain, 'bearer')).toEqual([9]);
  });

  it("finds in a live session's copy on disk (session/search) only what the view shows", async () => {
    const live = registry.open(connection, { protocolVersion: '2025-11-25', clientCapabilities: {} });
    Object.assign(live, { storedId: storedWithSecrets(), maskedSecrets: () => [OAUTH] });
    const search = (p: PageClient, text: string) => searched(p, { type: 'session/search', sessionId: live.id, text });
    const redacted = await page(true);
    expect(await search(redacted, KEY)).toEqual([]);
    expect(await search(redacted, 'Q7w2E9')).toEqual([]);
    expect(await search(redacted, OAUTH)).toEqual([]);
    expect(await search(redacted, 'key ')).toEqual([5]);
    expect(await search(redacted, 'tick 2')).toEqual([2, 20]);
    expect(await search(redacted, '«redacted:')).toMatch(/not in the «redacted:…» markers/);

    const plain = await page(false);
    expect(await search(plain, KEY)).toEqual([5]);
    expect(await search(plain, OAUTH)).toEqual([]);
  });
});
