/**
 * The CI gates of `loupe check`, run as a user runs them: on a recorded server-everything tour,
 * through the real CLI, in every report format.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EVERYTHING, ROOT, runCli, tempDir } from '../shared/run-cli';

const TOUR = path.join(ROOT, 'scripts/bench/everything-tour.json');
const dir = tempDir();
const trace = path.join(dir, 'everything.ndjson');

const rulesIn = (json: string) => (JSON.parse(json).annotations as Array<{ rule: string }>).map((a) => a.rule).filter((r) => r.startsWith('check.'));

// Each test runs the CLI a few times (a process start each): generous bounds for a loaded machine.
const CLI_TESTS_MS = 180_000;

describe('loupe check gates', () => {
  beforeAll(async () => {
    const r = await runCli(['record', '--out', trace, '--script', TOUR, '--', ...EVERYTHING]);
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);

  it(
    'passes when the server meets every gate, and prints the listing size in bytes and tokens',
    async () => {
      const r = await runCli([
        'check',
        trace,
        '--expect-tool',
        'echo',
        '--expect-tool',
        'get-sum',
        '--forbid-tool',
        'delete-everything',
        '--budget',
        'tools/call:echo=60000',
        '--budget',
        'tools/list=60000',
        '--max-tools-bytes',
        '1000000',
      ]);
      expect(r.stdout).not.toContain('check.');
      expect(r.code, r.stdout).toBe(0);
      const m = /the tools\/list result is (\d+) bytes in 1 page, about (\d+) tokens \(bytes\/4\)/.exec(r.stderr);
      expect(m, r.stderr).not.toBeNull();
      expect(Number(m![2])).toBe(Math.ceil(Number(m![1]) / 4));
    },
    CLI_TESTS_MS,
  );

  it(
    'reports each failed gate as a check.* finding and exits 1',
    async () => {
      const args = [
        'check',
        trace,
        '--expect-tool',
        'no-such-tool',
        '--forbid-tool',
        'echo',
        '--budget',
        'tools/call:echo=0.001',
        '--budget',
        'prompts/get:missing=10',
        '--max-tools-bytes',
        '100',
      ];
      const json = await runCli([...args, '--format', 'json']);
      expect(json.code).toBe(1);
      expect(rulesIn(json.stdout).sort()).toEqual([
        'check.budget-exceeded',
        'check.budget-unmeasured',
        'check.expected-tool-missing',
        'check.forbidden-tool-offered',
        'check.tools-listing-too-large',
      ]);
      const byRule = Object.fromEntries(
        (JSON.parse(json.stdout).annotations as Array<{ rule: string; message: string; severity: string }>).map((a) => [a.rule, a]),
      );
      expect(byRule['check.expected-tool-missing'].message).toMatch(/^the server does not offer the tool "no-such-tool" \(it offers \d+: .*echo/);
      expect(byRule['check.budget-exceeded'].message).toMatch(/^tools\/call:echo: p95 [\d.]+ ms over 1 answered request exceeds the budget of 0.001 ms/);
      expect(byRule['check.budget-unmeasured'].message).toContain('no prompts/get:missing request was answered (0 sent)');
      expect(byRule['check.tools-listing-too-large'].severity).toBe('error');

      const [sarif, junit, text] = await Promise.all([runCli([...args, '--format', 'sarif']), runCli([...args, '--format', 'junit']), runCli(args)]);
      expect(sarif.code).toBe(1);
      const results = JSON.parse(sarif.stdout).runs[0].results as Array<{ ruleId: string; level: string }>;
      expect(results.filter((x) => x.ruleId.startsWith('check.')).map((x) => x.level)).toEqual(Array(5).fill('error'));
      expect(junit.code).toBe(1);
      for (const rule of rulesIn(json.stdout)) expect(junit.stdout).toContain(rule);
      expect(text.code).toBe(1);
      expect(text.stdout).toContain('check.forbidden-tool-offered  the server offers the forbidden tool "echo"');
    },
    CLI_TESTS_MS,
  );

  it(
    'saves the offered interface and reports drift from it',
    async () => {
      const baseline = path.join(dir, 'interface.json');
      const write = await runCli(['check', trace, '--write-interface-baseline', baseline]);
      expect(write.code, write.stderr).toBe(0);
      const saved = JSON.parse(readFileSync(baseline, 'utf8'));
      expect(saved.format).toBe('loupe-interface');
      expect(saved.tools.map((t: { name: string }) => t.name)).toContain('echo');

      expect((await runCli(['check', trace, '--interface-baseline', baseline])).code).toBe(0);

      saved.tools = saved.tools.filter((t: { name: string }) => t.name !== 'get-sum');
      saved.tools.find((t: { name: string }) => t.name === 'echo').description = 'an older description';
      saved.prompts.push({ name: 'retired-prompt' });
      writeFileSync(baseline, JSON.stringify(saved));
      const r = await runCli(['check', trace, '--interface-baseline', baseline, '--format', 'json']);
      expect(r.code).toBe(1);
      const drift = (JSON.parse(r.stdout).annotations as Array<{ rule: string; message: string }>)
        .filter((a) => a.rule === 'check.interface-drift')
        .map((a) => a.message);
      expect(drift.sort()).toEqual([
        'prompt "retired-prompt" was removed since the interface baseline',
        'tool "echo" changed since the interface baseline: description changed',
        'tool "get-sum" was added since the interface baseline',
      ]);
    },
    CLI_TESTS_MS,
  );

  it(
    'refuses a malformed gate with the form it expects, before anything runs',
    async () => {
      const r = await runCli(['check', trace, '--budget', 'tools/call']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("--budget takes METHOD[:NAME]=MS such as tools/call:echo=200, got 'tools/call'");
      const missing = await runCli(['check', trace, '--interface-baseline', path.join(dir, 'nope.json')]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('write one with --write-interface-baseline');
    },
    CLI_TESTS_MS,
  );
});
