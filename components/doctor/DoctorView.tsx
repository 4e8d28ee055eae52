'use client';
import type { Verdict } from '../../lib/doctor';
import { LayerRow } from './LayerRow';

export interface DoctorViewProps {
  verdict: Verdict;
  selectedSeq?: number;
  /** Shows a frame of the evidence in the traffic table. */
  onSelect(seq: number): void;
}

/** The connection doctor: the verdict, then one row per layer of the connection, bottom up. */
export function DoctorView({ verdict, selectedSeq, onSelect }: DoctorViewProps) {
  const failed = verdict.culprit !== undefined;
  return (
    <section aria-label="Doctor" className="h-full w-full overflow-auto bg-zinc-950 text-zinc-200">
      <div className="border-b border-zinc-800 px-3 py-2">
        <h2 className="text-[11px] font-semibold uppercase tracking-wider text-zinc-500">Connection doctor</h2>
        <p role="status" aria-label="Verdict" className={`mt-1 whitespace-pre-wrap break-words text-sm ${failed ? 'text-red-200' : 'text-emerald-200'}`}>
          {verdict.summary}
        </p>
      </div>
      <ol aria-label="Layers" className="pb-2">
        {verdict.layers.map((l) => (
          <LayerRow key={l.layer} row={l} culprit={l.layer === verdict.culprit} selectedSeq={selectedSeq} onSelect={onSelect} />
        ))}
      </ol>
    </section>
  );
}
