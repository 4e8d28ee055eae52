'use client';
import { urlElicitationStatus } from '../../lib/client/url-elicitations';
import { dismissUrlElicitation, useDismissed } from '../../lib/browser/client-panel/dismissedStore';
import { useUrlElicitations } from '../../lib/browser/client-panel/urlElicitationsStore';
import { BreakableUri } from '../ui/BreakableUri';
import { Button } from '../ui/Button';

const DISMISS_MEANS =
  'Hides this card in this browser tab. The server is not told: it may still complete the elicitation, and its notifications/elicitation/complete stays in the traffic.';

/**
 * URL-mode elicitations of this session after the person answered them: whether the server
 * reported the out-of-band step complete (notifications/elicitation/complete), and the
 * completions that named no known elicitation. The URL is text, never a link Loupe follows.
 * A card can be dismissed: a server that never reports completion would otherwise keep it forever.
 */
export function UrlElicitations({ sessionId }: { sessionId: string }) {
  const st = useUrlElicitations((s) => s.get(sessionId));
  const dismissed = useDismissed((s) => s.get(sessionId).urlElicitations);
  const answered = st.items.filter((e) => (e.action !== undefined || e.completedSeq !== undefined) && !dismissed.includes(e.requestSeq)).slice(-20);
  if (answered.length === 0 && st.notices.length === 0) return null;
  return (
    <section aria-label="URL elicitations" className="flex flex-col gap-1 border-b border-zinc-800 pb-2">
      <h3 className="font-semibold text-zinc-300">URL elicitations</h3>
      <ul className="flex flex-col gap-1">
        {answered.map((e) => (
          <li key={e.requestSeq} aria-label={`URL elicitation ${e.elicitationId}`} className="rounded border border-zinc-800 p-1">
            <div className="flex items-start gap-1">
              <BreakableUri uri={e.url} className="min-w-0 flex-1 text-sky-200" />
              <Button
                variant="ghost"
                aria-label={`Dismiss URL elicitation ${e.elicitationId}`}
                title={DISMISS_MEANS}
                onClick={() => dismissUrlElicitation(sessionId, e.requestSeq)}
              >
                Dismiss
              </Button>
            </div>
            <p role="status" className={e.completedSeq !== undefined ? 'text-emerald-300' : 'text-zinc-400'}>
              {urlElicitationStatus(e)}
            </p>
            {e.completedSeq === undefined && <p className="text-[11px] text-zinc-500">Dismiss hides this card only: the server is not told.</p>}
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
