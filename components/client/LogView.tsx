'use client';
import { useMemo, useState } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { LOG_LEVELS, logLine, serverNotifications } from '../../lib/client/notifications';
import { Button } from '../ui/Button';
import { clientRequest, failureOf } from './request';

const levelColor = (l: string) => (['error', 'critical', 'alert', 'emergency'].includes(l) ? 'text-red-300' : l === 'warning' ? 'text-amber-300' : l === 'debug' ? 'text-zinc-500' : 'text-zinc-300');

/** `logging/setLevel` and the `notifications/message` the server sent, newest last. */
export function LogView({ sessionId, ready }: { sessionId: string; ready: boolean }) {
  const trace = useLoupe((s) => s.traces[sessionId]);
  const [level, setLevel] = useState('debug');
  const [status, setStatus] = useState<string>();
  const lines = useMemo(() => {
    if (!trace) return [];
    return serverNotifications(trace.frames, trace.classified).filter((n) => n.method === 'notifications/message').map(logLine).slice(-300);
  }, [trace, trace?.version]);
  const apply = async () => {
    try {
      await clientRequest(sessionId, 'logging/setLevel', { level });
      setStatus(`level set to ${level}`);
    } catch (e) {
      setStatus(`logging/setLevel failed: ${failureOf(e).message}`);
    }
  };
  return (
    <section aria-label="Server log" className="flex flex-col gap-1">
      <div className="flex items-center gap-1">
        <label className="flex items-center gap-1 text-zinc-400">
          Log level
          <select className="rounded border border-zinc-700 bg-zinc-950 px-1 text-xs" value={level} onChange={(e) => setLevel(e.target.value)}>
            {LOG_LEVELS.map((l) => <option key={l}>{l}</option>)}
          </select>
        </label>
        <Button disabled={!ready} onClick={() => void apply()}>Set level</Button>
        {status && <span role="status" className="text-zinc-400">{status}</span>}
      </div>
      <ol aria-label="Log messages" className="max-h-48 overflow-y-auto rounded bg-zinc-950 p-1 font-mono text-[11px]">
        {lines.length === 0 && <li className="text-zinc-600">No notifications/message yet.</li>}
        {lines.map((l) => (
          <li key={`${l.seq}-${l.text.slice(0, 20)}`} className={levelColor(l.level)}>
            <span className="text-zinc-600">#{l.seq} </span>[{l.level}]{l.logger ? ` ${l.logger}:` : ''} {l.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
