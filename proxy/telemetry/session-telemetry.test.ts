/**
 * The live export holds what its open spans need, not the session: a call is let go once its span
 * ended, and a frame once judged, so a session of any length streams in memory that does not grow.
 */
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Script } from '../../lib/analyze/testing';
import { CLIENT_DURATION, SERVER_DURATION } from '../../lib/mcp/semconv';
import { traceToOtlp } from '../../lib/render/otlp';
import { readTraceText } from '../../lib/trace/reader';
import { SessionTelemetry } from './session-telemetry';

function telemetry() {
  const exporter = new InMemorySpanExporter();
  const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('test');
  const meter = new MeterProvider().getMeter('test');
  const durations = { [CLIENT_DURATION]: meter.createHistogram(CLIENT_DURATION), [SERVER_DURATION]: meter.createHistogram(SERVER_DURATION) };
  const failures: Error[] = [];
  const t = new SessionTelemetry({ tracer, durations, close: async () => {} }, { name: 'test', originMs: 0, transport: 'stdio' }, (e) => failures.push(e));
  return { t, exporter, failures };
}

const CALLS = 200;

describe('SessionTelemetry', () => {
  it("lets go of each call once its span ended, and of each frame once judged, on the session's channel and an app's", async () => {
    const s = new Script()
      .c({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } })
      .s({ jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } })
      .c({ jsonrpc: '2.0', method: 'notifications/initialized' });
    for (let id = 1; id <= CALLS; id++) {
      s.c({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { message: 'x'.repeat(1000) } } });
      s.app('app:1', 'c2s', { jsonrpc: '2.0', id, method: 'ui/message', params: { n: id } });
      s.s({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'y'.repeat(1000) }] } });
      s.app('app:1', 's2c', { jsonrpc: '2.0', id, result: {} });
    }
    s.c({ jsonrpc: '2.0', id: 'last', method: 'tools/list' });
    const { t, exporter, failures } = telemetry();
    for (let i = 0; i < s.frames.length; i += 3) t.push(s.frames.slice(i, i + 3));

    // Only the open tools/list is held, with its span; every answered call was let go.
    expect(t.held()).toEqual({ openSpans: 1, frames: 0, calls: 1, exchanges: 0 });
    const ended = exporter.getFinishedSpans();
    expect(ended).toHaveLength(1 + 2 * CALLS);
    expect(ended.filter((x) => x.name === 'tools/call echo')).toHaveLength(CALLS);
    expect(ended.filter((x) => x.attributes['loupe.channel'] === 'app:1')).toHaveLength(CALLS);
    // The version negotiated at the start still reaches the spans that end long after.
    expect(ended.findLast((x) => x.name === 'tools/call echo')?.attributes['mcp.protocol.version']).toBe('2025-11-25');

    await t.end();
    expect(t.held()).toEqual({ openSpans: 0, frames: 0, calls: 0, exchanges: 0 });
    const last = exporter.getFinishedSpans().at(-1)!;
    expect([last.name, last.attributes['error.type']]).toEqual(['tools/list', 'no_response']);
    expect(failures).toEqual([]);
  });

  it('holds a frame that came ahead of a gap only until the gap fills', () => {
    const s = new Script().c({ jsonrpc: '2.0', id: 1, method: 'tools/list' }).s({ jsonrpc: '2.0', id: 1, result: { tools: [] } });
    const { t, exporter } = telemetry();
    t.push([s.frames[1]]);
    expect(t.held()).toEqual({ openSpans: 0, frames: 1, calls: 0, exchanges: 0 });
    t.push(s.frames);
    expect(t.held()).toEqual({ openSpans: 0, frames: 0, calls: 0, exchanges: 0 });
    expect(exporter.getFinishedSpans().map((x) => x.name)).toEqual(['tools/list']);
  });

  it('lets go of each HTTP exchange once it ended, and streams the spans the file export gives', async () => {
    const golden = readTraceText(readFileSync(new URL('../../e2e/golden/everything-http.v1.loupe.ndjson', import.meta.url), 'utf8'));
    const { t, exporter, failures } = telemetry();
    for (let i = 0; i < golden.frames.length; i += 4) t.push(golden.frames.slice(i, i + 4));
    await t.end();
    expect(t.held()).toEqual({ openSpans: 0, frames: 0, calls: 0, exchanges: 0 });
    const file = (traceToOtlp(golden, 'test') as { resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[] }).resourceSpans[0].scopeSpans[0].spans;
    const live = exporter.getFinishedSpans();
    expect(live.length).toBeGreaterThan(3);
    expect(live.map((x) => x.name).sort()).toEqual(file.map((x) => x.name).sort());
    expect(failures).toEqual([]);
  });
});
