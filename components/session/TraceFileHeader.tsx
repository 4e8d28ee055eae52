'use client';
import { useLoupe } from '../../lib/browser/store';
import { FileExportButton } from '../trace/FileExportButton';
import { useTraceHeaders } from '../trace/openTrace';

/** The header of a tab opened from a trace file: what was inspected, and a partial export says so. */
export function TraceFileHeader({ traceId }: { traceId: string }) {
  const count = useLoupe((s) => s.traces[traceId]?.frames.length ?? 0);
  const header = useTraceHeaders((s) => s.byId[traceId]);
  const part = useLoupe((s) => {
    const t = s.traces[traceId];
    return t?.model.partial && t.frames.length ? `part of a session: frames ${t.frames[0].seq}–${t.frames[t.frames.length - 1].seq} · ` : '';
  });
  const facts = header
    ? [
        header.target.name,
        header.target.transport,
        header.negotiatedVersion,
        header.redaction?.count ? `${header.redaction.count} value(s) redacted` : undefined,
      ]
        .filter(Boolean)
        .join(' · ')
    : '';
  return (
    <section aria-label="Session status" className="flex flex-wrap items-center gap-x-2 border-b border-zinc-800 bg-zinc-900 px-3 py-2 text-xs">
      <span className="font-semibold">{traceId.slice(5)}</span>
      <span className="text-zinc-400">
        imported trace · {part}
        {count} frames · offline
      </span>
      {facts && <span className="text-zinc-500">({facts})</span>}
      <div className="ml-auto">
        <FileExportButton traceId={traceId} />
      </div>
    </section>
  );
}
