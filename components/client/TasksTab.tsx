'use client';
import { listClient, taskAction } from '../../lib/browser/actions';
import { clientOf, listOf } from '../../lib/browser/client-panel/clientState';
import { useLoupe } from '../../lib/browser/store';
import { isTerminalStatus } from '../../lib/client/received-tasks';
import { Button } from '../ui/Button';
import { TaskHeading } from './TaskHeading';
import { TaskResult } from './TaskResult';
import { ReceivedTasksList } from './ReceivedTasksList';
import { RpcError } from './ToolResult';

/** Tasks (2025-11-25): the ones created here and listed by the server, their status and result. */
export function TasksTab({ sessionId, ready }: { sessionId: string; ready: boolean }) {
  const client = useLoupe((s) => clientOf(s, sessionId));
  const list = listOf(client, 'tasks');
  const st = client.clientTasks;
  const act = (taskId: string, action: 'get' | 'result' | 'cancel') => void taskAction(sessionId, taskId, action).catch(() => {});
  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-1">
        <Button disabled={!ready} onClick={() => void listClient(sessionId, 'tasks')}>
          List tasks
        </Button>
        {list?.nextCursor && (
          <Button disabled={!ready} onClick={() => void listClient(sessionId, 'tasks', true)}>
            More tasks
          </Button>
        )}
      </div>
      {list?.error && (
        <p role="alert" className="text-red-300">
          {list.error}
        </p>
      )}
      {st.order.length === 0 && <p className="text-zinc-500">No tasks yet. Call a tool with “run as task”, or list the server’s tasks.</p>}
      <ul aria-label="Tasks" className="flex flex-col gap-1">
        {st.order.map((taskId) => {
          const t = st.tasks[taskId];
          const failed = t.resultError;
          return (
            <li key={taskId} aria-label={`Task ${taskId}`} className="rounded border border-zinc-800 p-2">
              <TaskHeading taskId={taskId} toolName={t.toolName} status={t.status}>
                <Button variant="ghost" disabled={!ready} onClick={() => act(taskId, 'get')}>
                  Get
                </Button>
                <Button variant="ghost" disabled={!ready} onClick={() => act(taskId, 'result')}>
                  Result
                </Button>
                {!isTerminalStatus(t.status) && (
                  <Button variant="danger" disabled={!ready} onClick={() => act(taskId, 'cancel')}>
                    Cancel task
                  </Button>
                )}
              </TaskHeading>
              {t.statusMessage && <p className="text-zinc-400">{t.statusMessage}</p>}
              <p className="text-[11px] text-zinc-500">statuses: {t.history.join(' → ')}</p>
              {failed && <RpcError error={failed} what="tasks/result" />}
              {t.result && <TaskResult result={t.result} />}
            </li>
          );
        })}
      </ul>
      <ReceivedTasksList sessionId={sessionId} />
    </div>
  );
}
