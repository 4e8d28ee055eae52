/**
 * HAR 1.2 of the http lane, for browser devtools. An exchange is the request frame (phase
 * `request`), its response-head frame, its `end` frame and the message frames it carried, all
 * linked by `meta.exchange` (the request frame's seq).
 */
import type { Frame, HeaderPairs, TransportKind, HttpEndMeta, HttpFrame, HttpMessageMeta, HttpRequestMeta, HttpResponseMeta } from '../mcp/frame';
import type { Trace } from '../trace/format';
import { originMs } from '../trace/time';

interface Exchange {
  request: HttpFrame;
  rq: HttpRequestMeta;
  response?: HttpFrame;
  rs?: HttpResponseMeta;
  end?: HttpFrame;
  em?: HttpEndMeta;
  sent: Frame[];
  received: { frame: Frame; sse?: HttpMessageMeta }[];
}

function headerList(h: HeaderPairs): { name: string; value: string }[] {
  return h.map(([name, value]) => ({ name, value }));
}

function exchanges(frames: readonly Frame[]): Exchange[] {
  const byId = new Map<number, Exchange>();
  for (const f of frames) {
    if (f.lane === 'http' && f.meta) {
      const m = f.meta;
      if (m.phase === 'request') byId.set(f.seq, { request: f, rq: m, sent: [], received: [] });
      const ex = m.phase === 'request' ? undefined : byId.get(m.exchange);
      if (ex && m.phase === 'response') [ex.response, ex.rs] = [f, m];
      else if (ex && m.phase === 'end') [ex.end, ex.em] = [f, m];
    } else if (f.lane === 'message' && f.meta?.transport === 'http' && f.meta.exchange !== undefined) {
      const ex = byId.get(f.meta.exchange);
      if (ex && f.dir === 'c2s') ex.sent.push(f);
      else if (ex) ex.received.push({ frame: f, sse: f.meta });
    }
  }
  return [...byId.values()];
}

/** The request body: a message frame it carried, else the text after the head in the raw. */
function requestBody(ex: Exchange): string | undefined {
  if (ex.sent.length > 0) return ex.sent.map((f) => f.raw).join('\n');
  const at = ex.request.raw.indexOf('\r\n\r\n');
  const body = at === -1 ? '' : ex.request.raw.slice(at + 4);
  return body || undefined;
}

function responseBody(ex: Exchange, sse: boolean): string {
  const parts = ex.received.map(({ frame, sse: m }) => {
    if (!sse) return frame.raw;
    const id = m?.eventId;
    const event = m?.event;
    return `${id ? `id: ${id}\n` : ''}${event ? `event: ${event}\n` : ''}data: ${frame.raw}\n\n`;
  });
  return parts.join(sse ? '' : '\n') + (ex.end?.raw ?? '');
}

function headerValue(headers: { name: string; value: string }[], name: string): string | undefined {
  return headers.find((h) => h.name.toLowerCase() === name)?.value;
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

export function traceToHar(trace: Trace, creatorVersion: string): object {
  const origin = originMs(trace.header);
  const entries = exchanges(trace.frames).map((ex) => {
    const { rq, rs, em } = ex;
    const url = rq.url;
    const reqHeaders = headerList(rq.headers);
    const resHeaders = headerList(rs?.headers ?? []);
    const mimeType = rs?.contentType ?? headerValue(resHeaders, 'content-type') ?? '';
    const body = requestBody(ex);
    const text = responseBody(ex, mimeType.startsWith('text/event-stream'));
    const sentUs = ex.request.ts;
    const headersUs = ex.response?.ts ?? sentUs;
    const doneUs = ex.end?.ts ?? headersUs;
    const wait = (headersUs - sentUs) / 1000;
    const receive = (doneUs - headersUs) / 1000;
    let query: { name: string; value: string }[] = [];
    try {
      query = [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
    } catch {
      // A URL that does not parse keeps an empty query list; the url field still shows it.
    }
    const error = em?.error;
    const endBytes = em?.bytes;
    return {
      startedDateTime: new Date(origin + sentUs / 1000).toISOString(),
      time: wait + receive,
      request: {
        method: rq.method, url, httpVersion: 'HTTP/1.1', cookies: [], headers: reqHeaders, queryString: query,
        ...(body !== undefined ? { postData: { mimeType: headerValue(reqHeaders, 'content-type') ?? 'application/json', text: body } } : {}),
        headersSize: -1, bodySize: body === undefined ? 0 : new TextEncoder().encode(body).length,
      },
      response: {
        status: rs?.status ?? 0, statusText: rs?.statusText ?? (error ? `error: ${error}` : ''),
        httpVersion: 'HTTP/1.1', cookies: [], headers: resHeaders,
        content: { size: new TextEncoder().encode(text).length, mimeType, text },
        redirectURL: headerValue(resHeaders, 'location') ?? '', headersSize: -1,
        bodySize: typeof endBytes === 'number' ? endBytes : -1,
      },
      cache: {},
      timings: { send: 0, wait, receive },
      comment: `Loupe frames ${ex.request.seq}${ex.response ? `, ${ex.response.seq}` : ''}${ex.end ? `, ${ex.end.seq}` : ''}`,
    };
  });
  const empty = harEmptyReason(trace.frames, trace.header.target.transport);
  return { log: { version: '1.2', creator: { name: 'Loupe', version: creatorVersion }, entries, ...(empty ? { comment: empty } : {}) } };
}
