import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { MASKED_VALUE } from '../../lib/wire/connection';
import { readTraceText } from '../../lib/trace';
import { Registry } from '../sessions/registry';
import { PageClient, startHarness, type Harness } from '../server/testing/harness';
import { MAX_LISTED_HITS } from '../../lib/wire/trace-export';
import { answerExport } from './export-request';

const SECRET = 'planted-env-secret-93f1c0d2b8';
const server = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const options = { protocolVersion: '2025-06-18', clientCapabilities: {} };

let h: Harness;
let page: PageClient;
let pageSees: unknown;
beforeEach(async () => {
  h = await startHarness(new Registry());
  await h.store.save({
    id: 'planted',
    name: 'planted',
    transport: 'stdio',
    command: process.execPath,
    args: [server, 'stdio'],
    env: { SERVICE_API_TOKEN: SECRET },
  });
  page = await PageClient.connect(h);
  pageSees = (await page.next('hello')).connections.find((c) => c.id === 'planted');
});
afterEach(async () => {
  await h.close();
});

/** Opens the planted connection and has the server echo the secret back through a tool call. */
async function sessionWithEcho(): Promise<string> {
  page.send({ type: 'session/open', rid: 'open', connectionId: 'planted', options });
  const sessionId = (await page.next('ack', (a) => a.rid === 'open')).sessionId!;
  await page.next('sessions/update', (m) => m.sessions.some((s) => s.id === sessionId && s.status === 'ready'), 20_000);
  page.send({
    type: 'session/request',
    rid: 'echo',
    sessionId,
    method: 'tools/call',
    params: { name: 'echo', arguments: { message: `my token is ${SECRET}` } },
  });
  await page.next('request/result', (r) => r.rid === 'echo', 20_000);
  return sessionId;
}

describe('session/export', () => {
  it('redacts on the proxy the env values the page only sees masked; the opt-out keeps them', async () => {
    expect(pageSees).toMatchObject({ env: { SERVICE_API_TOKEN: MASKED_VALUE } });
    const sessionId = await sessionWithEcho();

    page.send({ type: 'session/export', rid: 'p', sessionId, selection: { kind: 'all' }, redact: {}, preview: true });
    const preview = await page.next('session/exported', (m) => m.rid === 'p');
    expect(preview.text).toBeUndefined();
    expect(preview.hits.filter((x) => x.rule === 'env:SERVICE_API_TOKEN').length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(preview)).not.toContain(SECRET);

    page.send({ type: 'session/export', rid: 'f', sessionId, selection: { kind: 'all' }, redact: {}, preview: false });
    const file = await page.next('session/exported', (m) => m.rid === 'f');
    expect(file.text).toContain('«redacted:env:SERVICE_API_TOKEN»');
    expect(file.text).not.toContain(SECRET);
    expect(readTraceText(file.text!).frames).toHaveLength(file.frameCount);

    page.send({ type: 'session/export', rid: 'o', sessionId, selection: { kind: 'all' }, redact: false, preview: false });
    const plain = await page.next('session/exported', (m) => m.rid === 'o');
    expect(plain.hits).toEqual([]);
    expect(plain.text).toContain(SECRET);
  }, 40_000);

  it('exports a selection with its own seqs, and refuses a bad custom rule with the reason', async () => {
    const sessionId = await sessionWithEcho();
    page.send({ type: 'session/export', rid: 's', sessionId, selection: { kind: 'frames', seqs: [3, 5] }, redact: {}, preview: false });
    const part = readTraceText((await page.next('session/exported', (m) => m.rid === 's')).text!);
    expect(part.frames.map((f) => f.seq)).toEqual([3, 5]);
    expect(part.header.selection).toMatchObject({ kind: 'frames', fromSeq: 3, toSeq: 5 });

    // A multi-selection travels as seq ranges; the file holds exactly those frames, in seq order.
    page.send({
      type: 'session/export',
      rid: 'm',
      sessionId,
      selection: {
        kind: 'ranges',
        ranges: [
          [6, 6],
          [2, 3],
        ],
      },
      redact: {},
      preview: false,
    });
    const marked = await page.next('session/exported', (m) => m.rid === 'm');
    expect(marked.frameCount).toBe(3);
    expect(readTraceText(marked.text!).frames.map((f) => f.seq)).toEqual([2, 3, 6]);

    page.send({ type: 'session/export', rid: 'bad', sessionId, selection: { kind: 'all' }, redact: { custom: [{ regex: '(' }] }, preview: true });
    expect(await page.next('ack', (a) => a.rid === 'bad')).toMatchObject({ ok: false });
    page.send({ type: 'session/export', rid: 'gone', sessionId: 'nope', selection: { kind: 'all' }, redact: {}, preview: true });
    expect(await page.next('ack', (a) => a.rid === 'gone')).toMatchObject({ ok: false, error: expect.stringContaining('nope') });
  }, 40_000);
});

describe('answerExport', () => {
  it('lists at most MAX_LISTED_HITS redactions and counts them all', () => {
    const secret = 'many-times-secret-0c9d8e7f';
    const frames = Array.from({ length: MAX_LISTED_HITS + 200 }, (_, i) => {
      const raw = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: secret } });
      return { seq: i + 1, ts: i, dir: 's2c' as const, lane: 'message' as const, raw, size: raw.length };
    });
    const session = {
      connection: { id: 'c', name: 'c', transport: 'stdio' as const, command: 'x', args: [], env: { APP_SECRET: secret } },
      frames: () => frames,
      summary: () => ({
        id: 's',
        connectionId: 'c',
        name: 'c',
        transport: 'stdio' as const,
        status: 'ready' as const,
        startedAt: 0,
        lastSeq: frames.length,
        attached: 0,
      }),
    };
    const a = answerExport(session, { type: 'session/export', rid: 'r', sessionId: 's', selection: { kind: 'all' }, redact: {}, preview: true });
    expect(a.hits).toHaveLength(MAX_LISTED_HITS);
    expect(a.hitCount).toBe(MAX_LISTED_HITS + 200);
    expect(a.text).toBeUndefined();
  });
});
