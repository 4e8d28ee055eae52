'use client';
import type { Trace } from '../../lib/trace';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

export interface DroppedTrace {
  name: string;
  trace: Trace;
}

/** A trace dropped while another is on screen: compare the two, or open the new one beside it. */
export function DroppedTraceDialog({
  dropped,
  openName,
  onCompare,
  onOpen,
  onClose,
}: {
  dropped: DroppedTrace | undefined;
  /** The tab on screen when the trace was dropped. */
  openName: string;
  onCompare: () => void;
  onOpen: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={dropped !== undefined} title="Compare or open the dropped trace" onClose={onClose}>
      {dropped && (
        <div className="flex flex-col gap-3 text-xs">
          <p className="text-zinc-300">
            <span className="font-mono text-zinc-100">{dropped.name}</span> ({dropped.trace.frames.length} frames) was dropped on{' '}
            <span className="font-mono text-zinc-100">{openName}</span>.
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={onOpen}>Open in a new tab</Button>
            <Button variant="primary" onClick={onCompare}>
              Compare with {openName}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
