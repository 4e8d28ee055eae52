import { afterEach, describe, expect, it } from 'vitest';
import { Registry } from '../sessions/registry';
import { everythingServer } from '../sessions/test-support';
import type { LiveSession } from '../sessions/types';
import { freeLoopbackPort } from '../shared/free-port';
import { exportRegistrySessions } from './live-sessions';
import { parseOtlpEndpoint, type OtlpEndpoint } from '../../lib/wire/otlp-endpoint';
import type { StdioConnection } from '../../lib/wire/connection';
import { OtlpReceivers } from './otlp-receivers';
import { OtlpReceiver, flat, type ReceivedSpan } from './testing/otlp-receiver';

const CALLER = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };
const TRACEPARENT = `00-${CALLER.traceId}-${CALLER.spanId}-01`;

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo();
});

function endpoint(url: string): OtlpEndpoint {
  const e = parseOtlpEndpoint(url);
  if (typeof e === 'string') throw new Error(e);
  return e;
}

/** A registry whose sessions are exported to `url` (as `loupe start --otlp URL` does), answering
 *  roots/list as a headless client does. */
async function exportingRegistry(url: string | undefined, warnings: string[] = []) {
  const otlp = new OtlpReceivers(url === undefined ? undefined : endpoint(url), (w) => warnings.push(w), { spanDelayMs: 20, metricIntervalMs: 100 });
  const registry = new Registry({ session: { transport: { closeGraceMs: 500, killGraceMs: 500 } } });
  exportRegistrySessions(otlp, registry);
  cleanup.push(() => registry.closeAll());
  const open = async (connection: StdioConnection = everythingServer()): Promise<LiveSession> => {
    const session = registry.open(connection, { protocolVersion: '2025-11-25', clientCapabilities: { roots: {} } });
    session.on('pending', (pending) => {
      for (const p of pending) if (p.method === 'roots/list') session.answer(p.key, { result: { roots: [] } });
    });
    await new Promise<void>((resolve) => {
      const ready = () => session.summary().status === 'ready' && (off(), resolve());
      const off = session.on('summary', ready);
      ready();
    });
    return session;
  };
  return { otlp, registry, open };
}

describe('live OpenTelemetry export of a proxy session', () => {
  it('streams spans and duration histograms while the session runs, in the caller trace a traceparent names', async () => {
    const receiver = await OtlpReceiver.start();
    cleanup.push(() => receiver.close());
    const warnings: string[] = [];
    const { otlp, open } = await exportingRegistry(receiver.url, warnings);
    const session = await open();

    await session.request('tools/call', { name: 'echo', arguments: { message: 'hi' }, _meta: { traceparent: TRACEPARENT } });
    await session.request('tools/call', { name: 'no-such-tool', arguments: {} }).catch(() => undefined);

    // Both arrive while the session is still open: live, not at its end.
    const echo = await receiver.waitFor(() => receiver.spans.find((s) => s.name === 'tools/call echo'));
    const missing = await receiver.waitFor(() => receiver.spans.find((s) => s.name === 'tools/call no-such-tool'));
    expect(session.summary().status).toBe('ready');
    expect(echo).toMatchObject({ kind: 3, traceId: CALLER.traceId, parentSpanId: CALLER.spanId, status: { code: 0 } });
    expect(echo.attrs).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'pipe',
    });
    expect(typeof echo.attrs['jsonrpc.request.id']).toBe('string');
    expect(echo.attrs['error.type']).toBeUndefined();
    expect(echo.resource['service.name']).toBe('server-everything');
    expect(BigInt(echo.endTimeUnixNano) > BigInt(echo.startTimeUnixNano)).toBe(true);
    // Without a traceparent a span is a root of its own trace.
    expect(missing.parentSpanId ?? '').toBe('');
    expect(missing.traceId).not.toBe(CALLER.traceId);
    expect(missing.status.code).toBe(2);
    expect(missing.attrs['error.type']).toMatch(/^(-?\d+|tool_error)$/);

    const clientDurations = await receiver.waitFor(() => {
      const m = receiver.metrics.find(
        (x) => x.name === 'mcp.client.operation.duration' && x.histogram?.dataPoints.some((p) => flat(p.attributes)['gen_ai.tool.name'] === 'echo'),
      );
      return m?.histogram;
    });
    const point = clientDurations.dataPoints.find((p) => flat(p.attributes)['gen_ai.tool.name'] === 'echo')!;
    expect(flat(point.attributes)).toEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'pipe',
    });
    expect(point.count).toBe(1);
    expect(point.explicitBounds).toEqual([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300]);
    const unit = receiver.metrics.find((x) => x.name === 'mcp.client.operation.duration')!.unit;
    expect(unit).toBe('s');

    // server-everything asks for the client's roots: a request the server sent, measured as a server operation.
    const roots = await receiver.waitFor(() => receiver.spans.find((s) => s.name === 'roots/list'));
    expect(roots.kind).toBe(2);
    await receiver.waitFor(() => receiver.metrics.find((x) => x.name === 'mcp.server.operation.duration'));

    await session.close();
    await otlp.shutdown();
    expect(receiver.problems).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('ends a request still open when the session ends as no_response', async () => {
    const receiver = await OtlpReceiver.start();
    cleanup.push(() => receiver.close());
    const { otlp, open } = await exportingRegistry(receiver.url);
    const session = await open();
    const long = session.request('tools/call', { name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 1 } });
    long.catch(() => undefined);
    // The request is on the wire before the session is closed under it.
    await new Promise<void>((resolve) => {
      const sent = () => session.frames().some((f) => f.dir === 'c2s' && f.raw.includes('trigger-long-running-operation')) && (off(), resolve());
      const off = session.on('frames', sent);
      sent();
    });
    await session.close();
    await otlp.shutdown();
    const span: ReceivedSpan = await receiver.waitFor(() => receiver.spans.find((s) => s.name === 'tools/call trigger-long-running-operation'));
    expect(span.attrs['error.type']).toBe('no_response');
    expect(span.status).toEqual({ code: 2, message: 'no response before the session ended' });
    // It has no duration to measure.
    const measured = receiver.metrics
      .flatMap((m) => m.histogram?.dataPoints ?? [])
      .some((p) => flat(p.attributes)['gen_ai.tool.name'] === 'trigger-long-running-operation');
    expect(measured).toBe(false);
  });

  it("sends a connection's sessions to the receiver its client settings name, with no --otlp", async () => {
    const receiver = await OtlpReceiver.start();
    cleanup.push(() => receiver.close());
    const { otlp, open } = await exportingRegistry(undefined);
    const session = await open({ ...everythingServer(), options: { settings: { otlpUrl: receiver.url } } });
    await session.request('tools/call', { name: 'echo', arguments: { message: 'hi' } });
    const echo = await receiver.waitFor(() => receiver.spans.find((s) => s.name === 'tools/call echo'));
    expect(echo.resource['service.name']).toBe('server-everything');
    // A connection without the setting goes nowhere.
    const plain = await open();
    await plain.request('tools/call', { name: 'get-sum', arguments: { a: 1, b: 2 } });
    await plain.close();
    await session.close();
    await otlp.shutdown();
    expect(receiver.spans.some((s) => s.name === 'tools/call get-sum')).toBe(false);
  });

  it('says once that the receiver cannot be reached, and the session goes on', async () => {
    const port = await freeLoopbackPort();
    const warnings: string[] = [];
    const { otlp, open } = await exportingRegistry(`http://127.0.0.1:${port}`, warnings);
    const session = await open();
    for (let i = 0; i < 3; i++) expect(await session.request('tools/call', { name: 'echo', arguments: { message: `m${i}` } })).toBeDefined();
    await session.close();
    await otlp.shutdown();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`OpenTelemetry export to http://127.0.0.1:${port}`);
    expect(warnings[0]).toContain('further export errors are not reported');
  });

  it("redacts a span's attributes as an export of the session would: a connection's secret in a resource URI goes masked", async () => {
    const receiver = await OtlpReceiver.start();
    cleanup.push(() => receiver.close());
    const { open } = await exportingRegistry(receiver.url, []);
    const secret = 'sk-live-0123456789abcdef';
    const session = await open({ ...everythingServer(), env: { SERVICE_API_KEY: secret } });
    await session.request('resources/read', { uri: `demo://resource/static/document/notes.md?key=${secret}` }).catch(() => undefined);
    const read = await receiver.waitFor(() => receiver.spans.find((s) => s.name.startsWith('resources/read')));
    expect(String(read.attrs['mcp.resource.uri'])).toContain('demo://resource/static/document/notes.md?key=');
    expect(JSON.stringify(receiver.spans)).not.toContain(secret);
    expect(String(read.attrs['mcp.resource.uri'])).toContain('«redacted:');
  });
});
