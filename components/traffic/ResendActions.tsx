'use client';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { failureOf } from '../../lib/browser/actions';
import { editInComposer, pin, resend } from '../../lib/browser/client-panel/resendActions';
import { useLoupe } from '../../lib/browser/store';
import { resendable, resendableRequests } from '../../lib/client/resend';
import type { ScriptRequest } from '../../lib/trace/cli-script';
import type { Frame } from '../../lib/mcp/frame';
import { Button } from '../ui/Button';

// The script dialog (with the redaction its script goes through) loads when first asked for, behind a
// boundary of its own: the wait must not hide the frame detail around it, which would remount it.
const CliScriptDialog = dynamic(() => import('./CliScriptDialog').then((m) => m.CliScriptDialog), { loading: () => null });

/**
 * Replay (the same request again through the session's client: a new id, the same params), Edit
 * (in the raw composer, prefilled) and Pin (kept with the connection) for the selected frame.
 * What cannot be sent again says why instead.
 */
export function ResendActions({ sessionId, frame, onJump }: { sessionId: string; frame: Frame; onJump: (seq: number) => void }) {
  const session = useLoupe((s) => s.sessions.find((x) => x.id === sessionId));
  const [outcome, setOutcome] = useState<{ seq: number; text: string; error?: boolean; after?: number; method?: string }>();
  const trace = useLoupe((s) => s.traces[sessionId]);
  const [script, setScript] = useState<{ title: string; requests: ScriptRequest[] }>();
  if (!session || frame.lane !== 'message') return null;
  const hasClient = session.client !== false && session.source !== 'tap' && session.source !== 'file';
  const ready = session.status === 'ready';
  const r = resendable({ raw: frame.raw, lane: frame.lane, dir: frame.dir, hasClient });
  const canEdit = hasClient && frame.dir === 'c2s';
  const mine = outcome?.seq === frame.seq ? outcome : undefined;
  // The request Replay sent: the first client request of that method recorded after the click.
  const sent =
    mine?.after === undefined || !trace
      ? undefined
      : trace.frames.slice(mine.after).find((f) => f.dir === 'c2s' && f.lane === 'message' && f.raw.includes(`"method":"${mine.method}"`));

  const replay = async () => {
    if (!r.ok) return;
    const after = trace?.frames.length ?? 0;
    try {
      const callId = await resend(sessionId, r);
      setOutcome({ seq: frame.seq, text: callId ? `Sent again as call ${callId}` : `${r.method} sent again`, after, method: r.method });
    } catch (e) {
      setOutcome({ seq: frame.seq, text: `Not sent: ${failureOf(e).message}`, error: true });
    }
  };
  const pinIt = async () => {
    if (!r.ok) return;
    try {
      await pin(sessionId, r);
      setOutcome({ seq: frame.seq, text: 'Pinned: the client panel’s Pinned tab sends it again with one click' });
    } catch (e) {
      setOutcome({ seq: frame.seq, text: `Not pinned: ${failureOf(e).message}`, error: true });
    }
  };

  return (
    <div role="group" aria-label="Send again" className="flex flex-col gap-1 text-[11px]">
      <div className="flex flex-wrap items-center gap-1">
        <Button disabled={!r.ok || !ready} title={r.ok ? 'Send the same request again: a new id, the same params' : r.reason} onClick={() => void replay()}>
          Replay
        </Button>
        <Button
          disabled={!canEdit}
          title={canEdit ? 'Open it in the raw composer, with a fresh id, to change and send' : 'Only what the client sent can be edited and sent'}
          onClick={() => editInComposer(sessionId, frame.raw, frame.seq)}
        >
          Edit
        </Button>
        <Button disabled={!r.ok} title={r.ok ? 'Keep it with the connection, to send again with one click' : r.reason} onClick={() => void pinIt()}>
          Pin
        </Button>
        <Button
          disabled={!(r.ok && r.kind === 'request')}
          title={
            r.ok && r.kind === 'request'
              ? 'A shell script that reproduces this request with loupe record (secrets redacted)'
              : 'Only a request the client sent can be scripted'
          }
          onClick={() =>
            r.ok && setScript({ title: `${r.method} as a loupe CLI script`, requests: [{ method: r.method, ...(r.params ? { params: r.params } : {}) }] })
          }
        >
          Copy as CLI
        </Button>
        <Button
          disabled={!hasClient}
          title="Every request the client sent in this session, as one loupe CLI script"
          onClick={() => setScript({ title: 'The session’s requests as a loupe CLI script', requests: resendableRequests(trace?.frames ?? []) })}
        >
          Session as CLI
        </Button>
        {mine && (
          <span role={mine.error ? 'alert' : 'status'} className={mine.error ? 'text-red-300' : 'text-zinc-400'}>
            {mine.text}
          </span>
        )}
        {sent && (
          <Button variant="ghost" onClick={() => onJump(sent.seq)}>
            Go to #{sent.seq}
          </Button>
        )}
      </div>
      {!r.ok && <p className="text-[11px] text-zinc-500">Replay and Pin: {r.reason}.</p>}
      {script && <CliScriptDialog sessionId={sessionId} requests={script.requests} title={script.title} onClose={() => setScript(undefined)} />}
    </div>
  );
}
