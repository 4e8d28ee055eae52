/**
 * One-line summaries of http-lane frames, as a network panel lists them: `POST /mcp`,
 * `200 OK text/event-stream`, `event endpoint`, `done 2.1 KiB in 12.3 ms`. Pure: the traffic
 * table, the detail pane and the CLI can all name an exchange the same way.
 */
import type { Frame, HttpExchangeMeta } from '../mcp/frame';
import { formatBytes } from '../text/bytes';

function pathOf(url: string): string {
  if (!url) return '';
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

function ms(us: number): string {
  return us < 1_000_000 ? `${(us / 1000).toFixed(1)} ms` : `${(us / 1_000_000).toFixed(2)} s`;
}

/** The meta of an http-lane exchange frame, if it has one. */
export function exchangeMeta(frame: Frame): HttpExchangeMeta | undefined {
  return frame.lane === 'http' ? frame.meta : undefined;
}

/** The phase of an http-lane frame recorded by the HTTP transports, if it has one. */
export function httpSummary(frame: Frame): string {
  const m = exchangeMeta(frame);
  if (!m) return frame.raw.slice(0, 120);
  switch (m.phase) {
    case 'request': {
      const resume = m.stream === 'get' && m.lastEventId !== undefined ? ` Last-Event-ID ${m.lastEventId}` : '';
      const probe = m.stream === 'probe' ? ` (probe: ${m.probe})` : '';
      return `${m.method} ${pathOf(m.url)}${resume}${probe}`;
    }
    case 'response': {
      const type = (m.contentType ?? '').split(';')[0].trim();
      return [m.status, m.statusText, type].filter((x) => x !== '').join(' ');
    }
    case 'event': {
      const id = m.eventId ? ` id ${m.eventId}` : '';
      return frame.raw === '' ? `event${id} (no data)` : `event ${m.event ?? 'message'}${id}`;
    }
    case 'end': {
      if (m.stream === 'probe' && m.verdict) return `probe ${m.probe}: ${m.verdict}`;
      const took = m.doneAt !== undefined && m.sentAt !== undefined ? ` in ${ms(m.doneAt - m.sentAt)}` : '';
      if (m.error) return `failed${took}: ${m.error}`;
      const expired = 'sessionExpired' in m && m.sessionExpired === true;
      return `done ${formatBytes(m.bytes ?? 0)}${took}${expired ? ' (session expired)' : ''}`;
    }
  }
}
