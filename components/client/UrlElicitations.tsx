'use client';
import { urlElicitationStatus } from '../../lib/client/url-elicitations';
import { useUrlElicitations } from '../../lib/browser/client/urlElicitationsStore';

/**
 * URL-mode elicitations of this session after the person answered them: whether the server
 * reported the out-of-band step complete (notifications/elicitation/complete), and the
 * completions that named no known elicitation. The URL is text, never a link Loupe follows.
 */
export function UrlElicitations({ sessionId }: { sessionId: string }) {
  const st = useUrlElicitations((s) => s.get(sessionId));
  const answered = st.items.filter((e) => e.action !== undefined || e.completedSeq !== undefined).slice(-20);
  if (answered.length === 0 && st.notices.length === 0) return null;
  return (
    <section aria-label="URL elicitations" className="flex flex-col gap-1 border-b border-zinc-800 pb-2">
      <h3 className="font-semibold text-zinc-300">URL elicitations</h3>
      <ul className="flex flex-col gap-1">
        {answered.map((e) => (
          <li key={e.requestSeq} aria-label={`URL elicitation ${e.elicitationId}`} className="rounded border border-zinc-800 p-1">
            <code className="break-all text-sky-200">{e.url}</code>
            <p role="status" className={e.completedSeq !== undefined ? 'text-emerald-300' : 'text-zinc-400'}>{urlElicitationStatus(e)}</p>
          </li>
        ))}
      </ul>
      {st.notices.length > 0 && (
        <ul aria-label="Elicitation notices" className="flex flex-col gap-1 text-[11px] text-zinc-400">
          {st.notices.slice(-20).map((n) => (
            <li key={`${n.seq}-${n.elicitationId}`}>{n.text}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
