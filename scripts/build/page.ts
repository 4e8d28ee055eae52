import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The environment Loupe's own build of its page runs in. Next.js would otherwise send anonymous
 * telemetry and, on a machine's first build, print a notice about it in the middle of Loupe's
 * output: a clone that builds its page on `npm start` should not phone home for its user.
 */
export const PAGE_BUILD_ENV = { NEXT_TELEMETRY_DISABLED: '1' } as const;

/** Runs a Node script with an argument vector (no shell); its output goes to the terminal. */
function runNode(root: string, args: string[], signal?: AbortSignal): Promise<number | string> {
  return new Promise<number | string>((resolve) => {
    const env = { ...process.env, ...PAGE_BUILD_ENV };
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'], shell: false, signal });
    // An abort (Loupe was asked to stop) ends the build; the exit below reports it.
    child.on('error', (e) => {
      if (e.name !== 'AbortError') resolve(e.message);
    });
    child.on('exit', (c, sig) => resolve(sig ? `killed by ${sig}` : (c ?? 1)));
  });
}

function nextCli(root: string): string | undefined {
  try {
    return createRequire(path.join(root, 'package.json')).resolve('next/dist/bin/next');
  } catch {
    return undefined;
  }
}

/** Makes the one-file offline viewer (out/loupe-viewer.html) from the exported /viewer page. */
async function buildViewer(root: string, signal?: AbortSignal): Promise<string | undefined> {
  const script = path.join(root, 'scripts', 'build-viewer.mjs');
  if (!existsSync(script) || !existsSync(path.join(root, 'out', 'viewer.html'))) return undefined;
  const code = await runNode(root, [script], signal);
  return code === 0
    ? undefined
    : `making the offline viewer failed (${typeof code === 'number' ? `scripts/build-viewer.mjs exited with code ${code}` : code}): see the output above`;
}

/**
 * Builds the page with `next build`, then the self-contained viewer: the page step of
 * `npm run build` (scripts/build.ts) and `npm run build:page`. Next's own CLI is run by this Node,
 * with an argument vector (no shell), and prints its progress to the terminal.
 * Returns undefined on success, else what went wrong and what to do.
 */
export async function buildPage(root: string, signal?: AbortSignal): Promise<string | undefined> {
  const nextBin = nextCli(root);
  if (!nextBin) return 'cannot find Next.js to build the page: run `npm install` first';
  const code = await runNode(root, [nextBin, 'build'], signal);
  if (code === 0 && existsSync(path.join(root, 'out', 'index.html'))) return buildViewer(root, signal);
  return `building the page failed (${typeof code === 'number' ? `next build exited with code ${code}` : code}): see the output above, fix it, or run \`npm run build\` yourself`;
}
