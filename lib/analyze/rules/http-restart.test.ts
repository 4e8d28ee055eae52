import { describe, expect, it } from 'vitest';
import type { Frame } from '../../mcp/frame';
import { toFrame } from '../../mcp/frame-check';
import { analyze } from '../engine';

/** Frames as the HTTP transports record them: request head, body message, response head, answers, end. */
class Wire {
  readonly frames: Frame[] = [];
  add(dir: Frame['dir'], lane: Frame['lane'], raw: string, meta: Record<string, unknown>, extra: Record<string, unknown> = {}): number {
    const seq = this.frames.length + 1;
    this.frames.push(toFrame({ seq, ts: seq * 1000, dir, lane, raw, size: raw.length, meta: { transport: 'http', ...meta }, ...extra }));
    return seq;
  }
  post(body: unknown, status: number, answer?: unknown, stream = 'post'): this {
    const ex = this.add('c2s', 'http', 'POST /mcp HTTP/1.1\r\n\r\n', {
      phase: 'request',
      method: 'POST',
      url: 'http://127.0.0.1/mcp',
      headers: [
        ['Accept', 'application/json, text/event-stream'],
        ['Content-Type', 'application/json'],
      ],
      stream,
    });
    this.add('c2s', 'message', JSON.stringify(body), { exchange: ex, stream });
    this.add('s2c', 'http', '', {
      phase: 'response',
      exchange: ex,
      stream,
      status,
      statusText: '',
      headers: [['content-type', 'application/json']],
      contentType: 'application/json',
    });
    if (answer !== undefined) this.add('s2c', 'message', JSON.stringify(answer), { exchange: ex, stream });
    this.add('s2c', 'http', '', { phase: 'end', exchange: ex, stream });
    return this;
  }
}

const init = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
});
const initResult = (id: number) => ({
  jsonrpc: '2.0',
  id,
  result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } },
});
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
const rules = (w: Wire) =>
  analyze(w.frames)
    .annotations.map((a) => a.rule)
    .filter((r) => !r.startsWith('http.'));

describe('an HTTP client starting its session over', () => {
  it('flags a second initialize after the first was answered (trigger)', () => {
    const w = new Wire().post(init(1), 200, initResult(1)).post(initialized, 202).post(init(1), 200, initResult(1));
    expect(rules(w)).toEqual(expect.arrayContaining(['lifecycle.duplicate-initialize', 'jsonrpc.id-reused']));
  });

  it('accepts the same initialize again after the first was refused 4xx, as the auto fallback does (near miss)', () => {
    const w = new Wire().post(init(1), 405).post(init(1), 202, undefined, 'legacy');
    w.add('s2c', 'message', JSON.stringify(initResult(1)), { stream: 'legacy' });
    w.post(initialized, 202, undefined, 'legacy');
    expect(rules(w)).toEqual([]);
  });

  it('still flags a second initialize when the first was refused by a 5xx, which may have reached a session', () => {
    const w = new Wire().post(init(1), 500).post(init(2), 200, initResult(2));
    expect(rules(w)).toContain('lifecycle.duplicate-initialize');
  });

  it('accepts a new initialize after the server expired the session (404 on a known session)', () => {
    const w = new Wire().post(init(1), 200, initResult(1)).post(initialized, 202);
    w.add('local', 'lifecycle', 'session expired: s-1', { event: 'session-expired', sessionId: 's-1', exchange: 5 });
    w.post(init(2), 200, initResult(2)).post(initialized, 202);
    expect(rules(w)).toEqual([]);
    const without = new Wire().post(init(1), 200, initResult(1)).post(initialized, 202).post(init(2), 200, initResult(2)).post(initialized, 202);
    expect(rules(without)).toContain('lifecycle.duplicate-initialize');
  });

  it('reports invalid UTF-8 in an HTTP message body as jsonrpc.invalid-json', () => {
    const w = new Wire().post(init(1), 200, initResult(1));
    const note = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'caf\uFFFD' } });
    w.add('s2c', 'message', note, { stream: 'get' }, { invalidUtf8: true });
    const found = analyze(w.frames).annotations.filter((a) => a.rule === 'jsonrpc.invalid-json');
    expect(found.map((a) => a.frames[0])).toEqual([w.frames.length]);
    const clean = new Wire().post(init(1), 200, initResult(1));
    clean.add('s2c', 'message', note, { stream: 'get' });
    expect(analyze(clean.frames).annotations.filter((a) => a.rule === 'jsonrpc.invalid-json')).toEqual([]);
  });
});
