/**
 * The Doctor view (components/doctor) opens by itself when a connection fails: in the same store
 * write as the summary that says so, so the failure banner and the verdict appear together and no
 * later click can land on a view that is about to be replaced. A session that fails before the
 * page first saw it (within one batch of messages) counts too; one a `hello` already shows failed
 * (a page that reloads, or re-attaches after a network blip) keeps the view its address names.
 */
import type { ProxyMessage, SessionSummary } from '../wire/protocol';

/** The `panes` id of the Doctor view. */
export const DOCTOR_PANE = 'doctor';

export function paneAfterFailures(
  before: readonly SessionSummary[],
  msgs: readonly ProxyMessage[],
  after: readonly SessionSummary[],
  pane: Record<string, string | undefined>,
): Record<string, string | undefined> | undefined {
  if (before === after) return undefined;
  const seen = new Map(before.map((s) => [s.id, s.status]));
  for (const m of msgs) if (m.type === 'hello') for (const s of m.sessions) seen.set(s.id, s.status);
  let next: Record<string, string | undefined> | undefined;
  for (const s of after) {
    if (s.status !== 'failed' || seen.get(s.id) === 'failed' || pane[s.id] === DOCTOR_PANE) continue;
    next ??= { ...pane };
    next[s.id] = DOCTOR_PANE;
  }
  return next;
}
