'use client';
import { useEffect, useRef, useState } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { Button } from '../ui/Button';
import { inputClass } from '../ui/Field';
import { sendRawFrame } from '../../lib/browser/actions';
import { useComposer } from '../../lib/browser/client-panel/resendActions';

/**
 * Sends any text as one frame, malformed on purpose if the person wants, and shows the frames
 * that were recorded after it: the frame itself and what the server answered.
 */
export function RawComposer({ sessionId, ready }: { sessionId: string; ready: boolean }) {
  const { text, asked } = useComposer((s) => s.get(sessionId));
  const setText = (t: string) => useComposer.getState().patch(sessionId, { text: t });
  const box = useRef<HTMLTextAreaElement>(null);
  // Edit (traffic table, sequence diagram) filled it: bring it into view, ready to change.
  useEffect(() => {
    if (asked === 0) return;
    box.current?.scrollIntoView({ block: 'nearest' });
    box.current?.focus();
  }, [asked]);
  const [after, setAfter] = useState<number>();
  const [error, setError] = useState<string>();
  // Frames are appended in place; the trace object changes with each batch, so select it.
  const trace = useLoupe((s) => s.traces[sessionId]);
  const frames = trace?.frames;
  const since = after === undefined || !frames ? [] : frames.slice(after, after + 20).filter((f) => f.lane === 'message' || f.lane === 'stderr');
  let parseNote: string | undefined;
  try {
    JSON.parse(text);
  } catch (e) {
    parseNote = `Not valid JSON (${(e as Error).message}): it will be sent as it is.`;
  }
  const send = async () => {
    setAfter(useLoupe.getState().traces[sessionId]?.frames.length ?? 0);
    try {
      await sendRawFrame(sessionId, text);
      setError(undefined);
    } catch (e) {
      setError(`Could not send: ${(e as Error).message}`);
    }
  };
  return (
    <section aria-label="Raw composer" className="flex flex-col gap-1">
      <label className="flex flex-col gap-1 text-zinc-400">
        Raw frame
        <textarea ref={box} className={`${inputClass} h-28 resize-y`} spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      {parseNote && <p className="text-[11px] text-amber-300">{parseNote}</p>}
      <div>
        <Button disabled={!ready} onClick={() => void send()}>
          Send raw
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      )}
      {after !== undefined && (
        <ol aria-label="Frames after it" className="rounded bg-zinc-950 p-1 font-mono text-[11px]">
          {since.map((f) => (
            <li key={f.seq} className={f.dir === 'c2s' ? 'text-sky-200' : 'text-emerald-200'}>
              <span className="text-zinc-600">
                #{f.seq} {f.dir === 'c2s' ? '→' : '←'}{' '}
              </span>
              <span className="break-all">{f.raw.length > 400 ? `${f.raw.slice(0, 400)}…` : f.raw}</span>
            </li>
          ))}
          {since.length === 0 && <li className="text-zinc-600">Waiting for frames…</li>}
        </ol>
      )}
    </section>
  );
}
