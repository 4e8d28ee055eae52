/** Small builders shared by the trace tests. */
import type { Frame } from '../mcp/frame';
import { TRACE_FORMAT, TRACE_VERSION, type TraceHeader } from './format';

export function header(extra: Partial<TraceHeader> = {}): TraceHeader {
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    loupeVersion: '0.1.0',
    createdAt: '2026-01-01T00:00:00.000Z',
    target: { transport: 'stdio', framing: 'lines', name: 'test', command: 'node', args: ['server.js'] },
    source: 'live',
    ...extra,
  };
}

export function message(seq: number, dir: 'c2s' | 's2c', json: unknown, ts = seq * 1000): Frame {
  const raw = JSON.stringify(json);
  return { seq, ts, dir, lane: 'message', raw, size: new TextEncoder().encode(raw).length, meta: { transport: 'stdio' } };
}

export function lines(...values: unknown[]): string {
  return values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)) + '\n').join('');
}
