/**
 * `history/findings`: the findings kept when a stored session closed, sent to the page with their
 * messages redacted as the frames beside them are (the OAuth credentials masked; in a redacted
 * view, as an export), or why there are none.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { SessionStore } from '../store/store';
import { logFrame, stdoutLine, testHeader } from '../store/testing';
import { PageClient, type Harness } from './testing/harness';
import { startHistoryPage, type FindingsReply, type HistoryPage } from './testing/history-page';

const SECRET = 'plain-words-kept-secret';
const TOKEN = 'oauth-token-5f2a9c';

let proxy: HistoryPage;
let store: SessionStore;
let h: Harness;
let page: PageClient;

beforeEach(async () => {
  proxy = await startHistoryPage('history-findings');
  ({ store, h, page } = proxy);
});

afterEach(() => proxy.close());

/** A closed session whose connection had SECRET in its env and whose OAuth client held TOKEN; both quoted on stdout. */
async function leaky(): Promise<string> {
  const w = store.create({ source: 'launched', header: testHeader('leaky'), startedAt: Date.now(), secrets: [{ rule: 'env:API_KEY', value: SECRET }] });
  w.addSecrets([TOKEN]);
  w.append(logFrame(1, 1000));
  w.append(stdoutLine(2, `starting with key ${SECRET}`));
  w.append(stdoutLine(3, `token ${TOKEN} refreshed`));
  w.close();
  await w.counted;
  return w.id;
}

async function findings(client: PageClient, id: string): Promise<FindingsReply> {
  const rid = `f${Math.random()}`;
  client.send({ type: 'history/findings', id, rid });
  return client.next('history/findings', (m) => m.rid === rid);
}

it("sends the findings kept when the session closed, in seq order, with the OAuth client's credentials masked", async () => {
  const id = await leaky();
  const reply = await findings(page, id);
  expect(reply).toMatchObject({ id, total: 2, capped: false });
  expect(reply.none).toBeUndefined();
  expect(reply.findings.map((f) => [f.rule, f.severity, f.frames])).toEqual([
    ['stdio.non-json-line', 'error', [2]],
    ['stdio.non-json-line', 'error', [3]],
  ]);
  // The page shows the traffic as it crossed, credentials aside: the env value stays, the token does not.
  expect(reply.findings[0].message).toContain(SECRET);
  expect(reply.findings[1].message).not.toContain(TOKEN);
  expect(reply.findings[1].message).toContain('«redacted:oauth:credential»');
});

it("redacts the findings' messages as an export of the session in a redacted view (?redacted=1)", async () => {
  const id = await leaky();
  const ws = new WebSocket(`ws://127.0.0.1:${h.server.port}/ws?token=${h.token}&redacted=1`, { headers: { Origin: h.origin } });
  const redacted = new PageClient(ws);
  await redacted.next('hello');
  const reply = await findings(redacted, id);
  redacted.close();
  expect(reply.findings.map((f) => f.frames[0])).toEqual([2, 3]);
  expect(JSON.stringify(reply)).not.toContain(SECRET);
  expect(JSON.stringify(reply)).not.toContain(TOKEN);
  expect(reply.findings[0].message).toContain('«redacted:env:API_KEY»');
  expect(reply.findings[0].message).toMatch(/^a non-JSON line on the server's stdout: "starting with key «redacted:env:API_KEY»"/);
});

it('says why a session has none: still recording, or kept by no one', async () => {
  const w = store.create({ source: 'launched', header: testHeader('open'), startedAt: Date.now() });
  w.append(stdoutLine(1, 'not json'));
  w.flush();
  expect(await findings(page, w.id)).toMatchObject({ findings: [], total: 0, capped: false, none: 'recording' });
  w.close();
  await w.counted;
  expect(await findings(page, w.id)).toMatchObject({ total: 1, capped: false, findings: [{ rule: 'stdio.non-json-line', frames: [1] }] });
  page.send({ type: 'history/findings', id: '20200101-000000-abcdef', rid: 'missing' });
  expect(await page.next('ack', (m) => m.rid === 'missing')).toMatchObject({ ok: false, error: expect.stringMatching(/no session 20200101-000000-abcdef/) });
});
