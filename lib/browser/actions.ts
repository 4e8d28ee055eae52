/**
 * What the page asks of the proxy, as plain async functions over the socket. Views call these;
 * they never build wire messages themselves.
 */
import type { Connection } from '../wire/connection';
import type { OpenOptions } from '../wire/protocol';
import { getSocket } from './socket';
import { useLoupe } from './store';

export async function openSession(connectionId: string, options: OpenOptions): Promise<string> {
  const reply = await getSocket().call({ type: 'session/open', connectionId, options });
  const sessionId = reply.type === 'ack' ? reply.sessionId : undefined;
  if (!sessionId) throw new Error('The proxy opened no session (its reply carried no session id).');
  useLoupe.getState().openTab(sessionId);
  await attachSession(sessionId);
  return sessionId;
}

/** Starts (or restarts) the stream of a session's frames: a snapshot, then live batches. */
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

/** Sends an MCP request through Loupe's client; resolves with the result, rejects with the error. */
export async function mcpRequest(sessionId: string, method: string, params?: Record<string, unknown>): Promise<unknown> {
  const reply = await getSocket().call({ type: 'session/request', sessionId, method, params });
  return reply.type === 'request/result' ? reply.result : undefined;
}

export async function saveConnection(connection: Connection): Promise<void> {
  await getSocket().call({ type: 'connections/save', connection });
}

export async function deleteConnection(id: string): Promise<void> {
  await getSocket().call({ type: 'connections/delete', id });
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
