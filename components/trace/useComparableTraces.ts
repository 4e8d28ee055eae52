'use client';
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLoupe } from '../../lib/browser/store';
import { sessionLabel } from '../sessions/sessionLabel';
import type { ComparableTrace } from './CompareDialog';

/** Every open tab with frames, live sessions and trace files alike, named as its tab is. */
export function useComparableTraces(): ComparableTrace[] {
  // The ids and models, compared item by item: a trace's model (and its frames) grow in place, so
  // a stream into an open session does not make the compare and drop controls render again per batch.
  const ids = useLoupe(useShallow((s) => s.tabs.filter((id) => s.traces[id])));
  const models = useLoupe(useShallow((s) => s.tabs.filter((id) => s.traces[id]).map((id) => s.traces[id].model)));
  const sessions = useLoupe((s) => s.sessions);
  return useMemo(
    () =>
      ids.map((id, i) => {
        const session = sessions.find((s) => s.id === id);
        return { id, name: session ? sessionLabel(session, sessions) : id.replace(/^file:/, ''), model: models[i] };
      }),
    [ids, models, sessions],
  );
}
