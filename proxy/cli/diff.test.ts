import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withEchoMessageAsNumber } from '../../e2e/golden/variants';
import { golden, runCli, runCliProcess, tempFiles } from './shared/run-cli';

/** The golden trace with the echo tool's `message` argument turned from a string into a number. */
function changedSchema(): string {
  return withEchoMessageAsNumber(golden('everything-stdio.v1.loupe.ndjson'));
}

describe('loupe diff', () => {
  const dir = tempFiles({
    'a.ndjson': golden('everything-stdio.v1.loupe.ndjson'),
    'b.ndjson': changedSchema(),
    'old.ndjson': golden('everything-stdio.v0.loupe.ndjson'),
    'bad.ndjson': golden('everything-stdio.v1.loupe.ndjson')
      .split('\n')
      .map((l, i) => (i === 6 ? '{"seq": oops' : l))
      .join('\n'),
  });
  const f = (n: string) => path.join(dir, n);

  it('exits 0 when nothing differs, even across format versions (the built binary)', async () => {
    const r = await runCliProcess(['diff', f('a.ndjson'), f('old.ndjson')]);
    expect(r.stdout).toContain('no differences');
    expect(r.code).toBe(0);
  });

  it('exits 1 and names the changed tool schema', async () => {
    const r = await runCli(['diff', f('a.ndjson'), f('b.ndjson')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('~ echo');
    expect(r.stdout).toContain('inputSchema.properties.message.type: "string" → "number"');
    const j = await runCli(['diff', f('a.ndjson'), f('b.ndjson'), '--format', 'json']);
    expect(j.code).toBe(1);
    expect(JSON.parse(j.stdout).tools.changed[0].name).toBe('echo');
  });

  it('exits 2 on a bad file, naming the line and the reason, and on usage mistakes', async () => {
    const r = await runCli(['diff', f('a.ndjson'), f('bad.ndjson')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.ndjson is not a trace Loupe can read: line 7: not valid JSON/);
    expect((await runCli(['diff', f('a.ndjson')])).code).toBe(2);
    expect((await runCli(['diff', f('a.ndjson'), f('b.ndjson'), '--format', 'xml'])).code).toBe(2);
  });
});
