import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { readTraceText, type Trace } from '../trace/index';
import { diffTraces as diffModels, formatDiff } from '.';
import { modelOfTrace } from '../model/trace-model';
import goldenV1 from '../../e2e/golden/everything-stdio.v1.loupe.ndjson?raw';

/** The golden trace with one frame's JSON changed by `edit`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function edited(seq: number, edit: (json: Record<string, any>) => void): Trace {
  const t = readTraceText(goldenV1);
  const frames = t.frames.map((f): Frame => {
    if (f.seq !== seq) return f;
    const json = JSON.parse(f.raw);
    edit(json);
    return { ...f, raw: JSON.stringify(json) };
  });
  return { header: t.header, frames };
}

/** Each side's one model, with its header's framing, as `loupe diff` builds them. */
const diffTraces = (a: Trace, b: Trace) => diffModels(modelOfTrace(a), modelOfTrace(b));

describe('trace diff', () => {
  const base = readTraceText(goldenV1);

  it('finds nothing between a trace and itself', () => {
    const d = diffTraces(base, base);
    expect(d.different).toBe(false);
    expect(d.latency.find((r) => r.method === 'tools/list')?.before?.count).toBe(1);
    expect(formatDiff(d)).toMatch(/no differences/);
  });

  it("judges each side with its own header's request timeout", () => {
    // A ping answered 45 s late: no finding where the client waits 60 s, one where it waits 30 s.
    const late = (requestTimeoutMs?: number): Trace => {
      const last = base.frames[base.frames.length - 1];
      const at = (seq: number, ts: number, dir: 'c2s' | 's2c', json: unknown): Frame => ({
        ...(last as Extract<Frame, { lane: 'message' }>),
        seq,
        ts,
        dir,
        lane: 'message',
        raw: JSON.stringify(json),
        size: JSON.stringify(json).length,
      });
      const frames = [
        ...base.frames,
        at(last.seq + 1, last.ts + 1, 'c2s', { jsonrpc: '2.0', id: 'late', method: 'ping' }),
        at(last.seq + 2, last.ts + 45_000_001, 's2c', { jsonrpc: '2.0', id: 'late', result: {} }),
      ];
      return { header: { ...base.header, ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }) }, frames };
    };
    const added = diffTraces(late(), late(30_000)).annotations.added;
    expect(added.map((a) => a.rule)).toEqual(['timing.no-response']);
  });

  it('finds a changed tool schema, an added and a removed tool', () => {
    // Frame 9 is the tools/list result of the golden session.
    const after = edited(9, (j) => {
      const tools = j.result.tools as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
      tools.find((t) => t.name === 'echo')!.inputSchema.properties.message.type = 'number';
      j.result.tools = tools.filter((t) => t.name !== 'get-sum');
      j.result.tools.push({ name: 'brand-new', inputSchema: { type: 'object' } });
    });
    const d = diffTraces(base, after);
    expect(d.different).toBe(true);
    expect(d.tools.added).toEqual(['brand-new']);
    expect(d.tools.removed).toEqual(['get-sum']);
    expect(d.tools.changed).toEqual([
      { name: 'echo', changes: [{ path: 'inputSchema.properties.message.type', kind: 'changed', before: 'string', after: 'number' }] },
    ]);
    expect(formatDiff(d, ['a', 'b'])).toContain('      inputSchema.properties.message.type: "string" → "number"');
  });

  it('finds capability changes and new annotations', () => {
    // Frame 4 is the initialize result: drop the prompts capability, and break the envelope.
    const after = edited(4, (j) => {
      delete j.result.capabilities.prompts;
      j.jsonrpc = '1.0';
    });
    const d = diffTraces(base, after);
    expect(d.capabilities.server).toContainEqual(expect.objectContaining({ path: 'prompts', kind: 'removed' }));
    expect(d.annotations.added.map((a) => a.rule)).toEqual(expect.arrayContaining(['jsonrpc.version', 'capability.receiver-undeclared']));
    expect(d.different).toBe(true);
  });

  it('reports a listing one side never made as not listed (unknown), not as removed', () => {
    const withoutPrompts: Trace = { header: base.header, frames: base.frames.filter((f) => !f.raw.includes('"prompts":[')) };
    const d = diffTraces(base, withoutPrompts);
    expect(d.prompts).toEqual({ notListed: 'after', added: [], removed: [], changed: [] });
    expect(d.tools.notListed).toBeUndefined();
    expect(formatDiff(d, ['a', 'b'])).toContain('prompts: not listed in b (unknown, not compared)');
    expect(formatDiff(d, ['a', 'b'])).not.toContain('removed');
  });
});
