import type { SessionSummary } from '../../lib/wire/protocol';

const tone: Record<SessionSummary['status'], string> = {
  starting: 'bg-amber-400',
  initializing: 'bg-amber-400',
  ready: 'bg-emerald-400',
  closing: 'bg-zinc-400',
  closed: 'bg-zinc-600',
  failed: 'bg-red-500',
};

/** A session's phase as a dot plus the word (colour is never the only signal). */
export function StatusBadge({ status }: { status: SessionSummary['status'] }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-zinc-300">
      <span aria-hidden className={`h-2 w-2 shrink-0 rounded-full ${tone[status]}`} />
      {status}
    </span>
  );
}
