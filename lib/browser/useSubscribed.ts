/**
 * The resources a session is subscribed to, as its frames tell it (the analyser's accepted
 * subscriptions): one derivation for the client panel, whoever sent the subscribe.
 */
import { useMemo } from 'react';
import { useLoupe } from './store';

/** The URIs, joined: a string compares by value, so a view redraws when the set changes, not on
 *  every frame batch. */
export function useSubscribed(sessionId: string): ReadonlySet<string> {
  const joined = useLoupe((s) => [...(s.traces[sessionId]?.model.state.acceptedSubscriptions ?? [])].join('\n'));
  return useMemo(() => new Set(joined ? joined.split('\n') : []), [joined]);
}
