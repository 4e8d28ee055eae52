'use client';
import { startUrlTap } from '../../lib/browser/actions';
import { TransportSelect } from '../connections/TransportSelect';
import type { HttpMode } from '../connections/httpDraft';
import { Dialog } from '../ui/Dialog';
import { Field, TextInput } from '../ui/Field';
import { FormActions } from '../ui/FormActions';
import { useDraftForm } from '../ui/useDraftForm';
import { emptyTapUrlDraft, tapUrlRequest } from './tapUrlDraft';

const MODES: { value: HttpMode; label: string }[] = [
  { value: 'auto', label: 'Automatic (a path ending in /sse is HTTP+SSE)' },
  { value: 'streamable', label: 'Streamable HTTP' },
  { value: 'sse', label: 'HTTP+SSE (2024-11-05)' },
];

/** Starts an HTTP tap in the proxy: a loopback address the host uses in place of the server's. */
export function TapUrlForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { draft, edit, error, busy, submit } = useDraftForm(
    emptyTapUrlDraft,
    undefined,
    tapUrlRequest,
    async (request) => {
      await startUrlTap(request);
    },
    'The tap did not start',
    onClose,
  );

  return (
    <Dialog open={open} title="Tap a URL" onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className="text-[11px] text-zinc-400">
          Loupe listens on this machine (127.0.0.1 only) and passes every request on to the server, recording what the host and the server say. Point the host
          at the local address shown under Recorded taps.
        </p>
        <Field label="Server URL" hint="The MCP endpoint the host uses today, e.g. https://server.example/mcp.">
          <TextInput value={draft.url} onChange={(e) => edit({ url: e.target.value })} placeholder="https://server.example/mcp" autoFocus />
        </Field>
        <div className="grid grid-cols-2 gap-2">
          <Field label="Listen port" hint="Empty: any free port.">
            <TextInput inputMode="numeric" value={draft.port} onChange={(e) => edit({ port: e.target.value })} placeholder="7001" />
          </Field>
          <Field label="Name" hint="Empty: the server's host name.">
            <TextInput value={draft.name} onChange={(e) => edit({ name: e.target.value })} placeholder="remote-server" />
          </Field>
        </div>
        <TransportSelect modes={MODES} value={draft.mode} onChange={(mode) => edit({ mode })} />
        <FormActions error={error} busy={busy} label="Start tap" busyLabel="Starting…" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
