/**
 * What the http.* rules remember about a session beyond its exchanges: the exchanges themselves
 * (request, response, bodies) are the session's one builder's (state.exchanges, lib/mcp); this
 * adds only judgement state. Kept per analysis state in a WeakMap, so every analyser has its own.
 */
import type { Frame } from '../../mcp/frame';
import type { HttpExchange } from '../../mcp/http-exchanges';
import type { AnalysisState } from '../state';
import { isObj } from '../util';

/** The session as it stood when a request was sent, and whether its headers were judged. */
export interface AtSend {
  version?: string;
  session?: string;
  /** The request carried a session id the client had already ended with a DELETE. */
  terminated: boolean;
  legacy: boolean;
  /** The request's own headers were judged (once). */
  checked: boolean;
}

export interface HttpState {
  /** By exchange id; only the exchanges the http.* rules judge (not OAuth's). */
  atSend: Map<number, AtSend>;
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
    s = { atSend: new Map(), terminated: new Set(), eventIds: new Map(), legacy: false, sessionIssued: false };
    states.set(state, s);
  }
  return s;
}

export interface BodyKinds {
  kinds: string[];
  initialize: boolean;
}

/** Sorts a body's messages loosely; the envelope rules judge them properly. */
export function bodyKinds(raw: string): BodyKinds {
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

/** The kinds of every message the request body carried, read up to `upTo` (the frame being judged:
 *  the model's builder may already hold later frames). */
export function sentKinds(ex: HttpExchange, upTo: Frame['seq']): BodyKinds {
  const out: BodyKinds = { kinds: [], initialize: false };
  for (const f of ex.sent) {
    if (f.seq > upTo) break;
    const b = bodyKinds(f.raw);
    out.kinds.push(...b.kinds);
    out.initialize ||= b.initialize;
  }
  return out;
}
