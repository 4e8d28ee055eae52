'use client';
import { clientOf } from '../../lib/browser/client-panel/clientState';
import { useLoupe } from '../../lib/browser/store';

/** The tasks the server created in Loupe (task-augmented sampling and elicitation), newest first. */
export function ReceivedTasksList({ sessionId }: { sessionId: string }) {
  const book = useLoupe((s) => clientOf(s, sessionId).receivedTasks);
  if (book.order.length === 0) return null;
  return (
    <section className="flex flex-col gap-1">
      <h4 className="text-[11px] font-semibold text-zinc-400">Run here for the server</h4>
      <ul aria-label="Tasks run for the server" className="flex flex-col gap-1">
        {[...book.order].reverse().map((id) => {
          const t = book.tasks[id];
          return (
            <li key={id} aria-label={`Task ${id}`} className="rounded border border-zinc-800 p-2">
              <div className="flex items-center gap-2">
                <span className="truncate font-mono text-zinc-300" title={id}>
                  {t.method} · {id.slice(0, 12)}
                </span>
                <span role="status" aria-label="Task status" className="ml-auto text-zinc-200">
                  {t.status}
                  {t.expired && ' (expired)'}
                </span>
              </div>
              {t.statusMessage && <p className="text-zinc-400">{t.statusMessage}</p>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
