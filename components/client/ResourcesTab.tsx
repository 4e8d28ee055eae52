'use client';
import { useState } from 'react';
import { pickTemplate, useTemplates } from '../../lib/browser/client-panel/templatesStore';
import { listClient, startCall } from '../../lib/browser/actions';
import { callOf, clientOf, itemsOf, listOf } from '../../lib/browser/client-panel/clientState';
import { useLoupe } from '../../lib/browser/store';
import { useHandshake } from '../../lib/browser/useHandshake';
import { useSubscribed } from '../../lib/browser/useSubscribed';
import type { SessionSummary } from '../../lib/wire/protocol';
import { Button } from '../ui/Button';
import { searchItems } from '../../lib/client/list-search';
import { ListSearch } from './ListSearch';
import { ResourceContents } from './ResourceContents';
import { TemplateReader, type TemplateInfo } from './TemplateReader';

export interface ResourceInfo {
  uri: string;
  name?: string;
  title?: string;
  mimeType?: string;
}

/** A call the page could not start, or one the server refused, for the line under the buttons. */
function failure(call: ReturnType<typeof callOf>): string | undefined {
  return call?.status === 'failed' ? `${call.method} failed: ${call.error?.message ?? 'no reason given'}` : undefined;
}

/** Resources and templates (listed on Connect, again on list_changed): read (text and binary),
 *  subscribe and see updates arrive; all of it the session's, so every page shows the same
 *  listing, subscriptions and last read. */
export function ResourcesTab({ session, ready }: { session: SessionSummary; ready: boolean }) {
  const id = session.id;
  const client = useLoupe((s) => clientOf(s, id));
  const resourcesList = listOf(client, 'resources');
  const templatesList = listOf(client, 'templates');
  const resources = itemsOf<ResourceInfo>(client, 'resources');
  const templates = itemsOf<TemplateInfo>(client, 'templates');
  // What is being filled in is this page's, per session: a tab switch or a reload keeps it.
  const template = useTemplates((s) => s.get(id).picked);
  const [error, setError] = useState<string>();
  const [query, setQuery] = useState('');
  const shown = resources ? searchItems(resources, query) : undefined;
  const subscribedUris = useSubscribed(id);
  const caps = (useHandshake(id).serverCapabilities ?? {}) as { resources?: { subscribe?: unknown }; completions?: unknown };
  const canSubscribe = caps.resources?.subscribe === true;
  const picked = templates?.find((t) => t.uriTemplate === template);
  const read = callOf(client, 'resources/read');
  const subscribeError = failure(callOf(client, 'resources/subscribe')) ?? failure(callOf(client, 'resources/unsubscribe'));
  const run = (p: Promise<unknown>) =>
    p.then(
      () => setError(undefined),
      (e: Error) => setError(e.message),
    );
  const readResource = (uri: string) => run(startCall(id, 'resources/read', { uri }));
  const setSubscribed = (uri: string, on: boolean) => run(startCall(id, on ? 'resources/subscribe' : 'resources/unsubscribe', { uri }));
  const listError = resourcesList?.error ?? templatesList?.error;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-1">
        <Button disabled={!ready || resourcesList?.loading} onClick={() => void run(listClient(id, 'resources'))} aria-label="Refresh resources">
          ↻ Resources
        </Button>
        <Button disabled={!ready || templatesList?.loading} onClick={() => void run(listClient(id, 'templates'))} aria-label="Refresh templates">
          ↻ Templates
        </Button>
      </div>
      {listError && (
        <p role="alert" className="text-red-300">
          {listError}
        </p>
      )}
      {subscribeError && (
        <p role="alert" className="text-red-300">
          {subscribeError}
        </p>
      )}
      {error && (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      )}
      {resources && <ListSearch what="resources" value={query} shown={shown?.length ?? 0} total={resources.length} onChange={setQuery} />}
      {shown && (
        <ul aria-label="Resources" className="flex flex-col gap-1">
          {shown.map((r) => {
            const subscribed = subscribedUris.has(r.uri);
            const upd = client.resourceUpdates[r.uri];
            return (
              <li key={r.uri} aria-label={r.uri} className="rounded border border-zinc-800 p-1">
                <div className="flex items-center gap-1">
                  <span className="truncate text-zinc-200" title={r.uri}>
                    {r.title ?? r.name ?? r.uri}
                  </span>
                  {upd && (
                    <span role="status" aria-label={`Updates of ${r.uri}`} className="rounded bg-sky-900 px-1 text-[10px] text-sky-100">
                      {upd.count} updated (#{upd.lastSeq})
                    </span>
                  )}
                  <div className="ml-auto flex gap-1">
                    <Button variant="ghost" disabled={!ready} aria-label={`Read ${r.uri}`} onClick={() => void readResource(r.uri)}>
                      Read
                    </Button>
                    {canSubscribe && (
                      <Button
                        variant="ghost"
                        disabled={!ready}
                        aria-label={`${subscribed ? 'Unsubscribe from' : 'Subscribe to'} ${r.uri}`}
                        onClick={() => void setSubscribed(r.uri, !subscribed)}
                      >
                        {subscribed ? 'Unsubscribe' : 'Subscribe'}
                      </Button>
                    )}
                  </div>
                </div>
                <div className="truncate font-mono text-[10px] text-zinc-500">
                  {r.uri}
                  {r.mimeType ? ` · ${r.mimeType}` : ''}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {resourcesList?.nextCursor && (
        <Button disabled={!ready} onClick={() => void run(listClient(id, 'resources', true))}>
          More resources
        </Button>
      )}
      {templates && (
        <label className="flex flex-col gap-1 text-zinc-400">
          Template
          <select
            className="rounded border border-zinc-700 bg-zinc-950 px-2 py-1 font-mono text-xs text-zinc-100"
            value={template ?? ''}
            onChange={(e) => pickTemplate(id, e.target.value || undefined)}
          >
            <option value="">— choose —</option>
            {templates.map((t) => (
              <option key={t.uriTemplate} value={t.uriTemplate}>
                {t.name ?? t.uriTemplate} — {t.uriTemplate}
              </option>
            ))}
          </select>
        </label>
      )}
      {templatesList?.nextCursor && (
        <Button disabled={!ready} onClick={() => void run(listClient(id, 'templates', true))}>
          More templates
        </Button>
      )}
      {picked && (
        <TemplateReader
          key={picked.uriTemplate}
          sessionId={id}
          template={picked}
          ready={ready}
          completions={caps.completions !== undefined}
          onRead={(uri) => void readResource(uri)}
        />
      )}
      {read && <ResourceContents read={read} sessionId={id} />}
    </div>
  );
}
