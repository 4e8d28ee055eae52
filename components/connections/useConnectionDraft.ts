'use client';
import { saveConnection } from '../../lib/browser/actions';
import { useLoupe } from '../../lib/browser/store';
import type { Connection } from '../../lib/wire/connection';
import { useDraftForm } from '../ui/useDraftForm';

type Converted = { ok: true; connection: Connection } | { ok: false; error: string };

/** Every connection form's draft: converted, saved through the proxy, reset on success. */
export function useConnectionDraft<D>(empty: D, initial: D | undefined, toConnection: (d: D) => Converted, onSaved: () => void) {
  return useDraftForm(
    empty,
    initial,
    (d: D) => {
      const r = toConnection(d);
      return r.ok ? { ok: true as const, value: r.connection } : r;
    },
    async (connection: Connection) => {
      // The form does not show Connect options: an edit keeps the ones saved with the connection.
      const saved = useLoupe.getState().connections.find((c) => c.id === connection.id);
      await saveConnection({ ...connection, options: connection.options ?? saved?.options });
    },
    'The proxy did not save the connection',
    onSaved,
  );
}
