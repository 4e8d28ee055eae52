'use client';
import { useLoupe } from '../../lib/browser/store';
import { ClientAutomation } from '../client/ClientAutomation';

/**
 * Keeps the client's automatic duties (roots answered from the page's list, list_changed
 * refreshes, task status) running for every open live session, not only the tab on screen: a
 * server asking for roots in a background tab must not wait until someone looks at it.
 */
export function ClientAutomations() {
  const tabs = useLoupe((s) => s.tabs);
  const sessions = useLoupe((s) => s.sessions);
  return (
    <>
      {sessions
        .filter((s) => tabs.includes(s.id))
        .map((s) => (
          <ClientAutomation key={s.id} session={s} />
        ))}
    </>
  );
}
