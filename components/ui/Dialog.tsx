'use client';
import { useEffect, useRef, type ReactNode } from 'react';

/** A modal built on the native <dialog>: focus trapping, Escape and the top layer come free. */
export function Dialog({ open, title, onClose, children, wide }: { open: boolean; title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label={title}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`m-auto max-h-[85vh] ${wide ? 'w-[40rem]' : 'w-[30rem]'} max-w-[95vw] overflow-auto rounded-md border border-zinc-700 bg-zinc-900 p-0 text-zinc-100 shadow-2xl backdrop:bg-black/60`}
    >
      {open && (
        <div className="flex flex-col">
          <header className="flex items-center justify-between border-b border-zinc-800 px-4 py-2">
            <h2 className="text-sm font-semibold">{title}</h2>
            <button type="button" aria-label="Close dialog" className="rounded px-1 text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100" onClick={onClose}>
              ✕
            </button>
          </header>
          <div className="p-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}
