import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { SessionStore } from './store';
import { logFrame } from './testing';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it('keeps every frame flushed before a SIGKILL of its writer, and lists the session as ended unclean', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-crash-'));
  dirs.push(dir);
  const script = fileURLToPath(new URL('./killed-writer.fixture.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  let id = '';
  let flushed = 0;
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      id = /^id (\S+)$/m.exec(out)?.[1] ?? id;
      for (const m of out.matchAll(/^flushed (\d+)$/gm)) flushed = Math.max(flushed, Number(m[1]));
      // Mid-stream: thousands of frames in, more being appended as the kill lands.
      if (flushed >= 20_000 && child.exitCode === null && !child.killed) {
        child.kill('SIGKILL');
        resolve();
      }
    });
  });
  expect(await exited).toBe('SIGKILL');

  const store = new SessionStore(dir);
  const listed = store.list();
  expect(listed.map((l) => [l.id, l.state])).toEqual([[id, 'unclean']]);
  const session = store.open(id);
  const frames = [...session.frames()];
  // Every frame up to the last flush the writer reported, in order, each as it was written.
  expect(frames.length).toBeGreaterThanOrEqual(flushed);
  frames.forEach((f, i) => expect(f).toEqual(logFrame(i + 1, (i + 1) * 10)));
  expect(listed[0].frames).toBe(frames.length);
  // A torn last line, if the kill cut one, is a notice, never an error.
  for (const n of session.notices) expect(n).toMatch(/ends in half a line|is incomplete/);
}, 60_000);
