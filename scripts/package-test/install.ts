/**
 * The package as a user gets it: `npm pack` of this checkout (what `npm publish` would upload),
 * then `npm install --omit=dev <tarball>` in an empty project, with the figures a user feels (the
 * tarball's size and files, the install's time and size on disk).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface PackedTarball {
  file: string;
  /** Bytes of the .tgz. */
  size: number;
  unpackedSize: number;
  /** Every path in it, relative to the package. */
  files: string[];
}

export interface InstalledPackage {
  project: string;
  /** node_modules/mcp-loupe */
  packageDir: string;
  /** node_modules/.bin/loupe */
  bin: string;
  installSeconds: number;
  /** Bytes of node_modules on disk (as `du` counts: allocated blocks). */
  nodeModulesBytes: number;
}

/** What may ship: the built code, page and viewer, the kit's entry and types, the rule catalog. */
const SHIPPED = [
  /^package\.json$/,
  /^README\.md$/,
  /^LICENSE/,
  /^bin\/loupe\.mjs$/,
  /^dist\/[^/]+\.mjs(\.map)?$/,
  /^out\//,
  /^test\/index\.(mjs|d\.ts)$/,
  /^lib\/analyze\/README\.md$/,
];

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${r.status ?? r.signal}):\n${r.stderr}${r.error?.message ?? ''}`);
  return r.stdout;
}

/**
 * `npm pack` of `root` into `dest`. Its prepack (a full build) is skipped with --ignore-scripts:
 * the caller has built dist/ and out/ from the current sources already, as `npm test` does.
 */
export function pack(root: string, dest: string): PackedTarball {
  const [info] = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dest], root)) as Array<{
    filename: string;
    size: number;
    unpackedSize: number;
    files: Array<{ path: string }>;
  }>;
  return { file: path.join(dest, info.filename), size: info.size, unpackedSize: info.unpackedSize, files: info.files.map((f) => f.path) };
}

/** Paths in the tarball that should not be there (sources, tests, fixtures, configs). */
export function unexpectedFiles(tarball: PackedTarball): string[] {
  return tarball.files.filter((f) => !SHIPPED.some((re) => re.test(f)));
}

/** The files the package must have for each command to run. */
export function missingFiles(tarball: PackedTarball): string[] {
  const need = [
    'bin/loupe.mjs',
    'dist/cli.mjs',
    'dist/testkit.mjs',
    'dist/tap-recorder-worker.mjs',
    'dist/judge-worker.mjs',
    'dist/tap-resume.mjs',
    'out/index.html',
    'out/loupe-viewer.html',
    'test/index.mjs',
    'test/index.d.ts',
    'lib/analyze/README.md',
  ];
  return need.filter((f) => !tarball.files.includes(f));
}

/** An empty project in `dir` with the tarball installed as a user would, dev dependencies left out. */
export function installTarball(tarball: string, dir: string): InstalledPackage {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'loupe-package-check', private: true, type: 'module' }, null, 2));
  const started = performance.now();
  run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--no-save', tarball], dir);
  const installSeconds = (performance.now() - started) / 1000;
  const nodeModules = path.join(dir, 'node_modules');
  return {
    project: dir,
    packageDir: path.join(nodeModules, 'mcp-loupe'),
    bin: path.join(nodeModules, '.bin', 'loupe'),
    installSeconds,
    nodeModulesBytes: diskUsage(nodeModules),
  };
}

/** Bytes on disk under `dir` (allocated blocks, as `du` counts them; links not followed). */
export function diskUsage(dir: string): number {
  const s = lstatSync(dir);
  if (!s.isDirectory()) return s.blocks * 512;
  let total = s.blocks * 512;
  for (const name of readdirSync(dir)) total += diskUsage(path.join(dir, name));
  return total;
}

/** `chmod -R a-w dir`: what a system-wide install looks like to its user. */
export function makeReadOnly(dir: string): void {
  const s = lstatSync(dir);
  if (s.isSymbolicLink()) return;
  if (s.isDirectory()) for (const name of readdirSync(dir)) makeReadOnly(path.join(dir, name));
  chmodSync(dir, s.mode & ~0o222);
}

/** Gives write permission back (so the temporary folder can be removed). */
export function makeWritable(dir: string): void {
  const s = lstatSync(dir);
  if (s.isSymbolicLink()) return;
  chmodSync(dir, s.mode | 0o200);
  if (s.isDirectory()) for (const name of readdirSync(dir)) makeWritable(path.join(dir, name));
}

/**
 * Every path under `dir` with its size and modification time: compared before and after the
 * commands run, it shows any write into the install, which the read-only bits do not stop for
 * root (as CI runs).
 */
export function snapshot(dir: string): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (p: string) => {
    const s = lstatSync(p);
    seen.set(path.relative(dir, p), s.isDirectory() ? `dir ${s.mtimeMs}` : `${s.size} ${s.mtimeMs}`);
    if (s.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
  return seen;
}

/** What changed between two snapshots: added, removed or modified paths. */
export function changedPaths(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed: string[] = [];
  for (const [p, was] of before) if (after.get(p) !== was) changed.push(after.has(p) ? `modified ${p}` : `removed ${p}`);
  for (const p of after.keys()) if (!before.has(p)) changed.push(`added ${p}`);
  return changed;
}

export const megabytes = (bytes: number) => bytes / 1e6;

/** dist/ and out/ as the sources are now (`npm run build --if-stale`): what the tarball is packed from. */
export function ensureBuilt(root: string): void {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/build.ts'), '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`building dist/ and out/ failed (exit ${r.status ?? r.signal}); see above`);
}
