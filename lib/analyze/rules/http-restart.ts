/**
 * When an HTTP client starts a session over: an `initialize` the server refused at the HTTP level
 * (4xx, as in the `auto` fallback to HTTP+SSE, which then sends the same initialize again) never
 * reached a session, and a session the server expired (404, then a new initialize) is over. In
 * both cases the next initialize is the first of its session, not a duplicate.
 */
import type { AnalysisState } from '../state';
import type { HttpExchange } from '../../mcp/http-exchanges';
import type { BodyKinds } from './http-exchanges';

/** Forgets the requests of a refused initialize exchange, as if they had never been sent. */
export function forgetRefusedInitialize(state: AnalysisState, ex: HttpExchange, body: BodyKinds, status: number): void {
  if (!body.initialize || status < 400 || status >= 500) return;
  for (const req of state.calls.openCalls()) {
    if (req.dir !== 'c2s' || !ex.sent.some((f) => f.seq === req.seq)) continue;
    state.calls.refuse(req);
    const n = state.methods.c2s.get(req.method) ?? 0;
    if (n <= 1) state.methods.c2s.delete(req.method);
    else state.methods.c2s.set(req.method, n - 1);
    if (req.seq === state.initializeSeq) resetLifecycle(state);
  }
}

/** A new session begins on the same trace (after a `session-expired` lifecycle frame). */
export function resetLifecycle(state: AnalysisState): void {
  state.initializeSeq = undefined;
  state.initializedSeq = undefined;
  if (state.phase !== 'ended') state.phase = 'new';
  state.once.delete('lifecycle.missing-initialized');
}
