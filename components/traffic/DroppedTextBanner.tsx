'use client';
import { useMemo, useRef } from 'react';

import { useLoupe } from '../../lib/browser/store';
import { storedTabId } from '../../lib/browser/stored-window';
import type { Trace } from '../../lib/browser/trace';
import { scanDroppedText, type DroppedTextScan } from '../../lib/trace/dropped-text';
import { formatBytes } from '../../lib/text/bytes';

/**
 * Says, above the table, that the session passed its byte budget and which frames lost their text.
 * `storedId`: the session's copy on disk, which holds every frame's text; Browse opens it a window
 * at a time, so a session too long for the page's memory is still read whole.
 */
export function DroppedTextBanner({ trace, onJump, storedId }: { trace: Trace; onJump: (seq: number) => void; storedId?: string }) {
  const onDisk = storedId !== undefined;
  const prev = useRef<DroppedTextScan | undefined>(undefined);
  const dropped = useMemo(() => {
    // Scans only the frames that arrived since the last render.
    prev.current = scanDroppedText(trace.frames, prev.current);
    return prev.current.dropped;
  }, [trace]);
  if (!dropped) return null;
  const n = dropped.frames.toLocaleString('en-US');
  return (
    <div
      role="status"
      aria-label="Dropped text"
      className="flex flex-wrap items-center gap-x-2 border-b border-amber-800 bg-amber-950/50 px-3 py-1.5 text-xs text-amber-100"
    >
      <span>
        The session passed its byte budget: the text of {n} frame{dropped.frames === 1 ? '' : 's'} ({formatBytes(dropped.bytes)}) between{' '}
        <button type="button" className="underline" onClick={() => onJump(dropped.fromSeq)}>
          #{dropped.fromSeq}
        </button>{' '}
        and{' '}
        <button type="button" className="underline" onClick={() => onJump(dropped.toSeq)}>
          #{dropped.toSeq}
        </button>{' '}
        {onDisk ? 'is not held in memory.' : 'was not kept.'}
      </span>
      <span className="text-amber-300/80">
        {onDisk ? (
          <>
            The session&apos;s copy on disk holds it: a frame&apos;s detail reads it from there, a search on disk looks through it, and{' '}
            <button type="button" className="underline" onClick={() => useLoupe.getState().openTab(storedTabId(storedId))}>
              Browse
            </button>{' '}
            reads every frame from disk a window at a time.
          </>
        ) : (
          <>
            Their time, direction, lane and size are. Raise the budget with <code>loupe start --session-budget 1GiB</code>.
          </>
        )}
      </span>
    </div>
  );
}
