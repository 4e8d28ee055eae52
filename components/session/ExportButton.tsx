'use client';
import { useState } from 'react';
import { useLoupe } from '../../lib/browser/store';
import type { SessionSummary } from '../../lib/wire/protocol';
import { ExportDialog } from '../trace/ExportDialog';
import { Button } from '../ui/Button';

/** Opens the Export dialog for a live session's frames, with what the trace header needs. */
export function ExportButton({ session: s }: { session: SessionSummary }) {
  const [open, setOpen] = useState(false);
  const trace = useLoupe((st) => st.traces[s.id]);
  const selected = useLoupe((st) => st.selected[s.id]);
  const connection = useLoupe((st) => st.connections.find((c) => c.id === s.connectionId));
  const loupeVersion = useLoupe((st) => st.link.proxyVersion) ?? 'unknown';
  const target =
    connection?.transport === 'stdio'
      ? { transport: 'stdio' as const, name: s.name, command: connection.command, args: connection.args }
      : connection?.transport === 'http'
        ? { transport: 'http' as const, name: s.name, url: connection.url }
        : { transport: s.transport, name: s.name };
  return (
    <>
      <Button disabled={!trace?.frames.length} onClick={() => setOpen(true)}>
        Export…
      </Button>
      {open && trace && (
        <ExportDialog
          open
          onClose={() => setOpen(false)}
          frames={trace.frames}
          target={target}
          loupeVersion={loupeVersion}
          negotiatedVersion={s.negotiatedVersion}
          env={connection?.transport === 'stdio' ? connection.env : undefined}
          selectedSeqs={selected !== undefined ? [selected] : []}
          source="live"
          startedAt={new Date(s.startedAt).toISOString()}
        />
      )}
    </>
  );
}
