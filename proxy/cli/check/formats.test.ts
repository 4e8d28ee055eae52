import { describe, expect, it } from 'vitest';
import { failingCount, toFindings, type AnnotationLike, type CheckResult, type Severity } from './findings';
import { Baseline } from './baseline';
import { FindingTally } from './finding-tally';
import { formatJson } from './format-json';
import { formatJunit } from './format-junit';
import { formatSarif } from './format-sarif';
import { formatText } from './format-text';
import { xmlElementNames } from './xml-well-formed';
import { diagnose } from '../../../lib/doctor';
import { modelOf } from '../../../lib/model/session-model';
import { script } from '../../../lib/analyze/testing';

const annotations: AnnotationLike[] = [
  {
    rule: 'stdio.stderr',
    severity: 'info',
    group: 'stdio',
    frames: [3],
    message: 'the server wrote to stderr: "Starting <server> & co"',
    spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports',
  },
  {
    rule: 'stdio.non-json-line',
    severity: 'error',
    group: 'stdio',
    frames: [2],
    message: 'the server wrote `ready \u0007` to stdout',
    spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports',
  },
  { rule: 'capability.sender-undeclared', severity: 'error', group: 'capability', frames: [9, 4], message: "notifications/message without 'logging'" },
  { rule: 'tools.name', severity: 'warning', group: 'tools', frames: [7], message: 'tool name "a b" has a space' },
];

/** The verdict on a session whose server printed a banner on stdout before the handshake. */
const doctor = diagnose(modelOf(script().s('ready').handshake().frames));

function result(failOn: Severity = 'error', traceFile?: string, found = annotations, baseline = new Baseline([])): CheckResult {
  const tally = new FindingTally(baseline);
  tally.takeAnnotations(found);
  return { source: 'trace.ndjson', traceFile, negotiatedVersion: '2025-11-25', frameCount: 12, ...tally.report(), failOn, doctor };
}

describe('check reports', () => {
  it('orders findings by frame and decides failure by --fail-on', () => {
    expect(toFindings(annotations).map((f) => f.frame)).toEqual([2, 3, 7, 9]);
    expect(result('error').findings.map((f) => f.rule)).toEqual(['stdio.non-json-line', 'stdio.stderr', 'tools.name', 'capability.sender-undeclared']);
    expect(failingCount(result('error'))).toBe(2);
    expect(failingCount(result('warning'))).toBe(3);
    expect(failingCount(result('info'))).toBe(4);
  });

  it('accepts findings with the same rule and message as the baseline', () => {
    const { findings: fresh, baselined: accepted } = result(
      'error',
      undefined,
      annotations,
      new Baseline([
        { rule: 'stdio.non-json-line', message: 'the server wrote `ready \u0007` to stdout' },
        { rule: 'tools.name', message: 'another message' },
      ]),
    );
    expect(accepted.map((f) => f.rule)).toEqual(['stdio.non-json-line']);
    expect(fresh.map((f) => f.rule)).toEqual(['stdio.stderr', 'tools.name', 'capability.sender-undeclared']);
  });

  it('json carries rule, severity, group, frame, message and spec', () => {
    const json = JSON.parse(formatJson(result(), '0.1.0'));
    expect(json.annotations).toHaveLength(4);
    expect(json.annotations[0]).toMatchObject({
      rule: 'stdio.non-json-line',
      severity: 'error',
      group: 'stdio',
      frame: 2,
      spec: expect.stringContaining('basic/transports'),
    });
    expect(json.counts).toEqual({ error: 2, warning: 1, info: 1 });
    expect(json.failing).toBe(2);
  });

  it('text groups by severity and group and names each frame', () => {
    const text = formatText(result());
    expect(text.indexOf('Errors (2)')).toBeLessThan(text.indexOf('Warnings (1)'));
    expect(text.indexOf('Warnings (1)')).toBeLessThan(text.indexOf('Info (1)'));
    expect(text).toContain('frame #2  stdio.non-json-line');
    expect(text).toContain('frames #9, #4  capability.sender-undeclared');
    expect(text).toMatch(/2 errors, 1 warning, 1 info — failed: 2 findings at or above error$/);
  });

  it("text says the doctor's verdict first, a row per layer, and json carries it whole", () => {
    const lines = formatText(result()).split('\n');
    expect(lines.slice(2, 11)).toEqual([
      'Doctor: Framing failed: a non-JSON line on the server\'s stdout: "ready"; move logs to stderr',
      '  ✓ Start-up / process     passed',
      '  ✓ Transport              passed',
      '  ✗ Framing                failed',
      '      frame #1  stdio.non-json-line  a non-JSON line on the server\'s stdout: "ready"; move logs to stderr',
      '      next: Move logs to stderr: stdout carries JSON-RPC messages only, one per line.',
      '  ✓ JSON-RPC               passed',
      '  ✓ Lifecycle              passed',
      '  ✓ Capabilities / schema  passed',
    ]);
    expect(lines[11]).toBe('  · Tool                   not reached');
    const json = JSON.parse(formatJson(result(), '0.1.0'));
    expect(json.doctor).toMatchObject({
      culprit: 'framing',
      layers: expect.arrayContaining([expect.objectContaining({ layer: 'framing', status: 'failed' })]),
    });
    expect(json.doctor.layers.map((l: { status: string }) => l.status)).toEqual(['passed', 'passed', 'failed', 'passed', 'passed', 'passed', 'not-reached']);
  });

  it('junit is well-formed XML with a failure per finding at or above --fail-on', () => {
    const xml = formatJunit(result('warning'));
    const names = xmlElementNames(xml);
    expect(names.filter((n) => n === 'failure')).toHaveLength(3);
    expect(names.filter((n) => n === 'testcase')).toHaveLength(4);
    expect(xml).toContain('tests="4" failures="3"');
    expect(xml).toContain('Starting &lt;server&gt; &amp; co');
    const clean = formatJunit(result('error', undefined, []));
    xmlElementNames(clean);
    expect(clean).toContain('<testcase classname="loupe" name="no findings in trace.ndjson"/>');
  });

  it('the XML reader used here refuses what is not well-formed', () => {
    expect(() => xmlElementNames('<a><b></a></b>')).toThrow(/closes/);
    expect(() => xmlElementNames('<a>fish & chips</a>')).toThrow(/unescaped/);
    expect(() => xmlElementNames('<a x="1<2"></a>')).toThrow();
    expect(() => xmlElementNames('<a>\u0007</a>')).toThrow(/control/);
    expect(() => xmlElementNames('<a>')).toThrow(/unclosed/);
    expect(xmlElementNames('<?xml version="1.0"?>\n<a x="&amp;"><b/>t&lt;</a>')).toEqual(['a', 'b']);
  });

  it('sarif has the 2.1.0 shape, one rule per id and a location per result', () => {
    const log = JSON.parse(formatSarif(result('error', 'trace.ndjson'), '0.1.0'));
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toContain('sarif-2.1.0');
    const [runLog] = log.runs;
    expect(runLog.tool.driver.name).toBe('Loupe');
    const ruleIds = runLog.tool.driver.rules.map((r: { id: string }) => r.id);
    expect(new Set(ruleIds).size).toBe(ruleIds.length);
    for (const r of runLog.results) {
      expect(['error', 'warning', 'note']).toContain(r.level);
      expect(typeof r.message.text).toBe('string');
      expect(runLog.tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
      expect(r.locations[0].physicalLocation.artifactLocation.uri).toBe('trace.ndjson');
      expect(r.locations[0].physicalLocation.region.startLine).toBe(r.properties.frames[0] + 1);
    }
    const live = JSON.parse(formatSarif(result(), '0.1.0'));
    expect(live.runs[0].results[0].locations[0]).toEqual({ logicalLocations: [{ name: 'frame #2', kind: 'object' }] });
  });
});
