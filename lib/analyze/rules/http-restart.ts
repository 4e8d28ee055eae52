/**
 * When an HTTP client starts a session over: an `initialize` the server refused at the HTTP level
 * (4xx, as in the `auto` fallback to HTTP+SSE, which then sends the same initialize again) never
 * reached a session, and a session the server expired (404, then a new initialize) is over. In
 * both cases the next initialize is the first of its session, not a duplicate.
 *
 * Any request a POST carried that the server refused at the HTTP level (a 4xx or 5xx, its body no
 * JSON-RPC answer to it) is over too: no answer will come, so it is never overdue, and a client
 * that sends it again (after authorizing, as the SDK does on a 401) reuses no id.
 */
import type { AnalysisState } from '../state';
import type { HttpExchange } from '../../mcp/http-exchanges';
import type { Call } from '../../mcp/calls';
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

/** The requests a refused POST carried that nothing answered, each refused; at the exchange's end,
 *  when its body (which may answer them with JSON-RPC errors) has been read. */
export function refuseUnanswered(state: AnalysisState, ex: HttpExchange, status: number): Call[] {
  if (ex.method !== 'POST' || status < 400) return [];
  const refused: Call[] = [];
  for (const sent of ex.sent) {
    const call = state.calls.callAt(sent.seq);
    if (!call || call.seq !== sent.seq || call.dir !== 'c2s' || call.responseSeq !== undefined || call.refused) continue;
    state.calls.refuse(call);
    refused.push(call);
  }
  return refused;
}
