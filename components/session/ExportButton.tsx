'use client';
import { useMemo, useState } from 'react';
import { sessionExporter } from '../../lib/browser/traceExport';
import { useLoupe } from '../../lib/browser/store';
import type { SessionSummary } from '../../lib/wire/protocol';
import { ExportDialog } from '../trace/LazyExportDialog';
import { useMarkedFrames } from '../traffic/useMarkedFrames';
import { Button } from '../ui/Button';
import { TRANSPORT_FRAMING } from '../../lib/mcp/frame';

/**
 * Opens the Export dialog for a live session. The proxy prepares the preview and the file: the
 * page only holds the connection's secrets masked, so it could not redact them itself.
 */
export function ExportButton({ session: s }: { session: SessionSummary }) {
  const [open, setOpen] = useState(false);
  const remote = useMemo(() => sessionExporter(s.id), [s.id]);
  const trace = useLoupe((st) => st.traces[s.id]);
  const marked = useMarkedFrames(s.id);
  const connection = useLoupe((st) => st.connections.find((c) => c.id === s.connectionId));
  const loupeVersion = useLoupe((st) => st.link.proxyVersion) ?? 'unknown';
  const target =
    connection?.transport === 'stdio'
      ? { transport: 'stdio' as const, framing: TRANSPORT_FRAMING.stdio, name: s.name, command: connection.command, args: connection.args }
      : connection?.transport === 'http'
        ? { transport: 'http' as const, framing: TRANSPORT_FRAMING.http, name: s.name, url: connection.url }
        : { transport: s.transport, framing: TRANSPORT_FRAMING[s.transport], name: s.name };
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
          negotiatedVersion={trace.model.state.negotiatedVersion}
          requestTimeoutMs={s.requestTimeoutMs}
          remote={remote}
          marked={marked}
          source="live"
          startedAt={new Date(s.startedAt).toISOString()}
        />
      )}
    </>
  );
}
