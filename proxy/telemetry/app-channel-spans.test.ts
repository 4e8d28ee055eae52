/**
 * The live export of a session with an MCP App: the golden apps session's frames, fed to the
 * exporter as a session's batches would be, sent to a local OTLP/HTTP receiver.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseOtlpEndpoint } from '../../lib/wire/otlp-endpoint';
import { readTraceText } from '../../lib/trace/reader';
import { OtlpExport } from './otlp-export';
import { OtlpReceiver } from './testing/otlp-receiver';

const golden = readTraceText(readFileSync(new URL('../../e2e/golden/apps-basic.v3.loupe.ndjson', import.meta.url), 'utf8'));

const receivers: OtlpReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

describe('live OpenTelemetry export of an MCP App', () => {
  it("names the app's channel on its spans, puts the host's forwarded call under the app's, and measures only the session's", async () => {
    const receiver = await OtlpReceiver.start();
    receivers.push(receiver);
    const endpoint = parseOtlpEndpoint(receiver.url);
    if (typeof endpoint === 'string') throw new Error(endpoint);
    const otlp = new OtlpExport({ endpoint, warn: (w) => receiver.problems.push(w), spanDelayMs: 10, metricIntervalMs: 50 });
    const session = otlp.session({ name: 'server-basic-vanillajs', originMs: 0, transport: 'stdio' })!;
    // In batches, as a session records them.
    for (let i = 0; i < golden.frames.length; i += 5) session.push(golden.frames.slice(i, i + 5));
    await session.end();
    await otlp.shutdown();

    expect(receiver.problems).toEqual([]);
    const app = receiver.spans.filter((s) => s.attrs['loupe.channel'] === 'app:1');
    expect(app.map((s) => s.name).sort()).toEqual([
      'tools/call get-time',
      'ui/initialize',
      'ui/message',
      'ui/open-link',
      'ui/request-display-mode',
      'ui/resource-teardown',
    ]);
    expect(app.every((s) => s.attrs['network.transport'] === undefined)).toBe(true);
    const session2 = receiver.spans.filter((s) => s.attrs['loupe.channel'] === undefined);
    const appCall = app.find((s) => s.name === 'tools/call get-time')!;
    const forwarded = session2.filter((s) => s.name === 'tools/call get-time' && s.parentSpanId === appCall.spanId);
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0].traceId).toBe(appCall.traceId);
    // The session's calls are measured; none of the app's counts as an MCP operation.
    const measured = JSON.stringify(receiver.metrics.filter((m) => m.name === 'mcp.client.operation.duration'));
    expect(measured).toContain('"tools/list"');
    expect(measured).not.toContain('ui/');
  });
});
