/** Builds the frames the HTTP transports record, exchange by exchange, for the analyser's cases and tests. */
import type { Frame } from '../../mcp/frame';
import { toFrame } from '../../mcp/frame-check';

export interface ExchangeSpec {
  method?: string;
  /** Default: the MCP endpoint, http://127.0.0.1/mcp. */
  url?: string;
  /** With `stream: 'oauth'`: the step of the chain. */
  oauth?: string;
  headers?: Record<string, string>;
  body?: unknown;
  stream?: string;
  status?: number;
  type?: string;
  resHeaders?: Record<string, string>;
  answers?: { body: unknown; eventId?: string }[];
  lastEventId?: string;
  /** The body as the end frame records it when it carried no message (an error page, a refusal). */
  endBody?: string;
  /** The exchange failed before any response head: only its end frame follows, with this error. */
  failure?: { errorCode: 'network' | 'timeout'; error: string };
}

export class HttpScript {
  readonly frames: Frame[] = [];
  /** The seq of the last exchange's request head: the exchange's id in its frames' meta. */
  lastExchange = 0;

  private add(dir: Frame['dir'], lane: Frame['lane'], raw: string, meta: Record<string, unknown>): number {
    const seq = this.frames.length + 1;
    this.frames.push(toFrame({ seq, ts: seq * 1000, dir, lane, raw, size: raw.length, meta: { transport: 'http', ...meta } }));
    return seq;
  }

  /** One exchange: the request head, its body, the response head, the messages it carried, the end. */
  exchange(o: ExchangeSpec): this {
    const method = o.method ?? 'POST';
    const stream = o.stream ?? 'post';
    const url = o.url ?? 'http://127.0.0.1/mcp';
    const step = o.oauth !== undefined ? { oauth: o.oauth } : {};
    const ex = this.add('c2s', 'http', `${method} ${new URL(url).pathname} HTTP/1.1\r\n\r\n`, {
      phase: 'request',
      method,
      url,
      ...step,
      headers: Object.entries(o.headers ?? {}),
      stream,
      ...(o.lastEventId !== undefined ? { lastEventId: o.lastEventId } : {}),
    });
    this.lastExchange = ex;
    if (o.body !== undefined) this.add('c2s', 'message', JSON.stringify(o.body), { exchange: ex, stream });
    if (o.failure) {
      this.add('s2c', 'http', '', { phase: 'end', exchange: ex, stream, ...step, ...o.failure });
      return this;
    }
    const resHeaders = { ...(o.type ? { 'content-type': o.type } : {}), ...o.resHeaders };
    this.add('s2c', 'http', '', {
      phase: 'response',
      exchange: ex,
      stream,
      status: o.status ?? 200,
      statusText: '',
      headers: Object.entries(resHeaders),
      contentType: o.type,
    });
    for (const a of o.answers ?? [])
      this.add('s2c', 'message', JSON.stringify(a.body), { exchange: ex, stream, eventId: a.eventId, ...(o.lastEventId ? { resumption: true } : {}) });
    this.add('s2c', 'http', o.endBody ?? '', { phase: 'end', exchange: ex, stream, ...step });
    return this;
  }
}
