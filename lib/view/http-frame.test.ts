import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { toFrame } from '../mcp/frame-check';
import { httpSummary } from './http-frame';

const f = (meta: Record<string, unknown>, raw = ''): Frame =>
  toFrame({ seq: 1, ts: 0, dir: 's2c', lane: 'http', raw, size: raw.length, meta: { transport: 'http', ...meta } });
const req = { phase: 'request', headers: [], stream: 'post' };
const linked = { exchange: 1, stream: 'post' };

describe('httpSummary', () => {
  it('names each phase of an exchange as a network panel does', () => {
    expect(httpSummary(f({ ...req, method: 'POST', url: 'http://127.0.0.1:3001/mcp?x=1' }))).toBe('POST /mcp?x=1');
    expect(httpSummary(f({ ...req, stream: 'get', method: 'GET', url: 'http://h/mcp', lastEventId: 'ev-2' }))).toBe('GET /mcp Last-Event-ID ev-2');
    expect(httpSummary(f({ ...linked, phase: 'response', status: 200, statusText: 'OK', headers: [], contentType: 'text/event-stream; charset=utf-8' }))).toBe(
      '200 OK text/event-stream',
    );
    expect(httpSummary(f({ ...linked, phase: 'event', event: 'endpoint', eventId: undefined }, '/message?sessionId=1'))).toBe('event endpoint');
    expect(httpSummary(f({ ...linked, phase: 'event', eventId: 'p1' }))).toBe('event id p1 (no data)');
    expect(httpSummary(f({ ...linked, phase: 'end', bytes: 2150, sentAt: 1000, doneAt: 13_300 }))).toBe('done 2.1 KiB in 12.3 ms');
    expect(httpSummary(f({ ...linked, phase: 'end', error: 'no answer within 300 ms', sentAt: 0, doneAt: 300_000 }))).toBe(
      'failed in 300.0 ms: no answer within 300 ms',
    );
    expect(httpSummary(f({ ...linked, stream: 'probe', phase: 'end', probe: 'origin', verdict: 'fail' }))).toBe('probe origin: fail');
  });
});
