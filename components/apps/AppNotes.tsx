'use client';
import type { AppNote } from '../../lib/browser/apps/appsStore';

/** Opens a link the app asked for, only when the person clicks it, with no handle back to the page. */
function openLink(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** What the app asked of the host that a person should see: links (opened only by a click), messages, context updates and logs. */
export function AppNotes({ notes }: { notes: AppNote[] }) {
  if (notes.length === 0) return null;
  return (
    <ul aria-label="App requests" className="flex max-h-40 flex-col gap-0.5 overflow-y-auto text-[11px]">
      {notes.map((n, i) => (
        <li key={i} className="flex min-w-0 items-baseline gap-2">
          <span className="shrink-0 text-zinc-500">{n.kind}</span>
          {n.kind === 'link' && n.url && /^https?:\/\//i.test(n.url) ? (
            <button
              type="button"
              className="truncate text-sky-300 underline"
              title="The app asked to open this link: open it in a new tab"
              onClick={() => openLink(n.url!)}
            >
              {n.url}
            </button>
          ) : (
            <span className="min-w-0 whitespace-pre-wrap break-words text-zinc-300">{n.text}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
