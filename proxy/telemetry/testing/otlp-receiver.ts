/**
 * An OTLP/HTTP receiver for tests, as a Collector would listen for `--otlp`: POST /v1/traces and
 * /v1/metrics on 127.0.0.1, JSON bodies parsed against the OTLP/JSON shape (otlp-json.ts). What
 * does not fit is kept in `problems`, never dropped, so a test can say what was wrong.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MetricsRequest, TraceRequest, type OtlpKeyValue, type OtlpMetric, type OtlpSpan } from './otlp-json';

export type Flat = Record<string, string | number | boolean>;

export interface ReceivedSpan extends OtlpSpan {
  /** The attributes as a plain object. */
  attrs: Flat;
  /** The resource's attributes. */
  resource: Flat;
}

export interface ReceivedMetric extends OtlpMetric {
  resource: Flat;
}

/** Attributes as a plain object (intValue as a number: the tests compare small ones). */
export function flat(kvs: OtlpKeyValue[] | undefined): Flat {
  const out: Flat = {};
  for (const { key, value } of kvs ?? []) {
    const v = value.stringValue ?? value.boolValue ?? value.doubleValue ?? (value.intValue !== undefined ? Number(value.intValue) : undefined);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (text += c));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  readonly metrics: ReceivedMetric[] = [];
  readonly problems: string[] = [];
  /** Export requests received, by path. */
  readonly requests: string[] = [];
  private readonly waiters = new Set<() => void>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<OtlpReceiver> {
    // Requests come only once it listens, by when `receiver` is set.
    const server = createServer((req, res) => {
      void body(req).then((text) => {
        receiver.take(req.url ?? '', req.headers['content-type'] ?? '', text);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const receiver = new OtlpReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return receiver;
  }

  /** Resolves with what `find` finds once it finds something, checking after every request. */
  waitFor<T>(find: () => T | undefined): Promise<T> {
    return new Promise((resolve) => {
      const look = () => {
        const found = find();
        if (found === undefined) return;
        this.waiters.delete(look);
        resolve(found);
      };
      this.waiters.add(look);
      look();
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private take(path: string, type: string, text: string): void {
    this.requests.push(path);
    if (!type.startsWith('application/json')) this.problems.push(`${path}: content-type ${type}, not application/json`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      this.problems.push(`${path}: not JSON: ${(e as Error).message}`);
      return;
    }
    if (path === '/v1/traces') this.traces(json);
    else if (path === '/v1/metrics') this.metricsOf(json);
    else this.problems.push(`a POST to ${path}, which is neither /v1/traces nor /v1/metrics`);
    for (const look of [...this.waiters]) look();
  }

  private traces(json: unknown): void {
    const parsed = TraceRequest.safeParse(json);
    if (!parsed.success) return void this.problems.push(`/v1/traces: ${parsed.error.message}`);
    for (const rs of parsed.data.resourceSpans) {
      const resource = flat(rs.resource?.attributes);
      for (const ss of rs.scopeSpans) for (const s of ss.spans ?? []) this.spans.push({ ...s, attrs: flat(s.attributes), resource });
    }
  }

  private metricsOf(json: unknown): void {
    const parsed = MetricsRequest.safeParse(json);
    if (!parsed.success) return void this.problems.push(`/v1/metrics: ${parsed.error.message}`);
    for (const rm of parsed.data.resourceMetrics) {
      const resource = flat(rm.resource?.attributes);
      for (const sm of rm.scopeMetrics) for (const m of sm.metrics) this.metrics.push({ ...m, resource });
    }
  }
}
