/**
 * HAR 1.2 of the http lane, for browser devtools. An exchange is the request frame (phase
 * `request`), its response-head frame, its `end` frame and the message frames it carried, all
 * linked by `meta.exchange` (the request frame's seq).
 */
import type { Frame } from '../mcp/frame';
import type { Trace } from './format';
import { originMs } from './time';

type Meta = Record<string, unknown>;

interface Exchange {
  request: Frame;
  response?: Frame;
  end?: Frame;
  sent: Frame[];
  received: Frame[];
}

const meta = (f: Frame): Meta => (f.meta ?? {}) as Meta;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function headerList(h: unknown): { name: string; value: string }[] {
  if (Array.isArray(h)) return h.filter((p) => Array.isArray(p) && p.length === 2).map(([name, value]) => ({ name: String(name), value: String(value) }));
  if (typeof h === 'object' && h !== null) return Object.entries(h).map(([name, value]) => ({ name, value: String(value) }));
  return [];
}

function exchanges(frames: readonly Frame[]): Exchange[] {
  const byId = new Map<number, Exchange>();
  for (const f of frames) {
    const m = meta(f);
    if (f.lane === 'http' && m.phase === 'request') {
      byId.set(f.seq, { request: f, sent: [], received: [] });
      continue;
    }
    const ex = typeof m.exchange === 'number' ? byId.get(m.exchange) : undefined;
    if (!ex) continue;
    if (f.lane === 'message') (f.dir === 'c2s' ? ex.sent : ex.received).push(f);
    else if (m.phase === 'response') ex.response = f;
    else if (m.phase === 'end') ex.end = f;
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
  const parts = ex.received.map((f) => {
    if (!sse) return f.raw;
    const id = str(meta(f).eventId);
    const event = str(meta(f).event);
    return `${id ? `id: ${id}\n` : ''}${event ? `event: ${event}\n` : ''}data: ${f.raw}\n\n`;
  });
  return parts.join(sse ? '' : '\n') + (ex.end?.raw ?? '');
}

function headerValue(headers: { name: string; value: string }[], name: string): string | undefined {
  return headers.find((h) => h.name.toLowerCase() === name)?.value;
}

export function traceToHar(trace: Trace, creatorVersion: string): object {
  const origin = originMs(trace.header);
  const entries = exchanges(trace.frames).map((ex) => {
    const rq = meta(ex.request);
    const rs = ex.response ? meta(ex.response) : {};
    const url = str(rq.url) ?? '';
    const reqHeaders = headerList(rq.headers ?? rq.requestHeaders);
    const resHeaders = headerList(rs.headers ?? rs.responseHeaders);
    const mimeType = str(rs.contentType) ?? headerValue(resHeaders, 'content-type') ?? '';
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
    const error = str(meta(ex.end ?? ex.request).error);
    const endBytes = ex.end ? meta(ex.end).bytes : undefined;
    return {
      startedDateTime: new Date(origin + sentUs / 1000).toISOString(),
      time: wait + receive,
      request: {
        method: str(rq.method) ?? 'GET', url, httpVersion: 'HTTP/1.1', cookies: [], headers: reqHeaders, queryString: query,
        ...(body !== undefined ? { postData: { mimeType: headerValue(reqHeaders, 'content-type') ?? 'application/json', text: body } } : {}),
        headersSize: -1, bodySize: body === undefined ? 0 : new TextEncoder().encode(body).length,
      },
      response: {
        status: typeof rs.status === 'number' ? rs.status : 0, statusText: str(rs.statusText) ?? (error ? `error: ${error}` : ''),
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
  return { log: { version: '1.2', creator: { name: 'Loupe', version: creatorVersion }, entries } };
}
