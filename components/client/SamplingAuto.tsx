'use client';
import { useServerRequests } from './serverRequestsStore';

/** Answers every sampling request with a fixed text: for scripted tests, off unless chosen. */
export function SamplingAuto({ sessionId }: { sessionId: string }) {
  const on = useServerRequests((s) => s.get(sessionId).samplingAuto);
  return (
    <label className="flex items-center gap-1 text-[11px] text-zinc-400" title="Reply to sampling/createMessage automatically with a fixed text">
      <input type="checkbox" checked={on} onChange={(e) => useServerRequests.getState().patch(sessionId, { samplingAuto: e.target.checked })} />
      auto-reply to sampling
    </label>
  );
}
