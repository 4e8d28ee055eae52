'use client';
import { openTap, stopTap } from '../../lib/browser/actions';
import { useLoupe } from '../../lib/browser/store';
import type { TapEntry } from '../../lib/wire/protocol';
import { formatBytes } from '../../lib/text/bytes';
import { CopyButton } from '../traffic/CopyButton';
import { Button } from '../ui/Button';

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

function label(t: TapEntry): string {
  return t.host ? `${t.name} · ${t.host}` : t.name;
}

/** A running HTTP tap's local address, to copy into the host, and Stop when this Loupe runs it. */
function TapAddress({ tap }: { tap: TapEntry & { listen: string } }) {
  return (
    <div className="flex items-center gap-1 px-3 pb-1">
      <code className="min-w-0 flex-1 truncate text-[11px] text-sky-300" aria-label={`Local address of ${label(tap)}`} title={tap.listen}>
        {tap.listen}
      </code>
      <CopyButton text={tap.listen} label={`Copy the local address of ${label(tap)}`} caption="Copy" />
      {tap.stoppable && (
        <Button
          variant="danger"
          aria-label={`Stop tap ${label(tap)}`}
          onClick={() => void stopTap(tap.file).catch((e: Error) => useLoupe.getState().notify(`Cannot stop the tap: ${e.message}`))}
        >
          Stop
        </Button>
      )}
    </div>
  );
}

/** Sessions that hosts ran through `loupe tap`, newest first: live ones open as they run. */
export function TapList() {
  const taps = useLoupe((s) => s.taps);
  const openTab = useLoupe((s) => s.openTab);
  if (taps.length === 0) {
    return (
      <p className="px-3 py-2 text-xs text-zinc-500">
        No taps yet. Run a host&apos;s server through <code className="text-zinc-300">loupe tap -- COMMAND</code>, or
        <code className="text-zinc-300"> loupe tap install --host NAME</code>.
      </p>
    );
  }
  return (
    <ul aria-label="Recorded taps" className="flex max-h-56 flex-col overflow-y-auto">
      {taps.map((t) => (
        <li key={t.file}>
          <button
            type="button"
            className="w-full px-3 py-1 text-left hover:bg-zinc-900"
            aria-label={`Open tap ${label(t)}`}
            title={t.file}
            onClick={() => {
              if (t.sessionId) openTab(t.sessionId);
              else void openTap(t.file).catch((e: Error) => useLoupe.getState().notify(`Cannot open the tap: ${e.message}`));
            }}
          >
            <div className="truncate text-xs text-zinc-200">{label(t)}</div>
            <div className="text-[11px] text-zinc-500">
              {t.running ? <span className="text-emerald-400">● live</span> : t.finishing ? 'ended, recording the rest' : 'ended'} · {when(t.startedAt)} ·{' '}
              {formatBytes(t.bytes)}
            </div>
          </button>
          {t.running && t.listen && <TapAddress tap={{ ...t, listen: t.listen }} />}
        </li>
      ))}
    </ul>
  );
}
