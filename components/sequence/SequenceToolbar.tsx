'use client';
import type { TimeMode } from '../../lib/view/row-offsets';
import { SequenceLegend } from './SequenceLegend';

export interface SequenceToolbarProps {
  mode: TimeMode;
  onMode(mode: TimeMode): void;
  collapseProgress: boolean;
  onCollapseProgress(on: boolean): void;
  /** Absent where there is no live end to follow (a window onto a stored session). */
  following?: boolean;
  onFollow?(): void;
  /** Absent where the frames cannot be redacted for a file here (a window onto a stored session). */
  onExportSvg?(): void;
  onExportMermaid?(): void;
  rowCount: number;
  /** False where no findings are drawn, so the legend does not explain their marks. */
  findings?: boolean;
}

const button = 'whitespace-nowrap rounded border border-zinc-700 px-2 py-0.5 text-xs hover:bg-zinc-800 aria-pressed:bg-zinc-700';

export function SequenceToolbar(p: SequenceToolbarProps) {
  return (
    <div role="toolbar" aria-label="Sequence diagram controls" className="flex flex-wrap items-center gap-2 border-b border-zinc-800 px-2 py-1 text-xs">
      <span className="text-zinc-400">Time</span>
      <button type="button" className={button} aria-pressed={p.mode === 'rows'} onClick={() => p.onMode('rows')}>
        One row per frame
      </button>
      <button type="button" className={button} aria-pressed={p.mode === 'time'} onClick={() => p.onMode('time')}>
        Real time
      </button>
      <label className="ml-2 flex items-center gap-1 whitespace-nowrap">
        <input type="checkbox" checked={p.collapseProgress} onChange={(e) => p.onCollapseProgress(e.target.checked)} />
        Fold progress into its request
      </label>
      <SequenceLegend findings={p.findings ?? true} />
      <span className="ml-auto text-zinc-500">{p.rowCount.toLocaleString()} rows</span>
      {p.onFollow && (
        <button type="button" className={button} aria-pressed={p.following} onClick={p.onFollow} title="Keep the newest frame in view">
          Follow live
        </button>
      )}
      {p.onExportSvg && (
        <button type="button" className={button} onClick={p.onExportSvg}>
          Export SVG
        </button>
      )}
      {p.onExportMermaid && (
        <button type="button" className={button} onClick={p.onExportMermaid}>
          Export Mermaid
        </button>
      )}
    </div>
  );
}
