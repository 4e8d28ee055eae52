'use client';
import { useLoupe } from '../../lib/browser/store';
import { IMPORT_LABELS } from '../../lib/trace/imported';
import { FileExportButton } from '../trace/FileExportButton';
import { useTraceHeaders } from '../trace/openTrace';

/** The header of a tab opened from a trace file: what was inspected, a partial export says so,
 *  and a file read from another tool (a host's log, the MCP Inspector's export) says what it lacks. */
export function TraceFileHeader({ traceId }: { traceId: string }) {
  const count = useLoupe((s) => s.traces[traceId]?.frames.length ?? 0);
  const header = useTraceHeaders((s) => s.byId[traceId]);
  const part = useLoupe((s) => {
    const t = s.traces[traceId];
    return t?.model.partial && t.frames.length ? `part of a session: frames ${t.frames[0].seq}–${t.frames[t.frames.length - 1].seq} · ` : '';
  });
  const imported = header?.importedFrom;
  const facts = header
    ? [
        header.target.name,
        // An import's transport is what its source said, or a stand-in: its source says more.
        imported ? `from ${IMPORT_LABELS[imported.kind]}` : header.target.transport,
        header.negotiatedVersion,
        header.redaction?.count ? `${header.redaction.count} value(s) redacted` : undefined,
      ]
        .filter(Boolean)
        .join(' · ')
    : '';
  return (
    <section aria-label="Session status" className="border-b border-zinc-800 bg-zinc-900 px-3 py-2 text-xs">
      {/* One line at any width: the file name and the facts give way (cut, whole in their tooltip),
          the frame count and Export keep their room. */}
      <div className="flex items-center gap-x-2 whitespace-nowrap">
        <span className="min-w-0 max-w-[45%] truncate font-semibold" title={traceId.slice(5)}>
          {traceId.slice(5)}
        </span>
        <span className="shrink-0 text-zinc-400">
          imported trace · {part}
          {count} frames · offline
        </span>
        {facts && (
          <span className="min-w-0 truncate text-zinc-500" title={facts}>
            ({facts})
          </span>
        )}
        <div className="ml-auto shrink-0">
          <FileExportButton traceId={traceId} />
        </div>
      </div>
      {imported?.lacks?.length ? (
        <details aria-label="What the import lacks" className="mt-1 text-zinc-400">
          <summary className="cursor-pointer text-amber-300/90 hover:text-amber-200">
            Read from {IMPORT_LABELS[imported.kind]}, which lacks {imported.lacks.map((l) => l.split(':')[0]).join(', ')}
          </summary>
          <ul className="ml-4 mt-1 list-disc">
            {imported.lacks.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
