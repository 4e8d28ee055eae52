'use client';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { ToolInfo } from '../../lib/browser/client-panel/toolsStore';
import { toolBadges } from '../../lib/client/list-search';
import { toolUi, toolVisibility } from '../../lib/mcp/apps';
import { ToolBadges } from './ToolHeading';

/** What a tool's line is called: its name, and its title when it has one (what a host shows people). */
function toolLabel(tool: ToolInfo): string {
  return tool.title ? `${tool.name} — ${tool.title}` : tool.name;
}

/** The hints a tool declared, for the line's accessible description. */
function hints(tool: ToolInfo): string {
  const declared = toolBadges(tool.annotations)
    .filter((b) => b.declared)
    .map((b) => b.hint);
  const ui = toolUi(tool);
  const only = visibleOnlyTo(tool);
  return [...declared, ...(ui ? [`has an app: ${ui.uri}`] : []), ...(only ? [`visible to the ${only} only`] : [])].join(', ');
}

/**
 * MCP Apps: a tool listed for apps only (`_meta.ui.visibility: ["app"]`) is one a host keeps from its
 * model, and one listed for the model only is one a host refuses to an app. Loupe lists both, for
 * the person testing them, and says which.
 */
function visibleOnlyTo(tool: ToolInfo): 'app' | 'model' | undefined {
  const v = toolVisibility(tool);
  if (!v) return undefined;
  if (v.includes('app') && !v.includes('model')) return 'app';
  if (v.includes('model') && !v.includes('app')) return 'model';
  return undefined;
}

/** The first line of a description, for a listing of one line per tool. */
function firstLine(text: string | undefined): string {
  return (text ?? '').trim().split('\n')[0] ?? '';
}

/**
 * The tools the search shows, several in view at once: name, title, the behaviour hints the tool
 * declared and the first line of its description. A click or the arrow keys pick one; its form
 * opens below. The list scrolls within a modest height of its own, at most 30 % of the window and
 * 40 % of the panel (less when a frame's detail docks below the panel), so the form and its Call
 * button stay close under it.
 */
export function ToolList({ tools, picked, onPick }: { tools: ToolInfo[]; picked?: string; onPick: (name: string) => void }) {
  const list = useRef<HTMLUListElement>(null);
  const ids = useId();
  const at = tools.findIndex((t) => t.name === picked);
  // The picked line stays in view inside the list (a search, a pick by the keyboard). Only the
  // list scrolls: scrollIntoView would also scroll the panel, away from a form being filled in,
  // whenever the server's list_changed brings a new listing.
  useEffect(() => {
    const box = list.current;
    const line = at >= 0 ? (box?.children[at] as HTMLElement | undefined) : undefined;
    if (!box || !line) return;
    if (line.offsetTop < box.scrollTop) box.scrollTop = line.offsetTop;
    else if (line.offsetTop + line.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = line.offsetTop + line.offsetHeight - box.clientHeight;
  }, [at, tools]);
  const onKey = (e: KeyboardEvent) => {
    const next = e.key === 'ArrowDown' ? at + 1 : e.key === 'ArrowUp' ? at - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? tools.length - 1 : undefined;
    if (next === undefined) return;
    e.preventDefault();
    const tool = tools[Math.min(tools.length - 1, Math.max(0, next))];
    if (tool) onPick(tool.name);
  };
  return (
    <ul
      ref={list}
      role="listbox"
      aria-label="Tool list"
      aria-activedescendant={at >= 0 ? `${ids}-${at}` : undefined}
      tabIndex={0}
      onKeyDown={onKey}
      className="relative max-h-[min(30vh,40cqh)] min-h-16 shrink-0 overflow-y-auto rounded border border-zinc-800 focus:outline-none focus-visible:ring-1 focus-visible:ring-sky-600"
    >
      {tools.map((t, i) => {
        const selected = i === at;
        const line = firstLine(t.description);
        const id = `${ids}-${i}`;
        return (
          <li
            key={t.name}
            id={id}
            role="option"
            aria-selected={selected}
            aria-label={toolLabel(t)}
            aria-describedby={`${id}-about ${id}-hints`}
            title={t.description}
            onClick={() => onPick(t.name)}
            className={`flex cursor-pointer flex-col gap-0.5 border-b border-zinc-800/70 px-2 py-1 last:border-b-0 ${selected ? 'bg-sky-950/70' : 'hover:bg-zinc-800/60'}`}
          >
            <div className="flex min-w-0 items-center gap-2">
              <span className={`min-w-0 shrink truncate font-mono ${selected ? 'text-sky-200' : 'text-zinc-200'}`}>{t.name}</span>
              {t.title && <span className="min-w-0 flex-1 truncate text-zinc-400">{t.title}</span>}
              {toolUi(t) && (
                <span
                  aria-hidden
                  title={`An MCP App renders this tool's results: ${toolUi(t)!.uri}`}
                  className="shrink-0 rounded bg-violet-900/60 px-1 text-[10px] font-semibold uppercase tracking-wide text-violet-200"
                >
                  app
                </span>
              )}
              {visibleOnlyTo(t) && (
                <span
                  aria-hidden
                  title={
                    visibleOnlyTo(t) === 'app'
                      ? 'Listed for apps only (_meta.ui.visibility): a host keeps it from its model'
                      : 'Listed for the model only (_meta.ui.visibility): a host refuses it to apps'
                  }
                  className="shrink-0 rounded border border-violet-800/70 px-1 text-[10px] text-violet-300"
                >
                  {visibleOnlyTo(t)} only
                </span>
              )}
              <span className="ml-auto shrink-0">
                <ToolBadges tool={t} declaredOnly />
              </span>
            </div>
            {line && (
              <span id={`${id}-about`} className="truncate text-[11px] text-zinc-500">
                {line}
              </span>
            )}
            {/* An option reads as its name and description only: the hints go into the description in words. */}
            <span id={`${id}-hints`} hidden>
              {hints(t)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
