/** Frames and headers for the store's tests and the bench. */
import type { Frame } from '../../lib/mcp/frame';
import { TRACE_FORMAT, TRACE_VERSION, type TraceHeader } from '../../lib/trace/format';

export function testHeader(name: string): TraceHeader {
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    loupeVersion: '0.0.0',
    createdAt: new Date(0).toISOString(),
    target: { transport: 'stdio', framing: 'lines', name, command: 'node', args: ['server.js'] },
    source: 'live',
  };
}

/** A small log notification from the server, as a stdio line (its size counts the `\n`). */
export function logFrame(seq: number, ts: number): Frame {
  const raw = `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"bench","data":"tick ${seq}"}}`;
  return { seq, ts, dir: 's2c', lane: 'message', raw, size: Buffer.byteLength(raw) + 1, meta: { transport: 'stdio' } };
}

/** A line of plain text on the server's stdout (log text, not JSON): the analyser quotes it in its finding. */
export function stdoutLine(seq: number, text: string): Frame {
  return { seq, ts: seq * 1000, dir: 's2c', lane: 'message', raw: text, size: Buffer.byteLength(text) + 1, meta: { transport: 'stdio' } };
}
