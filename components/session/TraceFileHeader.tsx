'use client';
import { useLoupe } from '../../lib/browser/store';

/** The header of a tab opened from a trace file; a partial export (seqs with gaps) says so. */
export function TraceFileHeader({ traceId }: { traceId: string }) {
  const count = useLoupe((s) => s.traces[traceId]?.frames.length ?? 0);
  const part = useLoupe((s) => {
    const t = s.traces[traceId];
    return t?.positions && t.frames.length ? `part of a session: frames ${t.frames[0].seq}–${t.frames[t.frames.length - 1].seq} · ` : '';
  });
  return (
    <section aria-label="Session status" className="border-b border-zinc-800 bg-zinc-900 px-3 py-2 text-xs">
      <span className="font-semibold">{traceId.slice(5)}</span>
      <span className="ml-2 text-zinc-400">imported trace · {part}{count} frames · offline</span>
    </section>
  );
}
