'use client';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { loadTraceFile } from './loadTrace';
import { openTrace } from './openTrace';

const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');

/**
 * Lets a trace file be dropped anywhere on the dashboard: it opens in a tab of its own, and a
 * refused file says its line and reason in a notice. Drags of anything but files pass through.
 */
export function TraceDropTarget({ children, className }: { children: ReactNode; className: string }) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed; a count tells when the pointer left for good.
  const depth = useRef(0);

  const drop = async (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    depth.current = 0;
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (!file) return;
    const r = await loadTraceFile(file);
    if (r.ok) openTrace(r.name, r.trace);
    else useLoupe.getState().notify(`${r.name} was not opened: ${r.error}`);
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
        <div role="status" className="pointer-events-none absolute inset-2 z-50 flex items-center justify-center rounded-lg border-2 border-dashed border-sky-400 bg-zinc-950/80 text-sm text-sky-200">
          Drop a Loupe trace to open it
        </div>
      )}
    </div>
  );
}
