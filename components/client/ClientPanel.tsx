'use client';
import type { KeyboardEvent } from 'react';
import type { SessionSummary } from '../../lib/wire/protocol';
import { useHandshake } from '../../lib/browser/useHandshake';
import { Button } from '../ui/Button';
import { CLIENT_TABS, MODERN_ONLY_TABS, usePanel, type ClientTab } from '../../lib/browser/client-panel/panelStore';
import { ListenTab } from './modern/ListenTab';
import { ModernTasksTab } from './modern/ModernTasksTab';
import { ModernUtilities } from './modern/ModernUtilities';
import { MultiRoundCalls } from './modern/MultiRoundCalls';
import { PinnedTab } from './PinnedTab';
import { PromptsTab } from './PromptsTab';
import { ResourcesTab } from './ResourcesTab';
import { RootsTab } from './RootsTab';
import { ServerRequests } from './ServerRequests';
import { SamplingAuto } from './SamplingAuto';
import { TasksTab } from './TasksTab';
import { ToolsTab } from './ToolsTab';
import { UrlElicitations } from './UrlElicitations';
import { UtilitiesTab } from './UtilitiesTab';
import { AppsPane } from '../apps/AppsPane';

/** Loupe as an MCP client for one session: the server's pending requests, then one feature tab. */
export function ClientPanel({ session }: { session: SessionSummary }) {
  const id = session.id;
  // The era the frames show the session speaking (the same one the header shows).
  const modern = useHandshake(id).era === 'modern';
  const tabs = CLIENT_TABS.filter((t) => modern || !MODERN_ONLY_TABS.includes(t));
  const stored = usePanel((s) => s.get(id).tab);
  const tab = tabs.includes(stored) ? stored : 'Tools';
  const ready = session.status === 'ready';
  const dom = (t: ClientTab) => `${id.replace(/[^A-Za-z0-9_-]/g, '_')}-client-${t}`;
  const select = (t: ClientTab) => usePanel.getState().patch(id, { tab: t });
  const onKey = (e: KeyboardEvent, i: number) => {
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : undefined;
    if (next === undefined) return;
    const t = tabs[(next + tabs.length) % tabs.length];
    select(t);
    document.getElementById(`${dom(t)}-tab`)?.focus();
  };

  // A size container: the tool list takes a share of the panel's height (cqh), which shrinks when a
  // frame's detail docks below it.
  return (
    <aside aria-label="MCP client" className="flex min-h-0 flex-[3] flex-col gap-2 overflow-y-auto p-3 text-xs [container-type:size]">
      <div className="flex items-center gap-2">
        <h3 className="font-semibold">Client</h3>
        <SamplingAuto sessionId={id} />
        {/* The panel grew out of the tools panel; its close button keeps the name tests know it by. */}
        <Button
          variant="ghost"
          className="ml-auto"
          aria-label="Close client panel"
          title="Close the client panel"
          onClick={() => usePanel.getState().patch(id, { open: false })}
        >
          ✕
        </Button>
      </div>
      <ServerRequests sessionId={id} />
      <UrlElicitations sessionId={id} />
      <MultiRoundCalls sessionId={id} />
      <div role="tablist" aria-label="Client features" className="flex flex-wrap gap-px border-b border-zinc-800">
        {tabs.map((t, i) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`${dom(t)}-tab`}
            aria-selected={t === tab}
            aria-controls={dom(t)}
            tabIndex={t === tab ? 0 : -1}
            onClick={() => select(t)}
            onKeyDown={(e) => onKey(e, i)}
            className={`border-b-2 px-1 py-1 ${t === tab ? 'border-sky-500 text-zinc-100' : 'border-transparent text-zinc-400 hover:text-zinc-200'}`}
          >
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={dom(tab)} aria-labelledby={`${dom(tab)}-tab`} className="flex flex-col gap-2">
        {tab === 'Tools' && <ToolsTab sessionId={id} ready={ready} />}
        {tab === 'Resources' && <ResourcesTab session={session} ready={ready} />}
        {tab === 'Prompts' && <PromptsTab session={session} ready={ready} />}
        {tab === 'Tasks' && (modern ? <ModernTasksTab sessionId={id} ready={ready} /> : <TasksTab sessionId={id} ready={ready} />)}
        {tab === 'Roots' && <RootsTab session={session} />}
        {tab === 'Pinned' && <PinnedTab sessionId={id} ready={ready} />}
        {tab === 'Utilities' && (modern ? <ModernUtilities sessionId={id} ready={ready} /> : <UtilitiesTab sessionId={id} ready={ready} />)}
        {tab === 'Listen' && <ListenTab sessionId={id} ready={ready} />}
      </div>
      <AppsPane sessionId={id} />
    </aside>
  );
}
