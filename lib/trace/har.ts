/**
 * HAR 1.2 of the http lane, for browser devtools. The exchanges are the session model's
 * (lib/model/http-exchanges.ts), the same the HTTP detail pane shows.
 */
import type { Frame } from '../mcp/frame';
import type { Trace } from './format';
import { originMs } from './time';
import { exchangesOf, type HttpExchange } from '../model/http-exchanges';

type Meta = Record<string, unknown>;

const meta = (f: Frame): Meta => (f.meta ?? {}) as Meta;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** An exchange with its message frames at hand (the model's exchange names them by seq). */
interface Exchange {
  ex: HttpExchange;
  request: Frame;
  response?: Frame;
  end?: Frame;
  sent: Frame[];
  received: Frame[];
}

function exchanges(frames: readonly Frame[]): Exchange[] {
  const bySeq = new Map(frames.map((f) => [f.seq, f]));
  const frameList = (seqs: number[]) => seqs.map((s) => bySeq.get(s)).filter((f): f is Frame => f !== undefined);
  return exchangesOf(frames).map((ex) => ({ ex, request: ex.request, response: ex.response, end: ex.end, sent: frameList(ex.sent), received: frameList(ex.received) }));
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
    const url = ex.ex.url;
    const reqHeaders = ex.ex.requestHeaderList;
    const resHeaders = ex.ex.responseHeaderList;
    const mimeType = ex.ex.contentType ?? '';
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
    const error = ex.ex.error ?? str(meta(ex.request).error);
    const endBytes = ex.ex.bytes;
    return {
      startedDateTime: new Date(origin + sentUs / 1000).toISOString(),
      time: wait + receive,
      request: {
        method: ex.ex.method === '?' ? 'GET' : ex.ex.method, url, httpVersion: 'HTTP/1.1', cookies: [], headers: reqHeaders, queryString: query,
        ...(body !== undefined ? { postData: { mimeType: headerValue(reqHeaders, 'content-type') ?? 'application/json', text: body } } : {}),
        headersSize: -1, bodySize: body === undefined ? 0 : new TextEncoder().encode(body).length,
      },
      response: {
        status: ex.ex.status ?? 0, statusText: ex.ex.statusText ?? (error ? `error: ${error}` : ''),
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
