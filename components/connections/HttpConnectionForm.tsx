'use client';
import { useConnectionDraft } from './useConnectionDraft';
import { ConnectionDialog } from './ConnectionDialog';
import { Field, TextInput } from '../ui/Field';
import { HEADER_ROWS, KeyValueEditor } from './KeyValueEditor';
import { emptyHttpDraft, httpDraftToConnection, type HttpDraft, type HttpMode } from './httpDraft';
import { TransportSelect } from './TransportSelect';

const MODES: { value: HttpMode; label: string }[] = [
  { value: 'auto', label: 'Automatic (Streamable HTTP, falling back to HTTP+SSE)' },
  { value: 'streamable', label: 'Streamable HTTP (2025-03-26 and later)' },
  { value: 'sse', label: 'HTTP+SSE (2024-11-05)' },
];

/** New connection by URL (or edit one): a remote server, its transport and its headers. */
export function HttpConnectionForm({ open, initial, onClose }: { open: boolean; initial?: HttpDraft; onClose: () => void }) {
  const { draft, edit, error, busy, submit } = useConnectionDraft(emptyHttpDraft, initial, httpDraftToConnection, onClose);

  return (
    <ConnectionDialog
      open={open}
      title={initial?.id ? 'Edit connection by URL' : 'New connection by URL'}
      name={draft.name}
      namePlaceholder="remote-server"
      onName={(name) => edit({ name })}
      error={error}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Field label="URL" hint="The MCP endpoint, e.g. http://127.0.0.1:3001/mcp (or the /sse URL of an HTTP+SSE server).">
        <TextInput value={draft.url} onChange={(e) => edit({ url: e.target.value })} placeholder="http://127.0.0.1:3001/mcp" />
      </Field>
      <TransportSelect modes={MODES} value={draft.mode} onChange={(mode) => edit({ mode })} />
      <div className="grid grid-cols-2 gap-2">
        <Field label="HTTP response timeout (ms)" hint="How long one HTTP response may take; empty: the client's request timeout (Connect options, 60000).">
          <TextInput inputMode="numeric" value={draft.requestTimeout} onChange={(e) => edit({ requestTimeout: e.target.value })} placeholder="30000" />
        </Field>
        <Field label="Connect timeout (ms)" hint="How long connecting (and the HTTP+SSE fallback) may take; empty: 10000.">
          <TextInput inputMode="numeric" value={draft.connectTimeout} onChange={(e) => edit({ connectTimeout: e.target.value })} placeholder="10000" />
        </Field>
      </div>
      <KeyValueEditor kind={HEADER_ROWS} rows={draft.headers} onChange={(headers) => edit({ headers })} />
      <p className="text-[11px] text-zinc-500">Header values are stored with the connection on this machine and shown masked afterwards.</p>
    </ConnectionDialog>
  );
}
