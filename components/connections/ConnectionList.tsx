'use client';
import { useState } from 'react';
import { cloneConnection, deleteConnection, failureOf, restoreConnection } from '../../lib/browser/actions';
import { useLoupe } from '../../lib/browser/store';
import type { Connection } from '../../lib/wire/connection';
import { Button } from '../ui/Button';
import { ConnectionForm } from './ConnectionForm';
import { draftFrom, type ConnectionDraft } from './draft';
import { HttpConnectionForm } from './HttpConnectionForm';
import { httpDraftFrom, type HttpDraft } from './httpDraft';
import { useConnect } from './useConnect';
import { ConnectOptions } from './ConnectOptions';
import { ExportServersDialog } from './ExportServersDialog';
import { optionsFor } from '../../lib/browser/openOptions';
import { declaredCapabilities } from '../../lib/client/capabilities';

function commandLine(c: Connection): string {
  if (c.transport === 'http') return c.url;
  const base = (s: string) => s.split('/').pop() ?? s;
  return [c.command, ...c.args].map(base).join(' ');
}

/** Saved targets, built-in ones first, each with its own Connect button. */
export function ConnectionList() {
  const connections = useLoupe((s) => s.connections);
  const { connect, busy } = useConnect();
  const [editing, setEditing] = useState<ConnectionDraft>();
  const [editingUrl, setEditingUrl] = useState<HttpDraft>();
  const [optionsOf, setOptionsOf] = useState<string>();
  const [exporting, setExporting] = useState<Connection>();
  // Delete at once and offer Undo: no dialog in the way, and a slip costs one click (the proxy
  // keeps the deleted connection, secrets included, while it runs).
  const [deleted, setDeleted] = useState<Connection>();
  const fail = (e: unknown) => useLoupe.getState().notify(failureOf(e).message);
  const remove = (c: Connection) => void deleteConnection(c.id).then(() => setDeleted(c), fail);
  const undo = (c: Connection) => void restoreConnection(c.id).then(() => setDeleted(undefined), fail);
  const clone = (c: Connection) => void cloneConnection(c.id).then((id) => id && setOptionsOf(id), fail);
  const defaults = useLoupe((s) => s.defaults);
  const sorted = [...connections].sort((a, b) => Number(!!b.builtin) - Number(!!a.builtin));

  return (
    <>
      {/* Bounded, so Sessions and Trace files stay in view however many connections are saved. */}
      <ul aria-label="Connections" className="flex max-h-[45vh] flex-col overflow-y-auto">
        {sorted.length === 0 && <li className="px-3 py-2 text-xs text-zinc-500">No connections yet.</li>}
        {sorted.map((c) => (
          <li key={c.id} aria-label={c.name}>
            <div className="group flex items-center gap-2 px-3 py-1.5 hover:bg-zinc-900">
              <div className="min-w-0 flex-1">
                <div className="flex items-center gap-1.5 truncate text-xs font-medium text-zinc-200">
                  {c.name}
                  {c.builtin && <span className="rounded bg-zinc-800 px-1 text-[10px] font-normal text-zinc-400">built-in</span>}
                </div>
                <div className="truncate font-mono text-[10px] text-zinc-500" title={commandLine(c)}>
                  {c.transport} · {commandLine(c)}
                </div>
                <div className="truncate font-mono text-[10px] text-zinc-500" aria-label="Declared capabilities">
                  {optionsFor(c, defaults).protocolVersion}
                  {optionsFor(c, defaults).era ? ` · ${optionsFor(c, defaults).era}` : ''} ·{' '}
                  {declaredCapabilities(optionsFor(c, defaults).clientCapabilities).join(' ') || 'no client capabilities'}
                </div>
              </div>
              {!c.builtin && (
                <span className="hidden gap-1 group-focus-within:flex group-hover:flex">
                  <Button
                    variant="ghost"
                    aria-label={`Edit ${c.name}`}
                    onClick={() => (c.transport === 'stdio' ? setEditing(draftFrom(c)) : setEditingUrl(httpDraftFrom(c)))}
                  >
                    Edit
                  </Button>
                  <Button variant="ghost" aria-label={`Delete ${c.name}`} onClick={() => remove(c)}>
                    Delete
                  </Button>
                </span>
              )}
              <Button
                variant="ghost"
                aria-label={`Connect options of ${c.name}`}
                aria-expanded={optionsOf === c.id}
                title="Protocol version and client capabilities, saved with this connection"
                onClick={() => setOptionsOf(optionsOf === c.id ? undefined : c.id)}
              >
                {optionsOf === c.id ? '▾' : '⚙'}
              </Button>
              <Button variant="primary" aria-label={`Connect ${c.name}`} disabled={busy === c.id} onClick={() => void connect(c.id, c.name)}>
                {busy === c.id ? '…' : 'Connect'}
              </Button>
            </div>
            {optionsOf === c.id && (
              <>
                <ConnectOptions key={c.id} connection={c} />
                <div className="flex gap-1 px-3 pb-2">
                  <Button aria-label={`Clone ${c.name}`} title="A copy under a new name, secrets included, to change freely" onClick={() => clone(c)}>
                    Clone
                  </Button>
                  <Button aria-label={`Export ${c.name} as mcpServers JSON`} onClick={() => setExporting(c)}>
                    Export mcpServers JSON
                  </Button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      {deleted && (
        <div role="status" className="mx-3 my-1 flex items-center gap-2 rounded border border-zinc-700 bg-zinc-900 px-2 py-1 text-xs text-zinc-300">
          <span className="min-w-0 flex-1 truncate">Deleted “{deleted.name}”.</span>
          <Button aria-label={`Undo delete of ${deleted.name}`} onClick={() => undo(deleted)}>
            Undo
          </Button>
          <Button variant="ghost" aria-label="Dismiss" onClick={() => setDeleted(undefined)}>
            ✕
          </Button>
        </div>
      )}
      {exporting && <ExportServersDialog ids={[exporting.id]} title={`Export ${exporting.name} as mcpServers JSON`} onClose={() => setExporting(undefined)} />}
      {editing && <ConnectionForm key={editing.id} open initial={editing} onClose={() => setEditing(undefined)} />}
      {editingUrl && <HttpConnectionForm key={editingUrl.id} open initial={editingUrl} onClose={() => setEditingUrl(undefined)} />}
    </>
  );
}
