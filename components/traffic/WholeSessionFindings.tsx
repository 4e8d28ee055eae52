'use client';
import { describeFindingCounts, type FindingCounts } from '../../lib/analyze/finding-counts';
import { browseStoredAt, type StoredFindingsReply } from '../../lib/browser/stored-window';
import { StoredFindings } from '../history/StoredFindings';

const count = (n: number) => n.toLocaleString('en-US');

function countsOf(r: StoredFindingsReply): FindingCounts {
  if (r.live) return r.live.counts;
  const c: FindingCounts = { error: 0, warning: 0, info: 0 };
  // Kept findings only, when the counts were not sent: enough to colour the line, the total says the rest.
  for (const f of r.findings) c[f.severity]++;
  return c;
}

/**
 * In the live session's banner past its memory budget: the findings over every frame, judged by
 * the proxy from the session's copy on disk (the page's analyser stops at the budget), with the
 * list of them, each a button that opens Browse on its frame.
 */
export function WholeSessionFindings({ storedId, reply }: { storedId: string; reply: StoredFindingsReply }) {
  if (reply.live?.queued)
    return <span className="basis-full">Findings over the whole session: waiting to be read from disk (another long session is judged first).</span>;
  if (reply.none === 'judging') return <span className="basis-full">Findings over the whole session: being judged from disk now that it closed.</span>;
  if (reply.none) return null;
  const counts = countsOf(reply);
  const described = reply.live
    ? describeFindingCounts(counts)
    : reply.total === 0
      ? 'no findings'
      : `${count(reply.total)} finding${reply.total === 1 ? '' : 's'}`;
  return (
    <div role="group" aria-label="Whole-session findings" className="flex min-w-0 basis-full flex-wrap items-baseline gap-x-2">
      <span className={counts.error ? 'text-red-300' : counts.warning ? 'text-amber-200' : ''}>
        {reply.live ? (
          <>
            Findings over the whole session so far (read from disk): {described} — through #{count(reply.live.throughSeq)}
          </>
        ) : (
          <>Findings over the whole session (read from disk when it closed): {described}</>
        )}
      </span>
      {reply.total > 0 && (
        // min-w-0: a long message is cut to the banner's width, not widening it past the page.
        <div className="min-w-0 basis-full">
          <StoredFindings id={storedId} reply={reply} onJump={(seq) => browseStoredAt(storedId, seq)} />
        </div>
      )}
    </div>
  );
}
