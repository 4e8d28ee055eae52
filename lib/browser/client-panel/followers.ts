/**
 * What the page itself follows in the data the proxy streams: a session whose server asks the
 * person something (a sampling or elicitation request, a task created in Loupe) opens its client
 * panel, and URL elicitations are read from the frames as they arrive. Answers to the server are
 * not given here: the session in the proxy gives them, once, whoever is watching.
 */
import { openTasks } from '../../client/received-tasks';
import type { ReceivedTask, TaskBook } from '../../client/received-tasks';
import { useLoupe, type LoupeStore } from '../store';
import { showPanel } from './panelStore';
import { followUrlElicitations } from './urlElicitationsStore';

/** Keys of the asks each session has already shown, so a panel the person closed stays closed. */
const shown = new Map<string, Set<string>>();

function asksOf(s: LoupeStore, sessionId: string): string[] {
  const pending = (s.pending[sessionId] ?? []).map((p) => p.key);
  const book = s.clients[sessionId]?.receivedTasks as TaskBook | undefined;
  const tasks = book ? openTasks(book).map((t: ReceivedTask) => `task:${t.taskId}`) : [];
  return [...pending, ...tasks];
}

function onChange(s: LoupeStore, before: LoupeStore): void {
  for (const id of s.tabs) {
    const t = s.traces[id];
    if (t && t !== before.traces[id]) followUrlElicitations(id, t.model);
    if (s.pending[id] === before.pending[id] && s.clients[id] === before.clients[id]) continue;
    const seen = shown.get(id) ?? new Set<string>();
    shown.set(id, seen);
    const fresh = asksOf(s, id).filter((k) => !seen.has(k));
    for (const k of fresh) seen.add(k);
    if (fresh.length > 0) showPanel(id);
  }
}

let started = false;

export function startClientFollowers(): void {
  if (started) return;
  started = true;
  useLoupe.subscribe(onChange);
}
