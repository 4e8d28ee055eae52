'use client';
import { clientOf } from '../../../lib/browser/client-panel/clientState';
import { answerInputRequests } from '../../../lib/browser/modernActions';
import { useLoupe } from '../../../lib/browser/store';
import { CallRounds } from './CallRounds';
import { InputRequestsForm } from './InputRequestsForm';

/**
 * Multi-round-trip calls (basic/patterns/mrtr), each one logical call with its rounds: the one
 * waiting for a person shows its inputRequests to answer; the session then retries it with a new
 * id, the answers and the requestState unchanged. Finished ones keep their rounds.
 */
export function MultiRoundCalls({ sessionId }: { sessionId: string }) {
  const calls = useLoupe((s) => clientOf(s, sessionId).calls).filter((c) => c.rounds || c.awaitingInput);
  if (calls.length === 0) return null;
  return (
    <section aria-label="Multi-round calls" className="flex flex-col gap-2">
      {calls.slice(-5).map((c) => {
        const name = typeof c.params?.name === 'string' ? c.params.name : typeof c.params?.uri === 'string' ? c.params.uri : '';
        return (
          <article key={c.id} aria-label={`Call ${c.id}`} className="rounded border border-zinc-800 p-2">
            <div className="mb-1 flex items-center gap-2">
              <span className="font-mono text-zinc-200">
                {c.method} {name}
              </span>
              <span
                role="status"
                aria-label="Call status"
                className={
                  c.awaitingInput ? 'text-amber-300' : c.status === 'done' ? 'text-emerald-300' : c.status === 'failed' ? 'text-red-300' : 'text-sky-300'
                }
              >
                {c.awaitingInput ? 'input required' : c.status}
              </span>
            </div>
            {c.rounds && <CallRounds rounds={c.rounds} />}
            {c.awaitingInput && (
              <InputRequestsForm
                key={c.rounds?.length}
                label="Input requested by the server"
                inputRequests={c.awaitingInput.inputRequests}
                forPerson={c.awaitingInput.forPerson}
                onSubmit={(responses) => answerInputRequests(sessionId, c.id, responses)}
              />
            )}
          </article>
        );
      })}
    </section>
  );
}
