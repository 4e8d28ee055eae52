'use client';
import { useMemo, useState } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { sessionLabel } from '../sessions/sessionLabel';
import { Button } from '../ui/Button';
import { CompareDialog, type ComparableTrace } from './CompareDialog';

/** Compares any two open tabs, live sessions and trace files alike. */
export function CompareButton() {
  const [open, setOpen] = useState(false);
  const tabs = useLoupe((s) => s.tabs);
  const traces = useLoupe((s) => s.traces);
  const sessions = useLoupe((s) => s.sessions);
  const comparable = useMemo((): ComparableTrace[] => tabs.filter((id) => traces[id]).map((id) => {
    const session = sessions.find((s) => s.id === id);
    return { id, name: session ? sessionLabel(session, sessions) : id.replace(/^file:/, ''), frames: traces[id].frames };
  }), [tabs, traces, sessions]);
  return (
    <>
      <Button disabled={comparable.length < 2} onClick={() => setOpen(true)} title="Compare two open tabs">Compare…</Button>
      <CompareDialog open={open} onClose={() => setOpen(false)} traces={comparable} />
    </>
  );
}
