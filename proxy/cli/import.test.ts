import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, runCliProcess, tempDir } from './shared/run-cli';
import { readTraceText } from '../../lib/trace';

const LOG = path.join(ROOT, 'e2e/fixtures/host-logs/mcp-server-weather.log');
const INSPECTOR = path.join(ROOT, 'e2e/fixtures/inspector/inspector-protocol-everything-2026-09-03T14-21-09.482Z.json');

describe('loupe import', () => {
  it('stores the imported session too: loupe sessions lists it, and its export is redacted', async () => {
    const configDir = tempDir();
    const out = path.join(tempDir(), 'weather.loupe.ndjson');
    const r = await runCli(['import', LOG, '--out', out, '--config-dir', configDir]);
    expect(r.code).toBe(0);
    const id = /\(stored as (\S+)\)/.exec(r.stdout)?.[1];
    const listed = JSON.parse((await runCli(['sessions', '--json', '--config-dir', configDir])).stdout);
    expect(listed).toEqual([expect.objectContaining({ id, name: 'weather', source: 'imported', frames: 11, state: 'clean' })]);
    // Counted before the command ended.
    expect(listed[0].findings).toEqual({ error: expect.any(Number), warning: expect.any(Number), info: expect.any(Number) });
    const again = path.join(tempDir(), 'again.loupe.ndjson');
    expect((await runCli(['export', id!, '--config-dir', configDir, '--out', again])).code).toBe(0);
    const text = readFileSync(again, 'utf8');
    expect(text).not.toContain('wx-secret-1234567890');
    const [stored, imported] = [readTraceText(text), readTraceText(readFileSync(out, 'utf8'))];
    expect(stored.frames).toEqual(imported.frames);
    expect(stored.header).toMatchObject({ source: 'import', importedFrom: imported.header.importedFrom });
  });

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

  it("writes the MCP Inspector's Protocol export as a trace that says what it lacks", async () => {
    const out = path.join(tempDir(), 'everything.loupe.ndjson');
    const r = await runCli(['import', INSPECTOR, '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/imported 26 messages \(26 frames\) of "everything"/);
    const trace = readTraceText(readFileSync(out, 'utf8'));
    expect(trace.header).toMatchObject({
      source: 'import',
      target: { framing: 'messages' },
      importedFrom: { kind: 'mcp-inspector', file: path.basename(INSPECTOR) },
    });
    expect(trace.header.importedFrom?.lacks?.map((l) => l.split(':')[0])).toEqual(
      expect.arrayContaining(['the bytes on the wire', 'the transport', 'server stderr and process events', 'exact times']),
    );
    const check = JSON.parse((await runCli(['check', out, '--format', 'json'])).stdout);
    expect(check.negotiatedVersion).toBe('2025-06-18');
  }, 60_000);

  it('refuses other JSON, text it does not know, and a missing file, with the reason and exit 2', async () => {
    const out = path.join(tempDir(), 'x.ndjson');
    const json = await runCli(['import', path.join(ROOT, 'package.json'), '--out', out]);
    expect(json.code).toBe(2);
    expect(json.stderr).toMatch(
      /package\.json: this is a JSON object \(with "name", .*\), not a file Loupe can read\. Loupe opens its own traces .*the MCP Inspector’s Protocol export/,
    );
    const text = await runCli(['import', path.join(ROOT, 'README.md'), '--out', out]);
    expect(text.code).toBe(2);
    expect(text.stderr).toMatch(/README\.md: not a file loupe import reads .* It reads the MCP Inspector’s Protocol export/);
    const missing = await runCli(['import', '/nonexistent/mcp.log', '--out', out]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read \/nonexistent\/mcp\.log \(ENOENT\)/);
  }, 60_000);
});
