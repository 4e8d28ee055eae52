/**
 * One-line summaries of http-lane frames, as a network panel lists them: `POST /mcp`,
 * `200 OK text/event-stream`, `event endpoint`, `done 2.1 kB in 12.3 ms`. Pure: the traffic
 * table, the detail pane and the CLI can all name an exchange the same way.
 */
import type { Frame } from './frame';

type Meta = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function pathOf(url: string | undefined): string {
  if (!url) return '';
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

function size(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function ms(us: number): string {
  return us < 1_000_000 ? `${(us / 1000).toFixed(1)} ms` : `${(us / 1_000_000).toFixed(2)} s`;
}

/** The phase of an http-lane frame recorded by the HTTP transports, if it has one. */
export function httpPhase(frame: Frame): 'request' | 'response' | 'event' | 'end' | undefined {
  const p = (frame.meta as Meta | undefined)?.phase;
  return p === 'request' || p === 'response' || p === 'event' || p === 'end' ? p : undefined;
}

export function httpSummary(frame: Frame): string {
  const m = (frame.meta ?? {}) as Meta;
  const probe = str(m.probe) ? ` (probe: ${m.probe})` : '';
  switch (httpPhase(frame)) {
    case 'request': {
      const resume = str(m.lastEventId) !== undefined ? ` Last-Event-ID ${m.lastEventId}` : '';
      return `${str(m.method) ?? '?'} ${pathOf(str(m.url))}${resume}${probe}`;
    }
    case 'response': {
      const type = (str(m.contentType) ?? '').split(';')[0].trim();
      return [num(m.status), str(m.statusText), type].filter((x) => x !== undefined && x !== '').join(' ');
    }
    case 'event': {
      const name = str(m.event) ?? 'message';
      const id = str(m.eventId) ? ` id ${m.eventId}` : '';
      return frame.raw === '' ? `event${id} (no data)` : `event ${name}${id}`;
    }
    case 'end': {
      if (str(m.verdict)) return `probe ${m.probe}: ${m.verdict}`;
      const took = num(m.doneAt) !== undefined && num(m.sentAt) !== undefined ? ` in ${ms((m.doneAt as number) - (m.sentAt as number))}` : '';
      const err = str(m.error);
      if (err) return `failed${took}: ${err}`;
      return `done ${size(num(m.bytes) ?? 0)}${took}${m.sessionExpired === true ? ' (session expired)' : ''}`;
    }
    default:
      return frame.raw.slice(0, 120);
  }
}
