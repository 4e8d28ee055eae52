'use client';
import { useEffect, useState } from 'react';
import { JUDGING_POLL_MS, listStoredSessions } from '../../lib/browser/history';
import { rememberStoredEntry, useStoredEntries } from '../../lib/browser/stored-window';
import { useLoupe } from '../../lib/browser/store';
import type { StoredSessionEntry } from '../../lib/wire/history';

/**
 * The History entry of a stored session shown in a window tab: the one Browse was pressed on, or,
 * for a tab restored after a reload, read from the proxy's list once it is connected; read again
 * while its findings are being judged, so its counts show once they are.
 */
export function useStoredEntry(id: string): { entry?: StoredSessionEntry; missing: boolean } {
  const entry = useStoredEntries((s) => s[id]);
  const connected = useLoupe((s) => s.link.status === 'open');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (entry || !connected) return;
    let live = true;
    listStoredSessions().then(
      (list) => {
        const found = list.find((s) => s.id === id);
        if (found) rememberStoredEntry(found);
        else if (live) setMissing(true);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [entry, connected, id]);
  useEffect(() => {
    if (!entry?.judging || !connected) return;
    const timer = setTimeout(
      () =>
        listStoredSessions().then(
          (list) => {
            const found = list.find((s) => s.id === id);
            if (found) rememberStoredEntry(found);
          },
          () => {},
        ),
      JUDGING_POLL_MS,
    );
    return () => clearTimeout(timer);
  }, [entry, connected, id]);
  return { entry, missing };
}
