/**
 * `--otlp` from an installed package: the OpenTelemetry SDK ships compiled into dist/ (none of its
 * packages is installed), so `loupe record --otlp` against a receiver in this process proves the
 * bundle loads and sends.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commandEnv, everythingServer, type Installed } from './commands';

export async function checkOtlpExport(i: Installed): Promise<string> {
  const received: Array<{ path: string; body: string }> = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-package-otlp-'));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // Not spawnSync: this process answers the exports while the command runs.
  const args = [...(i.binArgs ?? []), 'record', '--out', path.join(dir, 'trace.ndjson'), '--otlp', url, '--', ...everythingServer(i)];
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(i.bin, args, { cwd: i.cwd, env: commandEnv(dir), stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c));
    child.on('close', (exit) => resolve({ code: exit, stderr: err }));
  });
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  if (code !== 0 || stderr) throw new Error(`loupe record --otlp exited ${code}:\n${stderr}`);
  const traces = received.filter((r) => r.path === '/v1/traces');
  const metrics = received.filter((r) => r.path === '/v1/metrics');
  if (!traces.some((r) => r.body.includes('"name":"tools/list"')))
    throw new Error(`loupe record --otlp sent no tools/list span: ${JSON.stringify(received.map((r) => r.path))}`);
  if (!metrics.some((r) => r.body.includes('"mcp.client.operation.duration"')))
    throw new Error('loupe record --otlp sent no mcp.client.operation.duration histogram');
  return `loupe record --otlp: ${traces.length} span and ${metrics.length} metric exports reached a local OTLP receiver, with no OpenTelemetry package installed`;
}
