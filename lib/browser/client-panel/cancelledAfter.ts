/**
 * How long a call of the client panel ran before it was cancelled, as the frames tell it: from
 * its request frame to the `notifications/cancelled` that named it, both wire timestamps, the
 * very span the traffic table shows on the request's row. The proxy's own `ms` is measured from
 * when the page asked, before the request reached the wire.
 */
import type { CallState } from '../../wire/client-state';
import { useLoupe } from '../store';
import type { Trace } from '../trace';

/** Microseconds from the request to its cancellation, once both frames are in the trace. */
export function cancelledAfterUs(trace: Trace | undefined, call: Pick<CallState, 'method' | 'requestId'>): number | undefined {
  if (!trace || call.requestId === undefined) return undefined;
  const sent = trace.model.calls.latest('c2s', call.requestId);
  if (!sent || sent.method !== call.method || sent.cancelledTs === undefined) return undefined;
  return sent.cancelledTs - sent.ts;
}

/** The same, for a view: it redraws when the number is known, not on every frame batch. */
export function useCancelledAfter(sessionId: string, call: Pick<CallState, 'method' | 'requestId'> | undefined): number | undefined {
  return useLoupe((s) => (call ? cancelledAfterUs(s.traces[sessionId], call) : undefined));
}
