/**
 * HAR 1.2 of the http lane, for browser devtools: one entry per exchange of the session's model
 * (lib/mcp/http-exchanges.ts builds them; the analyser's http.* rules read the same ones).
 */
import { headerValue, type Frame, type HeaderPairs, type TransportKind } from '../mcp/frame';
import { requestBody, type HttpExchange } from '../mcp/http-exchanges';
import { modelOf, type SessionModel } from '../model/session-model';
import type { Trace } from '../trace/format';
import { originMs } from '../trace/time';

const nameValues = (h: HeaderPairs) => h.map(([name, value]) => ({ name, value }));
const byteLength = (text: string) => new TextEncoder().encode(text).length;

function responseBody(ex: HttpExchange, sse: boolean): string {
  const parts = ex.received.map((frame) => {
    const m = frame.meta?.transport === 'http' && frame.lane === 'message' ? frame.meta : undefined;
    if (!sse) return frame.raw;
    return `${m?.eventId ? `id: ${m.eventId}\n` : ''}${m?.event ? `event: ${m.event}\n` : ''}data: ${frame.raw}\n\n`;
  });
  return parts.join(sse ? '' : '\n') + (ex.end?.raw ?? '');
}

function entry(ex: HttpExchange, origin: number) {
  const mimeType = ex.contentType ?? '';
  const body = requestBody(ex);
  const text = responseBody(ex, mimeType.startsWith('text/event-stream'));
  const headersUs = ex.response?.ts ?? ex.sentAt;
  const doneUs = ex.end?.ts ?? headersUs;
  const wait = (headersUs - ex.sentAt) / 1000;
  const receive = (doneUs - headersUs) / 1000;
  let query: { name: string; value: string }[] = [];
  try {
    query = [...new URL(ex.url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    // A URL that does not parse keeps an empty query list; the url field still shows it.
  }
  return {
    startedDateTime: new Date(origin + ex.sentAt / 1000).toISOString(),
    time: wait + receive,
    request: {
      method: ex.method,
      url: ex.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(ex.requestHeaders),
      queryString: query,
      ...(body !== undefined ? { postData: { mimeType: headerValue(ex.requestHeaders, 'content-type') ?? 'application/json', text: body } } : {}),
      headersSize: -1,
      bodySize: body === undefined ? 0 : byteLength(body),
    },
    response: {
      status: ex.status ?? 0,
      statusText: ex.statusText ?? (ex.error ? `error: ${ex.error}` : ''),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(ex.responseHeaders),
      content: { size: byteLength(text), mimeType, text },
      redirectURL: headerValue(ex.responseHeaders, 'location') ?? '',
      headersSize: -1,
      bodySize: ex.bytes ?? -1,
    },
    cache: {},
    timings: { send: 0, wait, receive },
    comment: `Loupe frames ${ex.id}${ex.response ? `, ${ex.response.seq}` : ''}${ex.end ? `, ${ex.end.seq}` : ''}`,
  };
}

/**
 * Why a HAR of these frames holds no entry, in one sentence a person can act on; undefined when
 * it holds some. HAR records HTTP requests and responses only: a stdio session has none, and the
 * export dialog, the CLI and the file's own `log.comment` say so rather than hand over an empty
 * file with no word of why.
 */
export function harEmptyReason(frames: readonly Frame[], transport: TransportKind): string | undefined {
  if (frames.some((f) => f.lane === 'http' && f.meta?.transport === 'http' && f.meta.phase === 'request')) return undefined;
  const messages = frames.filter((f) => f.lane === 'message').length;
  const rest = `HAR records HTTP requests and responses only; the ${messages} message${messages === 1 ? '' : 's'} are in the Loupe trace, HTML, OTLP and Mermaid exports`;
  if (transport === 'stdio') return `This session ran over stdio, so it has no HTTP exchanges: ${rest}.`;
  return `The frames exported hold no HTTP exchange (no request of the http lane is in scope): ${rest}.`;
}

/** `model`: the session's, when the caller already holds it; else the trace's frames build one. */
export function traceToHar(trace: Trace, creatorVersion: string, model: Pick<SessionModel, 'exchanges'> = modelOf(trace.frames)): object {
  const origin = originMs(trace.header);
  const entries = model.exchanges.all.map((ex) => entry(ex, origin));
  const empty = entries.length === 0 ? harEmptyReason(trace.frames, trace.header.target.transport) : undefined;
  return { log: { version: '1.2', creator: { name: 'Loupe', version: creatorVersion }, entries, ...(empty ? { comment: empty } : {}) } };
}
