/**
 * The inputs a multi-round-trip call asks for (basic/patterns/mrtr): what the session answers by
 * itself (roots, sampling when the automatic reply is on) is answered at once; the rest waits in
 * the call's state (`awaitingInput`) until a person answers from any page. The call then retries.
 */
import { automaticResponses, type InputRequired } from '../../../lib/client/mrtr';
import type { CallState } from '../../../lib/wire/client-state';
import { REQUEST_CANCELLED, RequestError } from '../request-error';
import type { ClientStateHolder } from './state-holder';

type Obj = Record<string, unknown>;

/** Rounds answered with no person in a row before Loupe stops: a server that keeps asking for
 *  what it was just given would otherwise loop forever. */
export const MAX_AUTOMATIC_ROUNDS = 10;

export class InputRounds {
  private readonly waiting = new Map<string, { answered: Obj; resolve: (r: Obj) => void }>();
  private readonly automatic = new Map<string, number>();

  constructor(private readonly holder: ClientStateHolder) {}

  /** The answers to one round's inputRequests. Rejects when the call is cancelled meanwhile. */
  ask(callId: string, asked: InputRequired, signal?: AbortSignal): Promise<Obj> {
    const { roots, samplingAuto } = this.holder.get();
    const { answered, forPerson } = automaticResponses(asked, { roots, samplingAuto });
    if (forPerson.length === 0) {
      const n = (this.automatic.get(callId) ?? 0) + 1;
      this.automatic.set(callId, n);
      if (n > MAX_AUTOMATIC_ROUNDS)
        return Promise.reject(
          new RequestError(
            `the server asked for input ${n - 1} rounds in a row although every round was answered: Loupe stopped retrying`,
            undefined,
            undefined,
            true,
          ),
        );
      return Promise.resolve(answered);
    }
    this.automatic.delete(callId);
    this.patch(callId, { inputRequests: asked.inputRequests, forPerson, answered });
    return new Promise<Obj>((resolve, reject) => {
      const onAbort = () => {
        this.waiting.delete(callId);
        this.patch(callId, undefined);
        reject(new RequestError('the call was cancelled while it waited for input', REQUEST_CANCELLED, undefined, true));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(callId, {
        answered,
        resolve: (r) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(r);
        },
      });
    });
  }

  /** The person's answers; the session's own answers are kept for the keys the person left out. */
  answer(callId: string, inputResponses: Obj): void {
    const w = this.waiting.get(callId);
    if (!w) throw new Error(`call ${callId} is not waiting for input: it was answered, cancelled, or it ended`);
    this.waiting.delete(callId);
    this.patch(callId, undefined);
    w.resolve({ ...w.answered, ...inputResponses });
  }

  done(callId: string): void {
    this.automatic.delete(callId);
  }

  private patch(callId: string, awaitingInput: CallState['awaitingInput']): void {
    this.holder.set('calls', (calls) =>
      calls.map((c) => {
        if (c.id !== callId) return c;
        const { awaitingInput: _old, ...rest } = c;
        return awaitingInput ? { ...rest, awaitingInput } : rest;
      }),
    );
  }
}
