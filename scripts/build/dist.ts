/**
 * The CLI, the proxy, the test kit and the lib they share, compiled to plain JavaScript in dist/:
 * what bin/loupe.mjs and test/index.mjs run, so an installed Loupe needs no compiler and writes
 * nothing into its own folder. One ES module bundle per entry with code splitting (each command's
 * module is a chunk loaded only when it runs), packages left to node_modules as usual, except the
 * OpenTelemetry SDK (BUNDLED below).
 *
 * Every output file sits directly in dist/: a module that finds a file relative to itself either
 * walks up to the package (proxy/package-root.ts) or, for a worker thread, names it beside itself
 * (`new URL('./tap-recorder-worker.mjs', import.meta.url)`), which holds in dist/ because the
 * worker is an entry of its own there and every chunk is its sibling.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';

/** Output name (without .mjs) -> source. */
export const DIST_ENTRIES: Record<string, string> = {
  cli: 'proxy/cli/main.ts',
  testkit: 'proxy/testkit/fixture.ts',
  // Started by URL from proxy/tap/tap-recorder.ts, so it is an entry, not a chunk.
  'tap-recorder-worker': 'proxy/tap/tap-recorder-worker.ts',
  // Started by URL from proxy/store/late-judge.ts, the same way.
  'judge-worker': 'proxy/store/judge-worker.ts',
  // A process started by path from proxy/tap/tap-handoff.ts, the same way.
  'tap-resume': 'proxy/tap/tap-resume.ts',
};

/**
 * Packages compiled into dist/ rather than installed beside it: the OpenTelemetry SDK behind
 * `--otlp` is a quarter of a megabyte once bundled from its ES modules, and about 28 MB of
 * node_modules installed (each of its packages ships three builds, and the semantic conventions
 * alone are 10 MB), which would grow every install of Loupe by two thirds for an option few use.
 * They are devDependencies for that reason; the bundle names each of them and its license.
 */
const BUNDLED = /^@opentelemetry\//;

/** Leaves every other package to node_modules, as `packages: 'external'` would; a bundled
 *  package's files carry a legal comment naming it and its license, which esbuild keeps (once per
 *  output file, at its end). */
const externalPackages: esbuild.Plugin = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.test(args.path) ? undefined : { path: args.path, external: true }));
    build.onLoad({ filter: /[/\\]node_modules[/\\]@opentelemetry[/\\][^/\\]+[/\\].*\.js$/ }, async (args) => {
      const name = /node_modules[/\\](@opentelemetry[/\\][^/\\]+)/.exec(args.path)![1].replace('\\', '/');
      const notice = `/*! ${name}: Copyright The OpenTelemetry Authors, Apache License 2.0 (https://www.apache.org/licenses/LICENSE-2.0) */\n`;
      return { contents: notice + (await readFile(args.path, 'utf8')), loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

/** The folders whose sources dist/ is built from (a change there makes it stale). */
export const DIST_SOURCES = ['proxy', 'lib', 'package.json'];

/** Builds dist/ afresh under `root`; resolves to the files written. */
export async function buildDist(root: string): Promise<string[]> {
  const outdir = path.join(root, 'dist');
  rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: DIST_ENTRIES,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    plugins: [externalPackages],
    // The bundled packages' ES module builds, which tree-shaking can trim (their CommonJS ones it cannot).
    mainFields: ['module', 'main'],
    outExtension: { '.js': '.mjs' },
    // Mappings only: enough for stack traces to name the .ts file and line, and quick to load.
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
  return Object.keys(result.metafile.outputs);
}

/** The newest modification time of the files under `entries` (folders walked, tests skipped). */
export function newestSource(root: string, entries: readonly string[]): number {
  let newest = 0;
  const visit = (file: string) => {
    const s = statSync(file, { throwIfNoEntry: false });
    if (!s) return;
    if (s.isDirectory()) {
      for (const name of readdirSync(file)) if (name !== 'node_modules') visit(path.join(file, name));
    } else if (!/\.(test|spec)\.tsx?$/.test(file)) {
      newest = Math.max(newest, s.mtimeMs);
    }
  };
  for (const entry of entries) visit(path.join(root, entry));
  return newest;
}

/** True when `built` is missing or older than any of the sources it came from. */
export function isStale(root: string, built: string, sources: readonly string[]): boolean {
  const file = path.join(root, built);
  if (!existsSync(file)) return true;
  return statSync(file).mtimeMs < newestSource(root, sources);
}
