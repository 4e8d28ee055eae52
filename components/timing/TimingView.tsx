'use client';
/** Latency per method, the waterfall of requests, the slowest ones, timeouts and cancellations. */
import { useMemo } from 'react';
import type { SessionModel } from '../../lib/model/session-model';
import { latencyStats, requestsOf, slowestRequests, timingCounts } from '../../lib/view/latency';
import { useThrottled } from './useThrottled';
import { useWireNow } from './useWireNow';
import { LatencyTable } from './LatencyTable';
import { SlowestRequests } from './SlowestRequests';
import { TimingCountsBar } from './TimingCountsBar';
import { TimingTableBox } from './TimingTableBox';
import { Waterfall } from './Waterfall';

export interface TimingViewProps {
  /** The session's one model; it grows in place between renders. */
  session: SessionModel;
  /** The session is still open: in-flight requests keep growing. */
  live?: boolean;
  /** A request in flight longer than this is hung (µs); default the model's own timeout. */
  timeoutUs?: number;
  selectedSeq?: number;
  onSelect(seq: number): void;
}

export function TimingView({ session, live = false, timeoutUs: given, selectedSeq, onSelect }: TimingViewProps) {
  // The session's timeout, the one its analyser judges with, so the waterfall marks as hung
  // exactly what timing.no-response reports.
  const timeoutUs = given ?? session.timeoutMs * 1000;
  const { frames } = session;
  // Calls are paired as frames are analysed: the count of analysed frames says when to re-read.
  const count = useThrottled(session.analysed, 300);
  const requests = useMemo(() => requestsOf(session), [session, count]);
  const stats = useMemo(() => latencyStats(requests), [requests]);
  const slowest = useMemo(() => slowestRequests(requests, 10), [requests]);
  const lastTs = frames.length ? frames[frames.length - 1].ts : 0;
  const now = useWireNow(lastTs, live);
  const counts = timingCounts(requests, now, timeoutUs);
  return (
    <section aria-label="Timing" className="@container flex h-full min-h-0 w-full flex-col gap-3 overflow-hidden p-3">
      <TimingCountsBar counts={counts} timeoutUs={timeoutUs} />
      {/* Both tables keep a share of the room, stacked or side by side: each scrolls in its own box. */}
      <div className="flex max-h-[50%] min-h-0 shrink-0 flex-col gap-3 @5xl:max-h-[40%] @5xl:flex-row @5xl:gap-4">
        <TimingTableBox title="Latency by method" note="request to response, wire timestamps" className="@5xl:flex-[2]">
          <LatencyTable stats={stats} />
        </TimingTableBox>
        <TimingTableBox title="Slowest requests" className="@5xl:flex-1">
          <SlowestRequests requests={slowest} onSelect={onSelect} />
        </TimingTableBox>
      </div>
      <h3 className="text-sm font-semibold">Waterfall</h3>
      <Waterfall requests={requests} nowTs={now} hungUs={timeoutUs} selectedSeq={selectedSeq} onSelect={onSelect} />
    </section>
  );
}
