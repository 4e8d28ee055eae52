'use client';
/**
 * Capabilities of both sides, side by side, against everything the negotiated version defines;
 * the handshake facts; and what was actually used.
 */
import { useMemo } from 'react';
import type { SessionModel } from '../../lib/model/session-model';
import { handshakeFacts } from '../../lib/view/handshake';
import { capabilityRows } from '../../lib/view/capability-rows';
import { catalogVersion } from '../../lib/mcp/capability-catalog';
import { usedMethods } from '../../lib/view/used-methods';
import { modelFor } from '../../lib/view/model-cache';
import type { ViewAnnotation } from '../../lib/view/annotation';
import { CapabilityTable } from './CapabilityTable';
import { SessionFacts } from './SessionFacts';
import { UsedMethodsTable } from './UsedMethodsTable';

export interface CapabilitiesViewProps {
  /** The session's one model; it grows in place between renders. */
  session: SessionModel;
  annotations?: readonly ViewAnnotation[];
  onSelect(seq: number): void;
}

export function CapabilitiesView({ session, annotations, onSelect }: CapabilitiesViewProps) {
  const count = session.analysed;
  const st = session.state;
  // The handshake is near the start: once answered it does not change, so this stays cheap.
  const facts = useMemo(
    () => handshakeFacts(st),
    [st, st.negotiatedVersion, st.phase, st.requestedVersion, st.serverCapabilities, st.initializeSeq, st.eras.current, st.eras.server],
  );
  const version = facts.selectedVersion ?? facts.requestedVersion;
  const used = useMemo(
    () => usedMethods(modelFor(session), { version, clientCapabilities: facts.clientCapabilities, serverCapabilities: facts.serverCapabilities }, annotations),
    [session, count, version, facts, annotations],
  );
  return (
    <section aria-label="Capabilities" className="@container h-full w-full space-y-4 overflow-auto p-3">
      <SessionFacts facts={facts} />
      <p className="text-xs text-zinc-400">
        Every capability defined by <span className="font-mono">{catalogVersion(version)}</span>
        {version && version !== catalogVersion(version) ? ` (the selected ${version} is unknown, so the newest known version is shown)` : ''}.
      </p>
      <div className="grid grid-cols-1 gap-6 @4xl:grid-cols-2">
        <CapabilityTable title="Client capabilities" rows={capabilityRows('client', version, facts.clientCapabilities)} />
        <CapabilityTable title="Server capabilities" rows={capabilityRows('server', version, facts.serverCapabilities)} />
      </div>
      <UsedMethodsTable used={used} onSelect={onSelect} />
    </section>
  );
}
