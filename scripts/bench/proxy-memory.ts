/**
 * The proxy's own memory over a long live session, as a person runs it: `loupe start` (the built
 * CLI, dist/ must be built: `npx tsx scripts/build.ts --dist-only`) in its own process, a page
 * client attached to a session launched on a flood fixture (its frames stream to the client as to
 * a page, and every frame is stored on disk), and the process's peak RSS read from /proc until
 * the server has written its flood and exited:
 *   npx tsx scripts/bench/proxy-memory.ts [--tiny] [MiB=1200] [budget=default ...]
 * By default the server writes MiB of 1 KiB notifications on stdout, a frame each: the most text
 * and the most frames at once, so the session passes both limits of its budget (budget.ts), the
 * worst case for the proxy's memory; `--tiny`, MiB of `{}` and `x` lines, millions of frames of
 * next to no text. A budget is passed as `--session-budget`; `default` passes none.
 * Figures only: nothing here passes or fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sessionsDir } from '../../proxy/store/layout';
import { SessionStore } from '../../proxy/store/store';
import { startLoupe } from './loupe-process';
import { PageClient } from './page-client';
import { ROOT } from './paths';
import { sampleProcess } from './proc';
import { openSession } from './proxy-pings';

const servers = path.join(ROOT, 'e2e/fixtures/servers');

async function one(tiny: boolean, mib: number, budget: string): Promise<string> {
  const configDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-proxy-memory-'));
  const loupe = await startLoupe(configDir, ROOT, budget === 'default' ? [] : ['--session-budget', budget]);
  const sampler = sampleProcess(loupe.pid);
  const page = await PageClient.connect(loupe.url);
  try {
    // `crash`: the flood server exits once its flood is written, so the run knows when it is over.
    const args = tiny
      ? [path.join(servers, 'stdio-tiny-lines.mjs'), 'stdout', String(mib)]
      : [path.join(servers, 'stdio-flood-output.mjs'), '0', String(mib), '0', 'crash'];
    const id = 'memory-flood';
    await page.call({ type: 'connections/save', connection: { id, name: 'flood', transport: 'stdio', command: process.execPath, args, env: {} } });
    const started = performance.now();
    const { sessionId } = await openSession(page, id);
    for (;;) {
      const status = page.statusOf(sessionId);
      if (status === 'closed' || status === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const seconds = (performance.now() - started) / 1000;
    const { peakRssMb } = sampler.stop();
    const stored = new SessionStore(sessionsDir(configDir)).list()[0];
    return `${tiny ? 'tiny lines' : '1 KiB notifications'}, ${mib} MiB, budget ${budget}: peak RSS ${peakRssMb.toFixed(0)} MiB, ${stored?.frames ?? 0} frames on disk, ${seconds.toFixed(1)} s`;
  } finally {
    page.close();
    await loupe.stop();
    rmSync(configDir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const tiny = args.includes('--tiny');
const [mib = '1200', ...rest] = args.filter((a) => !a.startsWith('--'));
for (const budget of rest.length ? rest : ['default']) console.log(await one(tiny, Number(mib), budget));
