'use client';
import { describeFindingCounts, describeNoFindings, noFindingsReason } from '../../lib/analyze/finding-counts';
import { OPEN_FRAME_LIMIT } from '../../lib/browser/history';
import { formatBytes } from '../../lib/text/bytes';
import type { StoredSessionEntry } from '../../lib/wire/history';
import type { StoredState } from '../../lib/view/window-follow';
import type { Totals } from './useStoredWindow';
import { StoredFindings } from './StoredFindings';
import { StoredTiming } from './StoredTiming';
import { useWholeSessionFindings } from '../traffic/useWholeSessionFindings';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Why a stored session has no finding counts yet (proxy/store/findings.ts: judged on a clean close,
 * or later on demand). `state`: as the window last read it, newer than the entry History listed
 * (one listed as recording that closed since is being judged now).
 */
function noCount(entry: StoredSessionEntry | undefined, state: StoredState | undefined, frames: number | undefined): string {
  const now = entry && { ...entry, state: state ?? entry.state, frames: frames ?? entry.frames };
  const reason = !now ? 'not-kept' : entry.state === 'recording' && now.state === 'clean' ? 'judging' : noFindingsReason(now, OPEN_FRAME_LIMIT);
  return `${describeNoFindings(reason, OPEN_FRAME_LIMIT)}.`;
}

/** Whether it is still written, and whether the window follows it; or that it ended since it was seen recording. */
function stateText(state: StoredState | undefined, following: boolean, ended: boolean): string {
  if (state === 'recording') return following ? ' · recording · following' : ' · still recording';
  if (state === 'unclean') return ' · ended unclean';
  return ended ? ' · ended' : '';
}

interface Props {
  id: string;
  entry?: StoredSessionEntry;
  totals?: Totals;
  /** The window follows the session as it is written (useWindowFollow.ts). */
  following: boolean;
  /** The session closed while the window was open (or since History listed it as recording). */
  ended: boolean;
  /** Selects a frame in the window (a finding's). */
  onJump: (seq: number) => void;
}

/** A stored session's window: what it is, how big, and the findings kept when it was stored. */
export function StoredWindowHeader({ id, entry, totals, following, ended, onJump }: Props) {
  const frames = totals?.frameCount ?? entry?.frames;
  const bytes = totals?.bytes ?? entry?.bytes;
  const findings = entry?.findings;
  // A session still recorded past its memory budget is judged from disk as it grows: its findings so far.
  const recording = (totals?.state ?? entry?.state) === 'recording';
  const sofar = useWholeSessionFindings(recording && !findings ? id : undefined);
  const live = sofar?.live && !sofar.live.queued ? sofar.live : undefined;
  const tone = findings ?? live?.counts;
  return (
    <section aria-label="Session status" className="border-b border-zinc-800 bg-zinc-900 px-3 py-2 text-xs">
      <div className="flex items-center gap-x-2 whitespace-nowrap">
        <span className="min-w-0 max-w-[40%] truncate font-semibold" title={entry?.target}>
          {entry?.name ?? id}
        </span>
        <span className="shrink-0 text-zinc-400">
          stored session {id}
          {frames !== undefined && ` · ${count(frames)} frames`}
          {totals && totals.frameCount > 0 && ` (#${count(totals.firstSeq)}–#${count(totals.lastSeq)})`}
          {bytes !== undefined && ` · ${formatBytes(bytes)} on disk`}
          {stateText(totals?.state ?? entry?.state, following, ended || entry?.state === 'recording')}
        </span>
        <span role="group" aria-label="Findings" className={`shrink-0 ${tone?.error ? 'text-red-300' : tone?.warning ? 'text-amber-300' : 'text-zinc-400'}`}>
          {findings
            ? describeFindingCounts(findings)
            : live
              ? `${describeFindingCounts(live.counts)} so far`
              : entry?.judging
                ? 'judging findings…'
                : 'findings not counted'}
        </span>
      </div>
      {/* A window is part of a session: the rules judge a whole one, so they do not run here. */}
      <p className="mt-0.5 text-[11px] text-zinc-500">
        Browsing a window of rows read from disk: no analysis runs on it;{' '}
        {findings
          ? 'the findings are those the analyser made of the whole stored session.'
          : live
            ? `the findings so far are judged from disk as the session is recorded, through #${count(live.throughSeq)}.`
            : noCount(entry, totals?.state, frames)}
      </p>
      <div className="mt-1 flex flex-wrap items-start gap-x-4">
        <StoredFindings id={id} entry={entry} reply={live ? sofar : undefined} onJump={onJump} />
        <StoredTiming id={id} />
      </div>
    </section>
  );
}
