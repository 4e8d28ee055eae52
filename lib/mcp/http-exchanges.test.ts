import { describe, expect, it } from 'vitest';
import type { Frame } from './frame';
import { toFrame } from './frame-check';
import { HttpExchanges, exchangeIdOf } from './http-exchanges';

function frames(): Frame[] {
  const out: Frame[] = [];
  const add = (dir: Frame['dir'], lane: Frame['lane'], raw: string, meta: Record<string, unknown>) =>
    out.push(toFrame({ seq: out.length + 1, ts: out.length * 1000, dir, lane, raw, size: raw.length, meta: { transport: 'http', ...meta } }));
  add('c2s', 'http', 'POST /mcp HTTP/1.1\r\n\r\n', {
    phase: 'request',
    method: 'POST',
    url: 'http://127.0.0.1:9/mcp',
    headers: [
      ['Accept', 'text/event-stream'],
      ['Authorization', 'Bearer x'],
    ],
    stream: 'post',
  });
  add('c2s', 'message', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { exchange: 1, stream: 'post' });
  add('c2s', 'http', 'GET /mcp HTTP/1.1\r\n\r\n', { phase: 'request', method: 'GET', url: 'http://127.0.0.1:9/mcp', headers: [], stream: 'get' });
  add('s2c', 'http', 'HTTP/1.1 200 OK\r\n\r\n', {
    phase: 'response',
    exchange: 1,
    stream: 'post',
    status: 200,
    statusText: 'OK',
    headers: [['content-type', 'text/event-stream']],
    sentAt: 0,
    headersAt: 3000,
  });
  add('s2c', 'http', '', { phase: 'event', exchange: 1, eventId: 'e1', stream: 'post' });
  add('s2c', 'message', '{"jsonrpc":"2.0","id":1,"result":{}}', { exchange: 1, eventId: 'e2', stream: 'post' });
  add('s2c', 'http', '', { phase: 'end', exchange: 1, stream: 'post', sentAt: 0, headersAt: 3000, doneAt: 6000, bytes: 120 });
  add('s2c', 'message', '{"jsonrpc":"2.0","id":9,"result":{}}', { exchange: 1 });
  return out;
}

describe('HttpExchanges', () => {
  it('gathers the request, response, events, messages and timing of one exchange, and no other', () => {
    const f = frames();
    const x = new HttpExchanges();
    for (const frame of f) x.push(frame);
    const ex = x.get(1)!;
    expect(ex).toMatchObject({
      id: 1,
      method: 'POST',
      url: 'http://127.0.0.1:9/mcp',
      stream: 'post',
      status: 200,
      statusText: 'OK',
      requestHeaders: [
        ['Accept', 'text/event-stream'],
        ['Authorization', 'Bearer x'],
      ],
      responseHeaders: [['content-type', 'text/event-stream']],
      contentType: 'text/event-stream',
      sentAt: 0,
      headersAt: 3000,
      doneAt: 6000,
      bytes: 120,
    });
    expect(ex.sent.map((m) => m.seq)).toEqual([2]);
    // The message after the end frame belongs to no exchange any more.
    expect(ex.received.map((m) => m.seq)).toEqual([6]);
    expect(ex.events).toEqual([
      { seq: 5, eventId: 'e1', event: undefined, message: false },
      { seq: 6, eventId: 'e2', event: undefined, message: true },
    ]);
  });

  it('finds the exchange of any of its frames, and none for a frame that is not HTTP', () => {
    const f = frames();
    expect(f.map(exchangeIdOf)).toEqual([1, 1, 3, 1, 1, 1, 1, 1]);
    expect(exchangeIdOf({ ...f[1], meta: undefined })).toBeUndefined();
    const x = new HttpExchanges();
    for (const frame of f) x.push(frame);
    expect(x.get(2)).toBeUndefined();
    expect(x.of(f[3])?.id).toBe(1);
    expect(x.all.map((e) => e.id)).toEqual([1, 3]);
  });

  it('takes a frame fed twice once, whether again at once or after the whole session', () => {
    const f = frames();
    const x = new HttpExchanges();
    for (const frame of f) {
      x.push(frame);
      x.push(frame);
    }
    for (const frame of f) x.push(frame);
    const ex = x.get(1)!;
    expect(ex.sent.map((m) => m.seq)).toEqual([2]);
    expect(ex.received.map((m) => m.seq)).toEqual([6]);
    expect(ex.events.map((e) => e.seq)).toEqual([5, 6]);
    expect(ex.eventCount).toBe(2);
  });

  it('keeps the first frame of a long GET stream and counts the rest, for a reader that keeps no history', () => {
    const get = (seq: number, lane: Frame['lane'], raw: string, meta: Record<string, unknown>): Frame =>
      toFrame({ seq, ts: seq * 1000, dir: seq === 1 ? 'c2s' : 's2c', lane, raw, size: raw.length, meta: { transport: 'http', stream: 'get', ...meta } });
    const stream: Frame[] = [get(1, 'http', 'GET /mcp HTTP/1.1\r\n\r\n', { phase: 'request', method: 'GET', url: 'http://127.0.0.1:9/mcp', headers: [] })];
    for (let seq = 2; seq <= 5001; seq++) {
      stream.push(
        seq % 2
          ? get(seq, 'http', '', { phase: 'event', exchange: 1, eventId: `e${seq}` })
          : get(seq, 'message', '{"jsonrpc":"2.0","method":"notifications/message"}', { exchange: 1, eventId: `e${seq}` }),
      );
    }
    const all = new HttpExchanges();
    const first = new HttpExchanges('first');
    for (const frame of stream) {
      all.push(frame);
      first.push(frame);
    }
    expect(all.get(1)!.events).toHaveLength(5000);
    expect(all.get(1)!.received).toHaveLength(2500);
    expect(first.get(1)!.received.map((m) => m.seq)).toEqual([2]);
    expect(first.get(1)!.events.map((e) => e.seq)).toEqual([2]);
    expect(first.get(1)!.eventCount).toBe(5000);
    expect(all.get(1)!.eventCount).toBe(5000);
  });
});
