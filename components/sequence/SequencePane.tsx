'use client';
/** The Sequence tab of a session: the diagram, and the selected frame's detail beside it. */
import { useCallback, useMemo, useRef } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { frameView } from '../../lib/browser/frameView';
import { shareableFrames } from '../../lib/browser/shareableFrames';
import { useAnalysis } from '../analysis/useAnalysis';
import { FrameDetailSlot, useDetailDocked } from '../session/DetailDock';
import { FrameDetail } from '../traffic/FrameDetail';
import { useMarkedFrames } from '../traffic/useMarkedFrames';
import { useRowPicks } from '../traffic/useRowPicks';
import { SequenceDiagram } from './SequenceDiagram';

export function SequencePane({ traceId }: { traceId: string }) {
  const trace = useLoupe((s) => s.traces[traceId]);
  const selected = useLoupe((s) => s.selected[traceId]);
  const select = useLoupe((s) => s.select);
  // Frames marked in the traffic table (Shift/Ctrl+click) are marked here too.
  const marked = useMarkedFrames(traceId);
  const frames = trace?.frames;
  const listed = useCallback(() => (frames ?? []).map((f) => f.seq), [frames]);
  // The same gestures as the traffic table: Shift+click marks a range, Ctrl/Cmd+click one frame.
  const { onPick } = useRowPicks(traceId, listed);
  const onSelect = useCallback((seq: number | undefined) => select(traceId, seq), [select, traceId]);
  const analysis = useAnalysis(trace);
  const docked = useDetailDocked();
  const framesNow = useRef(frames);
  framesNow.current = frames;
  const source = trace?.source;
  const shareable = useMemo(() => shareableFrames(source ?? { kind: 'file', name: traceId }, () => framesNow.current ?? []), [source, traceId]);
  if (!trace) return <div className="p-4 text-xs text-zinc-500">Waiting for the session&apos;s frames…</div>;
  const view = selected !== undefined ? frameView(trace, selected) : undefined;
  return (
    <div className="flex min-h-0 flex-1">
      <div className="flex min-w-0 flex-[3] flex-col">
        <SequenceDiagram
          session={trace.model}
          annotations={analysis?.annotations}
          selectedSeq={selected}
          marked={marked}
          onSelect={onSelect}
          onPick={onPick}
          name={traceId.replace(/[^A-Za-z0-9_-]/g, '_')}
          shareable={shareable}
        />
      </div>
      {view && (
        <FrameDetailSlot>
          <aside aria-label="Frame detail" className={`min-h-0 min-w-0 flex-[2] bg-zinc-900/40 ${docked ? '' : 'border-l border-zinc-800'}`}>
            <FrameDetail view={view} onJump={onSelect} trace={trace} />
          </aside>
        </FrameDetailSlot>
      )}
    </div>
  );
}
