import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS, findCommand } from './commands';
import { ROOT, runCli, runCliProcess } from './shared/run-cli';

describe('the loupe command table', () => {
  // The built binary: bin/loupe.mjs, its exit code and dist/'s chunk for each command.
  it('prints the usage, one line per command from the table, for help and for no command', async () => {
    for (const args of [['help'], ['--help'], []]) {
      const r = await runCliProcess(args);
      expect(r.code).toBe(0);
      for (const [name, c] of Object.entries(COMMANDS)) {
        expect(r.stdout).toContain(c.synopsis);
        expect(r.stdout).toContain(c.summary);
        expect(c.synopsis.startsWith(`loupe ${name}`)).toBe(true);
      }
    }
  });

  it('refuses helper modules and unknown names with the usage and exit 2, never a crash', async () => {
    const names = ['start-options', 'main', 'shutdown-signals', 'commands', 'nope', '../start', 'toString', 'constructor'];
    const results = await Promise.all(names.map((name) => runCli([name])));
    for (const [i, name] of names.entries()) {
      const r = results[i];
      expect(r.code, name).toBe(2);
      expect(r.stderr, name).toContain(`loupe: unknown command '${name}'`);
      expect(r.stderr, name).toContain(COMMANDS.record.synopsis);
      expect(r.stderr, name).not.toMatch(/TypeError|at .*\.ts:\d+/);
      expect(r.stdout, name).toBe('');
    }
  });

  it('dispatches a listed command to its module', async () => {
    const r = await runCliProcess(['diff', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: loupe diff A B/);
  });

  it('lists every module in proxy/cli that runs as a command, and each loads to a run function', async () => {
    const runners = readdirSync(path.join(ROOT, 'proxy/cli'))
      .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
      .filter((f) => /export async function run\(/.test(readFileSync(path.join(ROOT, 'proxy/cli', f), 'utf8')))
      .map((f) => f.slice(0, -3));
    expect(Object.keys(COMMANDS).sort()).toEqual(runners.sort());
    for (const c of Object.values(COMMANDS)) expect(typeof (await c.load()).run).toBe('function');
    expect(findCommand('hasOwnProperty')).toBeUndefined();
  });
});
