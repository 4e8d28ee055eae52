'use client';
/**
 * The live sequence diagram: client, server and side lanes, one arrow per frame, virtualized (only
 * the rows in view are in the DOM), following the live end until the person scrolls away.
 */
import { useCallback, useMemo, useState } from 'react';
import type { SessionModel } from '../../lib/model/session-model';
import { DEFAULT_LAYOUT, diagramWidth, laneXs, type LayoutOptions } from '../../lib/view/sequence-layout';
import type { TimeMode } from '../../lib/view/row-offsets';
import { findingsByFrame, severityByFrame, type ViewAnnotation } from '../../lib/view/annotation';
import { sequenceToSvg } from '../../lib/render/sequence-svg';
import { sequenceToMermaid } from '../../lib/render/sequence-mermaid';
import { useSequenceLayout } from './useSequenceLayout';
import { useViewport } from './useViewport';
import { SequenceToolbar } from './SequenceToolbar';
import { SequenceViewport } from './SequenceViewport';
import { MermaidDialog } from './MermaidDialog';
import { LaneHeader } from './LaneHeader';
import { saveText } from '../../lib/browser/download';
import { renderVisible } from './exportVisible';
import type { ShareableFrames } from '../../lib/browser/shareableFrames';
import type { RangeSet } from '../../lib/view/range-set';
import type { PickGesture } from '../traffic/gesture';

export interface SequenceDiagramProps {
  /** The session's one model; it grows in place between renders. */
  session: SessionModel;
  annotations?: readonly ViewAnnotation[];
  selectedSeq?: number;
  /** Every selected frame (the focused one and any marked with it); the focused one alone when absent. */
  marked?: RangeSet;
  onSelect(seq: number | undefined): void;
  /** Shift/Ctrl/Cmd+click on a row marks frames with the selected one, as in the traffic table. */
  onPick?(seq: number, how: PickGesture): void;
  /** Used in export file names. */
  name?: string;
  /** The frames redacted as an export is: the SVG and Mermaid files are drawn from these. */
  shareable: ShareableFrames;
}

export function SequenceDiagram({ session, annotations, selectedSeq, marked, onSelect, onPick, name = 'session', shareable }: SequenceDiagramProps) {
  const [mode, setMode] = useState<TimeMode>('rows');
  const [collapseProgress, setCollapseProgress] = useState(false);
  const [mermaid, setMermaid] = useState<string | undefined>();
  const [exportError, setExportError] = useState<string | undefined>();
  const options = useMemo<LayoutOptions>(() => ({ ...DEFAULT_LAYOUT, mode, collapseProgress }), [mode, collapseProgress]);
  const layout = useSequenceLayout(session, options);
  const severities = useMemo(() => severityByFrame(annotations ?? []), [annotations]);
  const severityOf = useCallback((seq: number) => severities.get(seq), [severities]);
  const findings = useMemo(() => findingsByFrame(annotations ?? []), [annotations]);
  const findingOf = useCallback((seq: number) => findings.get(seq), [findings]);
  const vp = useViewport(layout, selectedSeq);
  const width = diagramWidth(vp.width);
  const apps = session.appChannels;
  const lanes = useMemo(() => laneXs(width, apps), [width, apps]);

  const visible = () => layout.offsets.window(vp.scrollTop, vp.height, 0);
  // Files are drawn from redacted frames, never from the frames on screen (see exportVisible.ts).
  const exportVisible = (render: Parameters<typeof renderVisible>[4], done: (text: string) => void) => {
    const { first, last } = visible();
    setExportError(undefined);
    renderVisible(layout, first, last, shareable, render).then(done, (e: Error) => setExportError(`Export failed: ${e.message}`));
  };
  const exportSvg = () =>
    exportVisible(
      (l, f, t) => sequenceToSvg(l, f, t, { width, severityOf }),
      (svg) => saveText(`${name}-sequence.svg`, svg, 'image/svg+xml'),
    );
  const exportMermaid = () => exportVisible(sequenceToMermaid, setMermaid);

  // Inline-size containment: the diagram takes the width it is given and never widens the page.
  return (
    <section aria-label="Sequence" className="flex h-full min-h-0 w-full flex-col [contain:inline-size]">
      <SequenceToolbar
        mode={mode}
        onMode={setMode}
        collapseProgress={collapseProgress}
        onCollapseProgress={setCollapseProgress}
        following={vp.following}
        onFollow={vp.follow}
        onExportSvg={exportSvg}
        onExportMermaid={exportMermaid}
        rowCount={layout.length}
      />
      {exportError && (
        <p role="alert" className="border-b border-zinc-800 px-2 py-1 text-xs text-red-400">
          {exportError}
        </p>
      )}
      <LaneHeader lanes={lanes} width={width} />
      <SequenceViewport
        layout={layout}
        frames={session.frames}
        vp={vp}
        width={width}
        lanes={lanes}
        selectedSeq={selectedSeq}
        marked={marked}
        onSelect={onSelect}
        onPick={onPick}
        severityOf={severityOf}
        findingOf={findingOf}
      />
      {mermaid !== undefined && <MermaidDialog text={mermaid} fileName={`${name}-sequence.mmd`} onClose={() => setMermaid(undefined)} />}
    </section>
  );
}
