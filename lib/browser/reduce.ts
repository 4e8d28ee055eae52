/**
 * The page's data reducer: proxy messages in, new state out. Pure (no DOM, no socket), so it is
 * unit-tested directly and the same code applies a batch of live messages or a saved trace.
 */
import type { Frame } from '../mcp/frame';
import type { Connection } from '../wire/connection';
import { unreachable, type OpenOptions, type PendingServerRequest, type ProxyMessage, type SessionSummary, type TapEntry } from '../wire/protocol';
import type { ClientState } from '../wire/client-state';
import { emptyTrace, ingest, type Trace } from './trace';

export type LinkStatus = 'connecting' | 'open' | 'closed' | 'no-token';

export interface LinkState {
  status: LinkStatus;
  /** Why the link is not open, in words a person can act on. */
  message?: string;
  /** Epoch ms of the next reconnect attempt, while closed. */
  retryAt?: number;
  proxyVersion?: string;
}

export interface Notice {
  id: number;
  text: string;
}

export interface LoupeData {
  link: LinkState;
  defaults?: OpenOptions;
  /** How a shell runs the proxy's Loupe, as it was installed (from hello): what CLI scripts call. */
  loupeCommand?: readonly string[];
  /** The port of the proxy's app sandbox origin (from hello), where MCP Apps are rendered. */
  appSandboxPort?: number;
  connections: Connection[];
  sessions: SessionSummary[];
  /** By trace id: a live session's id, or `file:<name>` for an imported trace. */
  traces: Record<string, Trace>;
  pending: Record<string, PendingServerRequest[]>;
  /** Loupe's client in each session, exactly as the proxy holds it. */
  clients: Record<string, ClientState>;
  /** Recorded taps in the config dir: hosts' sessions with their servers, live or finished. */
  taps: TapEntry[];
  notices: Notice[];
}

export const initialData: LoupeData = {
  link: { status: 'connecting' },
  connections: [],
  sessions: [],
  traces: {},
  pending: {},
  clients: {},
  taps: [],
  notices: [],
};

let noticeId = 0;
export function withNotice(d: LoupeData, text: string): LoupeData {
  return { ...d, notices: [...d.notices.slice(-4), { id: ++noticeId, text }] };
}

function withFrames(d: LoupeData, sessionId: string, frames: ProxyMessage & { type: 'frames/append' | 'frames/snapshot' }, now: number): LoupeData {
  // The summary arrives before any frame (hello, sessions/update), so the model is built once
  // with the session's own timeout.
  const prev = d.traces[sessionId] ?? emptyTrace({ kind: 'live', sessionId }, { timeoutMs: d.sessions.find((s) => s.id === sessionId)?.requestTimeoutMs });
  const endSeq = frames.type === 'frames/snapshot' ? frames.endSeq : 0;
  // The wire schema checks every frame's envelope; `meta` stays an open record there and is read
  // defensively by the views, hence the cast to the recorder's richer type.
  const quiet = frames.type === 'frames/snapshot' && frames.more === true;
  const next = ingest(prev, frames.frames as Frame[], endSeq, now, quiet);
  return next === prev && d.traces[sessionId] ? d : { ...d, traces: { ...d.traces, [sessionId]: next } };
}

/**
 * A live trace whose first frames came before its summary was built with the default timeout:
 * once the summary says otherwise, the model is built again over the frames it has (a session's
 * first moments, so a few frames), so `timing.no-response` fires when the client gives up.
 */
function withSessionTimeouts(d: LoupeData, sessions: readonly SessionSummary[]): LoupeData {
  let traces = d.traces;
  for (const s of sessions) {
    const t = traces[s.id];
    if (!t || s.requestTimeoutMs === undefined || t.model.timeoutMs === s.requestTimeoutMs) continue;
    const rebuilt = ingest(emptyTrace(t.source, { timeoutMs: s.requestTimeoutMs }), t.frames, t.snapshotEnd, t.arrivedAt);
    traces = { ...traces, [s.id]: { ...rebuilt, version: t.version + 1 } };
  }
  return traces === d.traces ? d : { ...d, traces };
}

/** `now`: when the message arrived (ms, `performance.now()`), for the wire clock between frames. */
export function reduceMessage(d: LoupeData, msg: ProxyMessage, now = 0): LoupeData {
  switch (msg.type) {
    case 'hello':
      return withSessionTimeouts(
        {
          ...d,
          link: { status: 'open', proxyVersion: msg.version },
          defaults: msg.defaults,
          loupeCommand: msg.loupeCommand,
          appSandboxPort: msg.appSandboxPort,
          connections: msg.connections,
          sessions: msg.sessions,
        },
        msg.sessions,
      );
    case 'connections/update':
      return { ...d, connections: msg.connections };
    case 'sessions/update':
      return withSessionTimeouts({ ...d, sessions: msg.sessions }, msg.sessions);
    case 'taps/update':
      return { ...d, taps: msg.taps };
    case 'frames/snapshot':
    case 'frames/append':
      return withFrames(d, msg.sessionId, msg, now);
    case 'server-requests/update':
      return { ...d, pending: { ...d.pending, [msg.sessionId]: msg.pending } };
    case 'client/snapshot':
      return { ...d, clients: { ...d.clients, [msg.sessionId]: msg.state } };
    case 'client/update': {
      // A patch replaces whole parts; one that arrives before the snapshot waits for it to be dropped.
      const cur = d.clients[msg.sessionId];
      return cur ? { ...d, clients: { ...d.clients, [msg.sessionId]: { ...cur, ...msg.patch } } } : d;
    }
    case 'error':
      return msg.rid ? d : withNotice(d, msg.message);
    // Replies to requests are settled by the socket's promise table, not stored.
    case 'request/result':
    case 'ack':
    case 'session/exported':
    case 'connections/exported':
    case 'history/listed':
    case 'history/trace':
    case 'session/stored-frames':
    case 'session/search-result':
    case 'history/window':
    case 'history/search-result':
    case 'history/timing':
    case 'history/findings':
      return d;
    default:
      return unreachable(msg);
  }
}

export function reduceMessages(d: LoupeData, msgs: readonly ProxyMessage[], now = 0): LoupeData {
  let next = d;
  for (const m of msgs) next = reduceMessage(next, m, now);
  return next;
}
