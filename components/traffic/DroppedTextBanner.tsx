'use client';
import { useMemo, useRef } from 'react';

import { browseStoredNewest } from '../../lib/browser/stored-window';
import type { Trace } from '../../lib/browser/trace';
import { scanDroppedText, type DroppedTextScan } from '../../lib/trace/dropped-text';
import { formatBytes } from '../../lib/text/bytes';
import { useWholeSessionFindings } from './useWholeSessionFindings';
import { WholeSessionFindings } from './WholeSessionFindings';

/**
 * Says, above the table, that the session passed its byte budget and which frames lost their text,
 * or that it reached the most frames it keeps. `storedId`: the session's copy on disk, which holds
 * every frame whole; Browse opens it a window at a time on its newest rows, following them while
 * the session goes on, so a session too long for the page's memory is still read whole and watched live.
 * The page's analyser stops at the budget; the proxy judges the copy on disk as it grows instead,
 * and the banner shows those findings over every frame so far, with their list.
 */
const count = (n: number) => n.toLocaleString('en-US');

export function DroppedTextBanner({ trace, onJump, storedId }: { trace: Trace; onJump: (seq: number) => void; storedId?: string }) {
  const onDisk = storedId !== undefined;
  const prev = useRef<DroppedTextScan | undefined>(undefined);
  const { dropped, frameLimit } = useMemo(() => {
    // Scans only the frames that arrived since the last render.
    prev.current = scanDroppedText(trace.frames, prev.current);
    return prev.current;
  }, [trace]);
  const whole = useWholeSessionFindings(dropped || frameLimit ? storedId : undefined);
  if (!dropped && !frameLimit) return null;
  const browse = storedId !== undefined && (
    <button type="button" className="underline" onClick={() => browseStoredNewest(storedId)}>
      Browse
    </button>
  );
  return (
    <div
      role="status"
      aria-label="Dropped text"
      className="flex flex-wrap items-center gap-x-2 border-b border-amber-800 bg-amber-950/50 px-3 py-1.5 text-xs text-amber-100"
    >
      {dropped && (
        <span>
          The session passed its byte budget: the text of {count(dropped.frames)} frame{dropped.frames === 1 ? '' : 's'} ({formatBytes(dropped.bytes)}) between{' '}
          <button type="button" className="underline" onClick={() => onJump(dropped.fromSeq)}>
            #{dropped.fromSeq}
          </button>{' '}
          and{' '}
          <button type="button" className="underline" onClick={() => onJump(dropped.toSeq)}>
            #{dropped.toSeq}
          </button>{' '}
          {onDisk ? 'is not held in memory.' : 'was not kept.'}
        </span>
      )}
      {frameLimit && (
        <span>
          At{' '}
          <button type="button" className="underline" onClick={() => onJump(frameLimit.seq)}>
            #{frameLimit.seq}
          </button>{' '}
          the session reached the {count(frameLimit.limit)} frames it keeps in memory: later frames are counted here, not shown.
        </span>
      )}
      <span className="text-amber-300/80">
        {onDisk ? (
          <>
            The session&apos;s copy on disk holds {dropped ? 'it' : 'them'}: a frame&apos;s detail reads it from there, a search on disk looks through it, and{' '}
            {browse} reads every frame from disk a window at a time, following the newest as they are written.
          </>
        ) : (
          <>
            {dropped && 'Their time, direction, lane and size are. '}Raise the budget with <code>loupe start --session-budget 1GiB</code>.
          </>
        )}
      </span>
      {storedId !== undefined && whole && <WholeSessionFindings storedId={storedId} reply={whole} />}
    </div>
  );
}
