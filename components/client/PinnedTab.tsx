'use client';
import { useState } from 'react';
import { failureOf } from '../../lib/browser/actions';
import { resend, unpin } from '../../lib/browser/client-panel/resendActions';
import { useLoupe } from '../../lib/browser/store';
import { Button } from '../ui/Button';

/** The requests pinned to this session's connection (from the traffic table or the diagram), each sent again with one click. */
export function PinnedTab({ sessionId, ready }: { sessionId: string; ready: boolean }) {
  const pinned = useLoupe((s) => s.connections.find((c) => c.id === s.sessions.find((x) => x.id === sessionId)?.connectionId)?.pinned);
  const [note, setNote] = useState<{ text: string; error?: boolean }>();
  const run = (what: string, p: Promise<unknown>) =>
    p.then(
      (callId) => setNote({ text: typeof callId === 'string' ? `${what}: sent as call ${callId}` : `${what}: sent` }),
      (e) => setNote({ text: `${what} was not sent: ${failureOf(e).message}`, error: true }),
    );
  if (!pinned?.length) {
    return (
      <p className="text-zinc-500">
        Nothing pinned. Select a request in the traffic table or the sequence diagram and press Pin to keep it here, saved with the connection.
      </p>
    );
  }
  return (
    <section aria-label="Pinned requests" className="flex flex-col gap-1">
      <ul className="flex flex-col gap-1">
        {pinned.map((p) => {
          const label = p.label ?? p.method;
          return (
            <li key={p.id} aria-label={label} className="flex items-start gap-2 rounded border border-zinc-800 p-1">
              <div className="min-w-0 flex-1">
                <div className="truncate font-mono text-zinc-200" title={label}>
                  {label}
                </div>
                <div className="truncate font-mono text-[10px] text-zinc-500" title={JSON.stringify(p.params ?? {})}>
                  {p.kind} · {JSON.stringify(p.params ?? {})}
                </div>
              </div>
              <Button
                variant="primary"
                disabled={!ready}
                aria-label={`Send ${label}`}
                onClick={() => void run(label, resend(sessionId, { ok: true, kind: p.kind, method: p.method, params: p.params }))}
              >
                Send
              </Button>
              <Button
                variant="ghost"
                aria-label={`Unpin ${label}`}
                onClick={() => void run(`Unpin ${label}`, unpin(sessionId, p.id)).then(() => setNote(undefined))}
              >
                Unpin
              </Button>
            </li>
          );
        })}
      </ul>
      {note && (
        <p role={note.error ? 'alert' : 'status'} className={note.error ? 'text-red-300' : 'text-zinc-400'}>
          {note.text}
        </p>
      )}
    </section>
  );
}
