'use client';
import { useEffect, useState } from 'react';
import { JUDGING_POLL_MS } from '../../lib/browser/history';
import { fetchStoredFindings, type StoredFindingsReply } from '../../lib/browser/stored-window';
import { useLoupe } from '../../lib/browser/store';

/** Whether the findings may still change: judged so far while recorded, or being judged once closed. */
const settled = (r: StoredFindingsReply) => !r.live && r.none !== 'recording' && r.none !== 'judging';

/**
 * The findings of a live session's copy on disk, for its banner once it passed its memory budget:
 * the proxy judges that copy as it grows (proxy/store/live-judge.ts), so they are read again every
 * JUDGING_POLL_MS while the banner shows (the proxy pushes nothing; a read is one message), and
 * after the session closes until the close-time judging has kept them.
 */
export function useWholeSessionFindings(storedId: string | undefined): StoredFindingsReply | undefined {
  const connected = useLoupe((s) => s.link.status === 'open');
  const [reply, setReply] = useState<StoredFindingsReply>();
  const done = reply !== undefined && settled(reply);
  useEffect(() => {
    if (storedId === undefined || !connected || done) return;
    let live = true;
    const read = () =>
      fetchStoredFindings(storedId).then(
        (r) => live && setReply(r),
        // A read that fails (the socket is reconnecting) is tried again at the next tick.
        () => {},
      );
    if (reply === undefined) void read();
    const timer = setInterval(() => void read(), JUDGING_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
    // Not on `reply`: each answer would restart the clock.
  }, [storedId, connected, done]);
  return reply;
}
