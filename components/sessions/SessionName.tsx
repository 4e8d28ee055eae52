'use client';
import type { SessionSummary } from '../../lib/wire/protocol';
import { sessionLabel, sessionLabelParts } from './sessionLabel';

/**
 * A session's label where room is short (tabs, the sessions list): a long connection name is cut
 * with an ellipsis, never the "#2" and the start time after it, which are what tell two sessions
 * of one server apart. The whole label is the tooltip.
 */
export function SessionName({ session, all, nameClass = 'max-w-40' }: { session: SessionSummary; all: readonly SessionSummary[]; nameClass?: string }) {
  const { name, ordinal, time } = sessionLabelParts(session, all);
  // Inline, not flex: the label reads as one line of text ("name #2 14:02:11") to innerText and copy.
  return (
    <span className="min-w-0 whitespace-nowrap" title={sessionLabel(session, all)}>
      <span className={`inline-block truncate align-bottom ${nameClass}`}>{name}</span>
      {ordinal && ' '}
      {ordinal && <span className="font-semibold text-zinc-100">{ordinal}</span>} <span className="text-zinc-500">{time}</span>
    </span>
  );
}
