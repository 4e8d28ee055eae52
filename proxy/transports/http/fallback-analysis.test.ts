import { afterEach, describe, expect, it } from 'vitest';
import { analyze } from '../../../lib/analyze';
import { createHttpTransport } from './index';
import { FrameLog, MiniClient, startEverything, testClock, type RunningServer } from './testing';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

describe('the analyser on an auto-mode fallback to HTTP+SSE', () => {
  it('does not call the initialize that crossed twice a duplicate: the first never reached a session', async () => {
    const server = await startEverything('sse');
    running.push(server);
    const log = new FrameLog();
    const t = createHttpTransport({ url: server.url, headers: {}, mode: 'auto' }, testClock);
    t.onCrossing = log.sink;
    await t.start();
    const c = new MiniClient(t);
    await c.handshake();
    await c.request('tools/list');
    await t.close();
    const inits = log.messages('c2s').filter((f) => f.raw.includes('"initialize"'));
    expect(inits).toHaveLength(2);
    const rules = analyze(log.frames).annotations.map((a) => a.rule);
    expect(rules.filter((r) => r.startsWith('lifecycle.') || r.startsWith('jsonrpc.'))).toEqual([]);
  });
});
