import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Runs a Node script with an argument vector (no shell); its output goes to the terminal. */
function runNode(root: string, args: string[], signal?: AbortSignal): Promise<number | string> {
  return new Promise<number | string>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], shell: false, signal });
    // An abort (Loupe was asked to stop) ends the build; the exit below reports it.
    child.on('error', (e) => { if (e.name !== 'AbortError') resolve(e.message); });
    child.on('exit', (c, sig) => resolve(sig ? `killed by ${sig}` : (c ?? 1)));
  });
}

/**
 * Makes the one-file offline viewer (out/loupe-viewer.html) from the exported /viewer page, as
 * `npm run build` does, so the page's "one HTML file" export works after `loupe start` too.
 */
async function ensureViewerBuilt(root: string, signal?: AbortSignal): Promise<string | undefined> {
  const script = path.join(root, 'scripts', 'build-viewer.mjs');
  if (existsSync(path.join(root, 'out', 'loupe-viewer.html')) || !existsSync(script) || !existsSync(path.join(root, 'out', 'viewer.html'))) return undefined;
  const code = await runNode(root, [script], signal);
  return code === 0 ? undefined : `making the offline viewer failed (${typeof code === 'number' ? `scripts/build-viewer.mjs exited with code ${code}` : code}): see the output above`;
}

/**
 * Builds the page with `next build` when `out/index.html` is missing, so a fresh clone works
 * with `npm start` alone, then the self-contained viewer. Next's own CLI is run by this Node,
 * with an argument vector (no shell), and prints its progress to the terminal.
 */
export async function ensurePageBuilt(root: string, signal?: AbortSignal): Promise<string | undefined> {
  if (existsSync(path.join(root, 'out', 'index.html'))) return ensureViewerBuilt(root, signal);
  let nextBin: string;
  try {
    nextBin = createRequire(path.join(root, 'package.json')).resolve('next/dist/bin/next');
  } catch {
    return 'cannot find Next.js to build the page: run `npm install` first';
  }
  console.error('loupe: no built page in out/ yet: building it once with `next build` (this takes a minute)');
  const code = await runNode(root, [nextBin, 'build'], signal);
  if (code === 0 && existsSync(path.join(root, 'out', 'index.html'))) return ensureViewerBuilt(root, signal);
  return `building the page failed (${typeof code === 'number' ? `next build exited with code ${code}` : code}): see the output above, fix it, or run \`npm run build\` yourself`;
}
