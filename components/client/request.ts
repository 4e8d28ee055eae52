/**
 * The client panels' requests to the proxy. A request carries its own timeout policy and learns
 * its rid so that Cancel can name it in `request/cancel` (which sends `notifications/cancelled`).
 */
import { getSocket, ProxyRequestError } from '../../lib/browser/socket';

export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

export interface CallOptions {
  timeoutMs?: number;
  resetTimeoutOnProgress?: boolean;
  maxTotalMs?: number;
  onProgress?: (p: Progress) => void;
  onSent?: (rid: string) => void;
}

/** A JSON-RPC error from the server, or Loupe's own failure (timeout, cancel, closed session). */
export interface RpcFailure {
  /** Loupe gave up (timeout, cancel, closed session): not an answer from the server. */
  local?: boolean;
  code?: number;
  message: string;
  data?: unknown;
}

export async function clientRequest(sessionId: string, method: string, params?: Record<string, unknown>, opts: CallOptions = {}): Promise<unknown> {
  const { onProgress, onSent, ...timing } = opts;
  const reply = await getSocket().call({ type: 'session/request', sessionId, method, params, ...timing }, onProgress, onSent);
  return reply.type === 'request/result' ? reply.result : undefined;
}

export function failureOf(e: unknown): RpcFailure {
  if (e instanceof ProxyRequestError) return { code: e.code, message: e.message, data: e.data, local: e.local };
  // Anything else (the proxy link dropped, a refusal by the proxy) is Loupe's side too.
  return { message: e instanceof Error ? e.message : String(e), local: true };
}

export async function cancelRequest(sessionId: string, requestRid: string): Promise<void> {
  await getSocket().call({ type: 'request/cancel', sessionId, requestRid });
}

export async function notifyServer(sessionId: string, method: string, params?: Record<string, unknown>): Promise<void> {
  await getSocket().call({ type: 'session/notify', sessionId, method, params });
}

export async function sendRawFrame(sessionId: string, text: string): Promise<void> {
  await getSocket().call({ type: 'session/send-raw', sessionId, text });
}

export async function answerServerRequest(
  sessionId: string,
  key: string,
  answer: { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } },
): Promise<void> {
  await getSocket().call({ type: 'server-request/answer', sessionId, key, ...answer });
}

/** localStorage, when the page has one (it may be disabled). */
export function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
