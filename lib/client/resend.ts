/**
 * What "Replay", "Edit" and "Pin" may do with a recorded frame. Loupe's own client sends the
 * request again (a new id, the same params), so only what a client may send is replayable; every
 * refusal says why, for the button's title and the note under it.
 */

export type Resendable = { ok: true; kind: 'request' | 'notification'; method: string; params?: Record<string, unknown> } | { ok: false; reason: string };

export interface ResendSource {
  raw: string;
  lane: string;
  /** `local`: Loupe's own note in the trace, never a peer's message. */
  dir: 'c2s' | 's2c' | 'local';
  /** The session has Loupe's own client (launched or by URL); a tap or a file only watches. */
  hasClient: boolean;
}

/**
 * Client notifications that make no sense twice: `initialized` ends a handshake that already ended,
 * and `cancelled` names a request that is long over (its id may even be reused by now).
 */
const ONCE_ONLY: Record<string, string> = {
  'notifications/initialized': 'notifications/initialized ends the handshake, which this session already did: open a new session to run it again',
  'notifications/cancelled': 'notifications/cancelled names a request that has already ended: cancel a running call from the client panel instead',
};

export function resendable(src: ResendSource): Resendable {
  if (!src.hasClient) return { ok: false, reason: 'this session only watches (a tap or a trace file): Loupe has no client in it to send with' };
  if (src.lane !== 'message') return { ok: false, reason: 'only JSON-RPC messages can be sent again' };
  let json: unknown;
  try {
    json = JSON.parse(src.raw);
  } catch {
    return { ok: false, reason: 'the frame is not valid JSON: Edit opens it in the raw composer to send it as it is' };
  }
  if (Array.isArray(json)) return { ok: false, reason: 'a batch: Edit opens it in the raw composer' };
  if (!json || typeof json !== 'object') return { ok: false, reason: 'not a JSON-RPC message' };
  const m = json as Record<string, unknown>;
  if (typeof m.method !== 'string') return { ok: false, reason: 'a response answers one request; sending it again would answer nothing' };
  if (src.dir !== 'c2s') {
    return { ok: false, reason: `${m.method} was sent by the server: a client cannot send it back (answer server requests in the client panel)` };
  }
  if (m.params !== undefined && (typeof m.params !== 'object' || m.params === null || Array.isArray(m.params))) {
    return { ok: false, reason: 'its params are not an object, which Loupe’s client cannot send: Edit opens it in the raw composer' };
  }
  const params = m.params as Record<string, unknown> | undefined;
  const isRequest = 'id' in m;
  if (isRequest && m.method === 'initialize')
    return { ok: false, reason: 'initialize runs once per session: open a new session (or Re-initialize an expired HTTP one)' };
  if (!isRequest && ONCE_ONLY[m.method]) return { ok: false, reason: ONCE_ONLY[m.method] };
  return { ok: true, kind: isRequest ? 'request' : 'notification', method: m.method, ...(params ? { params: withoutProgressToken(params) } : {}) };
}

/** The progress token belongs to the original request; Loupe's client sets its own. */
function withoutProgressToken(params: Record<string, unknown>): Record<string, unknown> {
  const meta = params._meta;
  if (!meta || typeof meta !== 'object' || Array.isArray(meta) || !('progressToken' in meta)) return params;
  const rest = Object.fromEntries(Object.entries(meta).filter(([k]) => k !== 'progressToken'));
  const others = Object.fromEntries(Object.entries(params).filter(([k]) => k !== '_meta'));
  return Object.keys(rest).length ? { ...others, _meta: rest } : others;
}

/**
 * The text Edit puts in the raw composer: the same message with a fresh id (so its answer is not
 * taken for the original's) and without the original's progress token, on one line (stdio frames
 * end at a newline); a frame that is not a JSON object is left exactly as it was.
 */
export function editableText(raw: string, freshId: string): string {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return raw;
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return raw;
  const m = { ...(json as Record<string, unknown>) };
  if ('id' in m && 'method' in m) m.id = freshId;
  if (m.params && typeof m.params === 'object' && !Array.isArray(m.params)) m.params = withoutProgressToken(m.params as Record<string, unknown>);
  return JSON.stringify(m);
}

/** A short label for a pinned request: the method and what it is about (tool, prompt, URI). */
export function pinLabel(method: string, params?: Record<string, unknown>): string {
  const subject = params?.name ?? params?.uri;
  return typeof subject === 'string' ? `${method} ${subject}` : method;
}

/** Every request the client sent in a session that can be sent again, in order (for a script). */
export function resendableRequests(
  frames: readonly { raw: string; lane: string; dir: 'c2s' | 's2c' | 'local' }[],
): { method: string; params?: Record<string, unknown> }[] {
  const out: { method: string; params?: Record<string, unknown> }[] = [];
  for (const f of frames) {
    if (f.dir !== 'c2s' || f.lane !== 'message') continue;
    const r = resendable({ raw: f.raw, lane: f.lane, dir: f.dir, hasClient: true });
    if (r.ok && r.kind === 'request') out.push({ method: r.method, ...(r.params ? { params: r.params } : {}) });
  }
  return out;
}
