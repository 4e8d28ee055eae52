'use client';
import { useEffect, useState } from 'react';
import { describeNoFindings } from '../../lib/analyze/finding-counts';
import { JUDGING_POLL_MS, OPEN_FRAME_LIMIT } from '../../lib/browser/history';
import { fetchStoredFindings, type StoredFindingsReply } from '../../lib/browser/stored-window';
import type { StoredSessionEntry } from '../../lib/wire/history';
import { safeSpecHref, SEVERITY_STYLE } from '../annotations/severityStyle';

/** Rows rendered at first (a session keeps up to 5,000); the rest on request. */
const FIRST = 200;
/** Other seqs a finding points at, shown after the one it sits on. */
const MORE_SEQS = 3;

const count = (n: number) => n.toLocaleString('en-US');

function Finding({ f, onJump }: { f: StoredFindingsReply['findings'][number]; onJump: (seq: number) => void }) {
  const [seq, ...others] = f.frames;
  const style = SEVERITY_STYLE[f.severity];
  const href = safeSpecHref(f.spec);
  return (
    <li className="flex items-baseline gap-2 border-t border-zinc-800 py-0.5">
      <span role="img" aria-label={f.severity} title={f.severity} className={`w-3 shrink-0 text-center text-[10px] font-bold ${style.tone}`}>
        {style.glyph}
      </span>
      <button
        type="button"
        onClick={() => onJump(seq)}
        aria-label={`Go to frame ${seq}: ${f.rule}`}
        title="Select this frame in the window"
        className="w-14 shrink-0 text-right tabular-nums text-sky-300 hover:underline"
      >
        #{count(seq)}
      </button>
      <span className="shrink-0 font-mono text-zinc-400">{f.rule}</span>
      <span className="min-w-0 flex-1 truncate text-zinc-200" title={f.message}>
        {f.message}
      </span>
      {others.slice(0, MORE_SEQS).map((s) => (
        <button key={s} type="button" onClick={() => onJump(s)} aria-label={`Go to frame ${s}`} className="shrink-0 tabular-nums text-zinc-400 hover:underline">
          #{count(s)}
        </button>
      ))}
      {href && (
        <a href={href} target="_blank" rel="noopener noreferrer" className="shrink-0 text-sky-400 hover:underline" aria-label={`Spec section for ${f.rule}`}>
          spec
        </a>
      )}
    </li>
  );
}

/**
 * The analyser's findings of the whole stored session, kept when its writer closed it or judged
 * since by the proxy (no analysis runs on a window), or of a session still recorded past its
 * memory budget, judged so far from disk: read when opened, and again while they are being judged,
 * in seq order, each with a button that selects its frame. `reply`: findings read by the caller
 * (the live session's banner polls them), shown as given.
 */
export function StoredFindings({
  id,
  entry,
  reply: given,
  onJump,
}: {
  id: string;
  entry?: StoredSessionEntry;
  reply?: StoredFindingsReply;
  onJump: (seq: number) => void;
}) {
  const [fetched, setReply] = useState<StoredFindingsReply>();
  const reply = given ?? fetched;
  const [error, setError] = useState<string>();
  const [all, setAll] = useState(false);
  const read = () =>
    void fetchStoredFindings(id).then(
      (r) => {
        setReply(r);
        setError(undefined);
      },
      (e: Error) => setError(e.message),
    );
  // Being judged (or judged so far, while recorded): read them again until they are kept.
  const judging = given === undefined && (fetched?.none === 'judging' || fetched?.live !== undefined);
  useEffect(() => {
    if (!judging) return;
    const timer = setTimeout(read, JUDGING_POLL_MS);
    return () => clearTimeout(timer);
  }, [judging, reply]);
  const counted = entry?.findings && entry.findings.error + entry.findings.warning + entry.findings.info;
  const total = reply && !reply.none ? reply.total : counted;
  const shown = reply && (all ? reply.findings : reply.findings.slice(0, FIRST));
  return (
    <details className="open:basis-full" onToggle={(e) => e.currentTarget.open && given === undefined && read()}>
      <summary className="cursor-pointer text-[11px] text-zinc-400">Findings{total !== undefined ? ` (${count(total)})` : ''}</summary>
      {error && (
        <p role="alert" className="text-[11px] text-red-300">
          Could not read the session&apos;s findings: {error}
        </p>
      )}
      {reply?.none && <p className="text-[11px] text-zinc-500">None to show: {describeNoFindings(reply.none, OPEN_FRAME_LIMIT)}.</p>}
      {reply && !reply.none && reply.total === 0 && (
        <p className="text-[11px] text-zinc-500">{reply.live ? 'No findings so far.' : 'No findings: nothing in this session breaks a rule Loupe checks.'}</p>
      )}
      {shown && shown.length > 0 && (
        <ul aria-label="Findings of the whole session" className="mt-1 max-h-40 overflow-auto text-[11px]">
          {shown.map((f, i) => (
            <Finding key={i} f={f} onJump={onJump} />
          ))}
        </ul>
      )}
      {reply && !all && reply.findings.length > FIRST && (
        <button type="button" onClick={() => setAll(true)} className="text-[11px] text-sky-400 hover:underline">
          Show all {count(reply.findings.length)}
        </button>
      )}
      {reply?.capped && (
        <p className="text-[11px] text-zinc-500">
          The first {count(reply.findings.length)} of {count(reply.total)}, in seq order,{' '}
          {reply.live ? 'judged so far.' : 'were kept when the session was stored.'}
        </p>
      )}
      {reply?.live && !reply.live.queued && (
        <p className="text-[11px] text-zinc-500">Judged from disk while the session is recorded: frames #1–#{count(reply.live.throughSeq)} so far.</p>
      )}
    </details>
  );
}
