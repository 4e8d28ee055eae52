'use client';
import { useState } from 'react';

const PREVIEW = 200_000;

/** The exact text that crossed the wire, as text (never HTML); huge frames show a prefix first. */
export function RawText({ raw }: { raw: string }) {
  const [all, setAll] = useState(false);
  const shown = all || raw.length <= PREVIEW ? raw : raw.slice(0, PREVIEW);
  return (
    <>
      <pre className="whitespace-pre-wrap break-all rounded border border-zinc-800 bg-zinc-950 p-2 font-mono text-[11px] leading-4 text-zinc-200">{shown}</pre>
      {shown.length < raw.length && (
        <button type="button" className="mt-1 text-[11px] text-sky-400 hover:underline" onClick={() => setAll(true)}>
          Showing {PREVIEW.toLocaleString()} of {raw.length.toLocaleString()} characters: show all
        </button>
      )}
    </>
  );
}
