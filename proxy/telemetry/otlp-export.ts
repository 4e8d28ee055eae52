/**
 * Live OpenTelemetry export over OTLP/HTTP (JSON), through the OpenTelemetry JS SDK. Each session
 * gets a tracer provider and a meter provider of its own, whose resource names the server it
 * talks to (as the OTLP file export does), with spans sent in batches (BatchSpanProcessor) and
 * the duration histograms every few seconds (PeriodicExportingMetricReader). A session's end
 * flushes what it has; `shutdown()` waits for every session's flush, within a limit.
 *
 * Export never holds a session up: spans and measurements are handed to the SDK, which sends them
 * from its own timers; a receiver that is down or refuses them is reported once, as a warning, and
 * the session goes on. Nothing is written to stdout (a stdio tap's stdout is the protocol), and no
 * global OpenTelemetry provider is registered.
 */
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { CLIENT_DURATION, DURATION_BUCKETS, SERVER_DURATION, resourceAttributes } from '../../lib/mcp/semconv';
import { LOUPE_VERSION } from '../../lib/version';
import type { OtlpEndpoint } from '../../lib/wire/otlp-endpoint';
import { SessionTelemetry, type SessionDescription, type SessionInstruments } from './session-telemetry';

export interface OtlpExportOptions {
  endpoint: OtlpEndpoint;
  /** Told once: the first time the receiver cannot be reached or refuses what was sent. */
  warn: (text: string) => void;
  /** How long finished spans wait to be sent together (ms). */
  spanDelayMs?: number;
  /** How often the histograms are sent while a session runs (ms). */
  metricIntervalMs?: number;
  /** How long one request to the receiver may take (ms). */
  timeoutMs?: number;
}

const DEFAULTS = { spanDelayMs: 1000, metricIntervalMs: 10_000, timeoutMs: 5000 };

export class OtlpExport {
  private readonly options: Required<OtlpExportOptions>;
  private readonly closing = new Set<Promise<void>>();
  private warned = false;

  constructor(options: OtlpExportOptions) {
    this.options = { ...DEFAULTS, ...options };
  }

  get endpoint(): OtlpEndpoint {
    return this.options.endpoint;
  }

  /** Telemetry for one session: feed it the session's frames, then `end()` it. Undefined (and
   *  reported) when the SDK cannot be set up for it: the session goes on without. */
  session(description: SessionDescription): SessionTelemetry | undefined {
    try {
      return new SessionTelemetry(this.instruments(description.name), description, (e) => this.failed('recording a session', e));
    } catch (e) {
      this.failed('starting the export of a session', e as Error);
      return undefined;
    }
  }

  /** Waits for every ended session's last spans and measurements to be sent, for at most `limitMs`. */
  async shutdown(limitMs = this.options.timeoutMs + 1000): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
    await Promise.race([Promise.allSettled([...this.closing]), limit]);
    clearTimeout(timer);
  }

  private instruments(serverName: string): SessionInstruments {
    const { endpoint, spanDelayMs, metricIntervalMs, timeoutMs } = this.options;
    const resource = resourceFromAttributes(resourceAttributes(serverName));
    const spans = this.reporting('spans', new OTLPTraceExporter({ url: endpoint.traces, timeoutMillis: timeoutMs }));
    const tracers = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(spans, { scheduledDelayMillis: spanDelayMs })] });
    const metrics = this.reporting('metrics', new OTLPMetricExporter({ url: endpoint.metrics, timeoutMillis: timeoutMs }));
    // The reader refuses a send that may outlast the interval between two sends.
    const reader = new PeriodicExportingMetricReader({
      exporter: metrics,
      exportIntervalMillis: metricIntervalMs,
      exportTimeoutMillis: Math.min(timeoutMs, metricIntervalMs),
    });
    const meters = new MeterProvider({ resource, readers: [reader] });
    const meter = meters.getMeter('loupe', LOUPE_VERSION);
    const histogram = (name: string, description: string) =>
      meter.createHistogram(name, { unit: 's', description, advice: { explicitBucketBoundaries: DURATION_BUCKETS } });
    return {
      tracer: tracers.getTracer('loupe', LOUPE_VERSION),
      durations: {
        [CLIENT_DURATION]: histogram(CLIENT_DURATION, 'The duration of an MCP request the client sent, from the request to its response on the wire.'),
        [SERVER_DURATION]: histogram(SERVER_DURATION, 'The duration of an MCP request the server sent, from the request to its response on the wire.'),
      },
      close: () => {
        const done = Promise.allSettled([tracers.shutdown(), meters.shutdown()]).then(() => undefined);
        this.closing.add(done);
        return done;
      },
    };
  }

  /** Watches what an exporter's sends come to, so that the first failure is reported. */
  private reporting<T extends { export(items: never, done: (result: ExportResult) => void): void }>(what: string, exporter: T): T {
    const send = exporter.export.bind(exporter) as (items: unknown, done: (result: ExportResult) => void) => void;
    (exporter as unknown as { export: typeof send }).export = (items, done) =>
      send(items, (result) => {
        if (result.code !== ExportResultCode.SUCCESS) this.failed(`sending ${what}`, result.error);
        done(result);
      });
    return exporter;
  }

  /** Reports a failure of the export (the first one only). */
  failed(what: string, error: Error | undefined): void {
    if (this.warned) return;
    this.warned = true;
    const why = error?.message || 'the receiver refused it';
    this.options.warn(
      `OpenTelemetry export to ${this.options.endpoint.base}: ${what} failed: ${why}. Sessions go on as before; further export errors are not reported.`,
    );
  }
}
