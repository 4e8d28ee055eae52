'use client';
import { useState } from 'react';

type Converted<V> = { ok: true; value: V } | { ok: false; error: string };

/**
 * The state a form over a draft shares with every other: the draft, the validation or action
 * error, and a submit that converts, acts through the proxy, and resets on success.
 */
export function useDraftForm<D, V>(
  empty: D,
  initial: D | undefined,
  convert: (d: D) => Converted<V>,
  act: (value: V) => Promise<void>,
  failure: string,
  onDone: () => void,
) {
  const [draft, setDraft] = useState<D>(initial ?? empty);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const edit = (patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async () => {
    const r = convert(draft);
    if (!r.ok) return setError(r.error);
    setBusy(true);
    try {
      await act(r.value);
      setDraft(empty);
      setError(undefined);
      onDone();
    } catch (e) {
      setError(`${failure}: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  return { draft, edit, error, busy, submit };
}
