import { describe, expect, it } from 'vitest';
import { byFrame, countPhrase, summarize, worstSeverity } from './summary';
import type { Annotation } from './types';

const a = (rule: string, severity: Annotation['severity'], seq: number): Annotation => ({
  rule,
  severity,
  group: rule.split('.')[0],
  frames: [seq],
  message: `${rule} at ${seq}`,
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic',
});
const list = [
  a('stdio.stderr', 'info', 3),
  a('jsonrpc.version', 'error', 9),
  a('jsonrpc.id-type', 'error', 4),
  a('tools.name', 'warning', 7),
  a('stdio.non-json-line', 'error', 1),
];

describe('summarize', () => {
  it('groups by severity then group, with counts, frames in order', () => {
    const s = summarize(list);
    expect(s.counts).toEqual({ error: 3, warning: 1, info: 1 });
    expect(s.bySeverity.map((x) => [x.severity, x.count])).toEqual([
      ['error', 3],
      ['warning', 1],
      ['info', 1],
    ]);
    expect(s.bySeverity[0].groups.map((g) => [g.group, g.count, g.items.map((i) => i.frames[0])])).toEqual([
      ['jsonrpc', 2, [4, 9]],
      ['stdio', 1, [1]],
    ]);
    expect(s.groups).toEqual(['jsonrpc', 'stdio', 'tools']);
    expect(s.rules).toContain('tools.name');
  });

  it('filters by severity, group and rule id, keeping the totals for the controls', () => {
    expect(summarize(list, { severities: ['error'], groups: ['jsonrpc'] }).shown).toBe(2);
    const byRule = summarize(list, { rules: ['tools.name'] });
    expect(byRule.shown).toBe(1);
    expect(byRule.total).toBe(5);
    expect(byRule.counts.error).toBe(3);
  });

  it('finds the worst severity and the marks of each frame', () => {
    expect(worstSeverity(list)).toBe('error');
    expect(worstSeverity([list[0]])).toBe('info');
    expect(worstSeverity([])).toBeUndefined();
    expect(
      byFrame([...list, a('timing.slow', 'info', 9)])
        .get(9)
        ?.map((x) => x.rule),
    ).toEqual(['jsonrpc.version', 'timing.slow']);
    expect(countPhrase(list)).toBe('3 errors, 1 warning, 1 info');
  });
});
