import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, runCliProcess, tempDir } from './shared/run-cli';
import { readTraceText } from '../../lib/trace';

const LOG = path.join(ROOT, 'e2e/fixtures/host-logs/mcp-server-weather.log');

describe('loupe import', () => {
  it("writes a host's log as a redacted trace that loupe check can judge (the built binary)", async () => {
    const out = path.join(tempDir(), 'weather.loupe.ndjson');
    const r = await runCliProcess(['import', LOG, '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/imported 7 messages \(11 frames\) of "weather"/);
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain('wx-secret-1234567890');
    const trace = readTraceText(text);
    expect(trace.header).toMatchObject({ source: 'import', importedFrom: { kind: 'claude-desktop', file: 'mcp-server-weather.log' } });
    expect(trace.header.redaction?.count).toBeGreaterThan(0);
    const check = JSON.parse((await runCli(['check', out, '--format', 'json'])).stdout);
    expect(check.negotiatedVersion).toBe('2025-06-18');
    expect(check.annotations.map((a: { rule: string; frame: number }) => [a.rule, a.frame])).toContainEqual(['stdio.stderr', 4]);
  }, 60_000);

  it('refuses a file that is not a host log, and a missing file, with the reason and exit 2', async () => {
    const out = path.join(tempDir(), 'x.ndjson');
    const notLog = await runCli(['import', path.join(ROOT, 'package.json'), '--out', out]);
    expect(notLog.code).toBe(2);
    expect(notLog.stderr).toMatch(/package\.json: not a host log Loupe can read/);
    const missing = await runCli(['import', '/nonexistent/mcp.log', '--out', out]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read \/nonexistent\/mcp\.log \(ENOENT\)/);
  }, 60_000);
});
