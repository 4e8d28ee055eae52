/**
 * Turns an SSE response into frames: each event with data is a message frame (its raw text is
 * the `data` field exactly), events without data (priming events) and named non-message events
 * (the legacy `endpoint`) are `event` frames in the http lane. The last event id and the `retry`
 * the server asked for are kept for resumption.
 */
import type { EventSourceMessage } from 'eventsource-parser';
import type { Frame } from '../../../lib/mcp/frame';
import { readSse, type SseResult } from './body';
import type { HttpWire, OpenExchange, StreamRole } from './wire';

export interface StreamState {
  lastEventId?: string;
  retryMs?: number;
}

export interface PumpOptions {
  idleMs: number;
  role: StreamRole;
  /** The exchange was a GET with `Last-Event-ID`: its messages are a resumption. */
  resumption: boolean;
  state: StreamState;
  /** A message frame was recorded: hand its text on. */
  /** A message event, with the frame that recorded it (none when nothing records). */
  deliver(text: string, frame: Frame | undefined): void;
  /** A non-message event (e.g. `endpoint`) was recorded. */
  onControl?(ev: EventSourceMessage): void;
  /** A sentence for the `end` frame, decided when the stream is over (what happens next). */
  endNote?(): string | undefined;
}

export async function pumpSse(wire: HttpWire, ex: OpenExchange, o: PumpOptions): Promise<SseResult> {
  const ids: string[] = [];
  const result = await readSse(ex, o.idleMs, {
    onRetry: (ms) => {
      o.state.retryMs = ms;
    },
    onEvent: (ev) => {
      // An empty `id:` field resets the last event id (the SSE spec), so it is not resumable.
      if (ev.id !== undefined) o.state.lastEventId = ev.id === '' ? undefined : ev.id;
      if (ev.id) ids.push(ev.id);
      const isMessage = ev.data !== '' && (ev.event === undefined || ev.event === 'message');
      const sse = { exchange: ex.id, stream: o.role, eventId: ev.id, event: ev.event, ...(o.resumption ? { resumption: true } : {}) };
      if (isMessage) {
        o.deliver(ev.data, wire.recordMessage('s2c', ev.data, sse));
      } else {
        wire.record({ dir: 's2c', lane: 'http', raw: ev.data, meta: { transport: 'http', phase: 'event', ...sse } });
        o.onControl?.(ev);
      }
    },
  });
  ex.end({
    bytes: result.bytes,
    error: result.error,
    note: o.endNote?.(),
    sse: { events: result.events, streamEnd: result.end, eventIds: ids.slice(0, 1000), lastEventId: o.state.lastEventId, retryMs: o.state.retryMs },
  });
  return result;
}

/** Waits `ms`, or less if the signal aborts; never rejects. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Waits for the tasks to settle, at most `ms`; the timer is cleared so nothing lingers. */
export async function settleWithin(tasks: Promise<unknown>[], ms: number): Promise<void> {
  const ctl = new AbortController();
  await Promise.race([Promise.allSettled(tasks), pause(ms, ctl.signal)]);
  ctl.abort();
}
