'use client';
import { describeFindingCounts, describeNoFindings, noFindingsReason } from '../../lib/analyze/finding-counts';
import { OPEN_FRAME_LIMIT } from '../../lib/browser/history';
import { formatBytes } from '../../lib/text/bytes';
import type { StoredSessionEntry } from '../../lib/wire/history';
import type { Totals } from './useStoredWindow';
import { StoredFindings } from './StoredFindings';
import { StoredTiming } from './StoredTiming';

const count = (n: number) => n.toLocaleString('en-US');

/** Why a stored session has no finding counts yet (proxy/store/findings.ts: judged on a clean close, or later on demand). */
function noCount(entry: StoredSessionEntry | undefined): string {
  const reason = entry ? noFindingsReason(entry, OPEN_FRAME_LIMIT) : 'not-kept';
  return `${describeNoFindings(reason, OPEN_FRAME_LIMIT)}.`;
}

interface Props {
  id: string;
  entry?: StoredSessionEntry;
  totals?: Totals;
  /** Selects a frame in the window (a finding's). */
  onJump: (seq: number) => void;
}

/** A stored session's window: what it is, how big, and the findings kept when it was stored. */
export function StoredWindowHeader({ id, entry, totals, onJump }: Props) {
  const frames = totals?.frameCount ?? entry?.frames;
  const bytes = totals?.bytes ?? entry?.bytes;
  const findings = entry?.findings;
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
          {entry?.state === 'recording' && ' · still recording'}
          {entry?.state === 'unclean' && ' · ended unclean'}
        </span>
        <span
          role="group"
          aria-label="Findings"
          className={`shrink-0 ${findings?.error ? 'text-red-300' : findings?.warning ? 'text-amber-300' : 'text-zinc-400'}`}
        >
          {findings ? describeFindingCounts(findings) : entry?.judging ? 'judging findings…' : 'findings not counted'}
        </span>
      </div>
      {/* A window is part of a session: the rules judge a whole one, so they do not run here. */}
      <p className="mt-0.5 text-[11px] text-zinc-500">
        Browsing a window of rows read from disk: no analysis runs on it;{' '}
        {findings ? 'the findings are those the analyser made of the whole stored session.' : noCount(entry)}
      </p>
      <div className="mt-1 flex flex-wrap items-start gap-x-4">
        <StoredFindings id={id} entry={entry} onJump={onJump} />
        <StoredTiming id={id} />
      </div>
    </section>
  );
}
