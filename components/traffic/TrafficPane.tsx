'use client';
import { useMemo, useRef, useState } from 'react';
import { filterSeqs, matches, type FilteredSeqs, type TrafficFilter } from '../../lib/browser/filter';
import { frameView } from '../../lib/browser/frameView';
import { useLoupe } from '../../lib/browser/store';
import { FrameDetailSlot, useDetailDocked } from '../session/DetailDock';
import { DroppedTextBanner } from './DroppedTextBanner';
import { DiskSearchBar } from './DiskSearchBar';
import { useStoredSessionOf, type DiskSearch } from '../../lib/browser/stored-reads';
import { FrameDetail } from './FrameDetail';
import { TrafficTable } from './TrafficTable';
import { TrafficToolbar } from './TrafficToolbar';
import { useFrameMarks } from './useFrameMarks';
import { useMarkedFrames } from './useMarkedFrames';
import { useRowPicks } from './useRowPicks';

const NO_ROWS: readonly number[] = [];

/** The traffic table with its filter bar and, beside it, the selected frame's detail. */
export function TrafficPane({ traceId }: { traceId: string }) {
  const trace = useLoupe((s) => s.traces[traceId]);
  const selected = useLoupe((s) => s.selected[traceId]);
  const select = useLoupe((s) => s.select);
  const [filter, setFilter] = useState<TrafficFilter>({ lane: 'all', text: '' });
  // A search of the session's copy on disk: while shown, the table lists what it found.
  const [disk, setDisk] = useState<DiskSearch | undefined>(undefined);
  const storedSession = useStoredSessionOf(trace);
  const prev = useRef<FilteredSeqs | undefined>(undefined);
  const marks = useFrameMarks(trace);
  const marked = useMarkedFrames(traceId);
  const sessionTransport = useLoupe((s) => s.sessions.find((x) => x.id === traceId)?.transport);
  const storedId = useLoupe((s) => (storedSession === undefined ? undefined : s.sessions.find((x) => x.id === storedSession)?.storedId));
  // A file's frames never change after it opens: one scan tells which transport it recorded
  // (live traces return at once: their session says).
  const fileTransport = useMemo(() => {
    if (!trace || trace.source.kind !== 'file') return undefined;
    if (trace.frames.some((f) => f.lane === 'http')) return 'http' as const;
    if (trace.frames.some((f) => f.lane === 'stderr' || (f.lane === 'lifecycle' && f.meta?.event === 'spawn'))) return 'stdio' as const;
    return undefined;
  }, [trace]);

  const filtered = useMemo(() => {
    if (!trace) return undefined;
    // Reuses the previous result and scans only new frames while the filter is unchanged.
    const next = filterSeqs(trace, filter, prev.current);
    prev.current = next;
    return next;
  }, [trace, filter]);

  // Rows the page has: a search may find frames newer than the last batch it was sent.
  const rows = useMemo(() => {
    if (!disk || !trace) return filtered?.seqs;
    const last = trace.frames[trace.frames.length - 1]?.seq ?? 0;
    return disk.seqs.filter((seq) => seq <= last);
  }, [disk, trace, filtered]);
  const onFilter = useMemo(
    () => (f: TrafficFilter) => {
      setDisk(undefined);
      setFilter(f);
    },
    [],
  );

  const onSelect = useMemo(() => (seq: number) => select(traceId, seq), [select, traceId]);
  const { onPick, onSelectAll, onCollapse } = useRowPicks(traceId, rows ?? NO_ROWS);
  // A jump to a frame the filter hides clears the filter, so the table can show where it landed.
  const onJump = (seq: number) => {
    if (trace && (disk ? !disk.seqs.includes(seq) : !matches(trace, seq, filter))) onFilter({ lane: 'all', text: '' });
    onSelect(seq);
  };
  const view = trace && selected !== undefined ? frameView(trace, selected) : undefined;
  const docked = useDetailDocked();

  if (!trace || !filtered || !rows) return <div className="p-4 text-xs text-zinc-500">Waiting for the session&apos;s frames…</div>;
  return (
    <div className="@container flex min-h-0 flex-1 flex-col">
      <TrafficToolbar
        filter={filter}
        onChange={onFilter}
        shown={rows.length}
        total={trace.frames.length}
        marked={marked.size}
        onClearMarked={onCollapse}
        transport={sessionTransport ?? fileTransport}
        channels={trace.model.appChannels}
      />
      <DroppedTextBanner trace={trace} onJump={onJump} storedId={storedId} />
      {storedSession !== undefined && <DiskSearchBar sessionId={storedSession} text={filter.text} result={disk} onResult={setDisk} />}
      {/* Detail beside the table when there is room (the table keeps every column), below it when
          there is not; docked under the client panel while that is open. */}
      <div className="flex min-h-0 flex-1 flex-col @4xl:flex-row">
        <div className="@container flex min-h-0 min-w-0 flex-[3] flex-col overflow-x-auto @4xl:min-w-[43.25rem]">
          <TrafficTable
            trace={trace}
            seqs={rows}
            selected={selected}
            marked={marked}
            onPick={onPick}
            onCollapse={onCollapse}
            onSelectAll={onSelectAll}
            idPrefix={traceId.replace(/[^A-Za-z0-9_-]/g, '_')}
            marks={marks}
          />
        </div>
        {(view || !docked) && (
          <FrameDetailSlot>
            <aside
              aria-label="Frame detail"
              className={`min-h-0 min-w-0 flex-[2] bg-zinc-900/40 ${docked ? '' : 'border-t border-zinc-800 @4xl:min-w-72 @4xl:border-l @4xl:border-t-0'}`}
            >
              {view ? (
                <FrameDetail view={view} annotations={marks.get(view.frame.seq)} onJump={onJump} trace={trace} />
              ) : (
                <p className="p-4 text-xs text-zinc-500">Select a frame to see its raw text and JSON.</p>
              )}
            </aside>
          </FrameDetailSlot>
        )}
      </div>
    </div>
  );
}
