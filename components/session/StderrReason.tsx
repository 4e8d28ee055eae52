'use client';
import { useMemo } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { stderrReason } from '../../lib/view/stderr-reason';

/** Under a failed stdio session's error: the stderr line that says why, straight from the trace. */
export function StderrReason({ sessionId }: { sessionId: string }) {
  const trace = useLoupe((s) => s.traces[sessionId]);
  const reason = useMemo(() => (trace ? stderrReason(trace.frames) : undefined), [trace]);
  if (!reason) return null;
  return (
    <span role="group" aria-label="Server stderr" className="mt-1 block text-amber-200">
      stderr: {reason}
    </span>
  );
}
