'use client';
import { useEffect, useState } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { hasChoice } from '../../lib/client/capabilities';
import type { PendingServerRequest } from '../../lib/wire/protocol';
import { ElicitationCard } from './ElicitationCard';
import { SamplingCard } from './SamplingCard';
import { answer, useServerRequests, type ServerAnswer } from './serverRequestsStore';

const EMPTY: PendingServerRequest[] = [];

function Age({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return <span className="text-zinc-500">waiting {Math.max(0, Math.round((now - since) / 1000))} s</span>;
}

function Card({ sessionId, p, toolsDeclared }: { sessionId: string; p: PendingServerRequest; toolsDeclared: boolean }) {
  const params = (p.params ?? {}) as Record<string, unknown>;
  const reply = (a: ServerAnswer) => void answer(sessionId, p.key, a);
  return (
    <li aria-label={`${p.method} request`} className="rounded border border-amber-700/60 bg-amber-950/20 p-2">
      <div className="mb-1 flex items-center gap-2">
        <span className="font-mono font-semibold text-amber-200">{p.method}</span>
        {p.seq !== undefined && <span className="text-zinc-500">#{p.seq}</span>}
        <span className="ml-auto"><Age since={p.receivedAt} /></span>
      </div>
      {p.method === 'sampling/createMessage' && <SamplingCard params={params} reply={reply} toolsDeclared={toolsDeclared} />}
      {p.method === 'elicitation/create' && <ElicitationCard params={params} reply={reply} />}
      {p.method === 'roots/list' && <p className="text-zinc-400">Answered from the Roots tab.</p>}
    </li>
  );
}

/** The requests the server sent that wait for the person, oldest first, with their age. */
export function ServerRequests({ sessionId }: { sessionId: string }) {
  const pending = useLoupe((s) => s.pending[sessionId] ?? EMPTY);
  const toolsDeclared = useLoupe((s) => hasChoice(s.sessions.find((x) => x.id === sessionId)?.clientCapabilities ?? {}, 'sampling.tools'));
  const error = useServerRequests((s) => s.get(sessionId).error);
  if (pending.length === 0 && !error) return null;
  return (
    <section aria-label="Server requests" className="flex flex-col gap-1 border-b border-zinc-800 pb-2">
      <h3 className="font-semibold text-amber-200">The server asks ({pending.length})</h3>
      {error && <p role="alert" className="text-red-300">{error}</p>}
      <ul className="flex flex-col gap-2">
        {pending.map((p) => (
          <Card key={p.key} sessionId={sessionId} p={p} toolsDeclared={toolsDeclared} />
        ))}
      </ul>
    </section>
  );
}
