/**
 * `--otlp URL` as a person or a host uses it: `loupe record` and `loupe tap` against
 * server-everything over stdio, with a local OTLP/HTTP receiver standing in for a Collector.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EVERYTHING, LOUPE_BIN, runCli, tempDir, tempFiles } from '../cli/shared/run-cli';
import { OtlpReceiver, flat } from './testing/otlp-receiver';

const CALLER = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331' };
const TRACEPARENT = `00-${CALLER.traceId}-${CALLER.spanId}-01`;

const receivers: OtlpReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function receiver(): Promise<OtlpReceiver> {
  const r = await OtlpReceiver.start();
  receivers.push(r);
  return r;
}

describe('--otlp on the command line', () => {
  it('loupe record --otlp sends every pair of the session as a span, and the duration histograms, before it exits', async () => {
    const otlp = await receiver();
    const dir = tempFiles({
      'script.json': JSON.stringify([{ method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' }, _meta: { traceparent: TRACEPARENT } } }]),
    });
    const r = await runCli(['record', '--out', path.join(dir, 't.ndjson'), '--otlp', otlp.url, '--script', path.join(dir, 'script.json'), '--', ...EVERYTHING]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(otlp.problems).toEqual([]);
    const names = otlp.spans.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['initialize', 'tools/list', 'resources/list', 'prompts/list', 'tools/call echo']));
    const echo = otlp.spans.find((s) => s.name === 'tools/call echo')!;
    expect(echo).toMatchObject({ kind: 3, traceId: CALLER.traceId, parentSpanId: CALLER.spanId });
    expect(echo.attrs).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'network.transport': 'pipe',
      'mcp.protocol.version': '2025-11-25',
    });
    expect(echo.resource['service.name']).toBe('node');
    const initialize = otlp.spans.find((s) => s.name === 'initialize')!;
    expect(initialize.traceId).not.toBe(CALLER.traceId);
    const histogram = otlp.metrics.find((m) => m.name === 'mcp.client.operation.duration')!.histogram!;
    const methods = histogram.dataPoints.map((p) => flat(p.attributes)['mcp.method.name']);
    expect(methods).toEqual(expect.arrayContaining(['initialize', 'tools/list', 'tools/call']));
  }, 60_000);

  it('loupe tap --otlp streams the host session live, from the recorder thread, and flushes when the host leaves', async () => {
    const otlp = await receiver();
    const configDir = tempDir();
    const host = spawn(process.execPath, [LOUPE_BIN, 'tap', '--config-dir', configDir, '--otlp', otlp.url, '--', ...EVERYTHING], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    host.stderr.on('data', (b: Buffer) => (stderr += b));
    const exited = new Promise<number | null>((resolve) => host.once('close', (code) => resolve(code)));
    const answers: Record<string, unknown>[] = [];
    let pending = '';
    host.stdout.on('data', (b: Buffer) => {
      pending += b.toString();
      for (let i = pending.indexOf('\n'); i >= 0; i = pending.indexOf('\n')) {
        answers.push(JSON.parse(pending.slice(0, i)));
        pending = pending.slice(i + 1);
      }
    });
    const answered = (id: number) =>
      new Promise<void>((resolve) => {
        const look = () => (answers.some((a) => a.id === id) ? resolve() : setTimeout(look, 20));
        look();
      });
    const send = (m: object) => host.stdin.write(JSON.stringify(m) + '\n');
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'host', version: '1' } },
    });
    await answered(1);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' }, _meta: { traceparent: TRACEPARENT } } });
    await answered(2);
    // The span arrives while the host is still connected.
    const echo = await otlp.waitFor(() => otlp.spans.find((s) => s.name === 'tools/call echo'));
    expect(host.exitCode).toBeNull();
    expect(echo).toMatchObject({ traceId: CALLER.traceId, parentSpanId: CALLER.spanId, kind: 3 });
    expect(echo.attrs).toMatchObject({ 'mcp.protocol.version': '2025-06-18', 'jsonrpc.request.id': '2', 'network.transport': 'pipe' });
    expect(echo.resource['service.name']).toBe('@modelcontextprotocol/server-everything');
    host.stdin.end();
    expect(await exited).toBe(0);
    // The server's own stderr is passed on; the tap has nothing to say.
    expect(stderr).not.toMatch(/loupe tap:/);
    expect(otlp.spans.map((s) => s.name)).toContain('initialize');
    expect(otlp.metrics.some((m) => m.name === 'mcp.client.operation.duration')).toBe(true);
    expect(otlp.problems).toEqual([]);
  }, 60_000);

  it('lists --otlp in the help of start, record and tap, and refuses a URL that is not http(s)', async () => {
    for (const command of ['start', 'record', 'tap']) {
      const help = await runCli([command, '--help']);
      expect(help.code, command).toBe(0);
      expect(help.stdout + help.stderr, command).toMatch(/--otlp URL\s+.*OTLP\/HTTP/);
    }
    const bad = await runCli(['record', '--out', path.join(tempDir(), 't.ndjson'), '--otlp', 'grpc://127.0.0.1:4317', '--', ...EVERYTHING]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--otlp: the receiver must be reached by http or https (OTLP over HTTP), not grpc://');
  }, 60_000);
});
