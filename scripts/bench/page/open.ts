/**
 * What opening the page costs the browser: the page is opened in a fresh context (a new renderer,
 * nothing cached in memory, as a new tab or a reload after a restart would), once to warm Loupe and
 * the disk cache, then `opens` times measured. Each measured open counts the CPU the renderer
 * processes used from before the navigation to 300 ms after the connection list showed (read from
 * /proc, Linux only), and the main thread's JavaScript in that span (a sampled CPU profile: every
 * sample that is not idle or the browser's own work). With `profileDir`, each measured open's CPU
 * profile is written there as open<N>.cpuprofile, for a look at where the time goes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newBenchContext, type BenchBrowser } from './browser';
import { renderTable } from '../table';

export interface OpenFigures {
  opens: number;
  /** Medians over the measured opens; renderer CPU is undefined where /proc is missing. */
  rendererCpuMs: number | undefined;
  mainThreadJsMs: number;
  runs: { rendererCpuMs: number | undefined; mainThreadJsMs: number }[];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
export interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Sampled time outside the idle, program (the browser's own work) and root frames, in ms. */
export function jsMs(profile: Profile): number {
  const outside = new Set(profile.nodes.filter((n) => ['(idle)', '(program)', '(root)'].includes(n.callFrame.functionName)).map((n) => n.id));
  let us = 0;
  // timeDeltas[i] is the time before sample i: the time of sample i is the next delta.
  profile.samples?.forEach((id, i) => {
    if (!outside.has(id)) us += profile.timeDeltas?.[i + 1] ?? 0;
  });
  return us / 1000;
}

export function cpuSince(before: Map<number, number> | undefined, after: Map<number, number> | undefined): number | undefined {
  if (!before || !after) return undefined;
  let ms = 0;
  // A renderer started for the open counts whole; one that ended meanwhile (the blank page's) drops out.
  for (const [pid, cpu] of after) ms += cpu - (before.get(pid) ?? 0);
  return ms;
}

async function openOnce(bb: BenchBrowser, url: string, profileFile?: string) {
  const context = await newBenchContext(bb.browser);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    // A sample every 100 µs when the profile is kept for reading, else every ms (cheaper, enough for a sum).
    await cdp.send('Profiler.setSamplingInterval', { interval: profileFile ? 100 : 1000 });
    const before = bb.rendererCpuMs();
    await cdp.send('Profiler.start');
    await page.goto(url);
    await page.getByRole('list', { name: 'Connections' }).getByRole('listitem').first().waitFor();
    await page.waitForTimeout(300);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    const after = bb.rendererCpuMs();
    if (profileFile) writeFileSync(profileFile, JSON.stringify(profile));
    return { rendererCpuMs: cpuSince(before, after), mainThreadJsMs: jsMs(profile) };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function measureOpen(bb: BenchBrowser, url: string, opens = 5, profileDir?: string): Promise<OpenFigures> {
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  await openOnce(bb, url);
  const runs = [];
  for (let i = 0; i < opens; i++) runs.push(await openOnce(bb, url, profileDir ? path.join(profileDir, `open${i}.cpuprofile`) : undefined));
  const cpu = runs.map((r) => r.rendererCpuMs).filter((x): x is number => x !== undefined);
  return {
    opens,
    rendererCpuMs: cpu.length === runs.length ? median(cpu) : undefined,
    mainThreadJsMs: median(runs.map((r) => r.mainThreadJsMs)),
    runs,
  };
}

const msText = (x: number | undefined) => (x === undefined ? 'n/a' : `${Math.round(x).toLocaleString('en-US')} ms`);

/** The open's figures, measured so they stay in view; there is no target for them. */
export function renderOpen(f: OpenFigures): string {
  return renderTable(
    `Page: opening it in a fresh context, no session (median of ${f.opens} opens after one to warm up)`,
    ['CPU'],
    [
      { label: 'page open: renderer CPU (all renderer processes, from /proc)', cells: [msText(f.rendererCpuMs)] },
      { label: 'page open: main-thread JavaScript (sampled)', cells: [msText(f.mainThreadJsMs)] },
    ],
  );
}
