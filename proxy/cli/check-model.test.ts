import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, fixture, runCli, tempDir } from './shared/run-cli';
import { readTraceFile } from './shared/trace-file';
import { script } from '../../lib/analyze/testing';
import { modelOf } from '../../lib/model/session-model';
import type { Frame } from '../../lib/mcp/frame';

interface JsonReport {
  annotations: Array<{ rule: string; severity: string; frames: number[]; message: string; spec: string }>;
}

const sameFacts = (list: Array<{ rule: string; severity: string; frames: number[]; message: string; spec: string }>) =>
  list.map(({ rule, severity, frames, message, spec }) => ({ rule, severity, frames, message, spec }));

function traceFile(frames: Frame[], extra: Record<string, unknown> = {}): string {
  const file = path.join(tempDir(), 'trace.loupe.ndjson');
  const header = {
    format: 'loupe-trace',
    version: 1,
    loupeVersion: '0.1.0',
    createdAt: '2026-01-01T00:00:00.000Z',
    target: { transport: 'stdio', name: 't', command: 'node', args: [] },
    source: 'live',
    ...extra,
  };
  writeFileSync(file, [header, ...frames].map((x) => JSON.stringify(x)).join('\n') + '\n');
  return file;
}

describe('loupe check reads the session model', () => {
  it("reports exactly the annotations the page's model holds for the same trace", async () => {
    const file = path.join(ROOT, 'e2e/golden/everything-stdio.v1.loupe.ndjson');
    const r = await runCli(['check', '--format', 'json', '--fail-on', 'info', file]);
    const report: JsonReport = JSON.parse(r.stdout);
    const model = modelOf((await readTraceFile(file)).frames);
    expect(report.annotations.length).toBeGreaterThan(0);
    expect(sameFacts(report.annotations)).toEqual(sameFacts(model.annotations));
  }, 60_000);

  it('tells the id-reuse story once: a reused id is not a duplicate response', async () => {
    const frames = script()
      .handshake()
      .c({ jsonrpc: '2.0', id: 1, method: 'ping' })
      .s({ jsonrpc: '2.0', id: 1, result: {} })
      .c({ jsonrpc: '2.0', id: 1, method: 'ping' })
      .s({ jsonrpc: '2.0', id: 1, result: {} }).frames;
    const r = await runCli(['check', '--format', 'json', traceFile(frames)]);
    const rules = (JSON.parse(r.stdout) as JsonReport).annotations.map((a) => a.rule);
    expect(rules).toContain('jsonrpc.id-reused');
    expect(rules).not.toContain('jsonrpc.duplicate-response');
    expect(sameFacts((JSON.parse(r.stdout) as JsonReport).annotations)).toEqual(sameFacts(modelOf(frames).annotations));
  }, 60_000);

  it("judges a file with its header's request timeout (none: the default, 60 s)", async () => {
    // A ping answered 45 s after it was sent.
    const frames = script().handshake().c({ jsonrpc: '2.0', id: 1, method: 'ping' }).s({ jsonrpc: '2.0', id: 1, result: {} }, 45_000_000).frames;
    const rules = async (file: string) =>
      (JSON.parse((await runCli(['check', '--format', 'json', '--fail-on', 'info', file])).stdout) as JsonReport).annotations.map((a) => a.rule);
    expect(await rules(traceFile(frames))).not.toContain('timing.no-response');
    expect(await rules(traceFile(frames, { requestTimeoutMs: 30_000 }))).toContain('timing.no-response');
  }, 60_000);

  it('reports a server that never answers initialize, and fails on it', async () => {
    const r = await runCli(['check', '--format', 'json', '--fail-on', 'warning', '--timeout', '1500', '--', ...fixture('hangs'), 'initialize']);
    const report: JsonReport = JSON.parse(r.stdout);
    expect(report.annotations).toMatchObject([
      { rule: 'timing.no-response', frames: [expect.any(Number)], message: expect.stringContaining('initialize (id') },
    ]);
    expect(r.code).toBe(1);
  }, 60_000);
});
