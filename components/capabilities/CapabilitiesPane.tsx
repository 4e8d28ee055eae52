'use client';
/** The Capabilities tab of a session, fed by the page's store and the shared analyser. */
import { useCallback, useMemo } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { useAnalysis } from '../analysis/useAnalysis';
import type { HandshakeFacts } from '../../lib/view/handshake';
import { CapabilitiesView } from './CapabilitiesView';

export function CapabilitiesPane({ traceId }: { traceId: string }) {
  const trace = useLoupe((s) => s.traces[traceId]);
  const select = useLoupe((s) => s.select);
  const onSelect = useCallback((seq: number) => select(traceId, seq), [select, traceId]);
  const analysis = useAnalysis(trace?.frames);
  const st = analysis?.state;
  const facts = useMemo<HandshakeFacts | undefined>(() => st && {
    requestedVersion: st.requestedVersion, selectedVersion: st.negotiatedVersion,
    clientInfo: st.clientInfo, serverInfo: st.serverInfo, clientCapabilities: st.clientCapabilities, serverCapabilities: st.serverCapabilities,
    instructions: st.instructions, initializeSeq: st.initializeSeq, failed: st.phase === 'failed',
  }, [st, st?.negotiatedVersion, st?.phase, st?.requestedVersion, st?.serverCapabilities]);
  if (!trace) return <div className="p-4 text-xs text-zinc-500">Waiting for the session&apos;s frames…</div>;
  return <CapabilitiesView frames={trace.frames} classified={trace.classified} annotations={analysis!.annotations} facts={facts} onSelect={onSelect} />;
}
