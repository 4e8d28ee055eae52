/**
 * A 100,000-frame trace file for the import measurement, shaped like a busy real session: the
 * spawn and handshake, then calls with progress and log notifications, a few stderr lines and an
 * occasional error, every frame a valid JSON-RPC line as the recorder would have written it.
 */
import { writeFileSync } from 'node:fs';
import type { Frame } from '../../../lib/mcp/frame';
import { toFrame } from '../../../lib/mcp/frame-check';
import { TRACE_FORMAT, TRACE_VERSION, traceLines, type TraceHeader } from '../../../lib/trace';

const encoder = new TextEncoder();

function frameOf(seq: number, ts: number, dir: Frame['dir'], lane: Frame['lane'], body: unknown): Frame {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return toFrame({ seq, ts, dir, lane, raw, size: encoder.encode(raw).length, meta: { transport: 'stdio' } });
}

export function bigSessionFrames(count: number): Frame[] {
  const frames: Frame[] = [];
  let ts = 0;
  const add = (dir: Frame['dir'], lane: Frame['lane'], body: unknown) => {
    ts += 50 + (frames.length % 7) * 30;
    frames.push(frameOf(frames.length + 1, ts, dir, lane, body));
  };
  frames.push({
    seq: 1,
    ts: 0,
    dir: 'local',
    lane: 'lifecycle',
    raw: 'spawn',
    size: 0,
    meta: { transport: 'stdio', event: 'spawn', pid: 4242, command: 'node', args: ['server.js'] },
  });
  add('c2s', 'message', {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: { roots: {} }, clientInfo: { name: 'loupe', version: '0.1.0' } },
  });
  add('s2c', 'message', {
    jsonrpc: '2.0',
    id: 0,
    result: { protocolVersion: '2025-11-25', capabilities: { tools: {}, logging: {} }, serverInfo: { name: 'busy', version: '1.0.0' } },
  });
  add('c2s', 'message', { jsonrpc: '2.0', method: 'notifications/initialized' });
  let id = 1;
  while (frames.length < count) {
    const callId = id++;
    add('c2s', 'message', {
      jsonrpc: '2.0',
      id: callId,
      method: 'tools/call',
      params: { name: 'search', arguments: { query: `term ${callId}` }, _meta: { progressToken: `p${callId}` } },
    });
    for (let p = 1; p <= 3 && frames.length < count; p++) {
      add('s2c', 'message', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: `p${callId}`, progress: p, total: 3 } });
      add('s2c', 'message', {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', logger: 'search', data: `scanned shard ${p} for ${callId}` },
      });
    }
    if (callId % 50 === 0 && frames.length < count) add('s2c', 'stderr', `[search] cache miss for term ${callId}`);
    if (frames.length >= count) break;
    add(
      's2c',
      'message',
      callId % 97 === 0
        ? { jsonrpc: '2.0', id: callId, error: { code: -32603, message: 'index unavailable' } }
        : { jsonrpc: '2.0', id: callId, result: { content: [{ type: 'text', text: `3 results for term ${callId}` }] } },
    );
  }
  return frames.slice(0, count);
}

/** Writes the trace file and returns its last frame's seq. */
export function writeBigTrace(file: string, count: number): number {
  const header: TraceHeader = {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    loupeVersion: '0.1.0',
    createdAt: new Date().toISOString(),
    target: { transport: 'stdio', framing: 'lines', name: 'busy', command: 'node', args: ['server.js'] },
    source: 'live',
  };
  const frames = bigSessionFrames(count);
  writeFileSync(file, [...traceLines(header, frames)].join(''));
  return frames.length;
}
