/**
 * One request whose outcome goes to one callback, once (ClientApi.ask): the page's Ping and
 * completions, mcp-loupe/test.
 *
 * The callback hears the outcome from the correlator as the response is read, in that same turn
 * (RequestOptions.onSettled). Awaiting the request's promise put a turn of ticks and microtasks
 * (the pipe's stream bookkeeping, then each awaiting function) between reading a ping's answer
 * and the page hearing it; on a ping that was a third of what the proxy's own code took. The
 * promise still settles after, and only speaks for an outcome onSettled did not see (a request
 * refused before it was sent, a throw while sending).
 */
import type { AskAnswer, RequestOptions } from '../types';
import { callError } from './calls';

/**
 * `send` makes the request with the options given; `succeeded` is what a result tells the client
 * state, before the asker hears it.
 */
export function askOnce(
  method: string,
  send: (opts: Pick<RequestOptions, 'onSettled'>) => Promise<unknown>,
  succeeded: (result: unknown) => void,
  answered: (answer: AskAnswer) => void,
): void {
  let told = false;
  const tell = (err: unknown, result?: unknown) => {
    if (told) return;
    told = true;
    try {
      if (err !== undefined) return answered({ error: callError(err) });
      succeeded(result);
      answered({ result });
    } catch (e) {
      // As when the page socket awaited the request: a failure on the way back is answered as
      // the call's error, and never reaches the transport reading the server (it would end Loupe).
      if (err !== undefined) return;
      try {
        answered({ error: callError(e) });
      } catch {
        // The asker cannot be told anything; the response is recorded all the same.
      }
    }
  };
  try {
    send({ onSettled: tell }).then(
      (result) => tell(undefined, result),
      (e: unknown) => tell(e ?? new Error(`${method} failed`)),
    );
  } catch (e) {
    tell(e);
  }
}
