'use client';
import { useState } from 'react';
import type { ServerAnswer } from '../../../lib/browser/actions';
import { Button } from '../../ui/Button';
import { ElicitationCard } from '../ElicitationCard';
import { SamplingCard } from '../SamplingCard';

type Obj = Record<string, unknown>;

/**
 * The inputRequests of one round (basic/patterns/mrtr) that a person answers: an elicitation
 * form, a sampling message, each with the card the legacy server requests use. The answers go
 * back together, once every request has one; a request the person rejects is left out (the server
 * may ask again).
 */
export function InputRequestsForm({
  inputRequests,
  forPerson,
  onSubmit,
  label,
}: {
  inputRequests: Obj;
  forPerson: string[];
  onSubmit(responses: Obj): Promise<void>;
  label: string;
}) {
  const [answers, setAnswers] = useState<Record<string, Obj | null>>({});
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const submit = (next: Record<string, Obj | null>) => {
    setSent(true);
    const responses = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== null)) as Obj;
    onSubmit(responses).catch((e: Error) => {
      setSent(false);
      setError(`Could not send the answers: ${e.message}`);
    });
  };
  const answer = (key: string, a: ServerAnswer) => {
    const next = { ...answers, [key]: a.result ?? null };
    setAnswers(next);
    if (forPerson.every((k) => k in next)) submit(next);
  };
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {forPerson.map((key) => {
        const req = (inputRequests[key] ?? {}) as { method?: string; params?: Obj };
        const done = key in answers;
        return (
          <li key={key} aria-label={`Input request ${key}`} className="rounded border border-amber-700/60 bg-amber-950/20 p-2">
            <div className="mb-1 flex items-center gap-2">
              <span className="font-mono font-semibold text-amber-200">{req.method}</span>
              <span className="font-mono text-zinc-500">{key}</span>
              {done && (
                <span role="status" className="ml-auto text-emerald-300">
                  {answers[key] === null ? 'rejected' : 'answered'}
                </span>
              )}
            </div>
            {!done && req.method === 'elicitation/create' && <ElicitationCard params={req.params ?? {}} reply={(a) => answer(key, a)} />}
            {!done && req.method === 'sampling/createMessage' && <SamplingCard params={req.params ?? {}} reply={(a) => answer(key, a)} toolsDeclared={false} />}
            {!done && req.method !== 'elicitation/create' && req.method !== 'sampling/createMessage' && (
              <div className="flex items-center gap-2 text-zinc-400">
                <span>Loupe cannot answer {String(req.method)}.</span>
                <Button onClick={() => answer(key, {})}>Leave it out</Button>
              </div>
            )}
          </li>
        );
      })}
      {sent && !error && (
        <li role="status" className="text-zinc-400">
          Answers sent: the request is retried with them.
        </li>
      )}
      {error && (
        <li role="alert" className="text-red-300">
          {error}
        </li>
      )}
    </ul>
  );
}
