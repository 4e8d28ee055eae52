/**
 * The native relay's binary: compiled from tap-relay.c with the system C compiler the first time a
 * tap needs it (or ahead, by `loupe tap install`), into node_modules/.cache/loupe-native/ beside
 * the prebuilt bundles, under a name keyed by the source's hash and the compiler. A compiler that
 * fails is remembered there too, so a host's servers do not each pay for (or, on macOS, pop up a
 * dialog for) a compiler that cannot work; `loupe tap install` tries again.
 *
 * Builds go to a temporary name and are renamed into place, so taps that start at the same moment
 * (a host starts all its servers at once) each find a whole binary or build their own.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHE_DIR } from '../../cli/prebuilt.mjs';

export const RELAY_SOURCE = fileURLToPath(new URL('./tap-relay.c', import.meta.url));
export const NATIVE_CACHE = path.join(CACHE_DIR, 'loupe-native');
const FLAGS = ['-std=c99', '-O2', '-pthread'];
const BUILD_TIMEOUT_MS = 120_000;

export type NativeRelay = { ok: true; path: string; built: boolean } | { ok: false; reason: string };

export interface NativeRelayOptions {
  cache?: string;
  /** Where to look for `cc` (default: this process's PATH). */
  pathVariable?: string;
  /** Build again even if the compiler failed before (`loupe tap install`). */
  retryFailed?: boolean;
}

/** The relay's binary, built first if needed; or why there is none (the tap then relays in Node). */
export function nativeRelay(o: NativeRelayOptions = {}): Promise<NativeRelay> {
  return compiled(RELAY_SOURCE, 'tap-relay', o);
}

/** A C program of this checkout (the relay; the bench's floor), compiled and cached as above. */
export async function compiled(sourceFile: string, name: string, o: NativeRelayOptions = {}): Promise<NativeRelay> {
  if (process.platform === 'win32') return { ok: false, reason: 'the native relay is for Linux and macOS' };
  const cc = findOnPath('cc', o.pathVariable ?? process.env.PATH ?? '');
  if (!cc) return { ok: false, reason: 'no C compiler (cc) on PATH' };
  if (macOSStub(cc)) return { ok: false, reason: "no C compiler: /usr/bin/cc needs Apple's Command Line Tools (xcode-select --install)" };
  let source: Buffer;
  try {
    source = readFileSync(sourceFile);
  } catch (e) {
    return { ok: false, reason: `cannot read ${sourceFile}: ${(e as Error).message}` };
  }
  const binary = path.join(o.cache ?? NATIVE_CACHE, `${name}-${cacheKey(source, cc)}`);
  if (executable(binary)) return { ok: true, path: binary, built: false };
  const failed = `${binary}.failed`;
  if (!o.retryFailed) {
    try {
      return { ok: false, reason: readFileSync(failed, 'utf8') };
    } catch {
      /* never failed: build it */
    }
  }
  return build(cc, sourceFile, binary, failed);
}

async function build(cc: string, sourceFile: string, binary: string, failed: string): Promise<NativeRelay> {
  const temp = `${binary}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    mkdirSync(path.dirname(binary), { recursive: true });
  } catch (e) {
    return { ok: false, reason: `cannot create ${path.dirname(binary)}: ${(e as Error).message}` };
  }
  const error = await new Promise<string | undefined>((resolve) => {
    execFile(cc, [...FLAGS, '-o', temp, sourceFile], { timeout: BUILD_TIMEOUT_MS }, (err, _stdout, stderr) => {
      resolve(err ? `${cc} could not build ${path.basename(sourceFile)}: ${(stderr.trim() || err.message).split('\n').slice(0, 6).join('\n')}` : undefined);
    });
  });
  if (error === undefined) {
    try {
      renameSync(temp, binary);
      rmSync(failed, { force: true });
      return { ok: true, path: binary, built: true };
    } catch (e) {
      rmSync(temp, { force: true });
      return { ok: false, reason: `cannot keep the build of ${path.basename(sourceFile)} at ${binary}: ${(e as Error).message}` };
    }
  }
  rmSync(temp, { force: true });
  try {
    writeFileSync(temp, error);
    renameSync(temp, failed);
  } catch {
    /* a read-only cache: the next tap tries again */
  }
  return { ok: false, reason: error };
}

/** The source, the compiler (which file, which version of it) and the platform it builds for. */
function cacheKey(source: Buffer, cc: string): string {
  const real = realpathSync(cc);
  const s = statSync(real);
  return createHash('sha256').update(source).update(`\0${real}\0${s.size}\0${s.mtimeMs}\0${process.platform}-${process.arch}`).digest('hex').slice(0, 16);
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * macOS ships /usr/bin/cc as a stub that, without the Command Line Tools, asks the person to install
 * them in a dialog: a tap started by a host must not pop one up, so the stub counts as no compiler.
 */
function macOSStub(cc: string): boolean {
  if (process.platform !== 'darwin' || cc !== '/usr/bin/cc') return false;
  return !['/Library/Developer/CommandLineTools/usr/bin/cc', '/Applications/Xcode.app/Contents/Developer/usr/bin'].some((p) => {
    try {
      statSync(p);
      return true;
    } catch {
      return false;
    }
  });
}

function findOnPath(name: string, pathVariable: string): string | undefined {
  for (const dir of pathVariable.split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      if (statSync(file).isFile() && executable(file)) return file;
    } catch {
      /* not here */
    }
  }
  return undefined;
}
