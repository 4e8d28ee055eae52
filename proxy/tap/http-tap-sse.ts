/**
 * The HTTP tap's SSE pass-through: bytes reach the host as the server sends them, each event is
 * recorded, and a legacy `endpoint` event naming the server is pointed at the tap. No event is
 * held past the tap's body limit: a larger one still reaches the host, but the recording counts
 * it in the end frame's note instead of keeping it.
 */
import type { ServerResponse } from 'node:http';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { Frame, HttpEndMeta, StreamRole } from '../../lib/mcp/frame';
import { formatBytes } from '../../lib/text/bytes';
import { chunksOf, isJsonRpc, passOn } from './http-tap-body';

/** What an exchange's end frame says beyond its link; SSE fields only on streams that had events. */
export interface EndFields {
  headersAt?: number;
  doneAt?: number;
  bytes?: number;
  error?: string;
  errorCode?: HttpEndMeta['errorCode'];
  note?: string;
  events?: number;
  streamEnd?: 'done' | 'stalled' | 'aborted' | 'error';
  eventIds?: string[];
  lastEventId?: string;
  retryMs?: number;
}

export interface EventPump {
  id: number;
  stream: StreamRole;
  headersAt: number;
  end: (m: EndFields, raw?: string) => number;
  record: (f: Omit<Frame, 'seq' | 'ts'>) => number;
  now: () => number;
  /** The server's origin and the tap's: a legacy endpoint naming the first is rewritten to the second. */
  rewrite: { from: string; to: string };
  limit: number;
}

const BLANK_LINE = /\r?\n\r?\n/g;

/** Where the text after the last blank line (the end of an event) starts, or -1. */
function afterLastBlank(text: string): number {
  let at = -1;
  for (const m of text.matchAll(BLANK_LINE)) at = m.index + m[0].length;
  return at;
}

export async function pumpEvents(body: ReadableStream<Uint8Array>, res: ServerResponse, x: EventPump): Promise<void> {
  const ids: string[] = [];
  let events = 0;
  let bytes = 0;
  let retryMs: number | undefined;
  const onEvent = (e: EventSourceMessage) => {
    events++;
    if (e.id) ids.push(e.id);
    const sse = { ...(e.id ? { eventId: e.id } : {}), ...(e.event ? { event: e.event } : {}) };
    if (e.data && isJsonRpc(e.data))
      x.record({
        dir: 's2c',
        lane: 'message',
        raw: e.data,
        size: Buffer.byteLength(e.data),
        meta: { transport: 'http', exchange: x.id, stream: x.stream, ...sse },
      });
    else
      x.record({
        dir: 's2c',
        lane: 'http',
        raw: e.data,
        size: Buffer.byteLength(e.data),
        meta: { transport: 'http', phase: 'event', exchange: x.id, stream: x.stream, ...sse },
      });
  };
  const parser = createParser({ onEvent, onRetry: (ms) => (retryMs = ms) });
  const decoder = new TextDecoder();
  // The characters of the event being read so far, and whether one over the limit is being
  // skipped (passed on, not parsed) until its blank line; `carry` finds a blank line split
  // between two chunks.
  let pending = 0;
  let skipping = false;
  let skipped = 0;
  let carry = '';
  const parse = (text: string) => {
    const seen = carry + text;
    carry = seen.slice(-3);
    const after = afterLastBlank(seen);
    if (skipping) {
      // The skipped event ends at the first blank line; whatever follows is parsed again.
      const first = /\r?\n\r?\n/.exec(seen);
      if (!first) return;
      skipping = false;
      const rest = seen.slice(first.index + first[0].length);
      parser.feed(rest);
      pending = rest.length;
    } else {
      parser.feed(text);
      pending = after < 0 ? pending + text.length : seen.length - after;
    }
    if (pending > x.limit) {
      parser.reset({ consume: false });
      skipping = true;
      skipped++;
      pending = 0;
    }
  };
  // The legacy endpoint event is the stream's first; hold bytes until it is complete so an
  // absolute URL naming the server can be pointed at the tap instead.
  let holding = x.stream === 'legacy';
  let held = '';
  const summary = () => ({
    ...(ids.length ? { eventIds: ids, lastEventId: ids.at(-1) } : {}),
    ...(skipped
      ? { note: `${skipped} event${skipped === 1 ? ' was' : 's were'} passed on but not recorded: over the tap's recording limit of ${formatBytes(x.limit)}` }
      : {}),
  });
  try {
    for await (const chunk of chunksOf(body)) {
      bytes += chunk.length;
      const text = decoder.decode(chunk, { stream: true });
      parse(text);
      if (!holding) {
        await passOn(res, chunk);
        continue;
      }
      held += text;
      if (afterLastBlank(held) >= 0 || held.length > x.limit) {
        await passOn(res, held.split(x.rewrite.from).join(x.rewrite.to));
        holding = false;
        held = '';
      }
    }
    if (held) res.write(held);
    res.end();
    x.end({ headersAt: x.headersAt, doneAt: x.now(), bytes, events, streamEnd: 'done', ...summary(), ...(retryMs !== undefined ? { retryMs } : {}) });
  } catch (e) {
    res.destroy();
    // A host that hangs up its stream is how GET streams end; the server breaking it is not.
    const aborted = res.destroyed && (e as Error).name === 'AbortError';
    x.end({
      headersAt: x.headersAt,
      doneAt: x.now(),
      bytes,
      events,
      streamEnd: aborted ? 'aborted' : 'error',
      ...(aborted ? {} : { error: (e as Error).message, errorCode: 'network' as const }),
      ...summary(),
    });
  }
}
