'use client';
import type { ReactNode } from 'react';

const statusColor: Record<string, string> = {
  working: 'text-sky-300',
  input_required: 'text-amber-300',
  completed: 'text-emerald-300',
  failed: 'text-red-300',
  cancelled: 'text-zinc-400',
};

/** A task's first line: what created it, its id, its status, and the actions given as children. */
export function TaskHeading({ taskId, toolName, status, children }: { taskId: string; toolName?: string; status: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      <span className="truncate font-mono text-zinc-300" title={taskId}>
        {toolName ?? 'task'} · {taskId.slice(0, 12)}
      </span>
      <span role="status" aria-label="Task status" className={statusColor[status] ?? 'text-zinc-300'}>
        {status}
      </span>
      <div className="ml-auto flex gap-1">{children}</div>
    </div>
  );
}
