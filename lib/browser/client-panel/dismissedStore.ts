/**
 * Cards the person dismissed in this browser tab, per session: URL elicitations by the seq of the
 * server's request. Dismissing is the page's alone (the server is never told), so it is kept in
 * this tab across a reload, not in the session.
 */
import { keepInTab } from './keepInTab';
import { createPerSession } from './perSession';

export interface Dismissed {
  urlElicitations: number[];
}

export const useDismissed = createPerSession<Dismissed>(() => ({ urlElicitations: [] }));

export function dismissUrlElicitation(sessionId: string, requestSeq: number): void {
  useDismissed.getState().patch(sessionId, (s) => ({ urlElicitations: [...s.urlElicitations.filter((q) => q !== requestSeq), requestSeq] }));
}

function parseDismissed(v: unknown): Dismissed | undefined {
  const list = (v as Partial<Dismissed> | undefined)?.urlElicitations;
  return Array.isArray(list) ? { urlElicitations: list.filter((n): n is number => typeof n === 'number') } : undefined;
}

/** Brings back this browser tab's dismissals, then keeps them; called once the page runs. */
export function restoreDismissed(): void {
  keepInTab(useDismissed, 'loupe.dismissed', parseDismissed);
}
