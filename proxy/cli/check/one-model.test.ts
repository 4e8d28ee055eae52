/**
 * `loupe check` builds one model per trace and judges everything on it: the findings, every gate,
 * every --budget and the interface baseline. Run in process, so the models can be counted.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { run } from '../check';
import { BoundedModel } from '../../../lib/model/bounded-model';
import { writeTrace, type TraceHeader } from '../../../lib/trace';
import { header } from '../../../lib/trace/testing';
import type { Frame } from '../../../lib/mcp/frame';
import { tempDir } from '../shared/run-cli';

const text = (seq: number, dir: 'c2s' | 's2c', raw: string): Frame => ({ seq, ts: seq * 1000, dir, lane: 'message', raw, size: raw.length });
const json = (seq: number, dir: 'c2s' | 's2c', value: unknown) => text(seq, dir, JSON.stringify(value));

function traceFile(frames: Frame[], target: TraceHeader['target']): string {
  const file = path.join(tempDir(), 'trace.loupe.ndjson');
  writeFileSync(file, writeTrace({ header: header({ target }), frames }));
  return file;
}

/** Runs the command in process; its exit status and JSON report. */
async function check(args: string[]): Promise<{ code: number; rules: string[]; messages: string[] }> {
  let out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const code = await run([...args, '--format', 'json']);
  const annotations = (JSON.parse(out) as { annotations: Array<{ rule: string; message: string }> }).annotations;
  return { code, rules: annotations.map((a) => a.rule), messages: annotations.map((a) => a.message) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

const STDIO: TraceHeader['target'] = { transport: 'stdio', framing: 'lines', name: 't', command: 'node', args: [] };
const HTTP: TraceHeader['target'] = { transport: 'http', framing: 'messages', name: 't', url: 'http://127.0.0.1:9/mcp' };

describe('loupe check builds one model per trace', () => {
  it('hands the same model to the findings, the gates, every budget and the interface baseline', async () => {
    const frames = [
      json(1, 'c2s', { jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      json(2, 's2c', { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] } }),
      json(3, 'c2s', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: {} } }),
      json(4, 's2c', { jsonrpc: '2.0', id: 2, result: { content: [] } }),
    ];
    const file = traceFile(frames, STDIO);
    const saved = path.join(tempDir(), 'interface.json');
    const built = vi.spyOn(BoundedModel.prototype, 'finish');
    const r = await check([
      file,
      '--expect-tool',
      'echo',
      '--forbid-tool',
      'rm',
      '--budget',
      'tools/call:echo=60000',
      '--budget',
      'tools/list=60000',
      '--max-tools-bytes',
      '100000',
      '--write-interface-baseline',
      saved,
    ]);
    expect(r.rules.filter((rule) => rule.startsWith('check.'))).toEqual([]);
    expect(built).toHaveBeenCalledTimes(1);

    built.mockClear();
    await check([file, '--interface-baseline', saved, '--budget', 'tools/call=60000']);
    expect(built).toHaveBeenCalledTimes(1);
  });

  it('judges the gates with the framing the trace header declares, as its findings are judged', async () => {
    // The answer comes in two frames without meta. The header says the transport hands over whole
    // messages: two invalid ones, so the request was never answered. Read as lines (what frames
    // with no meta would fall back to) they would make one answer in 1 ms.
    const frames = [
      json(1, 'c2s', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: {} } }),
      text(2, 's2c', '{"jsonrpc":"2.0","id":1,'),
      text(3, 's2c', '"result":{"content":[]}}'),
    ];
    const messages = await check([traceFile(frames, HTTP), '--budget', 'tools/call:echo=60000']);
    expect(messages.rules).toContain('jsonrpc.invalid-json');
    expect(messages.rules).toContain('check.budget-unmeasured');
    expect(messages.messages).toContain('no tools/call:echo request was answered (1 sent), so its budget of 60000 ms cannot be checked: add one to --script');

    const lines = await check([traceFile(frames, STDIO), '--budget', 'tools/call:echo=60000']);
    expect(lines.rules).toContain('stdio.multiline-json');
    expect(lines.rules).not.toContain('check.budget-unmeasured');
  });
});
