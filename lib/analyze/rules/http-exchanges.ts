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
  /** The SSE event ids seen most recently in this session, each with the frame that first used
   *  it: at most EVENT_IDS_REMEMBERED (see rememberEventId). */
  eventIds: RecentIds;
  /** The session runs over the 2024-11-05 HTTP+SSE transport. */
  legacy: boolean;
  /** The server answered some request (the session's or a probe's) with an Mcp-Session-Id. */
  sessionIssued: boolean;
}

/**
 * How many of a session's SSE event ids http.sse-event-id-duplicate remembers. The spec wants an id
 * unique across all streams of a session (basic/transports#resumability-and-redelivery), so ids are
 * not forgotten when their stream ends: a server that restarts its count on each stream repeats an
 * id in the next one. But a GET stream may live as long as the session and carry millions of
 * events, so only the ids seen most recently are kept: an id repeated after this many other ids
 * were used is not detected. Real repeats come soon (a per-stream counter, a clock-based id reused
 * within a tick, a replay after Last-Event-ID), and a repeated id is seen again, so it stays.
 */
export const EVENT_IDS_REMEMBERED = 10_000;

/** The frame that first used `id` in this session, or undefined (then it is remembered from `seq`). */
export function rememberEventId(hs: HttpState, id: string, seq: number): number | undefined {
  return hs.eventIds.use(id, seq);
}

/**
 * The ids of the last `limit` uses, each with the frame that first used it: an id used again is
 * remembered from its latest use. The uses are a ring, so forgetting the oldest costs the same
 * however long the stream: a Map's oldest key is found by skipping the entries its deletions left
 * empty at its front, thousands a frame on a long stream.
 */
export class RecentIds {
  private readonly seen = new Map<string, { first: number; use: number }>();
  private readonly ring: string[] = [];
  private uses = 0;

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.seen.size;
  }

  clear(): void {
    this.seen.clear();
    this.ring.length = 0;
    this.uses = 0;
  }

  /** The frame that first used `id`, or undefined (then it is remembered from `seq`). */
  use(id: string, seq: number): number | undefined {
    const first = this.seen.get(id)?.first;
    const slot = this.uses % this.limit;
    if (this.uses >= this.limit) {
      // The use `limit` uses ago leaves the ring: its id goes unless it was used again since.
      const old = this.ring[slot];
      if (this.seen.get(old)?.use === this.uses - this.limit) this.seen.delete(old);
    }
    this.ring[slot] = id;
    this.seen.set(id, { first: first ?? seq, use: this.uses });
    this.uses++;
    return first;
  }
}

const states = new WeakMap<AnalysisState, HttpState>();

export function httpState(state: AnalysisState): HttpState {
  let s = states.get(state);
  if (!s) {
    s = { atSend: new Map(), terminated: new Set(), eventIds: new RecentIds(EVENT_IDS_REMEMBERED), legacy: false, sessionIssued: false };
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
