/**
 * What modern (2026-07-28) traffic tells the session state: the client's version, identity and
 * capabilities ride on every request's `_meta`; the server's capabilities, instructions and
 * identity come from `server/discover` (and `_meta` serverInfo on any result). The capability
 * table and the session header read them where a legacy session's `initialize` put them.
 */
import { META_CAPABILITIES, META_CLIENT_INFO, META_SERVER_INFO, META_SUBSCRIPTION, metaValue, metaVersion } from '../mcp/era';
import { isRetry } from '../mcp/rounds';
import type { Message } from './message';
import type { AnalysisState, RequestRecord } from './state';
import { isObj, objAt, own, strAt } from './util';

export function trackModern(state: AnalysisState, msg: Message, request: RequestRecord | undefined): void {
  if (msg.dir === 'c2s' && msg.kind === 'request') {
    const v = metaVersion(msg.params);
    if (v !== undefined) state.negotiatedVersion = v;
    const caps = metaValue(msg.params, META_CAPABILITIES);
    if (isObj(caps)) state.clientCapabilities = caps;
    const info = metaValue(msg.params, META_CLIENT_INFO);
    if (isObj(info)) state.clientInfo = info;
    if (isRetry(msg.params)) state.rounds.retry(msg.method as string, msg.params, msg.seq);
    if (msg.method?.startsWith('tasks/')) state.taskSpans.polled(own(isObj(msg.params) ? msg.params : {}, 'taskId'), msg.seq);
    if (msg.method === 'subscriptions/listen') state.listens.open(msg.seq, msg.id, own(isObj(msg.params) ? msg.params : {}, 'notifications'));
    return;
  }
  if (msg.kind === 'notification' && msg.dir === 's2c') {
    const tag = metaValue(msg.params, META_SUBSCRIPTION);
    const ack = msg.method === 'notifications/subscriptions/acknowledged' ? (own(isObj(msg.params) ? msg.params : {}, 'notifications') ?? {}) : undefined;
    if (tag !== undefined) state.listens.notified(tag, msg.seq, ack);
    return;
  }
  if (msg.kind !== 'response' || !request) return;
  const resultType = strAt(msg.result, 'resultType');
  const taskId = strAt(msg.result, 'taskId');
  if (resultType === 'task' && taskId !== undefined) state.taskSpans.created(taskId, request.seq, msg.seq, strAt(msg.result, 'status'));
  if (request.method.startsWith('tasks/')) state.taskSpans.status(strAt(request.params, 'taskId'), strAt(msg.result, 'status'));
  if (resultType === 'input_required' && request.dir === 'c2s') {
    const inputs = objAt(msg.result, 'inputRequests');
    state.rounds.inputRequired(request.method, request.params, {
      requestSeq: request.seq,
      id: request.id,
      resultSeq: msg.seq,
      requestState: own(msg.result as object as Record<string, unknown>, 'requestState'),
      inputRequestKeys: inputs ? Object.keys(inputs) : [],
    });
  }
  const info = metaValue(msg.result, META_SERVER_INFO);
  if (isObj(info)) state.serverInfo = info;
  if (request.method !== 'server/discover') return;
  const caps = objAt(msg.result, 'capabilities');
  if (caps) state.serverCapabilities = caps;
  state.instructions = strAt(msg.result, 'instructions');
}
