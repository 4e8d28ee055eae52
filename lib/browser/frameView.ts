/**
 * What a frame looks like in a list: its kind, its method (a response shows its request's method),
 * its id, and the latency of its pair. Shared by the traffic table and the detail pane; other views
 * may use it too so that every pane names a frame the same way.
 */
import type { Frame } from '../mcp/frame';
import type { JsonRpcId } from '../mcp/classify';
import type { Call } from '../mcp/calls';
import { classifiedAt, frameAt, type Trace } from './trace';

export type FrameKind = 'request' | 'response' | 'error' | 'notification' | 'batch' | 'invalid' | 'stderr' | 'lifecycle' | 'http';

export interface FrameView {
  frame: Frame;
  kind: FrameKind;
  method?: string;
  id?: JsonRpcId;
  /** The request/response pair the frame belongs to (the model's one pairing). */
  call?: Call;
  /** Set on a response, and on a request once answered. */
  latencyUs?: number;
  /** The seq at the other end of the pair, if it exists yet. */
  partnerSeq?: number;
  problem?: string;
}

export function frameView(t: Trace, seq: number): FrameView | undefined {
  const frame = frameAt(t, seq);
  if (!frame) return undefined;
  if (frame.lane === 'stderr') return { frame, kind: 'stderr' };
  if (frame.lane === 'lifecycle') return { frame, kind: 'lifecycle' };
  if (frame.lane === 'http') return { frame, kind: 'http' };
  const c = classifiedAt(t, seq) ?? { kind: 'invalid' as const };
  const kind: FrameKind = c.kind === 'other' ? 'invalid' : c.kind;
  const call = t.model.callAt(seq);
  const isRequest = call?.seq === seq;
  return {
    frame,
    kind,
    method: c.method ?? call?.method,
    id: c.id,
    call,
    latencyUs: call?.responseTs === undefined ? undefined : call.responseTs - call.ts,
    partnerSeq: call ? (isRequest ? call.responseSeq : call.seq) : undefined,
    problem: c.problem,
  };
}

/** A lifecycle frame's one-line summary, e.g. "spawn pid 4242" or "exit code 0". */
export function lifecycleText(frame: Frame): string {
  const m = frame.lane === 'lifecycle' ? frame.meta : undefined;
  if (!m) return frame.raw;
  const pid = 'pid' in m && m.pid !== undefined ? ` pid ${m.pid}` : '';
  if (m.event === 'tail') return `the last ${m.lines} lines past the byte budget (#${m.fromSeq}–#${m.toSeq}), kept for the end`;
  if (m.event === 'signal') return `sent ${m.signal} to${pid || ' the process'}`;
  const parts = [`${m.event}${pid}`];
  if (m.event === 'exit') {
    if (m.code !== undefined && m.code !== null) parts.push(`code ${m.code}`);
    if (m.signal) parts.push(`by ${m.signal}`);
  }
  if ('error' in m && m.error) parts.push(m.error);
  return parts.join(', ');
}

export function formatLatency(us: number | undefined): string {
  if (us === undefined) return '';
  if (us < 1000) return `${(us / 1000).toFixed(2)} ms`;
  if (us < 1_000_000) return `${(us / 1000).toFixed(1)} ms`;
  return `${(us / 1_000_000).toFixed(2)} s`;
}

/** Milliseconds since the session's origin, from the wire timestamp in microseconds. */
export function formatTime(tsUs: number): string {
  return (tsUs / 1000).toFixed(1);
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function formatId(id: JsonRpcId | undefined): string {
  return id === undefined ? '' : typeof id === 'string' ? JSON.stringify(id) : String(id);
}
