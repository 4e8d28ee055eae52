'use client';
/** The Doctor tab of a session: which layer of the connection failed, read from the session's one model. */
import { useCallback, useMemo } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { diagnose } from '../../lib/doctor';
import type { PaneProps } from '../session/paneProps';
import { DoctorView } from './DoctorView';

export function DoctorPane({ traceId }: PaneProps) {
  // The trace object changes on every append and every analysis step, so the verdict follows.
  const trace = useLoupe((s) => s.traces[traceId]);
  const selected = useLoupe((s) => s.selected[traceId]);
  const model = trace?.model;
  const version = model?.version;
  // The model grows in place: its version says when the verdict can have changed.
  const verdict = useMemo(() => (model ? diagnose(model) : undefined), [model, version]);
  // Evidence is read where it crossed the wire: the frame, selected in the traffic table.
  const onSelect = useCallback(
    (seq: number) => {
      const { select, setPane } = useLoupe.getState();
      select(traceId, seq);
      setPane(traceId, 'traffic');
    },
    [traceId],
  );
  if (!verdict) return <div className="p-4 text-xs text-zinc-500">Waiting for the session&apos;s frames…</div>;
  return <DoctorView verdict={verdict} selectedSeq={selected} onSelect={onSelect} />;
}
