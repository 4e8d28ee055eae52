'use client';
import { useLoupe } from '../../lib/browser/store';
import { ClientPanel } from '../client/ClientPanel';
import { usePanel } from '../../lib/browser/client/panelStore';
import { PaneTabs } from './PaneTabs';
import { SessionHeader } from './SessionHeader';
import { TraceFileHeader } from './TraceFileHeader';

/** One open tab: the session's header, its views, and (for live sessions) the MCP client panel. */
export function SessionView({ traceId }: { traceId: string }) {
  const session = useLoupe((s) => s.sessions.find((x) => x.id === traceId));
  const isFile = traceId.startsWith('file:');
  const clientOpen = usePanel((s) => s.bySession[traceId]?.open ?? false);
  const linkOpen = useLoupe((s) => s.link.status === 'open');

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
        <PaneTabs traceId={traceId} />
        {session && clientOpen && <ClientPanel session={session} />}
      </div>
    </div>
  );
}
