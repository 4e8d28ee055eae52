'use client';
import { useState } from 'react';
import { startCall } from '../../lib/browser/actions';
import { callOf, clientOf } from '../../lib/browser/client-panel/clientState';
import { useLoupe } from '../../lib/browser/store';
import { LOG_LEVELS } from '../../lib/client/notifications';
import { LogLines } from './LogLines';
import type { CallState } from '../../lib/wire/client-state';
import { Button } from '../ui/Button';

function describeSetLevel(call: CallState | undefined, level: string | undefined): string | undefined {
  if (call?.status === 'running') return `setting the level to ${String(call.params?.level)}…`;
  if (call?.status === 'failed') return `logging/setLevel failed: ${call.error?.message ?? 'no reason given'}`;
  return level ? `the server's level is ${level}` : 'not set yet: the server logs at its own default';
}

/** `logging/setLevel` and the `notifications/message` the server sent, newest last. */
export function LogView({ sessionId, ready }: { sessionId: string; ready: boolean }) {
  const client = useLoupe((s) => clientOf(s, sessionId));
  // The level the session set is the session's; this page's choice only until it is applied.
  // Before any logging/setLevel the server logs at a level of its own choosing: shown as such,
  // never as a level nobody set.
  const [choice, setChoice] = useState<string>();
  const level = choice ?? client.logLevel ?? '';
  const [error, setError] = useState<string>();
  const status = error ?? describeSetLevel(callOf(client, 'logging/setLevel'), client.logLevel);
  const apply = async () => {
    try {
      await startCall(sessionId, 'logging/setLevel', { level });
      setChoice(undefined);
      setError(undefined);
    } catch (e) {
      setError(`logging/setLevel failed: ${(e as Error).message}`);
    }
  };
  return (
    <section aria-label="Server log" className="flex flex-col gap-1">
      <div className="flex items-center gap-1">
        <label className="flex items-center gap-1 text-zinc-400">
          Log level
          <select className="rounded border border-zinc-700 bg-zinc-950 px-1 text-xs" value={level} onChange={(e) => setChoice(e.target.value || undefined)}>
            {level === '' && <option value="">not set</option>}
            {LOG_LEVELS.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </label>
        <Button disabled={!ready || level === ''} onClick={() => void apply()}>
          Set level
        </Button>
        {status && (
          <span role="status" aria-label="Log level status" className="text-zinc-400">
            {status}
          </span>
        )}
      </div>
      <LogLines sessionId={sessionId} />
    </section>
  );
}
