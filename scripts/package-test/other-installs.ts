/**
 * The two other ways a user gets Loupe from the same tarball: a global install (`npm install -g`,
 * here under a prefix of its own so the machine's global folder is untouched) and `npx` of the
 * tarball with no install at all. Both are run from an empty folder, so nothing of the checkout or
 * of the project install can stand in for them. The npm cache the project install filled makes
 * both quick; nothing is fetched that the first install did not.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { commandEnv, everythingServer, type Installed } from './commands';

function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv): string {
  const r = spawnSync('npm', args, { cwd, env, encoding: 'utf8', timeout: 240_000, maxBuffer: 64 * 2 ** 20 });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} exited ${r.status ?? r.signal}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** `npm install -g` of the tarball into `prefix`; its `loupe` is `prefix/bin/loupe`. */
export function installGlobally(tarball: string, prefix: string): Installed {
  mkdirSync(prefix, { recursive: true });
  npm(['install', '-g', '--prefix', prefix, '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', tarball], prefix, process.env);
  const bin = path.join(prefix, 'bin', 'loupe');
  if (!existsSync(bin)) throw new Error(`npm install -g put no loupe in ${path.dirname(bin)}`);
  return { bin, nodeModules: path.join(prefix, 'lib', 'node_modules', 'mcp-loupe', 'node_modules') };
}

/**
 * `npx --yes --package TARBALL loupe ARGS` from an empty folder: what the README's
 * `npx --yes mcp-loupe ARGS` does with the registry's copy (npx would run a bare file path as a
 * program, so a tarball is named with --package).
 */
export function viaNpx(tarball: string, empty: string, nodeModules: string): Installed {
  mkdirSync(empty, { recursive: true });
  return { bin: 'npx', binArgs: ['--yes', '--prefer-offline', `--package=${tarball}`, 'loupe'], nodeModules, cwd: empty };
}

/** `loupe record --out T -- server-everything`: the trace holds the handshake, as the server answered it. */
export function checkRecord(i: Installed, dir: string): string {
  const out = path.join(mkdtempSync(path.join(dir, 'record-')), 'recorded.ndjson');
  const r = spawnSync(i.bin, [...(i.binArgs ?? []), 'record', '--out', out, '--', ...everythingServer(i)], {
    cwd: i.cwd,
    env: commandEnv(dir),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`loupe record exited ${r.status ?? r.signal}:\n${r.stdout}\n${r.stderr}`);
  const lines = readFileSync(out, 'utf8').trim().split('\n');
  const initialize = lines.find((l) => l.includes('\\"method\\":\\"initialize\\"'));
  const answer = lines.find((l) => l.includes('\\"serverInfo\\"'));
  if (!initialize || !answer) throw new Error(`loupe record wrote no handshake to ${out}:\n${lines.slice(0, 5).join('\n')}`);
  return `loupe record wrote a ${lines.length}-line trace of server-everything, its handshake included`;
}
