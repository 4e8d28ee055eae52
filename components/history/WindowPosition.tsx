'use client';
import { Button } from '../ui/Button';

const n = (x: number) => x.toLocaleString('en-US');

interface Props {
  frames: readonly { seq: number }[];
  onOldest: () => void;
  onNewest: () => void;
  /** Set while the session is still being written: whether the window follows it, and the switch. */
  follow?: { following: boolean; onToggle: () => void };
}

/** Which rows the page holds, the way to either end of the session, and, while it is written, Follow. */
export function WindowPosition({ frames, onOldest, onNewest, follow }: Props) {
  return (
    <div className="ml-auto flex shrink-0 items-center gap-2">
      {frames.length > 0 && (
        <span className="whitespace-nowrap font-mono text-zinc-500" title="The rows the page holds; more are read as the table or the diagram reaches an end">
          rows #{n(frames[0].seq)}–#{n(frames[frames.length - 1].seq)} ({n(frames.length)} held)
        </span>
      )}
      <Button onClick={onOldest} title="The first frames of the session">
        Oldest
      </Button>
      <Button onClick={onNewest} title="The last frames of the session">
        Newest
      </Button>
      {follow && (
        <Button
          aria-pressed={follow.following}
          onClick={follow.onToggle}
          className="aria-pressed:border-sky-500 aria-pressed:bg-sky-900/60"
          title="The session is still being written: keep its newest frame in view as frames come"
        >
          Follow
        </Button>
      )}
    </div>
  );
}
