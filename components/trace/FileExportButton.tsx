'use client';
import { useState } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { useMarkedFrames } from '../traffic/useMarkedFrames';
import { Button } from '../ui/Button';
import { ExportDialog } from './LazyExportDialog';
import { useTraceHeaders } from './openTrace';

/** Exports an opened trace file again (another format, a part of it, more redaction). */
export function FileExportButton({ traceId }: { traceId: string }) {
  const [open, setOpen] = useState(false);
  const header = useTraceHeaders((s) => s.byId[traceId]);
  const frames = useLoupe((s) => s.traces[traceId]?.frames);
  const marked = useMarkedFrames(traceId);
  const proxyVersion = useLoupe((s) => s.link.proxyVersion);
  const viewerVersion = useTraceHeaders((s) => s.loupeVersion);
  const loupeVersion = proxyVersion ?? viewerVersion ?? 'unknown';
  if (!header || !frames) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>Export…</Button>
      {open && (
        <ExportDialog
          open
          onClose={() => setOpen(false)}
          frames={frames}
          target={header.target}
          negotiatedVersion={header.negotiatedVersion}
          requestTimeoutMs={header.requestTimeoutMs}
          startedAt={header.startedAt}
          marked={marked}
          source="import"
          importedFrom={header.importedFrom}
          loupeVersion={loupeVersion}
        />
      )}
    </>
  );
}
