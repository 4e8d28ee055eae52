'use client';
import { useState } from 'react';
import type { SessionSummary } from '../../lib/wire/protocol';
import { Button } from '../ui/Button';
import { ResourceContents } from './ResourceContents';
import { TemplateReader } from './TemplateReader';
import { listResources, listTemplates, readResource, setSubscribed, useResources } from './resourcesStore';

/** Resources and templates: list, read (text and binary), subscribe and see updates arrive. */
export function ResourcesTab({ session, ready }: { session: SessionSummary; ready: boolean }) {
  const id = session.id;
  const st = useResources((s) => s.get(id));
  const [template, setTemplate] = useState<string>();
  const caps = (session.serverCapabilities ?? {}) as { resources?: { subscribe?: unknown }; completions?: unknown };
  const canSubscribe = caps.resources?.subscribe === true;
  const picked = st.templates?.find((t) => t.uriTemplate === template);

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-1">
        <Button disabled={!ready} onClick={() => void listResources(id)}>List resources</Button>
        <Button disabled={!ready} onClick={() => void listTemplates(id)}>List templates</Button>
      </div>
      {st.listError && <p role="alert" className="text-red-300">{st.listError}</p>}
      {st.subscribeError && <p role="alert" className="text-red-300">{st.subscribeError}</p>}
      {st.resources && (
        <ul aria-label="Resources" className="flex max-h-64 flex-col gap-1 overflow-y-auto">
          {st.resources.map((r) => {
            const subscribed = st.subscribed.includes(r.uri);
            const upd = st.updates[r.uri];
            return (
              <li key={r.uri} aria-label={r.uri} className="rounded border border-zinc-800 p-1">
                <div className="flex items-center gap-1">
                  <span className="truncate text-zinc-200" title={r.uri}>{r.title ?? r.name ?? r.uri}</span>
                  {upd && <span role="status" aria-label={`Updates of ${r.uri}`} className="rounded bg-sky-900 px-1 text-[10px] text-sky-100">{upd.count} updated (#{upd.lastSeq})</span>}
                  <div className="ml-auto flex gap-1">
                    <Button variant="ghost" disabled={!ready} aria-label={`Read ${r.uri}`} onClick={() => void readResource(id, r.uri)}>Read</Button>
                    {canSubscribe && (
                      <Button variant="ghost" disabled={!ready} aria-label={`${subscribed ? 'Unsubscribe from' : 'Subscribe to'} ${r.uri}`} onClick={() => void setSubscribed(id, r.uri, !subscribed)}>
                        {subscribed ? 'Unsubscribe' : 'Subscribe'}
                      </Button>
                    )}
                  </div>
                </div>
                <div className="truncate font-mono text-[10px] text-zinc-500">{r.uri}{r.mimeType ? ` · ${r.mimeType}` : ''}</div>
              </li>
            );
          })}
        </ul>
      )}
      {st.nextCursor && <Button disabled={!ready} onClick={() => void listResources(id, true)}>More resources</Button>}
      {st.templates && (
        <label className="flex flex-col gap-1 text-zinc-400">
          Template
          <select className="rounded border border-zinc-700 bg-zinc-950 px-2 py-1 font-mono text-xs text-zinc-100" value={template ?? ''} onChange={(e) => setTemplate(e.target.value || undefined)}>
            <option value="">— choose —</option>
            {st.templates.map((t) => (
              <option key={t.uriTemplate} value={t.uriTemplate}>{t.name ?? t.uriTemplate} — {t.uriTemplate}</option>
            ))}
          </select>
        </label>
      )}
      {st.templatesCursor && <Button disabled={!ready} onClick={() => void listTemplates(id, true)}>More templates</Button>}
      {picked && <TemplateReader key={picked.uriTemplate} sessionId={id} template={picked} ready={ready} completions={caps.completions !== undefined} />}
      {st.read && <ResourceContents read={st.read} />}
    </div>
  );
}
