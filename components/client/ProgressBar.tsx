'use client';
import { useEffect, useState } from 'react';
import type { Progress } from '../../lib/wire/client-state';

/** A call in flight: its elapsed time and the last `notifications/progress` it received. */
export function ProgressBar({ startedAt, progress }: { startedAt: number; progress?: Progress }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, []);
  const pct = progress?.total ? Math.min(100, (progress.progress / progress.total) * 100) : undefined;
  const text = progress
    ? `${progress.progress}${progress.total !== undefined ? ` / ${progress.total}` : ''}${progress.message ? ` — ${progress.message}` : ''}`
    : 'waiting';
  return (
    <div className="flex flex-col gap-1 text-[11px] text-zinc-400">
      <div
        role="progressbar"
        aria-label="Call progress"
        aria-valuemin={0}
        aria-valuemax={progress?.total}
        aria-valuenow={progress?.progress}
        aria-valuetext={text}
        className="h-1.5 w-full overflow-hidden rounded bg-zinc-800"
      >
        <div className={`h-full bg-sky-500 ${pct === undefined ? 'w-1/4 animate-pulse' : ''}`} style={pct !== undefined ? { width: `${pct}%` } : undefined} />
      </div>
      <span>
        running {((now - startedAt) / 1000).toFixed(1)} s · progress {text}
      </span>
    </div>
  );
}
