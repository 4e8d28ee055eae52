'use client';
import { useEffect } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { serverNotifications, type ServerNotification } from '../../lib/client/notifications';
import { openTasks, TASK_METHODS } from '../../lib/client/received-tasks';
import type { SessionSummary } from '../../lib/wire/protocol';
import { showPanel } from './panelStore';
import { listPrompts, usePrompts } from './promptsStore';
import { listResources, resourceUpdated, useResources } from './resourcesStore';
import { autoAnswer } from './autoAnswer';
import { restoreReceivedTasks } from './receivedTasksStore';
import { taskStatusNotified } from './tasksStore';
import { listTools, useTools } from './toolsStore';
import { followTaskIds } from './taskIdsStore';
import { followUrlElicitations } from './urlElicitationsStore';

function react(sessionId: string, n: ServerNotification): void {
  switch (n.method) {
    case 'notifications/tools/list_changed':
      if (useTools.getState().get(sessionId).tools) void listTools(sessionId, false, false);
      return;
    case 'notifications/resources/list_changed':
      if (useResources.getState().get(sessionId).resources) void listResources(sessionId);
      return;
    case 'notifications/prompts/list_changed':
      if (usePrompts.getState().get(sessionId).prompts) void listPrompts(sessionId);
      return;
    case 'notifications/resources/updated':
      if (typeof n.params.uri === 'string') resourceUpdated(sessionId, n.params.uri, n.seq);
      return;
    case 'notifications/tasks/status':
      taskStatusNotified(sessionId, n.params);
      return;
  }
}

/**
 * What the client does without being asked, while its session is shown: it follows the server's
 * notifications (list_changed refreshes a list already shown, resource updates, task status) as
 * they arrive in the frames, and answers the server's requests that need no person.
 */
export function ClientAutomation({ session }: { session: SessionSummary }) {
  const { id, connectionId } = session;
  useEffect(() => {
    // Notifications recorded before the panel was shown are history, not news.
    let seen = useLoupe.getState().traces[id]?.frames.length ?? 0;
    let lastPending: unknown;
    let ahead = false;
    let heldWhenAnswered = 0;
    const onState = (s: ReturnType<typeof useLoupe.getState>) => {
      const t = s.traces[id];
      // URL elicitations are read from the first frame: their history is what the panel shows.
      if (t) followUrlElicitations(id, t.frames, t.classified);
      // Before autoAnswer: it leaves the tasks/* requests about other pages' tasks to them.
      if (t) followTaskIds(id, t.frames, t.classified);
      if (t && t.frames.length > seen) {
        const news = serverNotifications(t.frames, t.classified, seen);
        seen = t.frames.length;
        for (const n of news) react(id, n);
      }
      const pending = s.pending[id];
      const held = t?.frames.length ?? 0;
      const isNew = !!pending && pending !== lastPending;
      // Requests whose frames had not arrived yet (some answers wait for them) are tried again as they do.
      if (pending && (isNew || (ahead && held > heldWhenAnswered))) {
        lastPending = pending;
        heldWhenAnswered = held;
        ahead = pending.some((p) => p.seq !== undefined && p.seq > held);
        autoAnswer(id, connectionId, pending, s.sessions.find((x) => x.id === id)?.clientCapabilities);
        // A task-augmented request waits for the person too, as a task card.
        if (isNew && pending.some((p) => p.method !== 'roots/list' && !TASK_METHODS.includes(p.method))) showPanel(id);
      }
    };
    if (openTasks(restoreReceivedTasks(id)).length > 0) showPanel(id);
    onState(useLoupe.getState());
    return useLoupe.subscribe(onState);
  }, [id, connectionId]);
  return null;
}
