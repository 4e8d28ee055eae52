/**
 * Everything the page can ask of the proxy, one function per action, each sending one message
 * that the wire schema validates at the proxy. Views call these; they never build wire messages
 * themselves. Client actions change the session's client state, which the proxy sends to every
 * page watching (so a reload, a second page and this one show the same thing).
 */
import type { ListName } from '../client/paged-list';
import type { Root } from '../wire/client-state';
import type { Connection } from '../wire/connection';
import type { OpenOptions } from '../wire/protocol';
import { getSocket, ProxyRequestError } from './socket';
import { useLoupe } from './store';

// ---- connections and sessions ----

/** The page's sessions list the server's offer after the handshake, so it is in view on Connect. */
export async function openSession(connectionId: string, options: OpenOptions): Promise<string> {
  return showInTab(
    await getSocket().call({ type: 'session/open', connectionId, options: { listOffer: true, ...options } }),
    'The proxy opened no session (its reply carried no session id).',
  );
}

/** Opens the session a reply names in a tab and starts its stream. */
async function showInTab(reply: { type: string; sessionId?: string }, missing: string): Promise<string> {
  const sessionId = reply.type === 'ack' ? reply.sessionId : undefined;
  if (!sessionId) throw new Error(missing);
  useLoupe.getState().openTab(sessionId);
  await attachSession(sessionId);
  return sessionId;
}

/** Starts (or restarts) the stream of a session: frames, server requests and client state. */
export async function attachSession(sessionId: string): Promise<void> {
  await getSocket().attach(sessionId);
}

export async function closeSession(sessionId: string): Promise<void> {
  await getSocket().call({ type: 'session/close', sessionId });
}

export async function forgetSession(sessionId: string): Promise<void> {
  await getSocket().call({ type: 'session/forget', sessionId });
  useLoupe.getState().closeTab(sessionId);
}

/** Opens (or finds) the session that shows a recorded tap, in a tab. */
export async function openTap(file: string): Promise<string> {
  return showInTab(await getSocket().call({ type: 'taps/open', file }), 'The proxy opened no session for that tap.');
}

/** Starts an HTTP tap in the proxy ("Tap a URL") and opens the session that follows it, in a tab. */
export async function startUrlTap(request: { url: string; port?: number; name?: string; mode?: 'auto' | 'streamable' | 'sse' }): Promise<string> {
  return showInTab(await getSocket().call({ type: 'taps/start-url', ...request }), 'The proxy started the tap but opened no session for it.');
}

/** Stops an HTTP tap the proxy runs; what it recorded stays listed. */
export async function stopTap(file: string): Promise<void> {
  await getSocket().call({ type: 'taps/stop', file });
}

export async function saveConnection(connection: Connection): Promise<void> {
  await getSocket().call({ type: 'connections/save', connection });
}

export async function deleteConnection(id: string): Promise<void> {
  await getSocket().call({ type: 'connections/delete', id });
}

export async function restoreConnection(id: string): Promise<void> {
  await getSocket().call({ type: 'connections/restore', id });
}

/** Resolves with the copy's id. */
export async function cloneConnection(id: string): Promise<string | undefined> {
  const reply = await getSocket().call({ type: 'connections/clone', id });
  return reply.type === 'ack' ? reply.connectionId : undefined;
}

/** `mcpServers` JSON of these connections (all when left out); secrets redacted unless `reveal`. */
export async function exportConnections(ids: string[] | undefined, reveal: boolean): Promise<{ json: string; redacted: string[] }> {
  const reply = await getSocket().call({ type: 'connections/export', ids, reveal });
  if (reply.type !== 'connections/exported') throw new Error('The proxy did not answer the export.');
  return { json: reply.json, redacted: reply.redacted };
}

export async function importConnections(json: string): Promise<void> {
  await getSocket().call({ type: 'connections/import', json });
}

/** HTTP sessions: sends the active probes (deliberately bad requests); their frames join the trace. */
export async function probeSession(sessionId: string): Promise<void> {
  await getSocket().call({ type: 'session/probe', sessionId });
}

/** HTTP sessions the server expired: a new session id and handshake, on the same trace. */
export async function reinitializeSession(sessionId: string): Promise<void> {
  await getSocket().call({ type: 'session/reinitialize', sessionId });
}

// ---- Loupe's client in a session ----

export interface CallPolicy {
  timeoutMs?: number;
  resetTimeoutOnProgress?: boolean;
  maxTotalMs?: number;
}

/** A JSON-RPC error from the server, or Loupe's own failure (timeout, cancel, closed session). */
export interface RpcFailure {
  /** Loupe gave up (timeout, cancel, closed session): not an answer from the server. */
  local?: boolean;
  code?: number;
  message: string;
  data?: unknown;
}

export function failureOf(e: unknown): RpcFailure {
  if (e instanceof ProxyRequestError) return { code: e.code, message: e.message, data: e.data, local: e.local };
  // Anything else (the proxy link dropped, a refusal by the proxy) is Loupe's side too.
  return { message: e instanceof Error ? e.message : String(e), local: true };
}

/** Lists from the first page, or (`more`) the next page; the listing lands in the client state. */
export async function listClient(sessionId: string, list: ListName, more = false): Promise<void> {
  await getSocket().call({ type: 'client/list', sessionId, list, more });
}

/** Starts a call the session holds (progress, outcome, Cancel); resolves with its id. */
export async function startCall(sessionId: string, method: string, params?: Record<string, unknown>, policy: CallPolicy = {}): Promise<string> {
  const reply = await getSocket().call({ type: 'client/call', sessionId, method, params, ...policy });
  if (reply.type !== 'ack' || !reply.callId) throw new Error('The proxy started no call (its reply carried no call id).');
  return reply.callId;
}

export async function cancelCall(sessionId: string, callId: string): Promise<void> {
  await getSocket().call({ type: 'client/cancel', sessionId, callId });
}

/** A request whose answer the caller awaits (a completion, a ping); rejects with the error. */
export async function clientRequest(sessionId: string, method: string, params?: Record<string, unknown>, policy: CallPolicy = {}): Promise<unknown> {
  const reply = await getSocket().call({ type: 'session/request', sessionId, method, params, ...policy });
  return reply.type === 'request/result' ? reply.result : undefined;
}

export async function notifyServer(sessionId: string, method: string, params?: Record<string, unknown>): Promise<void> {
  await getSocket().call({ type: 'session/notify', sessionId, method, params });
}

export async function sendRawFrame(sessionId: string, text: string): Promise<void> {
  await getSocket().call({ type: 'session/send-raw', sessionId, text });
}

/** A task Loupe created on the server: tasks/get, tasks/result or tasks/cancel. */
export async function taskAction(sessionId: string, taskId: string, action: 'get' | 'result' | 'cancel'): Promise<void> {
  await getSocket().call({ type: 'client/task', sessionId, taskId, action });
}

export async function setSessionRoots(sessionId: string, roots: Root[]): Promise<void> {
  await getSocket().call({ type: 'client/set-roots', sessionId, roots });
}

export async function setSamplingAuto(sessionId: string, on: boolean): Promise<void> {
  await getSocket().call({ type: 'client/set-sampling-auto', sessionId, on });
}

/** A reply to a server request: a result, or a JSON-RPC error. */
export interface ServerAnswer {
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

export async function answerServerRequest(sessionId: string, key: string, answer: ServerAnswer): Promise<void> {
  await getSocket().call({ type: 'server-request/answer', sessionId, key, ...answer });
}

/** The person's answer to a task the server created in Loupe. */
export async function finishReceivedTask(sessionId: string, taskId: string, answer: ServerAnswer): Promise<void> {
  await getSocket().call({ type: 'client/finish-task', sessionId, taskId, ...answer });
}
