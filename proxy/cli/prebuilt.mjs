// `loupe start` and `loupe tap` without tsx. Through tsx, every module is loaded through its
// loader hooks and compiled with esbuild's keepNames, which wraps each named function and closure
// in a defineProperty call: a host starts a tap in front of every server it runs, so the tap pays
// that on each server's start (about a quarter of a second), and the dashboard pays it on every
// message it relays (tens of microseconds a ping). A plain ES module bundle of the command costs
// neither. Each command's bundle (with the worker threads its code starts) is built with esbuild
// the first time it is needed and rebuilt whenever a file it was built from changed, under
// node_modules/.cache/loupe-prebuilt/<command>/. Plain JavaScript, since it runs before anything
// could load TypeScript; when no bundle can be built or loaded (a read-only install, no esbuild),
// the caller runs the command through tsx as before, so the bundle only ever makes it faster.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Where Loupe keeps what it builds for this checkout: these bundles, the tap's native relay. */
export const CACHE_DIR = path.join(ROOT, 'node_modules/.cache');
export const PREBUILT_CACHE = path.join(CACHE_DIR, 'loupe-prebuilt');
/** The commands that run from a bundle, each from the module whose `run(argv)` the table in commands.ts loads. */
const COMMAND_ENTRIES = { start: 'proxy/cli/start.ts', tap: 'proxy/cli/tap.ts' };
/**
 * Worker threads, by the name their starter finds them under beside its own module
 * (`new URL('./tap-recorder-worker.mjs', import.meta.url)`): every bundle carries them, so the
 * worker runs from the same build as the code that starts it.
 */
const WORKERS = { 'tap-recorder-worker': 'proxy/tap/tap-recorder-worker.ts' };
const MANIFEST = 'manifest.json';
/** An older build a command may still be starting from is kept this long after it is replaced. */
const OLD_BUILD_MS = 10 * 60_000;

/** True when the command has a bundle to run from (the others always run through tsx). */
export function hasPrebuilt(command) {
  return Object.hasOwn(COMMAND_ENTRIES, command);
}

/**
 * The command's `run(argv)` from its bundle, building it first if it is missing or stale;
 * undefined when that cannot be done here or LOUPE_PREBUILT=0 (the caller then loads the
 * TypeScript through tsx).
 */
export async function loadPrebuilt(command, cache = PREBUILT_CACHE) {
  if (process.env.LOUPE_PREBUILT === '0' || !hasPrebuilt(command)) return undefined;
  try {
    const folder = path.join(cache, command);
    const dir = freshBuild(command, cache) ?? (await build(command, folder));
    // Stack traces name the TypeScript sources, as they do through tsx (the bundle's source maps).
    process.setSourceMapsEnabled(true);
    return (await import(pathToFileURL(path.join(dir, `${command}.mjs`)).href)).run;
  } catch {
    return undefined;
  }
}

/** A stamp of a source file: a change of either means the bundle no longer matches it. */
function stamp(file) {
  const s = statSync(path.join(ROOT, file));
  return `${s.mtimeMs}:${s.size}`;
}

/** The command's current build folder, if every file it was built from is unchanged. */
export function freshBuild(command, cache = PREBUILT_CACHE) {
  const folder = path.join(cache, command);
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(folder, MANIFEST), 'utf8'));
    // The bundle names its sources by absolute path (see sourceLocations): a moved checkout rebuilds.
    if (manifest.root !== ROOT) return undefined;
    for (const [file, was] of Object.entries(manifest.inputs)) if (stamp(file) !== was) return undefined;
  } catch {
    return undefined;
  }
  return path.join(folder, manifest.dir);
}

/** `new URL('./<worker>.mjs', import.meta.url)`, or any other `import.meta.url`. */
const MODULE_URLS = /new URL\(\s*(['"])\.\/([\w.-]+)\.mjs\1\s*,\s*import\.meta\.url\s*\)|import\.meta\.url/g;

/**
 * Every module keeps its own `import.meta.url` in the bundle: what it reaches relative to itself
 * (the built page in out/, lib/analyze/README.md, bin/loupe.mjs, packages through createRequire)
 * is found where it is in the sources, not beside the bundle. The one exception is a worker the
 * bundle carries, which the starter finds beside the bundle's own chunk.
 */
const sourceLocations = {
  name: 'source-locations',
  setup(b) {
    b.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const own = JSON.stringify(pathToFileURL(args.path).href);
      const contents = text.replace(MODULE_URLS, (found, _quote, worker) => {
        if (worker === undefined) return own;
        return Object.hasOwn(WORKERS, worker) ? found : found.replace('import.meta.url', own);
      });
      return { contents, loader: path.extname(args.path).slice(1).replace(/^m/, '') };
    });
  },
};

/**
 * Bundles into a folder of its own, then points the manifest at it with a rename, so commands
 * starting at the same moment (a host starts all its servers at once) each load a complete bundle.
 */
async function build(command, folder) {
  const esbuild = await import('esbuild');
  const name = `build-${process.pid}-${Date.now().toString(36)}`;
  const outdir = path.join(folder, name);
  mkdirSync(outdir, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { [command]: COMMAND_ENTRIES[command], ...WORKERS },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node}`,
    // Packages load from node_modules as usual (the cache sits inside it, so they resolve).
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    // Mappings only: enough for stack traces to name the .ts file and line, and quick to load.
    sourcemap: true,
    sourcesContent: false,
    plugins: [sourceLocations],
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = {};
  for (const file of Object.keys(result.metafile.inputs)) if (!file.startsWith('node_modules/')) inputs[file] = stamp(file);
  const temp = path.join(folder, `${MANIFEST}.${process.pid}`);
  writeFileSync(temp, JSON.stringify({ root: ROOT, dir: name, inputs }));
  renameSync(temp, path.join(folder, MANIFEST));
  removeOldBuilds(folder, name);
  return outdir;
}

function removeOldBuilds(folder, current) {
  for (const entry of readdirSync(folder)) {
    if (!entry.startsWith('build-') || entry === current) continue;
    const dir = path.join(folder, entry);
    try {
      if (Date.now() - statSync(dir).mtimeMs > OLD_BUILD_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      /* another process removed it first */
    }
  }
}
