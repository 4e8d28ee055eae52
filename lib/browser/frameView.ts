/**
 * What a frame looks like in a list: its kind, its method (a response shows its request's method),
 * its id, and the latency of its pair. Shared by the traffic table and the detail pane; other views
 * may use it too so that every pane names a frame the same way.
 */
import type { Frame } from '../mcp/frame';
import { appEventText } from '../mcp/channel';
import type { JsonRpcId } from '../mcp/classify';
import type { Call } from '../mcp/calls';
import type { ForwardLink } from '../model/forwards';
import { classifiedAt, frameAt, type Trace } from './trace';

/** `on disk`: a message whose text the session's memory budget left on disk; the detail reads it back. */
export type FrameKind = 'request' | 'response' | 'error' | 'notification' | 'batch' | 'invalid' | 'on disk' | 'stderr' | 'lifecycle' | 'http';

export interface FrameView {
  frame: Frame;
  kind: FrameKind;
  method?: string;
  /** What the call is about: the tool (tools/call), prompt (prompts/get) or URI (resources/*),
   *  on the request and on its response; the URI a resource's update notification names. */
  subject?: string;
  id?: JsonRpcId;
  /** The request/response pair the frame belongs to (the model's one pairing). */
  call?: Call;
  /** Set on a response, and on a request once answered. */
  latencyUs?: number;
  /** On a request its sender cancelled before an answer: microseconds up to the cancellation. */
  cancelledAfterUs?: number;
  /** The seq at the other end of the pair, if it exists yet. */
  partnerSeq?: number;
  /** A forwarded call this request is one end of: an MCP App's request and the host's for it. */
  forward?: ForwardLink;
  problem?: string;
}

export function frameView(t: Trace, seq: number): FrameView | undefined {
  const frame = frameAt(t, seq);
  if (!frame) return undefined;
  if (frame.lane === 'stderr') return { frame, kind: 'stderr' };
  if (frame.lane === 'lifecycle') return { frame, kind: 'lifecycle' };
  if (frame.lane === 'http') return { frame, kind: 'http' };
  // Not invalid: unread. Its text is on disk, and nothing about it can be told without it.
  if (frame.textDropped) return { frame, kind: 'on disk' };
  const c = classifiedAt(t, seq) ?? { kind: 'invalid' as const };
  const kind: FrameKind = c.kind === 'other' ? 'invalid' : c.kind;
  const call = t.model.callAt(seq);
  const isRequest = call?.seq === seq;
  const method = c.method ?? call?.method;
  return {
    frame,
    kind,
    method,
    // The request's params name it, on the request and on its response.
    subject: subjectOf(method, call ? call.params : (c.json as { params?: unknown } | undefined)?.params),
    id: c.id,
    call,
    latencyUs: call?.responseTs === undefined ? undefined : call.responseTs - call.ts,
    cancelledAfterUs: isRequest && call?.responseTs === undefined && call?.cancelledTs !== undefined ? call.cancelledTs - call.ts : undefined,
    partnerSeq: call ? (isRequest ? call.responseSeq : call.seq) : undefined,
    forward: isRequest ? t.model.forwardAt(seq) : undefined,
    problem: c.problem,
  };
}

/** The params field that names what each method acts on. */
const SUBJECT_FIELD: Record<string, 'name' | 'uri'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'resources/subscribe': 'uri',
  'resources/unsubscribe': 'uri',
  'notifications/resources/updated': 'uri',
};

const NOTIFICATIONS = 'notifications/';

/**
 * The method as the traffic table's Method column shows it: a notification's without the
 * `notifications/` its Kind cell already says. The column is narrow beside the detail pane, and
 * the prefix left room for nothing else, so every notification read "notifications/…" whatever
 * it was; the part that differs (message, progress, resources/updated) is what shows now. The
 * cell's accessible name and tooltip keep the whole method.
 */
export function shownMethod(kind: FrameKind, method: string): string {
  return kind === 'notification' && method.startsWith(NOTIFICATIONS) && method.length > NOTIFICATIONS.length ? method.slice(NOTIFICATIONS.length) : method;
}

/** The tool, prompt or resource a request names, from its params (undefined when it names none). */
export function subjectOf(method: string | undefined, params: unknown): string | undefined {
  const field = method === undefined ? undefined : SUBJECT_FIELD[method];
  if (!field || typeof params !== 'object' || params === null) return undefined;
  const v = (params as Record<string, unknown>)[field];
  return typeof v === 'string' ? v : undefined;
}

/** A lifecycle frame's one-line summary, e.g. "spawn pid 4242" or "exit code 0". */
export function lifecycleText(frame: Frame): string {
  const m = frame.lane === 'lifecycle' ? frame.meta : undefined;
  if (!m) return frame.raw;
  if (m.transport === 'app') return appEventText(m);
  const pid = 'pid' in m && m.pid !== undefined ? ` pid ${m.pid}` : '';
  if (m.event === 'tail') return `the last ${m.lines} lines past the byte budget (#${m.fromSeq}–#${m.toSeq}), kept for the end`;
  if (m.event === 'frame-limit') return `the session reached its limit of ${m.limit.toLocaleString('en-US')} frames: later frames are counted, not kept`;
  if (m.event === 'gap') return `${m.frames.toLocaleString('en-US')} frames (${m.bytes.toLocaleString('en-US')} bytes) not kept past the frame limit`;
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

const MS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Milliseconds since the session's origin, from the wire timestamp in microseconds, with
 *  thousands separators so a long session reads at a glance (317,977.6). */
export function formatTime(tsUs: number): string {
  return MS.format(tsUs / 1000);
}

export function formatId(id: JsonRpcId | undefined): string {
  return id === undefined ? '' : typeof id === 'string' ? JSON.stringify(id) : String(id);
}
