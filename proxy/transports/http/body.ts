/**
 * Reading response bodies with bounds: a whole body within a deadline, or an SSE stream that is
 * declared stalled after an idle time. Bytes are decoded as UTF-8 as they come; SSE is parsed by
 * eventsource-parser, never by hand.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { OpenExchange } from './wire';

/** The most of one body (or one SSE event) that is kept; the rest is counted, not stored. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface BodyText {
  text: string;
  bytes: number;
  invalidUtf8: boolean;
  /** Only the first `MAX_BODY_BYTES` were kept. */
  truncated?: boolean;
  /** The exact bytes, kept only when they are not valid UTF-8. */
  rawBase64?: string;
  /** Set when the body did not arrive whole (timeout, reset, close). */
  error?: string;
}

/** Reads the whole body; gives up (keeping what arrived) after `timeoutMs`. */
export async function readText(ex: OpenExchange, timeoutMs: number, maxBytes = MAX_BODY_BYTES): Promise<BodyText> {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let kept = 0;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ex.controller.abort();
  }, timeoutMs);
  let error: string | undefined;
  try {
    const reader = ex.response.body?.getReader();
    for (;;) {
      if (!reader) break;
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (kept < maxBytes) {
        const part = value.byteLength > maxBytes - kept ? value.subarray(0, maxBytes - kept) : value;
        chunks.push(part);
        kept += part.byteLength;
      }
    }
  } catch (e) {
    error = timedOut ? `the body did not finish within ${timeoutMs} ms` : `the body was cut off: ${(e as Error).message}`;
  } finally {
    clearTimeout(timer);
  }
  const all = Buffer.concat(chunks);
  const valid = isValidUtf8(all);
  const truncated = bytes > kept || undefined;
  // A cut can split a UTF-8 sequence: only an intact body is judged for invalid bytes.
  const invalid = !truncated && !valid;
  return { text: new TextDecoder().decode(all), bytes, truncated, invalidUtf8: invalid, rawBase64: invalid ? all.toString('base64') : undefined, error };
}

function isValidUtf8(b: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

export interface SseHandlers {
  onEvent(ev: EventSourceMessage): void;
  onRetry(ms: number): void;
}

export type SseEnd = 'done' | 'stalled' | 'aborted' | 'error';

export interface SseResult {
  end: SseEnd;
  bytes: number;
  events: number;
  error?: string;
}

/** Feeds the stream to the parser until it ends, stalls (`idleMs` without a byte; 0 = never) or is aborted. */
export async function readSse(ex: OpenExchange, idleMs: number, handlers: SseHandlers): Promise<SseResult> {
  let events = 0;
  let bytes = 0;
  let stalled = false;
  let parseError: string | undefined;
  const parser = createParser({
    onEvent: (ev) => {
      events++;
      handlers.onEvent(ev);
    },
    onRetry: (ms) => handlers.onRetry(ms),
    onError: (e) => {
      parseError = e.message;
    },
    maxBufferSize: MAX_BODY_BYTES,
  });
  const decoder = new TextDecoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    // 0 means "never stalls": the legacy stream cannot be resumed, and an idle server is normal.
    if (!(idleMs > 0 && idleMs < 2 ** 31)) return;
    timer = setTimeout(() => {
      stalled = true;
      ex.controller.abort();
    }, idleMs);
  };
  const reader = ex.response.body?.getReader();
  try {
    arm();
    for (;;) {
      if (!reader) break;
      const { done, value } = await reader.read();
      if (done) break;
      arm();
      bytes += value.byteLength;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
    return { end: 'done', bytes, events, error: parseError };
  } catch (e) {
    if (stalled) return { end: 'stalled', bytes, events, error: `no bytes for ${idleMs} ms: the stream stalled` };
    if (ex.signal.aborted) return { end: 'aborted', bytes, events };
    return { end: 'error', bytes, events, error: `the stream broke: ${(e as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}
