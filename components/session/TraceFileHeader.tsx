'use client';
import { useLoupe } from '../../lib/browser/store';

export function TraceFileHeader({ traceId }: { traceId: string }) {
  const count = useLoupe((s) => s.traces[traceId]?.frames.length ?? 0);
  return (
    <section aria-label="Session status" className="border-b border-zinc-800 bg-zinc-900 px-3 py-2 text-xs">
      <span className="font-semibold">{traceId.slice(5)}</span>
      <span className="ml-2 text-zinc-400">imported trace · {count} frames · offline</span>
    </section>
  );
}
