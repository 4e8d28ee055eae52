/**
 * `loupe check FILE` judges a trace through the bounded model, which lets each frame go once it is
 * judged. Its `--format json` report (findings, the doctor's verdict, every gate) must be the one
 * the whole-trace model gives: checked on every golden trace, recordings of misbehaving fixture
 * servers, every rule case (trigger and near
 * miss) and long sessions whose quoted frames are far behind their end, each also with answered
 * calls let go of as `loupe check` without a budget does; lib/doctor/diagnose.test.ts
 * compares the doctor's verdict both ways on each of its scenarios.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../lib/mcp/frame';
import type { AnalyzerOptions } from '../../../lib/analyze';
import { CASES_BY_GROUP } from '../../../lib/analyze/cases';
import { err, note, req, res } from '../../../lib/analyze/cases/types';
import { realisticMix } from '../../../lib/analyze/mix';
import { toolLoop } from '../../../lib/analyze/tool-loop';
import { HttpScript } from '../../../lib/analyze/cases/http-script';
import { script } from '../../../lib/analyze/testing';
import { diagnose } from '../../../lib/doctor';
import { interfaceOf } from '../../../lib/gates/offer';
import { BoundedModel, type JudgedModel } from '../../../lib/model/bounded-model';
import { modelOf } from '../../../lib/model/session-model';
import { readTraceText, traceModelOptions } from '../../../lib/trace';
import type { CheckResult } from './findings';
import { Baseline } from './baseline';
import { FindingTally } from './finding-tally';
import { formatJson } from './format-json';
import type { Gates } from './gates';
import { judge } from './judge';
import { fixture, runCli, tempDir } from '../shared/run-cli';

type Options = Pick<AnalyzerOptions, 'timeoutMs' | 'framing' | 'slowMs'>;

/** Gates that every trace fails somewhere, so each gate's finding and message is compared. */
function gatesFor(model: JudgedModel): Gates {
  const offer = interfaceOf(model);
  const methods = new Set(model.calls.all.filter((c) => c.dir === 'c2s').map((c) => c.method));
  const budgets: Gates['budgets'] = [...methods].flatMap((method) => [
    { target: { method }, ms: 0.001 },
    { target: { method }, ms: 1e9 },
  ]);
  const firstTool = (offer.tools[0] as { name?: string } | undefined)?.name;
  if (firstTool) budgets.push({ target: { method: 'tools/call', name: firstTool }, ms: 0.001 });
  return {
    expectTools: ['echo', 'not-offered'],
    forbidTools: firstTool ? [firstTool] : [],
    budgets: [...budgets, { target: { method: 'never/sent' }, ms: 10 }],
    maxToolsBytes: 1,
    // A baseline that lost the first tool and gained one: drift both ways.
    interfaceBaseline: { ...offer, tools: [...offer.tools.slice(1), { name: 'gone', inputSchema: { type: 'object' } }] },
  };
}

const baseline = () => new Baseline([{ rule: 'check.budget-exceeded', message: 'x' }]);

/** `tally`: the one that took the model's annotations as it was judged, as `loupe check FILE` does. */
function report(model: JudgedModel, frameCount: number, gates: Gates, tally?: FindingTally): string {
  const findings = tally ?? new FindingTally(baseline());
  const notes = judge(model, gates, findings, tally === undefined);
  const result: CheckResult = { source: 't', frameCount, ...findings.report(), failOn: 'info', doctor: diagnose(model) };
  return `${formatJson(result, 'test')}\n${notes.join('\n')}\n${JSON.stringify(interfaceOf(model))}`;
}

/** Both reports of the same frames; the bounded model takes them in uneven batches. `compact`:
 *  it lets answered calls go after every few frames, as `loupe check` does without a budget, and
 *  the gates then have none (a budget reads every call). */
function bothWays(frames: readonly Frame[], options: Options = {}, compact = false): { whole: string; bounded: string } {
  const whole = modelOf(frames, options);
  const bounded = new BoundedModel({ ...options, ...(compact ? { compact: 'report' as const, compactEvery: 3 } : {}) });
  // The annotations go to the tally batch by batch, and the doctor reads the first of each rule (check-file.ts).
  const tally = new FindingTally(baseline());
  for (let i = 0, size = 1; i < frames.length; i += size, size = (size % 7) + 1) {
    bounded.append(frames.slice(i, i + size));
    tally.drain(bounded);
  }
  bounded.finish();
  tally.drain(bounded);
  tally.leaveFirst(bounded);
  const gates = gatesFor(whole);
  if (compact) gates.budgets = [];
  return { whole: report(whole, frames.length, gates), bounded: report(bounded, bounded.frameCount, gates, tally) };
}

function expectSame(frames: readonly Frame[], options?: Options): void {
  for (const compact of [false, true]) {
    const { whole, bounded } = bothWays(frames, options, compact);
    expect(bounded, compact ? 'with answered calls let go of' : 'with every call kept').toBe(whole);
  }
}

const GOLDEN = path.join(__dirname, '../../../e2e/golden');

describe('the bounded model reports what the whole-trace model reports', () => {
  for (const name of readdirSync(GOLDEN).filter((f) => f.endsWith('.ndjson'))) {
    it(`on the golden trace ${name}`, () => {
      const trace = readTraceText(readFileSync(path.join(GOLDEN, name), 'utf8'));
      expect(trace.frames.length).toBeGreaterThan(10);
      expectSame(trace.frames, traceModelOptions(trace.header));
    });
  }

  it('on recordings of misbehaving fixture servers', async () => {
    // A crash with stderr, pretty-printed JSON over lines, a tool error, a -32602 refusal, a banner.
    for (const name of ['bad-crash', 'bad-pretty-json', 'doctor-tool-error', 'doctor-invalid-params', 'bad-banner']) {
      const out = path.join(tempDir(), `${name}.ndjson`);
      const r = await runCli(['record', '--out', out, '--timeout', '5000', '--', ...fixture(name)]);
      expect(r.code, `${name}: ${r.stderr}`).toBe(0);
      const trace = readTraceText(readFileSync(out, 'utf8'));
      for (const compact of [false, true]) {
        const { whole, bounded } = bothWays(trace.frames, traceModelOptions(trace.header), compact);
        expect(bounded, name).toBe(whole);
      }
    }
  }, 120_000);

  it('on every rule case, trigger and near miss', () => {
    let compared = 0;
    for (const cases of Object.values(CASES_BY_GROUP)) {
      for (const c of cases) {
        for (const frames of [c.trigger(), c.nearMiss()]) {
          for (const compact of [false, true]) {
            const { whole, bounded } = bothWays(frames, c.options, compact);
            expect(bounded, `${c.rule}: ${c.name}${compact ? ', answered calls let go of' : ''}`).toBe(whole);
          }
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('on a long session whose listings, refusals and tool errors are far behind its end', () => {
    const frames = realisticMix(3000);
    const s = script().handshake({ server: { tools: {} } });
    s.c(req(1, 'tools/list')).s(res(1, { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] }));
    s.c(req(2, 'tools/call', { name: 'echo', arguments: {} })).s(res(2, { isError: true, content: [{ type: 'text', text: 'the disk is full' }] }));
    s.c(req(3, 'tools/call', { name: 'echo' })).s(err(3, -32602, 'arguments are required'));
    for (let i = 0; i < 2000; i++) s.s(note('notifications/message', { level: 'info', data: { i } }));
    // The doctor looks for the reason 500 frames back from the end.
    s.frame('s2c', 'stderr', 'Error: out of memory');
    for (let i = 0; i < 300; i++) s.s(note('notifications/message', { level: 'info', data: { i } }));
    s.frame('local', 'lifecycle', 'exit', {}, { transport: 'stdio', event: 'exit', code: 1 });
    expectSame(frames);
    expectSame(s.frames);
    const { bounded } = bothWays(s.frames);
    // The comparison is not vacuous: the doctor quotes the tool error and the exit's stderr.
    expect(bounded).toContain('the disk is full');
    expect(bounded).toContain('its stderr says: Error: out of memory');
    expect(bounded).toContain('check.tools-listing-too-large');
  });

  it('on a server that writes only invalid lines for a long time before its first message', () => {
    const s = script().frame('local', 'lifecycle', 'started srv', {}, { transport: 'stdio', event: 'spawn', pid: 7, command: 'srv', args: [] });
    s.c(req(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }));
    for (let i = 0; i < 800; i++) s.frame('s2c', 'message', `banner line ${i}`);
    s.frame('s2c', 'stderr', 'starting');
    s.s(res(1, { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } }));
    expectSame(s.frames, { framing: 'lines' });
  });

  it('on a session whose server went quiet long before its end', () => {
    // Only the opening shows the server reached the transport, framing and JSON-RPC layers.
    const s = script().frame('local', 'lifecycle', 'started srv', {}, { transport: 'stdio', event: 'spawn', pid: 7, command: 'srv', args: [] });
    s.handshake({ server: { tools: {} } });
    for (let i = 0; i < 700; i++) s.c(note('notifications/roots/list_changed'));
    expectSame(s.frames);
  });

  it('on ping loops, with and without a handshake, whose answered pings are let go of', () => {
    // Without a handshake the doctor takes any answered call for the lifecycle reached.
    const bare = script();
    for (let i = 1; i <= 200; i++) bare.c(req(i, 'ping')).s(res(i));
    expectSame(bare.frames);
    const s = script().handshake({ server: { tools: {} } });
    for (let i = 1; i <= 200; i++) s.c(req(i, 'ping')).s(res(i));
    s.c(req(5, 'ping')).s(res(5)).s(res(7));
    expectSame(s.frames);
  });

  it('on a long loop of tool calls whose answers break output schemas, fail, are cancelled or late', () => {
    const frames = toolLoop(500);
    expectSame(frames, { timeoutMs: 1000 });
    const { bounded } = bothWays(frames, { timeoutMs: 1000 }, true);
    // Not vacuous: the doctor quotes a tool's isError by the tool's name, and the findings are there.
    expect(bounded).toContain('tool \\"search\\" answered with isError');
    expect(bounded).toContain('tools.structured-content-invalid');
  });

  it('on tool errors and -32602 refusals answered in another order than asked, more than the doctor quotes', () => {
    const s = script().handshake({ server: { tools: {} } });
    for (let id = 1; id <= 6; id++) s.c(req(id, 'tools/call', { name: `t${id}`, arguments: { id } }));
    for (let id = 6; id >= 1; id--) s.s(res(id, { isError: true, content: [{ type: 'text', text: `t${id} broke` }] }));
    for (let i = 0; i < 50; i++) s.c(req(100 + i, 'ping')).s(res(100 + i));
    for (let id = 20; id < 27; id++) s.c(req(id, 'tools/call', { name: 'echo', arguments: { bad: id } }));
    for (let id = 26; id >= 20; id--) s.s(err(id, -32602, `argument ${id} is wrong`));
    for (let i = 0; i < 50; i++) s.c(req(200 + i, 'ping')).s(res(200 + i));
    expectSame(s.frames);
    const { bounded } = bothWays(s.frames, {}, true);
    // The first three asked are quoted, the rest counted.
    expect(bounded).toContain('tool \\"t1\\" answered with isError: t1 broke');
    expect(bounded).toContain('(and 3 more)');
    expect(bounded).toContain('argument 20 is wrong');
    expect(bounded).toContain('(and 4 more)');
  });

  it('on a long HTTP session: refusals, some accepted later, a failed OAuth look-up, a POST left unanswered', () => {
    const h = new HttpScript();
    const json = { type: 'application/json' };
    const headers = { 'mcp-protocol-version': '2025-11-25', 'mcp-session-id': 's1' };
    const init = req(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } });
    h.exchange({ body: init, status: 401, endBody: 'unauthorized' });
    h.exchange({ method: 'GET', url: 'http://127.0.0.1/.well-known/oauth-protected-resource', stream: 'oauth', oauth: 'resource-metadata', status: 404 });
    h.exchange({
      body: init,
      ...json,
      resHeaders: { 'mcp-session-id': 's1' },
      answers: [{ body: res(0, { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } }) }],
    });
    h.exchange({ body: note('notifications/initialized'), headers, status: 202 });
    for (let i = 1; i <= 400; i++) {
      const body = req(i, i % 50 === 0 ? 'resources/list' : 'tools/call', { name: 'echo', arguments: { i } });
      // Every 50th request (a resources/list) is refused 500 and never accepted; every 70th tools/call is refused, then accepted.
      if (i % 50 === 0 || i % 70 === 0) h.exchange({ body, headers, status: 500, endBody: `overloaded ${i}` });
      if (i % 50 !== 0) h.exchange({ body, headers, ...json, answers: [{ body: res(i, { content: [{ type: 'text', text: `echo ${i}` }] }) }] });
    }
    h.exchange({ body: req(999, 'tools/call', { name: 'echo', arguments: {} }), headers, ...json, endBody: '' });
    expectSame(h.frames);
    const { bounded } = bothWays(h.frames, {}, true);
    // Not vacuous: the doctor quotes the refusals never accepted and the POST left unanswered.
    expect(bounded).toContain('overloaded 50');
    expect(bounded).toContain('its body ended without the answer');
    const model = new BoundedModel({ compact: 'report', compactEvery: 20 });
    model.append(h.frames);
    // Held: the refusals, the failed look-up, the unanswered POST; not the 400 accepted exchanges.
    expect(model.exchanges.all.length).toBeLessThan(20);
  });

  it('on an exported selection whose seqs skip', () => {
    const frames = realisticMix(1200).filter((f) => f.seq % 3 !== 0);
    expectSame(frames);
  });
});
