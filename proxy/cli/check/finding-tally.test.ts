/**
 * The tally of `loupe check` lists the first findings of each rule and counts them all: what it
 * holds stays at LISTED_PER_RULE a rule however many findings come, while every count, the exit
 * status and a baseline made from its own report still see each one.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { script } from '../../../lib/analyze/testing';
import { diagnose } from '../../../lib/doctor';
import { modelOf } from '../../../lib/model/session-model';
import { readBaseline } from './baseline';
import { FindingTally, LISTED_PER_RULE } from './finding-tally';
import { failingCount, type AnnotationLike, type CheckResult } from './findings';
import { formatJson } from './format-json';
import { formatText } from './format-text';
import { formatJunit } from './format-junit';
import { formatSarif } from './format-sarif';
import { xmlElementNames } from './xml-well-formed';
import { tempDir } from '../shared/run-cli';

const MANY = 100_000;
const doctor = diagnose(modelOf(script().handshake().frames));

/** `n` findings of one rule, on frames `from`.., each with its own message, last frame first. */
function many(n: number, rule = 'jsonrpc.version', from = 1): AnnotationLike[] {
  return Array.from({ length: n }, (_, i) => {
    const frame = from + n - 1 - i;
    return { rule, severity: 'error' as const, group: 'jsonrpc', frames: [frame], message: `jsonrpc "1.0" at ${frame}` };
  });
}

function resultOf(tally: FindingTally): CheckResult {
  return { source: 'trace.ndjson', frameCount: MANY, ...tally.report(), failOn: 'error', doctor };
}

describe('the findings of a check', () => {
  it('holds the first findings of each rule by frame, and counts them all', () => {
    const tally = new FindingTally();
    tally.takeAnnotations(many(MANY));
    tally.takeAnnotations([{ rule: 'tools.name', severity: 'warning', group: 'tools', frames: [7], message: 'tool name "a b" has a space' }]);
    const report = tally.report();
    const listed = report.findings.filter((f) => f.rule === 'jsonrpc.version');
    expect(listed).toHaveLength(LISTED_PER_RULE);
    expect(listed.map((f) => f.frame)).toEqual(Array.from({ length: LISTED_PER_RULE }, (_, i) => i + 1));
    expect(report.findings).toHaveLength(LISTED_PER_RULE + 1);
    expect(report.rules.find((r) => r.rule === 'jsonrpc.version')?.count).toBe(MANY);
    expect(failingCount(resultOf(tally))).toBe(MANY);
  });

  it('says how many more in text, and counts each rule exactly in json', () => {
    const tally = new FindingTally();
    tally.takeAnnotations(many(MANY));
    const result = resultOf(tally);
    const text = formatText(result);
    expect(text).toContain(`Errors (${MANY})`);
    expect(text).toContain(`    … and ${MANY - LISTED_PER_RULE} more jsonrpc.version (the first ${LISTED_PER_RULE} are listed)`);
    expect(text).toMatch(new RegExp(`${MANY} errors, 0 warnings, 0 info — failed: ${MANY} findings at or above error$`));
    const json = JSON.parse(formatJson(result, 'test'));
    expect(json.annotations).toHaveLength(LISTED_PER_RULE);
    expect(json.counts).toEqual({ error: MANY, warning: 0, info: 0 });
    expect(json.failing).toBe(MANY);
    expect(json.rules['jsonrpc.version']).toEqual({
      severity: 'error',
      group: 'jsonrpc',
      count: MANY,
      listed: LISTED_PER_RULE,
      baselined: 0,
      baselinedListed: 0,
    });
  });

  it('gives junit a failing case for the findings not listed, and sarif the count of each rule', () => {
    const tally = new FindingTally();
    tally.takeAnnotations(many(MANY));
    const result = resultOf(tally);
    const xml = formatJunit(result);
    expect(xmlElementNames(xml).filter((n) => n === 'testcase')).toHaveLength(LISTED_PER_RULE + 1);
    expect(xml).toContain(`name="jsonrpc.version: ${MANY - LISTED_PER_RULE} more not listed"`);
    expect(xml).toContain(`tests="${LISTED_PER_RULE + 1}" failures="${LISTED_PER_RULE + 1}"`);
    const run = JSON.parse(formatSarif(result, 'test')).runs[0];
    expect(run.results).toHaveLength(LISTED_PER_RULE);
    expect(run.tool.driver.rules[0].properties).toEqual({ group: 'jsonrpc', count: MANY, listed: LISTED_PER_RULE });
  });

  it('accepts with a baseline made from its own report every finding it counted, and no more', () => {
    const first = new FindingTally();
    first.takeAnnotations(many(MANY));
    const file = path.join(tempDir(), 'baseline.json');
    writeFileSync(file, formatJson(resultOf(first), 'test'));
    const again = new FindingTally(readBaseline(file));
    // The same findings, and three more of the rule after them.
    again.takeAnnotations([...many(MANY), ...many(3, 'jsonrpc.version', MANY + 1)]);
    const result = resultOf(again);
    expect(result.rules).toEqual([{ rule: 'jsonrpc.version', severity: 'error', group: 'jsonrpc', count: 3, baselined: MANY }]);
    expect(result.baselined).toHaveLength(LISTED_PER_RULE);
    expect(failingCount(result)).toBe(3);
    // A baseline of that report accepts those too.
    writeFileSync(file, formatJson(result, 'test'));
    const third = new FindingTally(readBaseline(file));
    third.takeAnnotations([...many(MANY), ...many(3, 'jsonrpc.version', MANY + 1)]);
    expect(failingCount(resultOf(third))).toBe(0);
  });
});
