'use client';
/**
 * The sequence diagram of the rows a window onto a stored session holds: the live session's
 * diagram parts (toolbar, lane titles, virtualized rows) over a session model of those rows alone
 * (lib/view/window-sequence.ts), built by the view that holds the rows and shared with its table. A request and its response are paired only when both are held;
 * no finding is marked, as the rules would judge a run that starts mid-session wrongly.
 */
import { useCallback, useMemo, useState } from 'react';
import type { SessionModel } from '../../lib/model/session-model';
import type { TimeMode } from '../../lib/view/row-offsets';
import { DEFAULT_LAYOUT, diagramWidth, laneXs, type LayoutOptions } from '../../lib/view/sequence-layout';
import { LaneHeader } from '../sequence/LaneHeader';
import { SequenceToolbar } from '../sequence/SequenceToolbar';
import { SequenceViewport } from '../sequence/SequenceViewport';
import { useSequenceLayout } from '../sequence/useSequenceLayout';
import { ReadingMore } from './ReadingMore';
import type { Placement } from './useStoredWindow';
import { useWindowViewport } from './useWindowViewport';

interface Props {
  /** The model of the rows held (lib/view/window-sequence.ts), the one the table reads too. */
  session: SessionModel;
  selected?: number;
  onPick: (seq: number) => void;
  placement?: Placement;
  /** The view reaches the top or the bottom of the rows: read the next frames that way. */
  onEdge: (end: 'older' | 'newer') => void;
  loading?: 'reset' | 'older' | 'newer';
  /** What to say when there are no rows. */
  empty: string;
}

const noFinding = () => undefined;

export function StoredWindowSequence({ session, selected, onPick, placement, onEdge, loading, empty }: Props) {
  const [mode, setMode] = useState<TimeMode>('rows');
  const [collapseProgress, setCollapseProgress] = useState(false);
  const options = useMemo<LayoutOptions>(() => ({ ...DEFAULT_LAYOUT, mode, collapseProgress }), [mode, collapseProgress]);
  const layout = useSequenceLayout(session, options);
  const vp = useWindowViewport(layout, selected, placement, onEdge);
  const width = diagramWidth(vp.width);
  const apps = session.appChannels;
  const lanes = useMemo(() => laneXs(width, apps), [width, apps]);
  const onSelect = useCallback((seq: number | undefined) => seq !== undefined && onPick(seq), [onPick]);

  return (
    <section aria-label="Sequence" className="relative flex h-full min-h-0 w-full flex-1 flex-col [contain:inline-size]">
      <SequenceToolbar
        mode={mode}
        onMode={setMode}
        collapseProgress={collapseProgress}
        onCollapseProgress={setCollapseProgress}
        rowCount={layout.length}
        findings={false}
      />
      <p
        className="truncate border-b border-zinc-800 px-2 py-0.5 text-[11px] text-zinc-500"
        title="A request and its response are paired when both are among the rows held; either alone is drawn alone. The rules judge a whole session, and a window starts mid-session."
      >
        Paired within the rows held; no findings are marked on a window.
      </p>
      <LaneHeader lanes={lanes} width={width} />
      <SequenceViewport
        layout={layout}
        frames={session.frames}
        vp={vp}
        width={width}
        lanes={lanes}
        selectedSeq={selected}
        onSelect={onSelect}
        severityOf={noFinding}
        findingOf={noFinding}
        partial
        empty={loading === 'reset' ? 'Reading the stored session…' : empty}
      />
      {loading === 'older' && <ReadingMore where="top" offset="top-24" />}
      {loading === 'newer' && <ReadingMore where="bottom" />}
    </section>
  );
}
