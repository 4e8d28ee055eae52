// `loupe tap` without tsx: a host starts a tap in front of every server it runs, each time it
// starts, so the tap's start is the server's. Loading TypeScript through tsx's hooks costs that
// start about a quarter of a second; a plain ES module bundle of the tap costs a few milliseconds.
// The bundle (the command and the recorder's worker thread) is built with esbuild the first time
// it is needed and rebuilt whenever a file it was built from changed, under
// node_modules/.cache/loupe-tap/. Plain JavaScript, since it runs before anything could load
// TypeScript; when no bundle can be built or loaded (a read-only install, no esbuild), the caller
// runs the tap through tsx as before, so the bundle only ever makes the start faster.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const TAP_CACHE = path.join(ROOT, 'node_modules/.cache/loupe-tap');
const MANIFEST = 'manifest.json';
/** The bundle's entries; the worker's name is the one tap-recorder.ts starts beside its module. */
const ENTRIES = { tap: 'proxy/cli/tap.ts', 'tap-recorder-worker': 'proxy/tap/tap-recorder-worker.ts' };
/** An older build another tap may still be starting from is kept this long after it is replaced. */
const OLD_BUILD_MS = 10 * 60_000;

/**
 * The tap command's `run(argv)` from the bundle, building it first if it is missing or stale;
 * undefined when that cannot be done here (the caller then loads the TypeScript through tsx).
 */
export async function loadPrebuiltTap(cache = TAP_CACHE) {
  if (process.env.LOUPE_TAP_PREBUILT === '0') return undefined;
  try {
    const dir = freshBuild(cache) ?? (await build(cache));
    return (await import(pathToFileURL(path.join(dir, 'tap.mjs')).href)).run;
  } catch {
    return undefined;
  }
}

/** A stamp of a source file: a change of either means the bundle no longer matches it. */
function stamp(file) {
  const s = statSync(path.join(ROOT, file));
  return `${s.mtimeMs}:${s.size}`;
}

/** The current build's folder, if every file it was built from is unchanged. */
export function freshBuild(cache = TAP_CACHE) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(cache, MANIFEST), 'utf8'));
    for (const [file, was] of Object.entries(manifest.inputs)) if (stamp(file) !== was) return undefined;
  } catch {
    return undefined;
  }
  return path.join(cache, manifest.dir);
}

/**
 * Bundles into a folder of its own, then points the manifest at it with a rename, so taps starting
 * at the same moment (a host starts all its servers at once) each load a complete bundle.
 */
async function build(cache) {
  const esbuild = await import('esbuild');
  const name = `build-${process.pid}-${Date.now().toString(36)}`;
  const outdir = path.join(cache, name);
  mkdirSync(outdir, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node}`,
    // Packages load from node_modules as usual (the cache sits inside it, so they resolve).
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = {};
  for (const file of Object.keys(result.metafile.inputs)) if (!file.startsWith('node_modules/')) inputs[file] = stamp(file);
  const temp = path.join(cache, `${MANIFEST}.${process.pid}`);
  writeFileSync(temp, JSON.stringify({ dir: name, inputs }));
  renameSync(temp, path.join(cache, MANIFEST));
  removeOldBuilds(cache, name);
  return outdir;
}

function removeOldBuilds(cache, current) {
  for (const entry of readdirSync(cache)) {
    if (!entry.startsWith('build-') || entry === current) continue;
    const dir = path.join(cache, entry);
    try {
      if (Date.now() - statSync(dir).mtimeMs > OLD_BUILD_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      /* another tap removed it first */
    }
  }
}
