'use client';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { useLoupe } from '../../lib/browser/store';
import { usePanel } from '../../lib/browser/client-panel/panelStore';
import { useApps } from '../../lib/browser/apps/appsStore';
import { PaneTabs } from './PaneTabs';
import { SessionHeader } from './SessionHeader';
import { TraceFileHeader } from './TraceFileHeader';
import { DetailDock } from './DetailDock';
import { Loading } from '../ui/Loading';

// The MCP client panel (its tabs, the MCP Apps host, markdown rendering) shows only once a person
// opens it: its code loads then, not with every session shown.
const ClientPanel = dynamic(() => import('../client/ClientPanel').then((m) => m.ClientPanel), { loading: () => <Loading /> });

/** One open tab: the session's header, its views, and (for live sessions) the MCP client panel. */
export function SessionView({ traceId }: { traceId: string }) {
  const session = useLoupe((s) => s.sessions.find((x) => x.id === traceId));
  const isFile = traceId.startsWith('file:');
  const clientOpen = usePanel((s) => s.bySession[traceId]?.open ?? false);
  const linkOpen = useLoupe((s) => s.link.status === 'open');
  // A session's rendered apps live in the client panel: closing the panel hides it rather than
  // unmounting it, so an app keeps running (and its state) until it is closed itself.
  const hasApps = useApps((s) => s.order.some((k) => s.apps[k]?.sessionId === traceId));
  const [dock, setDock] = useState<HTMLElement | null>(null);

  if (!isFile && !session && !linkOpen) {
    return <div className="p-6 text-sm text-zinc-400">Waiting for the Loupe proxy…</div>;
  }
  if (!isFile && !session) {
    return (
      <div className="p-6 text-sm text-zinc-400">
        The proxy does not know this session any more (it was forgotten, or the proxy restarted). Close this tab and connect again.
      </div>
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {session ? <SessionHeader session={session} /> : <TraceFileHeader traceId={traceId} />}
      <div className="flex min-h-0 min-w-0 flex-1">
        {/* Three columns at most: with the client panel open, the frame detail docks below it. */}
        <DetailDock.Provider value={session && clientOpen ? dock : null}>
          <PaneTabs traceId={traceId} />
        </DetailDock.Provider>
        {session && (clientOpen || hasApps) && (
          <div className={`${clientOpen ? 'flex' : 'hidden'} w-[22rem] shrink-0 flex-col border-l border-zinc-800 bg-zinc-900/50 min-[1440px]:w-[27rem]`}>
            <ClientPanel session={session} />
            <div ref={setDock} className="flex min-h-0 flex-[2] flex-col border-t border-zinc-800 empty:hidden" />
          </div>
        )}
      </div>
    </div>
  );
}
