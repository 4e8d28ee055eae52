/**
 * Following a stored session that is still being written, in a window onto it (lib/view/stored-rows.ts):
 * while the rows held reach its newest frame and the person stays at the bottom, the window asks
 * the proxy for the frames written since its last row every FOLLOW_POLL_MS, puts them on at the
 * bottom and lets the oldest go past the rows' cap, as the live traffic table follows its end.
 * Pure: the page's hooks read these.
 */
import { MAX_KEPT_ROWS, withNewer, type WindowRows } from './stored-rows';

/** How often a following window asks for the frames written since its last row. The store's
 *  writer flushes every 100 ms and a read of the frames written since is a few blocks of a segment:
 *  a person sees new rows within a second, and the proxy reads next to nothing while none come. */
export const FOLLOW_POLL_MS = 700;

/** Pixels short of the end that still count as at the bottom (a fractional scrollTop on a zoomed page). */
const BOTTOM_SLACK_PX = 4;

export type StoredState = 'clean' | 'recording' | 'unclean';

/** Whether a scroller shows its end. */
export function scrolledToBottom(scrollTop: number, clientHeight: number, scrollHeight: number): boolean {
  return scrollHeight - clientHeight - scrollTop <= BOTTOM_SLACK_PX;
}

/** Whether a window follows now: it is asked to, the session is still being written, and the rows reach its newest frame. */
export function followsNow(following: boolean, state: StoredState | undefined, rows: { hasAfter: boolean }): boolean {
  return following && state === 'recording' && !rows.hasAfter;
}

/**
 * Where a follow read starts: one past the last row held, or, with no row held (no frame matched
 * the filter yet), one past the session's last frame, which every read so far has looked at.
 */
export function followFrom(frames: readonly { seq: number }[], lastSeq: number | undefined): number {
  const last = frames.length ? frames[frames.length - 1].seq : (lastSeq ?? 0);
  return last + 1;
}

export type FollowStep<F extends { seq: number }> =
  /** Nothing new matched. */
  | { kind: 'none' }
  /** The new frames went on at the bottom; `dropped` rows came off the top. */
  | { kind: 'appended'; rows: WindowRows<F>; dropped: number }
  /** More were written than one read takes: read the newest and start the rows again from them
   *  (a person following sees only the bottom; the frames skipped are a scroll up away). */
  | { kind: 'newest' };

/** What a read from followFrom makes of the rows held. */
export function followed<F extends { seq: number }>(rows: WindowRows<F>, read: { frames: F[]; hasAfter: boolean }, max = MAX_KEPT_ROWS): FollowStep<F> {
  if (read.hasAfter) return { kind: 'newest' };
  const { rows: next, dropped } = withNewer(rows, read, max);
  return next.frames === rows.frames ? { kind: 'none' } : { kind: 'appended', rows: next, dropped };
}

/** Frames written since the window last followed (every frame, whatever the filter). */
export function unseenSince(lastSeq: number | undefined, seenLastSeq: number | undefined): number {
  return lastSeq === undefined || seenLastSeq === undefined ? 0 : Math.max(0, lastSeq - seenLastSeq);
}
