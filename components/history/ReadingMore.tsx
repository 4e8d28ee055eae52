'use client';

/** Says that the next frames are being read at one end of a window's rows; `offset`: the top's distance below column or lane titles. */
export function ReadingMore({ where, offset = 'top-7' }: { where: 'top' | 'bottom'; offset?: string }) {
  return (
    <div className={`pointer-events-none absolute left-1/2 ${where === 'top' ? offset : 'bottom-2'} -translate-x-1/2`}>
      <span role="status" className="rounded bg-zinc-800 px-2 py-0.5 text-[11px] text-zinc-300 shadow">
        {where === 'top' ? 'Reading older frames…' : 'Reading newer frames…'}
      </span>
    </div>
  );
}
