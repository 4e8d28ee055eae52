'use client';
import { useEffect, useState } from 'react';
import { saveText } from '../../lib/browser/download';
import { deleteStoredSession, exportStoredSession, JUDGING_POLL_MS, listStoredSessions, openStoredSession, OPEN_FRAME_LIMIT } from '../../lib/browser/history';
import { browseStoredSession, storedSessionLabel } from '../../lib/browser/stored-window';
import { useLoupe } from '../../lib/browser/store';
import { describeFindingCounts } from '../../lib/analyze/finding-counts';
import { formatBytes } from '../../lib/text/bytes';
import type { StoredSessionEntry } from '../../lib/wire/history';
import { openTrace } from '../trace/openTrace';
import { Button } from '../ui/Button';

const when = (ms: number) => new Date(ms).toLocaleString();

const STATE_CLASS: Record<StoredSessionEntry['state'], string> = {
  clean: 'text-zinc-400',
  recording: 'text-emerald-400',
  unclean: 'text-amber-300',
};

function fail(what: string) {
  return (e: Error) => useLoupe.getState().notify(`${what}: ${e.message}`);
}

/** One stored session: browse it a window at a time, open it whole read-only (up to a size a page
 *  holds), save it redacted, or delete it (after a second click). */
function HistoryRow({ s, onChanged }: { s: StoredSessionEntry; onChanged: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const tooBig = s.frames > OPEN_FRAME_LIMIT;
  const run = (work: Promise<unknown>) => {
    setBusy(true);
    void work.finally(() => setBusy(false));
  };
  const open = () =>
    run(
      openStoredSession(s.id)
        .then((trace) => openTrace(storedSessionLabel(s), trace))
        .catch(fail(`Cannot open the stored session ${s.id}`)),
    );
  const save = () =>
    run(
      // The rules' check needs the regular-expression engine, loaded on the first export rather than on every open.
      import('../../lib/browser/customRulesStorage')
        .then(({ loadCustomRules }) => exportStoredSession(s.id, { custom: loadCustomRules() }))
        .then(({ parts }) => saveText(`loupe-${s.id}.ndjson`, parts, 'application/x-ndjson'))
        .catch(fail(`Cannot export the stored session ${s.id}`)),
    );
  const remove = () =>
    run(
      deleteStoredSession(s.id)
        .then(onChanged)
        .catch(fail(`Cannot delete the stored session ${s.id}`))
        .finally(() => setConfirming(false)),
    );
  return (
    <li className="px-3 py-1 hover:bg-zinc-900" aria-label={`Stored session ${s.name} ${s.id}`}>
      <div className="flex items-baseline gap-1">
        <span className="min-w-0 flex-1 truncate text-xs text-zinc-200" title={s.target}>
          {s.name}
        </span>
        <span className={`text-[11px] ${STATE_CLASS[s.state]}`}>{s.state === 'recording' ? '● recording' : s.state}</span>
      </div>
      <div className="text-[11px] text-zinc-500" title={s.id}>
        {s.source} · {when(s.startedAt)}
        {s.endedAt !== undefined && ` – ${new Date(s.endedAt).toLocaleTimeString()}`}
      </div>
      <div className="text-[11px] text-zinc-500">
        {s.frames} frames · {formatBytes(s.bytes)}
        {s.findings && (
          <>
            {' · '}
            <span className={s.findings.error > 0 ? 'text-red-300' : s.findings.warning > 0 ? 'text-amber-300' : undefined}>
              {describeFindingCounts(s.findings)}
            </span>
          </>
        )}
        {!s.findings && s.judging && <span className="text-zinc-400"> · judging findings…</span>}
      </div>
      <div className="flex flex-wrap gap-1 pt-0.5">
        <Button
          variant="ghost"
          aria-label={`Browse stored session ${s.id}`}
          title="Its rows, read from disk a few hundred at a time: any length"
          onClick={() => browseStoredSession(s)}
        >
          Browse
        </Button>
        <Button
          variant="ghost"
          disabled={busy || tooBig}
          aria-label={`Open stored session ${s.id}`}
          title={
            tooBig
              ? `Too long to open whole in a page (more than ${OPEN_FRAME_LIMIT.toLocaleString('en-US')} frames): Browse it, or save it with \`loupe export ${s.id}\``
              : 'Every frame in the page, with all the views and the analysis'
          }
          onClick={open}
        >
          Open
        </Button>
        <Button variant="ghost" disabled={busy} aria-label={`Export stored session ${s.id}`} title="Save as a trace file, redacted" onClick={save}>
          Export
        </Button>
        {s.state !== 'recording' &&
          (confirming ? (
            <>
              <Button variant="danger" disabled={busy} aria-label={`Confirm deleting stored session ${s.id}`} onClick={remove}>
                Delete for good
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </>
          ) : (
            <Button variant="ghost" disabled={busy} aria-label={`Delete stored session ${s.id}`} onClick={() => setConfirming(true)}>
              Delete
            </Button>
          ))}
      </div>
    </li>
  );
}

/** The sessions stored on disk, newest first: read again whenever the list is shown, on Refresh, and while one is judged. */
export function HistoryList() {
  const [shown, setShown] = useState(false);
  const [list, setList] = useState<StoredSessionEntry[]>();
  const [error, setError] = useState<string>();
  const connected = useLoupe((s) => s.link.status === 'open');
  const refresh = () =>
    void listStoredSessions().then(
      (l) => {
        setList(l);
        setError(undefined);
      },
      (e: Error) => setError(e.message),
    );
  useEffect(() => {
    if (shown && connected) refresh();
  }, [shown, connected]);
  // A session being judged gets its counts once the proxy is done: read the list again until then.
  const judging = list?.some((s) => s.judging) ?? false;
  useEffect(() => {
    if (!shown || !connected || !judging) return;
    const timer = setTimeout(refresh, JUDGING_POLL_MS);
    return () => clearTimeout(timer);
  }, [shown, connected, judging, list]);

  return (
    <details onToggle={(e) => setShown(e.currentTarget.open)}>
      <summary className="cursor-pointer px-3 py-1 text-xs text-zinc-400">Stored sessions{list ? ` (${list.length})` : ''}</summary>
      <div className="px-3 pb-1">
        <Button variant="ghost" onClick={refresh}>
          Refresh
        </Button>
      </div>
      {error && (
        <p role="alert" className="px-3 text-xs text-red-300">
          {error}
        </p>
      )}
      {list && list.length === 0 && <p className="px-3 py-1 text-xs text-zinc-500">No stored sessions yet: every session Loupe runs is kept here.</p>}
      {list && list.length > 0 && (
        <ul aria-label="Stored sessions" className="flex max-h-72 flex-col overflow-y-auto">
          {list.map((s) => (
            <HistoryRow key={s.id} s={s} onChanged={refresh} />
          ))}
        </ul>
      )}
    </details>
  );
}
