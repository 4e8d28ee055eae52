import type { SessionSummary } from '../../lib/wire/protocol';

type Labelled = Pick<SessionSummary, 'id' | 'connectionId' | 'name' | 'startedAt'>;

/** Its place among the sessions of the same connection, in start order (1 for the first). */
export function sessionOrdinal(s: Labelled, all: readonly Labelled[]): number {
  return (
    1 +
    all.filter((o) => o.connectionId === s.connectionId && o.id !== s.id && (o.startedAt < s.startedAt || (o.startedAt === s.startedAt && o.id < s.id))).length
  );
}

/** The connection's name, "#2" from its second session on, and the start time: the parts a label shows. */
export function sessionLabelParts(s: Labelled, all: readonly Labelled[] = []): { name: string; ordinal: string; time: string } {
  const t = new Date(s.startedAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  const n = sessionOrdinal(s, all);
  return { name: s.name, ordinal: n > 1 ? `#${n}` : '', time: `${pad(t.getHours())}:${pad(t.getMinutes())}:${pad(t.getSeconds())}` };
}

/**
 * "everything 14:02:11", and "everything #2 14:02:11" for the second session of that connection:
 * two sessions started in the same second never read the same.
 */
export function sessionLabel(s: Labelled, all: readonly Labelled[] = []): string {
  const { name, ordinal, time } = sessionLabelParts(s, all);
  return `${name}${ordinal ? ` ${ordinal}` : ''} ${time}`;
}
