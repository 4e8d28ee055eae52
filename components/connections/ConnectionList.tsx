'use client';
import { useState } from 'react';
import { cloneConnection, deleteConnection, failureOf, restoreConnection } from '../../lib/browser/actions';
import { useLoupe } from '../../lib/browser/store';
import type { Connection } from '../../lib/wire/connection';
import { Button } from '../ui/Button';
import { draftFrom, type ConnectionDraft } from './draft';
import { httpDraftFrom, type HttpDraft } from './httpDraft';
import { useConnect } from './useConnect';
import { ConnectionRow } from './ConnectionRow';
import { ConnectionForm, ExportServersDialog, HttpConnectionForm } from './lazyDialogs';

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
  const sorted = [...connections].sort((a, b) => Number(!!b.builtin) - Number(!!a.builtin));

  return (
    <>
      {/* Bounded, so Sessions and Trace files stay in view however many connections are saved. */}
      <ul aria-label="Connections" className="flex max-h-[45vh] flex-col overflow-y-auto">
        {sorted.length === 0 && <li className="px-3 py-2 text-xs text-zinc-500">No connections yet.</li>}
        {sorted.map((c) => (
          <ConnectionRow
            key={c.id}
            connection={c}
            optionsOpen={optionsOf === c.id}
            busy={busy === c.id}
            onToggleOptions={() => setOptionsOf(optionsOf === c.id ? undefined : c.id)}
            onConnect={() => void connect(c.id, c.name)}
            onEdit={() => (c.transport === 'stdio' ? setEditing(draftFrom(c)) : setEditingUrl(httpDraftFrom(c)))}
            onDelete={() => remove(c)}
            onClone={() => clone(c)}
            onExport={() => setExporting(c)}
          />
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
