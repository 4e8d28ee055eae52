'use client';
import type { InputRound } from '../../../lib/wire/client-state';

const outcomeColor: Record<InputRound['outcome'], string> = {
  input_required: 'text-amber-300',
  complete: 'text-emerald-300',
  error: 'text-red-300',
  running: 'text-sky-300',
};

/** The rounds of one logical call: each request's id, the answers it carried, and what came back. */
export function CallRounds({ rounds }: { rounds: InputRound[] }) {
  const total = rounds.reduce((sum, r) => sum + (r.ms ?? 0), 0);
  return (
    <ol aria-label="Rounds" className="flex flex-col gap-0.5 font-mono text-[11px]">
      {rounds.map((r, i) => (
        <li key={i} aria-label={`Round ${i + 1}`} className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-zinc-500">round {i + 1}</span>
          <span className="text-zinc-400">id {r.requestId ?? '?'}</span>
          {r.sentResponses && (
            <span className="text-zinc-400" title={JSON.stringify(r.sentResponses, null, 2)}>
              sent {Object.keys(r.sentResponses).join(', ')}
            </span>
          )}
          <span className={outcomeColor[r.outcome]}>{r.outcome}</span>
          {r.inputRequests && <span className="text-zinc-400">asks {Object.keys(r.inputRequests).join(', ')}</span>}
          {r.requestState !== undefined && (
            <span className="truncate text-zinc-600" title={r.requestState}>
              state {r.requestState.length} chars
            </span>
          )}
          {r.ms !== undefined && <span className="text-zinc-500">{r.ms} ms</span>}
        </li>
      ))}
      {rounds.length > 1 && (
        <li className="text-zinc-500">
          {rounds.length} rounds · {total} ms in requests
        </li>
      )}
    </ol>
  );
}
