import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Builds the page with `next build` when `out/index.html` is missing, so a fresh clone works
 * with `npm start` alone. Next's own CLI is run by this Node, with an argument vector (no
 * shell), and prints its progress to the terminal.
 */
export async function ensurePageBuilt(root: string, signal?: AbortSignal): Promise<string | undefined> {
  if (existsSync(path.join(root, 'out', 'index.html'))) return undefined;
  let nextBin: string;
  try {
    nextBin = createRequire(path.join(root, 'package.json')).resolve('next/dist/bin/next');
  } catch {
    return 'cannot find Next.js to build the page: run `npm install` first';
  }
  console.error('loupe: no built page in out/ yet: building it once with `next build` (this takes a minute)');
  const code = await new Promise<number | string>((resolve) => {
    const child = spawn(process.execPath, [nextBin, 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], shell: false, signal });
    // An abort (Loupe was asked to stop) ends the build; the exit below reports it.
    child.on('error', (e) => { if (e.name !== 'AbortError') resolve(e.message); });
    child.on('exit', (c, signal) => resolve(signal ? `killed by ${signal}` : (c ?? 1)));
  });
  if (code === 0 && existsSync(path.join(root, 'out', 'index.html'))) return undefined;
  return `building the page failed (${typeof code === 'number' ? `next build exited with code ${code}` : code}): see the output above, fix it, or run \`npm run build\` yourself`;
}
