'use client';
import { useEffect, useMemo, useState } from 'react';
import { answerServerRequest, finishReceivedTask, type ServerAnswer } from '../../lib/browser/actions';
import { clientOf } from '../../lib/browser/client-panel/clientState';
import { useLoupe } from '../../lib/browser/store';
import { useHandshake } from '../../lib/browser/useHandshake';
import { hasChoice } from '../../lib/client/capabilities';
import { openTasks, type ReceivedTask, type TaskBook } from '../../lib/client/received-tasks';
import type { PendingServerRequest } from '../../lib/wire/protocol';
import { ElicitationCard } from './ElicitationCard';
import { SamplingCard } from './SamplingCard';

const EMPTY: PendingServerRequest[] = [];

function Age({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return <span className="text-zinc-500">waiting {Math.max(0, Math.round((now - since) / 1000))} s</span>;
}

interface CardProps {
  method: string;
  params: unknown;
  since: number;
  seq?: number;
  task?: ReceivedTask;
  reply(a: ServerAnswer): void;
  toolsDeclared: boolean;
}

function Card({ method, params: raw, since, seq, task, reply, toolsDeclared }: CardProps) {
  const params = (raw ?? {}) as Record<string, unknown>;
  return (
    <li aria-label={`${method} request`} className="rounded border border-amber-700/60 bg-amber-950/20 p-2">
      <div className="mb-1 flex items-center gap-2">
        <span className="font-mono font-semibold text-amber-200">{method}</span>
        {seq !== undefined && <span className="text-zinc-500">#{seq}</span>}
        {task && (
          <span
            role="status"
            aria-label="Runs as a task"
            className="rounded bg-sky-900/60 px-1 text-sky-200"
            title={`Task ${task.taskId}: the server polls tasks/get and waits on tasks/result`}
          >
            task · {task.status}
          </span>
        )}
        <span className="ml-auto">
          <Age since={since} />
        </span>
      </div>
      {task && <p className="text-[11px] text-zinc-500">The server got task {task.taskId} at once; your answer becomes its tasks/result.</p>}
      {method === 'sampling/createMessage' && <SamplingCard params={params} reply={reply} toolsDeclared={toolsDeclared} />}
      {method === 'elicitation/create' && <ElicitationCard params={params} reply={reply} />}
    </li>
  );
}

/** The requests the server sent that wait for the person (task ones included), oldest first.
 *  The session answers everything else by itself; an answer given here reaches every page. */
export function ServerRequests({ sessionId }: { sessionId: string }) {
  const shown = useLoupe((s) => s.pending[sessionId] ?? EMPTY);
  const caps = useHandshake(sessionId).clientCapabilities;
  const book = useLoupe((s) => clientOf(s, sessionId).receivedTasks) as TaskBook;
  const automaticError = useLoupe((s) => clientOf(s, sessionId).error);
  const [answerError, setAnswerError] = useState<string>();
  const error = answerError ?? automaticError;
  const tasks = useMemo(() => openTasks(book), [book]);
  const reply = (send: Promise<void>) =>
    void send.then(
      () => setAnswerError(undefined),
      (e: Error) => setAnswerError(`Could not answer: ${e.message}`),
    );
  const toolsDeclared = hasChoice(caps ?? {}, 'sampling.tools');
  if (shown.length === 0 && tasks.length === 0 && !error) return null;
  return (
    <section aria-label="Server requests" className="flex flex-col gap-1 border-b border-zinc-800 pb-2">
      <h3 className="font-semibold text-amber-200">The server asks ({shown.length + tasks.length})</h3>
      {error && (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      )}
      <ul className="flex flex-col gap-2">
        {shown.map((p) => (
          <Card
            key={p.key}
            method={p.method}
            params={p.params}
            since={p.receivedAt}
            seq={p.seq}
            toolsDeclared={toolsDeclared}
            reply={(a) => reply(answerServerRequest(sessionId, p.key, a))}
          />
        ))}
        {tasks.map((t) => (
          <Card
            key={t.taskId}
            method={t.method}
            params={t.params}
            since={t.createdMs}
            seq={t.requestSeq}
            task={t}
            toolsDeclared={toolsDeclared}
            reply={(a) => reply(finishReceivedTask(sessionId, t.taskId, a))}
          />
        ))}
      </ul>
    </section>
  );
}
