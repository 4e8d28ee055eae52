'use client';
import { useEffect, type KeyboardEvent } from 'react';
import { useLoupe } from '../../lib/browser/store';
import type { SessionSummary } from '../../lib/wire/protocol';
import { sessionLabel } from '../sessions/sessionLabel';
import { SessionName } from '../sessions/SessionName';
import { isStoredTab, storedIdOfTab, storedSessionLabel, useStoredEntries } from '../../lib/browser/stored-window';
import type { StoredSessionEntry } from '../../lib/wire/history';

const dot: Record<SessionSummary['status'], string> = {
  starting: 'bg-amber-400',
  initializing: 'bg-amber-400',
  ready: 'bg-emerald-400',
  closing: 'bg-zinc-400',
  closed: 'bg-zinc-600',
  failed: 'bg-red-500',
};

function tabLabel(id: string, sessions: SessionSummary[], stored: Record<string, StoredSessionEntry>): string {
  if (id.startsWith('file:')) return id.slice(5);
  if (isStoredTab(id)) {
    const entry = stored[storedIdOfTab(id)];
    return entry ? storedSessionLabel(entry) : `stored ${storedIdOfTab(id)}`;
  }
  const s = sessions.find((x) => x.id === id);
  return s ? sessionLabel(s, sessions) : `session ${id.slice(0, 8)}`;
}

export const tabDomId = (id: string) => `tab-${id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
export const panelDomId = (id: string) => `panel-${id.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** Open sessions across the top; arrows move between them, the ✕ closes the tab (not the session). */
export function SessionTabs() {
  const tabs = useLoupe((s) => s.tabs);
  const active = useLoupe((s) => s.activeTab);
  const sessions = useLoupe((s) => s.sessions);
  const stored = useStoredEntries();
  const { openTab, closeTab } = useLoupe.getState();

  // A new or newly picked tab may sit past the strip's edge: bring it into view, again when its
  // label grows (a new session's tab reads "session …" until its summary arrives).
  const activeLabel = active ? tabLabel(active, sessions, stored) : undefined;
  useEffect(() => {
    if (active) document.getElementById(tabDomId(active))?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active, tabs.length, activeLabel]);

  const onKey = (e: KeyboardEvent, i: number) => {
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : undefined;
    if (next === undefined || !tabs.length) return;
    const id = tabs[(next + tabs.length) % tabs.length];
    openTab(id);
    document.getElementById(tabDomId(id))?.focus();
  };

  if (!tabs.length) return null;
  return (
    // No fixed height: a horizontal scrollbar adds its own height below the tabs instead of covering them.
    <div
      role="tablist"
      aria-label="Open sessions"
      className="flex min-h-8 shrink-0 items-end gap-px overflow-x-auto overflow-y-hidden border-b border-zinc-800 bg-zinc-950 px-1 pt-1 [scrollbar-width:thin]"
    >
      {tabs.map((id, i) => {
        const selected = id === active;
        const session = sessions.find((s) => s.id === id);
        const status = session?.status;
        const label = tabLabel(id, sessions, stored);
        return (
          <div
            key={id}
            className={`flex shrink-0 items-center rounded-t border border-b-0 ${selected ? 'border-zinc-700 bg-zinc-900 text-zinc-100' : 'border-transparent text-zinc-400 hover:bg-zinc-900/60'}`}
          >
            <button
              type="button"
              role="tab"
              id={tabDomId(id)}
              aria-selected={selected}
              aria-controls={panelDomId(id)}
              tabIndex={selected ? 0 : -1}
              onClick={() => openTab(id)}
              onKeyDown={(e) => onKey(e, i)}
              className="flex items-center gap-1.5 py-1 pl-2.5 pr-1 text-xs"
            >
              {status && <span aria-hidden className={`h-1.5 w-1.5 rounded-full ${dot[status]}`} />}
              {session ? (
                <SessionName session={session} all={sessions} />
              ) : (
                <span className="max-w-48 truncate" title={label}>
                  {label}
                </span>
              )}
            </button>
            <button
              type="button"
              aria-label={`Close tab ${label}`}
              onClick={() => closeTab(id)}
              className="mr-1 rounded px-1 text-[10px] text-zinc-500 hover:bg-zinc-700 hover:text-zinc-100"
            >
              ✕
            </button>
          </div>
        );
      })}
    </div>
  );
}
