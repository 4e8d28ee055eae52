'use client';
import { useState } from 'react';
import { clientOf } from '../../../lib/browser/client-panel/clientState';
import { setModernLogLevel } from '../../../lib/browser/modernActions';
import { useLoupe } from '../../../lib/browser/store';
import { LOG_LEVELS } from '../../../lib/client/notifications';
import { LogLines } from '../LogLines';
import { RawComposer } from '../RawComposer';

/**
 * A modern session's utilities: no ping and no logging/setLevel in 2026-07-28; the log level is
 * sent in every request's `_meta` (server/utilities/logging), and without one the server sends no
 * log messages at all. Then the log and the raw composer, as in a legacy session.
 */
export function ModernUtilities({ sessionId, ready }: { sessionId: string; ready: boolean }) {
  const level = useLoupe((s) => clientOf(s, sessionId).logLevel);
  const [error, setError] = useState<string>();
  const choose = (value: string) =>
    setModernLogLevel(sessionId, value || undefined).then(
      () => setError(undefined),
      (e: Error) => setError(e.message),
    );
  return (
    <div className="flex flex-col gap-3">
      <section aria-label="Server log" className="flex flex-col gap-1">
        <label className="flex items-center gap-1 text-zinc-400">
          Log level in _meta
          <select className="rounded border border-zinc-700 bg-zinc-950 px-1 text-xs" value={level ?? ''} onChange={(e) => void choose(e.target.value)}>
            <option value="">none (no log messages)</option>
            {LOG_LEVELS.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </label>
        <span role="status" aria-label="Log level status" className="text-[11px] text-zinc-500">
          {error ?? (level ? `every request asks for ${level} and above` : 'requests carry no logLevel: the server must not log')}
        </span>
        <LogLines sessionId={sessionId} />
      </section>
      <RawComposer sessionId={sessionId} ready={ready} />
    </div>
  );
}
