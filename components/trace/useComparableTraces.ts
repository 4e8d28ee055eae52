'use client';
import { useMemo } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { sessionLabel } from '../sessions/sessionLabel';
import type { ComparableTrace } from './CompareDialog';

/** Every open tab with frames, live sessions and trace files alike, named as its tab is. */
export function useComparableTraces(): ComparableTrace[] {
  const tabs = useLoupe((s) => s.tabs);
  const traces = useLoupe((s) => s.traces);
  const sessions = useLoupe((s) => s.sessions);
  return useMemo(() => tabs.filter((id) => traces[id]).map((id) => {
    const session = sessions.find((s) => s.id === id);
    return { id, name: session ? sessionLabel(session, sessions) : id.replace(/^file:/, ''), frames: traces[id].frames };
  }), [tabs, traces, sessions]);
}
