'use client';
import { useState } from 'react';
import { saveConnection } from '../../lib/browser/actions';
import { useLoupe } from '../../lib/browser/store';
import type { Connection } from '../../lib/wire/connection';

type Converted = { ok: true; connection: Connection } | { ok: false; error: string };

/**
 * The state every connection form shares: the draft, the validation or save error, and a submit
 * that converts, saves through the proxy, and resets on success.
 */
export function useConnectionDraft<D>(empty: D, initial: D | undefined, toConnection: (d: D) => Converted, onSaved: () => void) {
  const [draft, setDraft] = useState<D>(initial ?? empty);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const edit = (patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async () => {
    const r = toConnection(draft);
    if (!r.ok) return setError(r.error);
    setBusy(true);
    try {
      // The form does not show Connect options: an edit keeps the ones saved with the connection.
      const saved = useLoupe.getState().connections.find((c) => c.id === r.connection.id);
      await saveConnection({ ...r.connection, options: r.connection.options ?? saved?.options });
      setDraft(empty);
      setError(undefined);
      onSaved();
    } catch (e) {
      setError(`The proxy did not save the connection: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  return { draft, edit, error, busy, submit };
}
