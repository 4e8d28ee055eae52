import type { SessionSummary } from '../../lib/wire/protocol';

/** "everything 14:02:11": the connection's name and the local time the session started. */
export function sessionLabel(s: Pick<SessionSummary, 'name' | 'startedAt'>): string {
  const t = new Date(s.startedAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${s.name} ${pad(t.getHours())}:${pad(t.getMinutes())}:${pad(t.getSeconds())}`;
}
