'use client';
import { useMemo } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { logLine, serverNotifications } from '../../lib/client/notifications';

const levelColor = (l: string) =>
  ['error', 'critical', 'alert', 'emergency'].includes(l)
    ? 'text-red-300'
    : l === 'warning'
      ? 'text-amber-300'
      : l === 'debug'
        ? 'text-zinc-500'
        : 'text-zinc-300';

/** The `notifications/message` the server sent, newest last (the last 300). */
export function LogLines({ sessionId }: { sessionId: string }) {
  const trace = useLoupe((s) => s.traces[sessionId]);
  const lines = useMemo(() => {
    if (!trace) return [];
    return serverNotifications(trace.frames, (i) => trace.model.classifiedOf(i))
      .filter((n) => n.method === 'notifications/message')
      .map(logLine)
      .slice(-300);
  }, [trace, trace?.version]);
  return (
    <ol aria-label="Log messages" className="rounded bg-zinc-950 p-1 font-mono text-[11px]">
      {lines.length === 0 && <li className="text-zinc-600">No notifications/message yet.</li>}
      {lines.map((l) => (
        <li key={`${l.seq}-${l.text.slice(0, 20)}`} className={levelColor(l.level)}>
          <span className="text-zinc-600">#{l.seq} </span>[{l.level}]{l.logger ? ` ${l.logger}:` : ''} {l.text}
        </li>
      ))}
    </ol>
  );
}
