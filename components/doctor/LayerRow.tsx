'use client';
import { LAYER_SCOPE, type LayerStatus, type LayerVerdict } from '../../lib/doctor';

const LOOK: Record<LayerStatus, { mark: string; word: string; tone: string }> = {
  passed: { mark: '✓', word: 'passed', tone: 'text-emerald-400' },
  failed: { mark: '✗', word: 'failed', tone: 'text-red-400' },
  'not-reached': { mark: '·', word: 'not reached', tone: 'text-zinc-500' },
};

interface Props {
  row: LayerVerdict;
  /** The lowest failed layer: the one to fix first. */
  culprit: boolean;
  selectedSeq?: number;
  onSelect(seq: number): void;
}

/** One layer: its status in a mark and a word (colour is never the only signal), and for a failed
 *  one each piece of evidence with the frames that prove it and the next step. */
export function LayerRow({ row, culprit, selectedSeq, onSelect }: Props) {
  const look = LOOK[row.status];
  const warnings = row.warnings ? `${row.warnings} warning${row.warnings === 1 ? '' : 's'}` : undefined;
  return (
    <li aria-label={`${row.title}: ${look.word}`} className={`border-b border-zinc-900 px-3 py-2 ${culprit ? 'bg-red-950/20' : ''}`}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-xs">
        <span aria-hidden className={`w-3 shrink-0 text-center font-bold ${look.tone}`}>
          {look.mark}
        </span>
        <span className="w-40 shrink-0 font-medium text-zinc-100">{row.title}</span>
        <span className={`w-20 shrink-0 ${look.tone}`}>{look.word}</span>
        {culprit && <span className="rounded bg-red-900/60 px-1.5 text-[10px] uppercase tracking-wide text-red-100">fix first</span>}
        {warnings && <span className="text-amber-300">{warnings}</span>}
        <span className="min-w-0 flex-1 text-zinc-500">{LAYER_SCOPE[row.layer]}</span>
      </div>
      {row.evidence.length > 0 && (
        <ul aria-label={`Why ${row.title} failed`} className="ml-6 mt-1.5 space-y-1.5">
          {row.evidence.map((e, i) => (
            <li key={`${e.seqs[0]}-${i}`} className="rounded border border-red-900/60 bg-red-950/30 px-2 py-1.5 text-xs">
              <p className="whitespace-pre-wrap break-words font-mono text-[11px] text-zinc-200">
                {e.rule && <span className="mr-2 text-red-300">{e.rule}</span>}
                {e.what}
              </p>
              <p className="mt-1 text-zinc-300">
                <span className="font-semibold text-emerald-300">Next step: </span>
                {e.next}
              </p>
              <div className="mt-1 flex flex-wrap items-center gap-1 text-[11px] text-zinc-500">
                <span>{e.seqs.length === 1 ? 'Frame' : 'Frames'}</span>
                {e.seqs.map((seq) => (
                  <button
                    key={seq}
                    type="button"
                    onClick={() => onSelect(seq)}
                    aria-label={`Show frame ${seq} in the traffic table`}
                    className={`rounded px-1 font-mono tabular-nums hover:bg-zinc-800 hover:text-sky-300 ${seq === selectedSeq ? 'bg-sky-900/60 text-sky-200' : 'text-sky-400'}`}
                  >
                    #{seq}
                  </button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
