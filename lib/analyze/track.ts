/**
 * Applies one message to the session state, after the rules have judged it against the state as
 * it was. Ordering matters: a rule sees "before", the next message sees "after".
 */
import type { AnalysisState, RequestRecord } from './state';
import type { Message } from './message';
import { metaValue } from '../mcp/era';
import { PAGINATED } from '../mcp/methods';
import { toolVisibility } from '../mcp/apps';
import { trackModern } from './track-modern';
import { arrAt, isObj, objAt, own, strAt } from './util';

export function progressTokenOf(params: unknown): unknown {
  return metaValue(params, 'progressToken');
}

export function validProgressToken(t: unknown): t is string | number {
  return typeof t === 'string' || (typeof t === 'number' && Number.isInteger(t));
}

export function progressKey(requesterDir: string, token: string | number): string {
  return `${requesterDir}|${typeof token}|${token}`;
}

export function track(state: AnalysisState, msg: Message, request: RequestRecord | undefined): void {
  const counts = state.methods[msg.dir];
  if (msg.method) counts.set(msg.method, (counts.get(msg.method) ?? 0) + 1);
  state.eras.learn(msg, request);
  if (state.era === 'modern') trackModern(state, msg, request);
  if (msg.kind === 'request') trackRequest(state, msg);
  else if (msg.kind === 'notification') trackNotification(state, msg);
  else if ((msg.kind === 'response' || msg.kind === 'error') && request && request.responseSeq === undefined) trackResponse(state, msg, request);
}

function trackRequest(state: AnalysisState, msg: Message): void {
  // A reused id is a new call (jsonrpc.id-reused says so): its answer pairs with it.
  const rec = state.calls.request(msg.seq, msg.ts, msg.dir, msg.id, msg.method as string, msg.params);
  if (!rec) return;
  const token = progressTokenOf(msg.params);
  if (validProgressToken(token)) {
    rec.progressToken = token;
    const pk = progressKey(msg.dir, token);
    if (!state.progressTokens.has(pk)) state.progressTokens.set(pk, { requestSeq: msg.seq, dir: msg.dir });
  }
  if (msg.dir !== 'c2s') return;
  if (msg.method === 'initialize' && state.initializeSeq === undefined) {
    state.initializeSeq = msg.seq;
    if (state.phase === 'new') state.phase = 'initializing';
    const v = own(isObj(msg.params) ? msg.params : {}, 'protocolVersion');
    if (typeof v === 'string') state.requestedVersion = v;
    state.clientInfo = objAt(msg.params, 'clientInfo');
    state.clientCapabilities = objAt(msg.params, 'capabilities');
  }
  const uri = strAt(msg.params, 'uri');
  if (msg.method === 'resources/subscribe' && uri !== undefined) state.subscriptions.add(uri);
  if (msg.method === 'resources/unsubscribe' && uri !== undefined) state.subscriptions.delete(uri);
}

function trackNotification(state: AnalysisState, msg: Message): void {
  if (msg.method === 'notifications/initialized' && msg.dir === 'c2s') {
    state.initializedSeq ??= msg.seq;
    if (state.phase === 'awaiting-initialized' || state.phase === 'initializing') state.phase = 'operational';
  } else if (msg.method === 'notifications/cancelled') {
    const req = state.calls.cancelTarget(msg.dir, own(isObj(msg.params) ? msg.params : {}, 'requestId'));
    if (req) state.calls.cancel(req, msg.seq, msg.ts);
  } else if (msg.method === 'notifications/progress') {
    const token = own(isObj(msg.params) ? msg.params : {}, 'progressToken');
    const progress = own(isObj(msg.params) ? msg.params : {}, 'progress');
    if (!validProgressToken(token) || typeof progress !== 'number') return;
    const rec = state.progressTokens.get(progressKey(msg.dir === 'c2s' ? 's2c' : 'c2s', token));
    if (!rec) return;
    rec.last = progress;
    const call = state.calls.callAt(rec.requestSeq);
    if (call && call.responseSeq === undefined) state.calls.progress(call, msg.seq);
  }
}

function trackResponse(state: AnalysisState, msg: Message, req: RequestRecord): void {
  const code = msg.kind === 'error' && isObj(msg.error) ? own(msg.error, 'code') : undefined;
  if (msg.kind === 'response' && req.dir === 'c2s' && (req.method === 'resources/subscribe' || req.method === 'resources/unsubscribe')) {
    const uri = strAt(req.params, 'uri');
    if (uri !== undefined && req.method === 'resources/subscribe') state.acceptedSubscriptions.add(uri);
    else if (uri !== undefined) state.acceptedSubscriptions.delete(uri);
  }
  state.calls.answer(req, msg.seq, msg.ts, msg.kind === 'error', typeof code === 'number' ? code : undefined);
  if (req.progressToken !== undefined) {
    const pk = progressKey(req.dir, req.progressToken);
    if (state.progressTokens.get(pk)?.requestSeq === req.seq) state.progressTokens.delete(pk);
  }
  if (req.method === 'initialize' && req.dir === 'c2s' && req.seq === state.initializeSeq) {
    if (msg.kind === 'error') {
      state.phase = 'failed';
      return;
    }
    if (state.phase === 'initializing') state.phase = 'awaiting-initialized';
    const v = strAt(msg.result, 'protocolVersion');
    if (v !== undefined) state.negotiatedVersion = v;
    state.serverInfo = objAt(msg.result, 'serverInfo');
    state.serverCapabilities = objAt(msg.result, 'capabilities');
    state.instructions = strAt(msg.result, 'instructions');
    return;
  }
  if (msg.kind !== 'response') return;
  const next = own(isObj(msg.result) ? msg.result : {}, 'nextCursor');
  if (PAGINATED.has(req.method) && typeof next === 'string') {
    let set = state.cursors.get(req.method);
    if (!set) state.cursors.set(req.method, (set = new Set()));
    set.add(next);
  }
  if (req.method === 'tools/list' && req.dir === 'c2s') {
    // A listing without a cursor starts over: tools may have changed since the last one.
    if (own(isObj(req.params) ? req.params : {}, 'cursor') === undefined) state.tools.clear();
    for (const t of arrAt(msg.result, 'tools') ?? []) {
      const name = strAt(t, 'name');
      if (name !== undefined)
        state.tools.set(name, {
          name,
          inputSchema: own(t as object as Record<string, unknown>, 'inputSchema'),
          outputSchema: own(t as Record<string, unknown>, 'outputSchema'),
          visibility: toolVisibility(t),
          seq: msg.seq,
        });
    }
  }
}
