'use client';
import { useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { closeSession } from '../../lib/browser/actions';
import { useLoupe } from '../../lib/browser/store';
import type { SessionSummary } from '../../lib/wire/protocol';
import { showPanel, usePanel } from '../../lib/browser/client-panel/panelStore';
import { useApps } from '../../lib/browser/apps/appsStore';
import { listTools } from '../../lib/browser/client-panel/toolsStore';
import { Button } from '../ui/Button';
import { StatusBadge } from '../ui/StatusBadge';
import { ExportButton } from './ExportButton';
import { HttpProbeButton, HttpProbeNote, SessionExpiredNotice } from './HttpSessionControls';
import { useConnect } from '../connections/useConnect';
import { declaredCapabilities } from '../../lib/client/capabilities';
import { StderrReason } from './StderrReason';
import { EraFacts } from './EraFacts';
import { headerFacts } from '../../lib/view/session-header';
import { sessionOrdinal } from '../sessions/sessionLabel';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="flex items-baseline gap-1">
      <dt className="text-zinc-500">{label}</dt>
      <dd className="font-mono text-zinc-200">{children}</dd>
    </div>
  );
}

/** The session's state at a glance: phase, negotiated version, server, pid, error, instructions.
 *  The lifecycle comes from the summary; the handshake from the session's frames, like the
 *  Capabilities pane, so a tap (no client of Loupe's behind the summary) shows it too. */
export function SessionHeader({ session: s }: { session: SessionSummary }) {
  const [closing, setClosing] = useState(false);
  const { connect, busy } = useConnect();
  const live = s.status !== 'closed' && s.status !== 'failed';
  const clientOpen = usePanel((p) => p.bySession[s.id]?.open ?? false);
  const apps = useApps((a) => a.order.filter((k) => a.apps[k]?.sessionId === s.id).length);
  // Shallow: the header redraws when a fact changes, not on every frame batch.
  const facts = useLoupe(useShallow((st) => headerFacts(st.traces[s.id]?.model, s.requestedEra)));
  const waiting = useLoupe((st) => st.pending[s.id]) ?? [];
  const ordinal = useLoupe((st) => sessionOrdinal(s, st.sessions));

  const disconnect = async () => {
    setClosing(true);
    try {
      await closeSession(s.id);
    } catch (e) {
      useLoupe.getState().notify(`Disconnect failed: ${(e as Error).message}`);
    } finally {
      setClosing(false);
    }
  };

  return (
    <section aria-label="Session status" className="border-b border-zinc-800 bg-zinc-900 px-3 py-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        {/* The whole name, wrapped if it must be, and the session's number among its connection's. */}
        <h2 className="min-w-0 break-words text-sm font-semibold">
          {s.name}
          {ordinal > 1 && <span className="text-zinc-300"> #{ordinal}</span>}
        </h2>
        <StatusBadge status={s.status} />
        <dl className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-xs">
          <Fact label="version">
            {facts.version ?? '—'}
            {facts.askedVersion && <span className="ml-1 text-amber-300">(asked {facts.askedVersion})</span>}
          </Fact>
          <EraFacts facts={facts} />
          <Fact label="server">{facts.server ?? '—'}</Fact>
          {s.pid !== undefined && <Fact label="pid">{s.pid}</Fact>}
          <Fact label="transport">{s.transport}</Fact>
          {facts.clientCapabilities && (
            <Fact label="client capabilities">
              <span title={JSON.stringify(facts.clientCapabilities, null, 2)}>{declaredCapabilities(facts.clientCapabilities).join(' ') || 'none'}</span>
            </Fact>
          )}
          {s.source === 'tap' && <Fact label="source">tap: a host&apos;s own session; Loupe only records it</Fact>}
        </dl>
        <div className="ml-auto flex gap-1">
          {/* A recording Loupe only watches (a tap) has no client to show. */}
          {s.client !== false && (
            <>
              <Button
                aria-pressed={clientOpen}
                aria-label="Client"
                title={!clientOpen && apps > 0 ? `The client panel is hidden; ${apps === 1 ? 'its app keeps' : `its ${apps} apps keep`} running` : undefined}
                onClick={() => (clientOpen ? usePanel.getState().patch(s.id, { open: false }) : showPanel(s.id))}
              >
                Client
                {!clientOpen && apps > 0 && <span className="ml-1 text-violet-300">· {apps === 1 ? '1 app' : `${apps} apps`}</span>}
              </Button>
              <Button disabled={s.status !== 'ready'} onClick={() => void listTools(s.id)}>
                List tools
              </Button>
            </>
          )}
          <HttpProbeButton session={s} />
          <ExportButton session={s} />
          {live && s.source === 'tap' ? (
            // Stops following the tap's file; the host and its server are not touched.
            <Button disabled={closing} onClick={() => void disconnect()}>
              {closing ? 'Stopping…' : 'Stop following'}
            </Button>
          ) : live ? (
            <Button variant="danger" disabled={closing} onClick={() => void disconnect()}>
              {closing ? 'Disconnecting…' : 'Disconnect'}
            </Button>
          ) : s.source === 'tap' ? null : (
            <Button variant="primary" disabled={busy !== undefined} onClick={() => void connect(s.connectionId, s.name)}>
              Connect again
            </Button>
          )}
        </div>
      </div>
      {s.error && (
        <p role="alert" className="mt-2 whitespace-pre-wrap rounded border border-red-900 bg-red-950/50 px-2 py-1 font-mono text-[11px] text-red-200">
          {s.error}
          {s.transport === 'stdio' && <StderrReason sessionId={s.id} />}
        </p>
      )}
      <SessionExpiredNotice session={s} />
      <HttpProbeNote session={s} />
      {waiting.length > 0 && (
        <p className="mt-1 text-[11px] text-amber-300">
          The server is waiting for an answer to: {waiting.map((w) => (w.seq !== undefined ? `${w.method} (#${w.seq})` : w.method)).join(', ')}
        </p>
      )}
      {facts.instructions && (
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer text-zinc-400 hover:text-zinc-200">Server instructions</summary>
          <p className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap rounded bg-zinc-950 p-2 font-mono text-[11px] text-zinc-300">{facts.instructions}</p>
        </details>
      )}
    </section>
  );
}
