'use client';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { useOpenedOnce } from '../ui/useOpenedOnce';
import { CompareDialog } from './LazyCompareDialog';
import { DroppedTraceDialog, type DroppedTrace } from './DroppedTraceDialog';
import { loadTraceFile } from './loadTrace';
import { openTrace } from './openTrace';
import { useComparableTraces } from './useComparableTraces';

const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');

/**
 * Lets a trace file be dropped anywhere on the dashboard or the viewer. With nothing on screen it
 * opens in a tab of its own; dropped on an open session or trace, it offers to compare the two
 * (or to open it beside). A refused file says its line and reason in a notice. Drags of anything
 * but files pass through.
 */
export function TraceDropTarget({ children, className }: { children: ReactNode; className: string }) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed; a count tells when the pointer left for good.
  const depth = useRef(0);
  const [dropped, setDropped] = useState<DroppedTrace & { onto: string }>();
  const [comparing, setComparing] = useState<{ before: string; after: string }>();
  const comparable = useComparableTraces();
  const somethingOpen = useLoupe((s) => s.activeTab !== undefined);
  const onto = comparable.find((t) => t.id === dropped?.onto);
  const compared = useOpenedOnce(comparing !== undefined);

  const drop = async (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    depth.current = 0;
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (!file) return;
    const r = await loadTraceFile(file);
    if (!r.ok) return useLoupe.getState().notify(`${r.name} was not opened: ${r.error}`);
    const { activeTab, traces } = useLoupe.getState();
    if (activeTab && traces[activeTab]) setDropped({ name: r.name, trace: r.trace, onto: activeTab });
    else openTrace(r.name, r.trace);
  };

  const open = () => {
    if (!dropped) return undefined;
    setDropped(undefined);
    return openTrace(dropped.name, dropped.trace);
  };

  return (
    <div
      className={`relative ${className}`}
      onDragEnter={(e) => {
        if (!carriesFiles(e)) return;
        depth.current++;
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (!carriesFiles(e)) return;
        if (--depth.current <= 0) setOver(false);
      }}
      onDragOver={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDrop={(e) => void drop(e)}
    >
      {children}
      {over && (
        <div
          role="status"
          className="pointer-events-none absolute inset-2 z-50 flex items-center justify-center rounded-lg border-2 border-dashed border-sky-400 bg-zinc-950/80 text-sm text-sky-200"
        >
          Drop a Loupe trace to open it{somethingOpen ? ' or compare it with this one' : ''}
        </div>
      )}
      <DroppedTraceDialog
        dropped={dropped}
        openName={onto?.name ?? 'the open tab'}
        onClose={() => setDropped(undefined)}
        onOpen={() => void open()}
        onCompare={() => {
          const before = dropped?.onto;
          const after = open();
          if (before && after) setComparing({ before, after });
        }}
      />
      {compared && <CompareDialog open={comparing !== undefined} initial={comparing} onClose={() => setComparing(undefined)} traces={comparable} />}
    </div>
  );
}
