import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fixture, runCli, tempDir } from './shared/run-cli';
import { RULE_MODULES } from '../../lib/analyze';

interface JsonReport {
  annotations: Array<{ rule: string; severity: string; message: string; spec: string }>;
}

const APPS_RULES = RULE_MODULES.flatMap((m) => Object.keys(m.rules)).filter((r) => r.startsWith('apps.'));

/** A loaded machine may make any server slow (timing.slow, an info): that is not what these judge. */
const notTiming = (a: { rule: string }) => !a.rule.startsWith('timing.');

/** `loupe check` of a server, calling one tool after discovery (a UI's result is judged from a call). */
async function check(server: string[], tool: string, failOn = 'info'): Promise<{ code: number; report: JsonReport }> {
  const script = path.join(tempDir(), 'script.json');
  writeFileSync(script, JSON.stringify([{ method: 'tools/call', params: { name: tool, arguments: {} } }]));
  const r = await runCli(['check', '--format', 'json', '--fail-on', failOn, '--timeout', '10000', '--script', script, '--', ...server]);
  return { code: r.code, report: JSON.parse(r.stdout) as JsonReport };
}

describe('loupe check of MCP Apps servers', () => {
  it('reports every apps.* rule against the fixture that breaks each once, and nothing else', async () => {
    const { code, report } = await check([...fixture('apps-server'), '--all'], 'no-text');
    const found = report.annotations.filter(notTiming);
    expect(new Set(found.map((a) => a.rule))).toEqual(new Set(APPS_RULES));
    // One tool or resource breaks each rule: each speaks once.
    expect(found).toHaveLength(APPS_RULES.length);
    for (const a of found) expect(a.spec).toMatch(/^https:\/\/github\.com\/modelcontextprotocol\/ext-apps\/blob\/main\/specification\/2026-01-26\/apps\.mdx#/);
    expect(code).toBe(1);
  }, 60_000);

  it('passes the same server when it behaves, its UI read and its UI tool called', async () => {
    const { code, report } = await check(fixture('apps-server'), 'clock', 'warning');
    expect(report.annotations.filter(notTiming)).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);
});
