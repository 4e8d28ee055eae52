'use client';
import { useLoupe } from '../../lib/browser/store';

/** Errors and refusals that belong to no single form, stacked in a corner until dismissed. */
export function Notices() {
  const notices = useLoupe((s) => s.notices);
  const dismiss = useLoupe((s) => s.dismissNotice);
  if (!notices.length) return null;
  return (
    <ul aria-label="Notices" className="fixed bottom-3 right-3 z-50 flex w-96 max-w-[90vw] flex-col gap-2">
      {notices.map((n) => (
        <li key={n.id} role="alert" className="flex items-start gap-2 rounded border border-red-800 bg-zinc-900 px-3 py-2 text-xs text-red-200 shadow-lg">
          <span className="flex-1 whitespace-pre-wrap break-words">{n.text}</span>
          <button type="button" aria-label="Dismiss notice" className="text-zinc-500 hover:text-zinc-100" onClick={() => dismiss(n.id)}>
            ✕
          </button>
        </li>
      ))}
    </ul>
  );
}
