'use client';
import { clientOf } from '../../../lib/browser/client-panel/clientState';
import { modernTaskAction } from '../../../lib/browser/modernActions';
import { useLoupe } from '../../../lib/browser/store';
import { isTerminalStatus } from '../../../lib/client/received-tasks';
import { Button } from '../../ui/Button';
import { TaskHeading } from '../TaskHeading';
import { TaskResult } from '../TaskResult';
import { RpcError } from '../ToolResult';
import { InputRequestsForm } from './InputRequestsForm';

/**
 * Tasks of the 2026-07-28 tasks extension: a tool that answers `resultType: "task"` is followed
 * with tasks/get by the session; a task that needs input is answered here (tasks/update); a task
 * can be cancelled (tasks/cancel) until it ends. Its result comes with its terminal status.
 */
export function ModernTasksTab({ sessionId, ready }: { sessionId: string; ready: boolean }) {
  const st = useLoupe((s) => clientOf(s, sessionId).clientTasks);
  const act = (taskId: string, action: 'get' | 'cancel') => void modernTaskAction(sessionId, taskId, action).catch(() => {});
  const ids = st.order.filter((id) => st.tasks[id]?.modern);
  return (
    <div className="flex flex-col gap-2">
      {ids.length === 0 && (
        <p className="text-zinc-500">
          No tasks yet. A tool that runs long answers with a task (the tasks extension is declared in this session&apos;s capabilities).
        </p>
      )}
      <ul aria-label="Tasks" className="flex flex-col gap-1">
        {ids.map((taskId) => {
          const t = st.tasks[taskId];
          const inputRequests = t.raw.inputRequests as Record<string, unknown> | undefined;
          return (
            <li key={taskId} aria-label={`Task ${taskId}`} className="rounded border border-zinc-800 p-2">
              <TaskHeading taskId={taskId} toolName={t.toolName} status={t.status}>
                <Button variant="ghost" disabled={!ready} onClick={() => act(taskId, 'get')}>
                  Get
                </Button>
                {!isTerminalStatus(t.status) && (
                  <Button variant="danger" disabled={!ready} onClick={() => act(taskId, 'cancel')}>
                    Cancel task
                  </Button>
                )}
              </TaskHeading>
              {t.statusMessage && <p className="text-zinc-400">{t.statusMessage}</p>}
              <p className="text-[11px] text-zinc-500">
                statuses: {t.history.join(' → ')}
                {t.polls ? ` · ${t.polls} polls (tasks/get)` : ''}
              </p>
              {t.status === 'input_required' && inputRequests && (
                <InputRequestsForm
                  label="Input the task needs"
                  inputRequests={inputRequests}
                  forPerson={Object.keys(inputRequests).filter((k) => (inputRequests[k] as { method?: string })?.method !== 'roots/list')}
                  onSubmit={(responses) => modernTaskAction(sessionId, taskId, 'update', responses)}
                />
              )}
              {t.resultError && <RpcError error={t.resultError} what="the task" />}
              {t.result && <TaskResult result={t.result} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
