/**
 * What the http.* rules remember about a session's HTTP exchanges, rebuilt from frames alone.
 * Kept per analysis state in a WeakMap, so that every analyser has its own and none leaks.
 */
import { headerValue, type HeaderPairs, type HttpRequestMeta, type StreamRole } from '../../mcp/frame';
import type { AnalysisState } from '../state';
import { isObj } from '../util';

export interface Exchange {
  seq: number;
  method: string;
  url: string;
  headers: HeaderPairs;
  stream: StreamRole;
  probe?: string;
  lastEventId?: string;
  /** Kinds of the JSON-RPC messages the request body carried. */
  bodyKinds: string[];
  bodyHasInitialize: boolean;
  /** Seqs of the message frames the request body carried. */
  messageSeqs?: number[];
  status?: number;
  contentType?: string;
  /** The session as it stood when the request was sent. */
  atSend?: {
    version?: string;
    session?: string;
    /** The request carried a session id the client had already ended with a DELETE. */
    terminated: boolean;
    legacy: boolean;
    /** The request's own headers were judged (once). */
    checked: boolean;
  };
}

export interface HttpState {
  exchanges: Map<number, Exchange>;
  /** The session id from the initialize response. */
  assignedSession?: string;
  /** Session ids the client ended with a DELETE that the server accepted. */
  terminated: Set<string>;
  eventIds: Map<string, number>;
  /** The session runs over the 2024-11-05 HTTP+SSE transport. */
  legacy: boolean;
  /** The server answered some request (the session's or a probe's) with an Mcp-Session-Id. */
  sessionIssued: boolean;
}

const states = new WeakMap<AnalysisState, HttpState>();

export function httpState(state: AnalysisState): HttpState {
  let s = states.get(state);
  if (!s) {
    s = { exchanges: new Map(), terminated: new Set(), eventIds: new Map(), legacy: false, sessionIssued: false };
    states.set(state, s);
  }
  return s;
}

/** A header value by name, case-insensitively. */
export const header = headerValue;

export function exchangeFromRequest(seq: number, m: HttpRequestMeta): Exchange {
  return {
    seq,
    method: m.method,
    url: m.url,
    headers: m.headers,
    stream: m.stream,
    probe: m.stream === 'probe' ? m.probe : undefined,
    lastEventId: (m.stream === 'get' ? m.lastEventId : undefined) ?? headerValue(m.headers, 'last-event-id'),
    bodyKinds: [],
    bodyHasInitialize: false,
  };
}

/** Sorts a body's messages loosely; the envelope rules judge them properly. */
export function bodyKinds(raw: string): { kinds: string[]; initialize: boolean } {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { kinds: ['invalid'], initialize: false };
  }
  const list = Array.isArray(json) ? json : [json];
  const kinds = list.map((m) => {
    if (!isObj(m)) return 'invalid';
    if (typeof m.method === 'string') return 'id' in m ? 'request' : 'notification';
    return 'result' in m || 'error' in m ? 'response' : 'invalid';
  });
  return { kinds, initialize: list.some((m) => isObj(m) && m.method === 'initialize') };
}
