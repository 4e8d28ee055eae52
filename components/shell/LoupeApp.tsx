'use client';
import { useEffect } from 'react';
import '../../lib/browser/noEval';
import { getSocket } from '../../lib/browser/socket';
import { stripTokenAfterMount } from '../../lib/browser/token';
import { useLoupe } from '../../lib/browser/store';
import { startModelClock } from '../../lib/browser/model-clock';
import dynamic from 'next/dynamic';
import { isStoredTab } from '../../lib/browser/stored-window';
import { TraceDropTarget } from '../trace/TraceDropTarget';
import { LinkBanner } from './LinkBanner';
import { RedactedBadge } from './RedactedBadge';
import { Notices } from './Notices';
import { SessionTabs, panelDomId, tabDomId } from './SessionTabs';
import { Sidebar } from './Sidebar';
import { Loading } from '../ui/Loading';

// A session's view and a stored session's window are most of the page's code, and an open with no
// tab shown needs neither: they load when a tab is first shown, so opening the page compiles and
// runs less.
const SessionView = dynamic(() => import('../session/SessionView').then((m) => m.SessionView), { loading: () => <Loading /> });
const StoredWindowView = dynamic(() => import('../history/StoredWindowView').then((m) => m.StoredWindowView), { loading: () => <Loading /> });

// The socket starts as soon as this module runs in the browser, not after the app has hydrated: the
// WebSocket opens, the proxy's hello comes and the session is asked for while React still builds
// the page, so a reload's snapshot starts on its way a hydration earlier. The store can change
// before hydration: zustand hydrates from its initial state (the server snapshot) and then
// renders what the socket already put there. The effect below covers a module evaluated on the
// server (the static export), where there is no window.
if (typeof window !== 'undefined') getSocket().start();

export function LoupeApp() {
  useEffect(() => {
    getSocket().start();
    stripTokenAfterMount();
  }, []);
  // Every trace's model moves on (analysis, clock ticks, finish) whatever pane is shown.
  useEffect(() => startModelClock(useLoupe), []);
  const active = useLoupe((s) => s.activeTab);

  return (
    <TraceDropTarget className="flex h-screen text-zinc-100">
      <Sidebar />
      <main className="flex min-w-0 flex-1 flex-col">
        <RedactedBadge />
        <LinkBanner />
        <SessionTabs />
        {active ? (
          <div role="tabpanel" id={panelDomId(active)} aria-labelledby={tabDomId(active)} className="flex min-h-0 flex-1 flex-col">
            {isStoredTab(active) ? <StoredWindowView key={active} tabId={active} /> : <SessionView key={active} traceId={active} />}
          </div>
        ) : (
          <div className="flex flex-1 items-center justify-center text-sm text-zinc-500">
            Press <span className="mx-1 rounded bg-zinc-800 px-1.5 py-0.5 text-zinc-200">Connect</span> on a connection to start a session, or drop a Loupe
            trace here.
          </div>
        )}
      </main>
      <Notices />
    </TraceDropTarget>
  );
}
