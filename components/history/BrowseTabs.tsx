'use client';
import type { KeyboardEvent } from 'react';

export type BrowseView = 'traffic' | 'sequence';

const VIEWS: { id: BrowseView; label: string }[] = [
  { id: 'traffic', label: 'Traffic' },
  { id: 'sequence', label: 'Sequence' },
];

/** Traffic | Sequence over a window's rows, drawn as a live session's pane tabs are (components/session/PaneTabs.tsx). */
export function BrowseTabs({ shown, onShow, idPrefix }: { shown: BrowseView; onShow: (view: BrowseView) => void; idPrefix: string }) {
  const dom = (id: BrowseView) => `${idPrefix}-browse-${id}`;
  const onKey = (e: KeyboardEvent, i: number) => {
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : undefined;
    if (next === undefined) return;
    const v = VIEWS[(next + VIEWS.length) % VIEWS.length];
    onShow(v.id);
    document.getElementById(`${dom(v.id)}-tab`)?.focus();
  };
  return (
    <div role="tablist" aria-label="Browse views" className="flex shrink-0 gap-px border-b border-zinc-800 bg-zinc-950 px-2">
      {VIEWS.map((v, i) => (
        <button
          key={v.id}
          type="button"
          role="tab"
          id={`${dom(v.id)}-tab`}
          aria-selected={v.id === shown}
          aria-controls={dom(v.id)}
          tabIndex={v.id === shown ? 0 : -1}
          onClick={() => onShow(v.id)}
          onKeyDown={(e) => onKey(e, i)}
          className={`border-b-2 px-3 py-1 text-xs ${v.id === shown ? 'border-sky-500 text-zinc-100' : 'border-transparent text-zinc-400 hover:text-zinc-200'}`}
        >
          {v.label}
        </button>
      ))}
    </div>
  );
}
