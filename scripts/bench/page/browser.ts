/**
 * Chromium (the one scripts/find-chromium.ts finds), driven by Playwright, launched as a server so
 * its process id is known and the renderer's resident memory can be read from /proc (Linux only;
 * elsewhere it is left out).
 */
import { readFileSync, readdirSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserServer } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../chromium-args';

export interface BenchBrowser {
  browser: Browser;
  /** Resident memory of the largest renderer process, in bytes; undefined where /proc is missing. */
  rendererRss(): number | undefined;
  /** CPU time (user + system, ms) each renderer process has used so far, by process id; undefined where /proc is missing. */
  rendererCpuMs(): Map<number, number> | undefined;
  close(): Promise<void>;
}

/** `executablePath`: the browser findChromium chose. */
export async function launchChromium(executablePath: string): Promise<BenchBrowser> {
  const { chromium } = await import('@playwright/test');
  const server: BrowserServer = await chromium.launchServer({ executablePath, args: CHROMIUM_ARGS, headless: true });
  const browser = await chromium.connect(server.wsEndpoint());
  const root = server.process().pid;
  return {
    browser,
    rendererRss: () => (root === undefined ? undefined : largestRendererRss(root)),
    rendererCpuMs: () => (root === undefined ? undefined : rendererCpu(root)),
    async close() {
      await browser.close().catch(() => {});
      await server.close();
    },
  };
}

/**
 * A fresh context at the e2e viewport. tsx compiles the probes with esbuild's keepNames, which
 * wraps inner functions in a `__name(...)` helper that exists in Node but not in the page; the
 * init script gives the page a do-nothing one so the probes run as written.
 */
export async function newBenchContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 850 } });
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  return context;
}

interface Proc {
  pid: number;
  ppid: number;
  cmdline: string;
  rssBytes: number;
}

function readProcs(): Proc[] {
  const out: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      const rssKb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ');
      out.push({ pid: Number(name), ppid, cmdline, rssBytes: rssKb * 1024 });
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

function renderersOf(root: number): Proc[] | undefined {
  let procs: Proc[];
  try {
    procs = readProcs();
  } catch {
    return undefined;
  }
  const inTree = new Set([root]);
  // Parents come before children often but not always: repeat until the tree stops growing.
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs)
      if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
        inTree.add(p.pid);
        grew = true;
      }
  }
  return procs.filter((p) => inTree.has(p.pid) && p.cmdline.includes('--type=renderer'));
}

function largestRendererRss(root: number): number | undefined {
  const renderers = renderersOf(root);
  return renderers?.length ? Math.max(...renderers.map((p) => p.rssBytes)) : undefined;
}

/** Clock ticks per second of /proc/<pid>/stat's utime and stime: 100 on every Linux Chromium runs on. */
const TICKS_PER_SECOND = 100;

function rendererCpu(root: number): Map<number, number> | undefined {
  const renderers = renderersOf(root);
  if (!renderers) return undefined;
  const cpu = new Map<number, number>();
  for (const p of renderers) {
    try {
      // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
      const stat = readFileSync(`/proc/${p.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(p.pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
    } catch {
      // The process ended while we looked.
    }
  }
  return cpu;
}
