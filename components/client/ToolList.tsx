'use client';
import { useEffect, useRef } from 'react';
import type { ToolInfo } from '../../lib/browser/client/toolsStore';
import { ToolBadges } from './ToolHeading';

/** What a tool's line is called: its name, and its title when it has one (what a host shows). */
export function toolLabel(tool: ToolInfo): string {
  return tool.title ? `${tool.name} — ${tool.title}` : tool.name;
}

/** The first line of a description, for a listing of one line per tool. */
function firstLine(text: string | undefined): string {
  return (text ?? '').trim().split('\n')[0] ?? '';
}

/** The tools the search shows, all in view at once: name, title, declared behaviour hints and
 *  the description's first line. A click (or the arrow keys) picks one; its form opens below. */
export function ToolList({ tools, picked, onPick }: { tools: ToolInfo[]; picked?: string; onPick: (name: string) => void }) {
  const list = useRef<HTMLUListElement>(null);
  // The picked tool stays in view when the list scrolls (a search, a pick by the keyboard).
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [picked, tools]);
  const move = (step: number) => {
    const at = tools.findIndex((t) => t.name === picked);
    const next = tools[Math.min(tools.length - 1, Math.max(0, at + step))];
    if (next) onPick(next.name);
  };
  return (
    <ul
      ref={list} role="listbox" aria-label="Tool list" tabIndex={0}
      className="max-h-64 shrink-0 overflow-y-auto rounded border border-zinc-800 focus:outline-none focus-visible:ring-1 focus-visible:ring-sky-600"
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          move(e.key === 'ArrowDown' ? 1 : -1);
        }
      }}
    >
      {tools.map((t) => {
        const selected = t.name === picked;
        const line = firstLine(t.description);
        return (
          <li
            key={t.name} role="option" aria-selected={selected} aria-label={toolLabel(t)} title={t.description}
            className={`flex cursor-pointer flex-col gap-0.5 border-b border-zinc-800/70 px-2 py-1 last:border-b-0 ${selected ? 'bg-sky-950/60' : 'hover:bg-zinc-800/60'}`}
            onClick={() => onPick(t.name)}
          >
            <div className="flex min-w-0 items-baseline gap-2">
              <span className={`shrink-0 font-mono ${selected ? 'text-sky-200' : 'text-zinc-200'}`}>{t.name}</span>
              {t.title && <span className="min-w-0 truncate text-zinc-400">{t.title}</span>}
              <span className="ml-auto shrink-0"><ToolBadges tool={t} declaredOnly /></span>
            </div>
            {line && <span className="truncate text-[11px] text-zinc-500">{line}</span>}
          </li>
        );
      })}
    </ul>
  );
}
