import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { toFrame } from '../mcp/frame-check';
import { CASES_BY_GROUP } from './cases';
import { analyze, createAnalyzer, type Annotation } from './index';
import { METHOD_LIST } from '../mcp/methods';
import { realisticMix } from './mix';
import { toolLoop } from './tool-loop';
import { BoundedModel } from '../model/bounded-model';

/** Live: one frame at a time, with the trace's end announced at the end. */
function live(frames: readonly Frame[]): Annotation[] {
  const a = createAnalyzer();
  const out: Annotation[] = [];
  for (const f of frames) out.push(...a.push(f));
  out.push(...a.finish());
  return out;
}

const methods = METHOD_LIST.map((m) => m.method);
const anyJson = fc.jsonValue({ maxDepth: 4 });
const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'id', 'result');
const params = fc.oneof(
  anyJson,
  fc.dictionary(fc.oneof(hostileKey, fc.string()), anyJson),
  fc.record(
    {
      _meta: fc.dictionary(fc.oneof(fc.constant('progressToken'), fc.constant('io.modelcontextprotocol/protocolVersion'), fc.string()), anyJson),
      name: fc.string(),
      cursor: fc.string(),
      uri: fc.string(),
    },
    { requiredKeys: [] },
  ),
);
const id = fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom('1', 'a', null, true, 1.5, [], {}));
const message = fc.oneof(
  fc.record({ jsonrpc: fc.constantFrom('2.0', '1.0'), id, method: fc.constantFrom(...methods, 'x/y'), params }, { requiredKeys: ['jsonrpc', 'method'] }),
  fc.record(
    {
      jsonrpc: fc.constant('2.0'),
      id,
      result: fc.oneof(
        params,
        fc.record(
          {
            protocolVersion: fc.constantFrom('2025-11-25', '2025-03-26', '2099-01-01'),
            capabilities: anyJson,
            tools: fc.array(anyJson),
            nextCursor: fc.string(),
            content: fc.array(anyJson),
          },
          { requiredKeys: [] },
        ),
      ),
    },
    { requiredKeys: ['id'] },
  ),
  fc.record({ jsonrpc: fc.constant('2.0'), id, error: anyJson }),
);
const raw = fc.oneof(
  { weight: 6, arbitrary: message.map((m) => JSON.stringify(m)) },
  { weight: 2, arbitrary: fc.array(message, { maxLength: 3 }).map((m) => JSON.stringify(m)) },
  { weight: 2, arbitrary: message.map((m) => JSON.stringify(m, null, 2)) },
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: anyJson.map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.constantFrom('{', '}', '[', '{"a":NaN}', '{"id":1,"id":2}', '') },
);
const frameSpec = fc.record({
  dir: fc.constantFrom<Frame['dir']>('c2s', 's2c', 'c2s', 's2c', 'local'),
  lane: fc.constantFrom<Frame['lane']>('message', 'message', 'message', 'stderr', 'lifecycle', 'http'),
  raw,
  gap: fc.integer({ min: 0, max: 5_000_000 }),
  http: fc.boolean(),
  invalidUtf8: fc.boolean(),
  event: fc.constantFrom('exit', 'spawn', 'stdin-closed'),
});
const trace = fc.array(frameSpec, { maxLength: 40 }).map((specs) => {
  let ts = 0;
  // A pretty-printed message becomes one frame per line, as a stdio transport records it.
  return specs
    .flatMap((s) => s.raw.split('\n').map((line) => ({ ...s, raw: line })))
    .map((s, i): Frame =>
      toFrame({
        seq: i + 1,
        ts: (ts += s.gap),
        dir: s.dir,
        lane: s.lane,
        raw: s.raw,
        size: s.raw.length,
        ...(s.invalidUtf8 && i % 7 === 0 ? { invalidUtf8: true } : {}),
        meta:
          s.lane === 'http'
            ? undefined
            : s.lane === 'lifecycle'
              ? {
                  transport: 'stdio',
                  event: s.event,
                  ...(s.event === 'spawn' ? { pid: 1, command: 'node', args: [] } : {}),
                  ...(s.event === 'exit' ? { code: 0 } : {}),
                }
              : s.http && s.lane !== 'stderr'
                ? { transport: 'http' as const }
                : { transport: 'stdio' as const },
      }),
    );
});

describe('live equals offline', () => {
  it('gives the same annotations one by one as all at once, on every recorded case', () => {
    const recorded = [
      ...Object.values(CASES_BY_GROUP)
        .flat()
        .flatMap((c) => [c.trigger(), c.nearMiss()]),
      realisticMix(3000),
    ];
    for (const frames of recorded) expect(live(frames)).toEqual(analyze(frames).annotations);
  });

  it('gives the same annotations on random traces, even when two sessions interleave', () => {
    fc.assert(
      fc.property(trace, trace, (a, b) => {
        const offlineA = analyze(a);
        const offlineB = analyze(b);
        const [la, lb] = [createAnalyzer(), createAnalyzer()];
        const outA: Annotation[] = [];
        const outB: Annotation[] = [];
        for (let i = 0; i < Math.max(a.length, b.length); i++) {
          if (a[i]) outA.push(...la.push(a[i]));
          if (b[i]) outB.push(...lb.push(b[i]));
        }
        outA.push(...la.finish());
        outB.push(...lb.finish());
        expect(outA).toEqual(offlineA.annotations);
        expect(outB).toEqual(offlineB.annotations);
        expect(offlineA.state.internalErrors).toBe(0);
        for (const x of outA) expect(a.some((f) => f.seq === x.frames[0])).toBe(true);
      }),
      { numRuns: 300 },
    );
    // 300 pairs of random traces, each analysed twice: seconds of CPU, more while unit tests share
    // the machine with lint and the type check.
  }, 90_000);
});

/** The findings of a judge in bounded memory (BoundedModel): calls hold only the facts of their
 *  params read later, answered ones are let go of after every `every` frames, and (judging
 *  findings only) each HTTP exchange once it ended. */
function bounded(frames: readonly Frame[], compact: 'findings' | 'report', every: number, timeoutMs?: number): Annotation[] {
  const model = new BoundedModel({ compact, compactEvery: every, ...(timeoutMs ? { timeoutMs } : {}) });
  model.append(frames);
  model.finish();
  return model.annotations;
}

describe('a judge in bounded memory equals the whole model', () => {
  it('on every recorded case and long loops of tool calls', () => {
    const recorded = [
      ...Object.values(CASES_BY_GROUP)
        .flat()
        .flatMap((c) => [c.trigger(), c.nearMiss()]),
      realisticMix(2000),
      toolLoop(400),
    ];
    for (const frames of recorded) {
      const whole = analyze(frames, { timeoutMs: 1000 }).annotations;
      expect(bounded(frames, 'findings', 1, 1000)).toEqual(whole);
      expect(bounded(frames, 'report', 5, 1000)).toEqual(whole);
    }
  });

  it('on random traces, tool calls with any params among them', () => {
    fc.assert(
      fc.property(trace, fc.integer({ min: 1, max: 4 }), (frames, every) => {
        const whole = analyze(frames).annotations;
        expect(bounded(frames, 'findings', every)).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  }, 90_000);
});

describe('clock ticks', () => {
  it('change nothing but when timing.no-response is said', () => {
    const notTimeout = (list: Annotation[]) => list.filter((x) => x.rule !== 'timing.no-response');
    fc.assert(
      fc.property(trace, (frames) => {
        const a = createAnalyzer({ timeoutMs: 2000 });
        const out: Annotation[] = [];
        for (const f of frames) {
          out.push(...a.push(f));
          out.push(...a.finish(f.ts + 1_000_000));
        }
        out.push(...a.finish());
        expect(notTimeout(out)).toEqual(notTimeout(analyze(frames, { timeoutMs: 2000 }).annotations));
      }),
      { numRuns: 200 },
    );
  });
});

describe('the analyser never throws', () => {
  const frame = (raw: string, dir: Frame['dir'] = 's2c', seq = 1): Frame => ({ seq, ts: seq, dir, lane: 'message', raw, size: raw.length });

  it('survives random strings, deep JSON, huge arrays and prototype keys', () => {
    const deep = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a","arguments":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}}';
    const deepResult =
      '{"jsonrpc":"2.0","id":0,"result":{"tools":[{"name":"a","inputSchema":' +
      '{"type":"object","properties":{"a":'.repeat(5_000) +
      '{}' +
      '}}'.repeat(5_000) +
      '}]}}';
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      result: { tools: Array.from({ length: 50_000 }, (_, i) => ({ name: `t${i % 100}`, inputSchema: { type: 'object' } })) },
    });
    const proto =
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"__proto__":{"admin":true},"constructor":{"prototype":{"polluted":1}},"name":"x","_meta":{"__proto__":1,"progressToken":{"__proto__":null}}}}';
    const frames = [
      frame(deep, 'c2s', 1),
      frame('{"jsonrpc":"2.0","id":0,"method":"tools/list"}', 'c2s', 2),
      frame(deepResult, 's2c', 3),
      frame(proto, 'c2s', 4),
      frame(huge, 's2c', 5),
    ];
    const { annotations, state } = analyze(frames);
    expect(state.internalErrors).toBe(0);
    expect(annotations.some((a) => a.rule === 'tools.duplicate-name')).toBe(false); // frame 5 answers nothing
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('survives arbitrary frames, including malformed frame objects', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ seq: fc.integer(), ts: fc.oneof(fc.integer(), fc.double()), dir: fc.string(), lane: fc.string(), raw: fc.string(), size: fc.integer() }),
        ),
        (frames) => {
          const a = createAnalyzer();
          for (const f of frames) expect(() => a.push(f as unknown as Frame)).not.toThrow();
          expect(() => a.finish(1e12)).not.toThrow();
          expect(() => a.finish()).not.toThrow();
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('pending stdio lines', () => {
  it('are judged when the process exits, without waiting for the end of the trace', () => {
    const a = createAnalyzer();
    const frames: Frame[] = [
      { seq: 1, ts: 1, dir: 's2c', lane: 'message', raw: '{"jsonrpc":', size: 11, meta: { transport: 'stdio' } },
      { seq: 2, ts: 2, dir: 'local', lane: 'lifecycle', raw: 'exit', size: 0, meta: { transport: 'stdio', event: 'exit', code: 1 } },
    ];
    expect(a.push(frames[0])).toEqual([]);
    expect(a.push(frames[1]).map((x) => [x.rule, x.frames[0]])).toEqual([
      ['jsonrpc.invalid-json', 1],
      ['stdio.exit', 2],
    ]);
    expect(a.finish()).toEqual([]);
  });
});
