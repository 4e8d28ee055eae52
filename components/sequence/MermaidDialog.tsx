'use client';
import { useEffect, useRef } from 'react';
import { saveText } from '../../lib/browser/download';

/** Shows the Mermaid text of the visible range, to copy or save. */
export function MermaidDialog({ text, fileName, onClose }: { text: string; fileName: string; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-label="Mermaid export"
      onClose={onClose}
      className="m-auto w-[min(56rem,90vw)] rounded border border-zinc-700 bg-zinc-900 p-3 text-zinc-100 backdrop:bg-black/60"
    >
      <p className="mb-2 text-sm">
        Mermaid <code>sequenceDiagram</code> of the rows in view. Server text is written as entity codes, so it cannot break the diagram.
      </p>
      <textarea aria-label="Mermaid text" readOnly value={text} className="h-80 w-full resize-y rounded bg-zinc-950 p-2 font-mono text-xs" />
      <div className="mt-2 flex justify-end gap-2 text-sm">
        <button type="button" className="rounded border border-zinc-700 px-2 py-0.5" onClick={() => void navigator.clipboard?.writeText(text)}>
          Copy
        </button>
        <button type="button" className="rounded border border-zinc-700 px-2 py-0.5" onClick={() => saveText(fileName, text, 'text/plain')}>
          Download
        </button>
        <button type="button" className="rounded border border-zinc-700 px-2 py-0.5" onClick={() => ref.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
