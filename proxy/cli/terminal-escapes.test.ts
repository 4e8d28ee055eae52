/**
 * A server's text never reaches the user's terminal as commands: every CLI output that can carry
 * it (record, check in every format, diff, export, their errors) shows escape sequences as text.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, runCli, runCliProcess, tempDir, type CliResult } from './shared/run-cli';

// What a terminal would act on; tab and line feed are ordinary layout.
// eslint-disable-next-line no-control-regex
const ACTS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function expectInert(r: CliResult, what: string): void {
  expect(r.stdout, `${what}: stdout`).not.toMatch(ACTS);
  expect(r.stderr, `${what}: stderr`).not.toMatch(ACTS);
}

const HOSTILE = fixture('hostile-terminal');

describe('server text in the CLI output', { timeout: 120_000 }, () => {
  const dir = tempDir();
  const trace = path.join(dir, 'hostile.ndjson');

  it("loupe record shows the server's name and errors, escapes and all, and keeps them exact in the trace", async () => {
    const script = path.join(dir, 'script.json');
    writeFileSync(script, JSON.stringify([{ method: 'ping' }]));
    const r = await runCli(['record', '--out', trace, '--script', script, '--', ...HOSTILE]);
    expect(r.code).toBe(0);
    expectInert(r, 'record');
    expect(r.stdout).toContain(
      'from hostile\\u001b]52;c;ZWNobyBvd25lZA==\\u0007\\u001b]0;owned\\u0007\\u001b[2J\\u001b[H\\u009b31m\\u202eevil 1.0\\u001b[8m (protocol',
    );
    expect(r.stderr).toContain('ping failed: no pings\\u001b[2J\\u001b[H\\rtoday');
    // The trace is the record: the name exactly as it crossed the wire.
    const init = readFileSync(trace, 'utf8')
      .split('\n')
      .map((l) => (l ? JSON.parse(l) : undefined))
      .find((f) => f?.raw?.includes('"serverInfo"'));
    expect(JSON.parse(init.raw).result.serverInfo.name).toBe(
      'hostile\u001b]52;c;ZWNobyBvd25lZA==\u0007\u001b]0;owned\u0007\u001b[2J\u001b[H\u009b31m\u202eevil',
    );
  });

  it('loupe check, live and from the trace, in every format', async () => {
    const live = await runCli(['check', '--', ...HOSTILE]);
    expectInert(live, 'check live');
    // The tool name breaks the 2025-11-25 naming rule, and the finding quotes it.
    expect(live.stdout).toMatch(/tools\.name {2}tool name "peek\\u001b]0;owned\\u0007\\u009b2J"/);
    for (const format of ['text', 'json', 'junit', 'sarif']) {
      const r = await runCli(['check', trace, '--format', format]);
      expectInert(r, `check --format ${format}`);
      expect(r.stdout).toContain('peek');
      if (format === 'json' || format === 'sarif') JSON.parse(r.stdout);
    }
  });

  it("loupe diff names the server's tools as text", async () => {
    const other = path.join(dir, 'other.ndjson');
    expect((await runCli(['record', '--out', other, '--', ...fixture('bad-banner')])).code).toBe(0);
    const text = await runCli(['diff', other, trace]);
    expect(text.code).toBe(1);
    expectInert(text, 'diff');
    expect(text.stdout).toContain('+ peek\\u001b]0;owned\\u0007\\u009b2J');
    const json = await runCli(['diff', other, trace, '--format', 'json']);
    expectInert(json, 'diff --format json');
    expect(JSON.parse(json.stdout).tools.added).toEqual(['peek\u001b]0;owned\u0007\u009b2J']);
  });

  it('loupe export keeps piped data exact: the frames of the file it writes, byte for byte', async () => {
    const out = path.join(dir, 'exported.ndjson');
    expect((await runCli(['export', trace, '--out', out])).code).toBe(0);
    // A real pipe: the built binary's stdout.
    const piped = await runCliProcess(['export', trace]);
    expect(piped.code).toBe(0);
    expect(piped.stderr).not.toMatch(ACTS);
    // The frames, that is: the header says when each export was made.
    const frames = (text: string) => text.split('\n').slice(1);
    expect(frames(piped.stdout)).toEqual(frames(readFileSync(out, 'utf8')));
    expect(piped.stdout).toContain('\u009b31m\u202eevil');
  });

  it('errors quoting a trace file show its text, not its commands', async () => {
    const bad = path.join(dir, 'bad.ndjson');
    writeFileSync(bad, readFileSync(trace, 'utf8').replace('"dir":"s2c"', '"dir":"\u009b2J\u202eowned"'));
    for (const args of [
      ['check', bad],
      ['diff', bad, trace],
      ['export', bad],
    ]) {
      const r = await runCli(args);
      expect(r.code, args[0]).toBe(2);
      expectInert(r, args[0]);
      expect(r.stderr, args[0]).toContain('\\u009b2J\\u202eowned');
    }
  });
});
