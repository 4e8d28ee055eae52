'use client';
import { useState } from 'react';
import { openSession } from '../../lib/browser/actions';
import { draftFor, optionsFor, resolveOpenOptions, useInvalidOptions } from '../../lib/browser/openOptions';
import { useLoupe } from '../../lib/browser/store';
import { savedRoots } from '../../lib/browser/client-panel/rootsStore';

/** Connect with the options saved with the connection (or the defaults); errors become notices. */
export function useConnect() {
  const [busy, setBusy] = useState<string>();
  const connect = async (connectionId: string, name: string) => {
    const unsaved = useInvalidOptions.getState().errors[connectionId];
    if (unsaved) return useLoupe.getState().notify(`Cannot connect ${name}: ${unsaved} Fix the Connect options or reset them.`);
    const { connections, defaults } = useLoupe.getState();
    const connection = connections.find((c) => c.id === connectionId);
    const r = resolveOpenOptions(draftFor(connection?.options), optionsFor(undefined, defaults));
    if (!r.ok) return useLoupe.getState().notify(`Cannot connect ${name}: ${r.error}`);
    setBusy(connectionId);
    try {
      // The roots saved for this connection are what the new session answers roots/list with.
      await openSession(connectionId, { ...r.options, roots: savedRoots(connectionId) });
    } catch (e) {
      useLoupe.getState().notify(`Cannot connect ${name}: ${(e as Error).message}`);
    } finally {
      setBusy(undefined);
    }
  };
  return { connect, busy };
}
