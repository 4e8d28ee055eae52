/**
 * Replay, Edit and Pin from a recorded frame (traffic table, sequence diagram), and the pinned
 * requests of a connection. Everything goes out through the session's own client, so the new
 * requests are ordinary calls and frames; pins are saved with the connection (connections.json).
 */
import { editableText, pinLabel, type Resendable } from '../../client/resend';
import type { PinnedRequest } from '../../wire/connection';
import { notifyServer, saveConnection, startCall } from '../actions';
import { useLoupe } from '../store';
import { showPanel } from './panelStore';
import { createPerSession } from './perSession';

type Sendable = Extract<Resendable, { ok: true }>;

export const RAW_SAMPLE = '{"jsonrpc":"2.0","id":"raw-1","method":"ping"}';

/** The raw composer's text per session, so Edit can fill it from anywhere; `asked` scrolls it into view. */
export const useComposer = createPerSession<{ text: string; asked: number }>(() => ({ text: RAW_SAMPLE, asked: 0 }));

let edits = 0;

/** Opens the raw composer with the frame's message under a fresh id, to change and send. */
export function editInComposer(sessionId: string, raw: string, seq: number): void {
  const text = editableText(raw, `edit-${seq}-${++edits}`);
  useComposer.getState().patch(sessionId, (s) => ({ text, asked: s.asked + 1 }));
  showPanel(sessionId, 'Utilities');
}

/** Sends it again: a request as a new call of the session (new id, same params), a notification as it was. */
export async function resend(sessionId: string, r: Sendable): Promise<string | undefined> {
  if (r.kind === 'notification') {
    await notifyServer(sessionId, r.method, r.params);
    return undefined;
  }
  return startCall(sessionId, r.method, r.params);
}

function connectionOf(sessionId: string) {
  const st = useLoupe.getState();
  const connectionId = st.sessions.find((s) => s.id === sessionId)?.connectionId;
  return st.connections.find((c) => c.id === connectionId);
}

/** Keeps it in the connection's pinned list (the same request pinned twice is kept once). */
export async function pin(sessionId: string, r: Sendable): Promise<void> {
  const c = connectionOf(sessionId);
  if (!c) throw new Error('the session’s connection is no longer saved: nothing to pin it to');
  const same = (p: PinnedRequest) => p.method === r.method && JSON.stringify(p.params ?? null) === JSON.stringify(r.params ?? null);
  if ((c.pinned ?? []).some(same)) return;
  const entry: PinnedRequest = {
    id: `pin-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
    kind: r.kind,
    method: r.method,
    ...(r.params ? { params: r.params } : {}),
    label: pinLabel(r.method, r.params),
  };
  await saveConnection({ ...c, pinned: [...(c.pinned ?? []), entry] });
  showPanel(sessionId, 'Pinned');
}

export async function unpin(sessionId: string, pinId: string): Promise<void> {
  const c = connectionOf(sessionId);
  if (!c) return;
  await saveConnection({ ...c, pinned: (c.pinned ?? []).filter((p) => p.id !== pinId) });
}
