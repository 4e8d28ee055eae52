'use client';
import { setSamplingAuto } from '../../lib/browser/actions';
import { clientOf } from '../../lib/browser/client-panel/clientState';
import { useLoupe } from '../../lib/browser/store';

/** Answers every sampling request with a fixed text, in the session: for scripted tests, off unless chosen. */
export function SamplingAuto({ sessionId }: { sessionId: string }) {
  const on = useLoupe((s) => clientOf(s, sessionId).samplingAuto.on);
  return (
    <label className="flex items-center gap-1 text-[11px] text-zinc-400" title="Reply to sampling/createMessage automatically with a fixed text">
      <input
        type="checkbox"
        checked={on}
        onChange={(e) =>
          void setSamplingAuto(sessionId, e.target.checked).catch((err: Error) =>
            useLoupe.getState().notify(`Could not change the automatic reply: ${err.message}`),
          )
        }
      />
      auto-reply to sampling
    </label>
  );
}
