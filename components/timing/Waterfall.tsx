'use client';
/**
 * Requests over time, one row each, virtualized. In-flight bars grow with the wire clock; bars in
 * flight longer than the timeout are marked hung.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RequestRecord } from '../../lib/view/latency';
import { niceTicks, waterfallBar, type BarState } from '../../lib/view/waterfall';
import { formatUs } from '../../lib/view/row-label';

export interface WaterfallProps {
  requests: RequestRecord[];
  nowTs: number;
  hungUs: number;
  selectedSeq?: number;
  onSelect(seq: number): void;
}

const ROW = 18;
const LABEL = 210;
const BAR_CLASS: Record<BarState, string> = {
  answered: 'bg-emerald-500',
  error: 'bg-red-500',
  'in-flight': 'bg-amber-400 animate-pulse',
  hung: 'bg-[repeating-linear-gradient(45deg,#ef4444_0_4px,#7f1d1d_4px_8px)]',
  cancelled: 'bg-zinc-500',
  listening: 'bg-sky-600',
};

/** A round's place in its logical call, for the row's accessible name. */
function roundText(r: RequestRecord): string {
  if (!r.round) return '';
  if (r.round.index > 1) return `, round ${r.round.index} of the call at #${r.round.firstSeq}`;
  return `, round 1 of ${r.round.count}${r.round.totalUs !== undefined ? `, ${formatUs(r.round.totalUs)} in total` : ''}`;
}

export function Waterfall({ requests, nowTs, hungUs, selectedSeq, onSelect }: WaterfallProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 300, width: 800 });
  const [following, setFollowing] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setView((v) => ({ ...v, height: el.clientHeight, width: el.clientWidth }));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && following) el.scrollTop = el.scrollHeight;
  }, [requests.length, following]);

  const t0 = requests[0]?.startTs ?? 0;
  let t1 = nowTs;
  for (const r of requests) if (r.endTs !== undefined && r.endTs > t1) t1 = r.endTs;
  const scale = { t0, t1: Math.max(t1, t0 + 1000), width: Math.max(100, view.width - LABEL - 32) };
  const first = Math.max(0, Math.floor(view.top / ROW) - 5);
  const last = Math.min(requests.length - 1, Math.ceil((view.top + view.height) / ROW) + 5);

  const rows = [];
  for (let i = first; i <= last; i++) {
    const r = requests[i];
    const bar = waterfallBar(r, scale, nowTs, hungUs);
    rows.push(
      <div
        key={r.seq}
        role="listitem"
        aria-label={`#${r.seq} ${r.method} ${bar.state} ${formatUs(bar.durationUs)}${roundText(r)}`}
        onClick={() => onSelect(r.seq)}
        className={`absolute left-0 flex w-full cursor-pointer items-center text-xs ${r.seq === selectedSeq ? 'bg-sky-900/50' : 'hover:bg-zinc-800/60'}`}
        style={{ top: i * ROW, height: ROW }}
      >
        <span className={`w-[210px] shrink-0 truncate px-2 font-mono text-zinc-300 ${r.round && r.round.index > 1 ? 'pl-6' : ''}`}>
          {r.round && r.round.index > 1 ? `↳ round ${r.round.index} #${r.seq}` : `#${r.seq} ${r.method}`}
          {r.round?.index === 1 && (
            <span className="text-zinc-500">
              {' '}
              · {r.round.count} rounds{r.round.totalUs !== undefined ? `, ${formatUs(r.round.totalUs)} total` : ''}
            </span>
          )}
        </span>
        <span className="relative h-full flex-1">
          <span className={`absolute top-1 h-2.5 rounded-sm ${BAR_CLASS[bar.state]}`} style={{ left: bar.x, width: bar.width }} />
          {/* The duration sits after the bar, or before it when the bar ends near the right edge. */}
          <span
            className={`absolute top-0 whitespace-nowrap px-1 text-[10px] text-zinc-400 ${bar.x + bar.width > scale.width - 90 ? '-translate-x-full' : ''}`}
            style={{ left: bar.x + bar.width > scale.width - 90 ? bar.x : bar.x + bar.width }}
          >
            {formatUs(bar.durationUs)}
            {bar.state === 'hung' ? ' hung' : bar.state === 'in-flight' ? ' …' : bar.state === 'cancelled' ? ' cancelled' : ''}
          </span>
        </span>
      </div>,
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="relative h-5 shrink-0 border-b border-zinc-800 text-[10px] text-zinc-500" aria-hidden="true">
        {niceTicks(0, scale.t1 - t0, 6).map((t) => (
          <span key={t} className="absolute top-1" style={{ left: LABEL + (t / (scale.t1 - t0)) * scale.width }}>
            {formatUs(t)}
          </span>
        ))}
      </div>
      <div
        ref={ref}
        role="list"
        aria-label="Request waterfall"
        className="relative min-h-0 flex-1 overflow-auto"
        onScroll={(e) => {
          const el = e.currentTarget;
          setView((v) => ({ ...v, top: el.scrollTop }));
          setFollowing(el.scrollTop + el.clientHeight >= el.scrollHeight - 4);
        }}
      >
        <div style={{ height: requests.length * ROW, position: 'relative' }}>{rows}</div>
        {requests.length === 0 && <p className="p-2 text-xs text-zinc-500">No requests yet.</p>}
      </div>
    </div>
  );
}
