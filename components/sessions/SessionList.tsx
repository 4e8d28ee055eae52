'use client';
import { forgetSession } from '../../lib/browser/actions';
import { useLoupe } from '../../lib/browser/store';
import { Button } from '../ui/Button';
import { StatusBadge } from '../ui/StatusBadge';
import { sessionLabel } from './sessionLabel';
import { SessionName } from './SessionName';

/** Every session the proxy holds, newest first; click one to open it in a tab. */
export function SessionList() {
  const sessions = useLoupe((s) => s.sessions);
  const active = useLoupe((s) => s.activeTab);
  const openTab = useLoupe((s) => s.openTab);
  const sorted = [...sessions].sort((a, b) => b.startedAt - a.startedAt);

  return (
    <ul aria-label="Sessions" className="flex max-h-[30vh] flex-col overflow-y-auto">
      {sorted.length === 0 && <li className="px-3 py-2 text-xs text-zinc-500">No sessions. Press Connect above.</li>}
      {sorted.map((s) => {
        const ended = s.status === 'closed' || s.status === 'failed';
        return (
          <li key={s.id} className={`group flex items-center gap-1 px-3 py-1 ${active === s.id ? 'bg-zinc-800/70' : 'hover:bg-zinc-900'}`}>
            <button type="button" className="min-w-0 flex-1 text-left" onClick={() => openTab(s.id)} aria-label={`Open session ${sessionLabel(s, sessions)}`}>
              {/* The name gives way first: "#2" and the start time keep their room. */}
              <div className="text-xs text-zinc-200">
                <SessionName session={s} all={sessions} nameClass="max-w-[calc(100%-6rem)]" />
              </div>
              <StatusBadge status={s.status} />
            </button>
            {ended && (
              <Button
                variant="ghost"
                className="opacity-0 group-hover:opacity-100 focus:opacity-100"
                aria-label={`Forget session ${sessionLabel(s, sessions)}`}
                onClick={() => void forgetSession(s.id).catch((e: Error) => useLoupe.getState().notify(e.message))}
              >
                ✕
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
