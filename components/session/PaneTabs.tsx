'use client';
import { memo, useCallback, type KeyboardEvent } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { panes } from './panes';

/** The tab bar inside a session: Traffic, and every other view registered in `panes`. */
export const PaneTabs = memo(function PaneTabs({ traceId }: { traceId: string }) {
  // In the store, not local state: the URL hash carries it, so a link or a reload restores it.
  const active = useLoupe((s) => s.pane[traceId]) ?? panes[0].id;
  const setActive = useCallback((id: string) => useLoupe.getState().setPane(traceId, id), [traceId]);
  const current = panes.find((p) => p.id === active) ?? panes[0];
  const dom = (id: string) => `${traceId.replace(/[^A-Za-z0-9_-]/g, '_')}-pane-${id}`;

  const onKey = (e: KeyboardEvent, i: number) => {
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : undefined;
    if (next === undefined) return;
    const p = panes[(next + panes.length) % panes.length];
    setActive(p.id);
    document.getElementById(`${dom(p.id)}-tab`)?.focus();
  };

  const Pane = current.Component;
  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col">
      <div role="tablist" aria-label="Session views" className="flex shrink-0 gap-px border-b border-zinc-800 bg-zinc-950 px-2">
        {panes.map((p, i) => (
          <button
            key={p.id}
            type="button"
            role="tab"
            id={`${dom(p.id)}-tab`}
            aria-selected={p.id === current.id}
            aria-controls={dom(p.id)}
            tabIndex={p.id === current.id ? 0 : -1}
            onClick={() => setActive(p.id)}
            onKeyDown={(e) => onKey(e, i)}
            className={`border-b-2 px-3 py-1 text-xs ${p.id === current.id ? 'border-sky-500 text-zinc-100' : 'border-transparent text-zinc-400 hover:text-zinc-200'}`}
          >
            {p.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={dom(current.id)} aria-labelledby={`${dom(current.id)}-tab`} className="flex min-h-0 flex-1 flex-col">
        <Pane traceId={traceId} />
      </div>
    </div>
  );
});
