'use client';
import { useMemo, useState } from 'react';
import { diffTraces } from '../../lib/diff';
import type { SessionModel } from '../../lib/model/session-model';
import { finishedCopyOf } from '../../lib/model/trace-model';
import { Dialog } from '../ui/Dialog';
import { TraceDiffView } from './TraceDiffView';

export interface ComparableTrace {
  id: string;
  name: string;
  /** The tab's own model: its frames, and how it judges them (framing, request timeout). */
  model: SessionModel;
}

/** Pick two open traces and see what differs: offer, capabilities, annotations, latency. */
export function CompareDialog({
  open,
  onClose,
  traces,
  initial,
}: {
  open: boolean;
  onClose: () => void;
  traces: readonly ComparableTrace[];
  initial?: { before: string; after: string };
}) {
  return (
    <Dialog open={open} title="Compare traces" onClose={onClose} wide>
      {open && <CompareForm traces={traces} initial={initial} />}
    </Dialog>
  );
}

function CompareForm({ traces, initial }: { traces: readonly ComparableTrace[]; initial?: { before: string; after: string } }) {
  const [a, setA] = useState(initial?.before ?? traces[0]?.id);
  const [b, setB] = useState(initial?.after ?? traces[1]?.id ?? traces[0]?.id);
  const ta = traces.find((t) => t.id === a);
  const tb = traces.find((t) => t.id === b);
  // Each side judged as its tab judges it (a file's declared framing and timeout), as `loupe diff`
  // judges the same files.
  const diff = useMemo(() => (ta && tb ? diffTraces(finishedCopyOf(ta.model), finishedCopyOf(tb.model)) : undefined), [ta, tb]);
  const pick = (label: string, value: string | undefined, set: (v: string) => void) => (
    // min-w-0 on both: a select is as wide as its longest option, and a long trace name would
    // otherwise push the After box past the dialog's edge.
    <label className="flex min-w-0 flex-1 flex-col gap-1 text-zinc-400">
      {label}
      <select
        aria-label={label}
        value={value}
        onChange={(e) => set(e.target.value)}
        className="w-full min-w-0 rounded border border-zinc-700 bg-zinc-950 px-1 py-0.5 text-zinc-100"
      >
        {traces.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </select>
    </label>
  );
  if (traces.length < 2) return <p className="text-xs text-zinc-400">Open two traces to compare them.</p>;
  return (
    <div className="flex flex-col gap-3 text-xs">
      <div className="flex gap-2">
        {pick('Before', a, setA)}
        {pick('After', b, setB)}
      </div>
      {diff && ta && tb && <TraceDiffView diff={diff} names={[ta.name, tb.name]} />}
    </div>
  );
}
