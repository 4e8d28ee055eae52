'use client';
import { useApps } from '../../lib/browser/apps/appsStore';
import { AppView } from './AppView';

/** The MCP Apps this page renders for a session, newest last, beneath the client's tabs: they stay
 *  mounted whichever tab is shown, as an app in a host's conversation does. */
export function AppsPane({ sessionId }: { sessionId: string }) {
  const keys = useApps((s) => s.order.filter((k) => s.apps[k]?.sessionId === sessionId).join(' '));
  if (!keys) return null;
  return (
    <section aria-label="Apps" className="flex flex-col gap-2 border-t border-zinc-800 pt-2">
      {keys.split(' ').map((k) => (
        <AppView key={k} appKey={k} />
      ))}
    </section>
  );
}
