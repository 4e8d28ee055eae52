'use client';
import { useState } from 'react';
import { probeSession, reinitializeSession } from '../../lib/browser/actions';
import { useLoupe } from '../../lib/browser/store';
import type { SessionSummary } from '../../lib/wire/protocol';
import { Button } from '../ui/Button';

/** Runs one proxy action at a time, reporting a failure as a notice. */
function useAction(label: string, act: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await act();
    } catch (e) {
      useLoupe.getState().notify(`${label} failed: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run: () => void run() };
}

/** The active probes: only on request, because they send what a well-behaved client never would. */
export function HttpProbeButton({ session: s }: { session: SessionSummary }) {
  const probe = useAction('The HTTP probes', () => probeSession(s.id));
  if (s.transport !== 'http') return null;
  const live = s.status !== 'closed' && s.status !== 'failed' && s.status !== 'closing';
  return (
    <Button disabled={!live || probe.busy} onClick={probe.run} aria-describedby={`probe-note-${s.id}`}>
      {probe.busy ? 'Probing…' : 'Run HTTP probes'}
    </Button>
  );
}

/** The one-line warning beside the probe button: what pressing it sends. */
export function HttpProbeNote({ session: s }: { session: SessionSummary }) {
  if (s.transport !== 'http') return null;
  return (
    <p id={`probe-note-${s.id}`} className="mt-1 text-[11px] text-zinc-500">
      Run HTTP probes sends deliberately bad requests (a foreign Origin, a made-up session id) to check that the server rejects them; they appear in this trace.
    </p>
  );
}

/** A 404 for our session id: the server forgot the session; one click starts a new one. */
export function SessionExpiredNotice({ session: s }: { session: SessionSummary }) {
  const reinit = useAction('Re-initialize', () => reinitializeSession(s.id));
  if (!s.expired) return null;
  return (
    <div
      role="alert"
      aria-label="Session expired"
      className="mt-2 flex flex-wrap items-center gap-2 rounded border border-amber-800 bg-amber-950/40 px-2 py-1 text-[11px] text-amber-100"
    >
      <span>
        Session expired (the server answered 404 for session <code className="font-mono">{s.expired.sessionId}</code>, frame #{s.expired.exchange}).
      </span>
      <Button variant="primary" disabled={reinit.busy} onClick={reinit.run}>
        {reinit.busy ? 'Re-initializing…' : 'Re-initialize'}
      </Button>
    </div>
  );
}
