/**
 * The page's window onto a stored session of 10,000,000 frames, through a real `loupe start` and
 * its WebSocket, as the page asks (lib/wire/stored-window.ts): the newest 200 rows (History's
 * Open), a jump to a random seq, the newest 200 of one method, and a text search over every frame.
 * The session is written first by the store's own writer (big-stored-session.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import type { PageMessage, ProxyMessage } from '../../lib/wire/protocol';
import { NEEDLE, RARE_EVERY, RARE_METHOD, writeBigStoredSession } from './big-stored-session';
import { startLoupe } from './loupe-process';
import { PageClient } from './page-client';
import { summarize } from './stats';
import { renderTable } from './table';

export const STORED_WINDOW_TARGETS = { openMs: 1000, jumpMs: 300, searchSeconds: 3 };
const ROWS = 200;
const JUMPS = 21;

interface Timed {
  ms: number;
  /** CPU time Loupe's process spent answering (Linux; 10 ms ticks), which a busy machine cannot stretch as it stretches `ms`. */
  cpuMs?: number;
  frames: number;
  scannedBytes: number;
}

export interface StoredWindowFigure {
  frames: number;
  bytes: number;
  writeSeconds: number;
  /** The newest 200 rows, the first ask after Loupe started. */
  open: Timed;
  jumpMedianMs: number;
  jumpP90Ms: number;
  /** Loupe's CPU time over all the jumps, per jump. */
  jumpCpuMs?: number;
  /** The newest 200 tools/call requests (a quarter of the frames). */
  method: Timed;
  /** The newest 10 of a method one frame in a million has. */
  rare: Timed;
  searchSeconds: number;
  searchCpuMs?: number;
  searchScannedBytes: number;
  /** The machine's load average (1 min) when the figures were taken. */
  loadAverage: number;
}

/** The CPU time (user and system) a process has used, from /proc: undefined elsewhere. */
function cpuMsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15, in ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

const spent = (pid: number, before: number | undefined) => {
  const after = cpuMsOf(pid);
  return before === undefined || after === undefined ? undefined : after - before;
};

type WindowAsk = Omit<Extract<PageMessage, { type: 'history/window' }>, 'rid' | 'type'>;

async function timedWindow(page: PageClient, pid: number, ask: WindowAsk): Promise<Timed> {
  const cpu0 = cpuMsOf(pid);
  const t0 = performance.now();
  const m = await page.ask({ type: 'history/window', ...ask }, 120_000);
  const ms = performance.now() - t0;
  if (m.type !== 'history/window') throw new Error(`history/window answered with ${JSON.stringify(m).slice(0, 300)}`);
  return { ms, cpuMs: spent(pid, cpu0), frames: m.frames.length, scannedBytes: m.scannedBytes };
}

function expectFrames(t: Timed, n: number, what: string): void {
  if (t.frames !== n) throw new Error(`${what} gave ${t.frames} frames, not ${n}`);
}

export async function storedWindowBench(frames: number, progress: (text: string) => void): Promise<StoredWindowFigure> {
  const configDir = mkdtempSync(path.join(tmpdir(), 'loupe-bench-window-'));
  try {
    progress(`writing a stored session of ${frames.toLocaleString('en-US')} frames`);
    const big = writeBigStoredSession(configDir, frames);
    progress('starting loupe start on it, asking for windows and a search through the WebSocket');
    const loupe = await startLoupe(configDir);
    try {
      const page = await PageClient.connect(loupe.url);
      await page.hello;
      const id = big.id;
      const open = await timedWindow(page, loupe.pid, { id, limit: ROWS });
      expectFrames(open, Math.min(ROWS, frames), 'the newest window');
      const jumps: number[] = [];
      const jumpCpu0 = cpuMsOf(loupe.pid);
      for (let i = 0; i < JUMPS; i++) {
        const fromSeq = 1 + Math.floor(Math.random() * Math.max(1, frames - ROWS));
        const t = await timedWindow(page, loupe.pid, { id, fromSeq, limit: ROWS });
        expectFrames(t, Math.min(ROWS, frames - fromSeq + 1), `a jump to ${fromSeq}`);
        jumps.push(t.ms);
      }
      const jumpCpu = spent(loupe.pid, jumpCpu0);
      const method = await timedWindow(page, loupe.pid, { id, limit: ROWS, filter: { method: 'tools/call' } });
      expectFrames(method, Math.min(ROWS, Math.floor(frames / 4)), 'the newest tools/call requests');
      const rare = await timedWindow(page, loupe.pid, { id, limit: 10, filter: { method: RARE_METHOD } });
      expectFrames(rare, Math.min(10, Math.floor((frames + RARE_EVERY / 2) / RARE_EVERY)), `the newest ${RARE_METHOD}`);
      const searchCpu0 = cpuMsOf(loupe.pid);
      const t0 = performance.now();
      const found: ProxyMessage = await page.ask({ type: 'history/search', id, text: NEEDLE.toLowerCase() }, 120_000);
      const searchSeconds = (performance.now() - t0) / 1000;
      const searchCpuMs = spent(loupe.pid, searchCpu0);
      if (found.type !== 'history/search-result' || found.seqs.join() !== String(big.needleSeq))
        throw new Error(`the search for ${NEEDLE} answered ${JSON.stringify(found).slice(0, 300)}, not seq ${big.needleSeq}`);
      page.close();
      const j = summarize(jumps);
      return {
        frames,
        bytes: big.bytes,
        writeSeconds: big.writeSeconds,
        open,
        jumpMedianMs: j.median,
        jumpP90Ms: j.p90,
        jumpCpuMs: jumpCpu === undefined ? undefined : jumpCpu / JUMPS,
        method,
        rare,
        searchSeconds,
        searchCpuMs,
        loadAverage: os.loadavg()[0],
        searchScannedBytes: found.scannedBytes,
      };
    } finally {
      await loupe.stop();
    }
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const cpu = (ms: number | undefined) => (ms === undefined ? '' : ms.toFixed(0));

export function renderStoredWindowBench(f: StoredWindowFigure): string {
  const T = STORED_WINDOW_TARGETS;
  const scaled = f.frames / 10_000_000;
  return renderTable(
    `Window onto a stored session (history/window, history/search through loupe start's WebSocket): ${f.frames.toLocaleString('en-US')} frames, ${mb(f.bytes)} MB of segments, written in ${f.writeSeconds.toFixed(1)} s, load average ${f.loadAverage.toFixed(2)}`,
    ['frames', 'ms', 'CPU ms', 'MB read'],
    [
      {
        label: `open: the newest ${ROWS} rows`,
        cells: [String(f.open.frames), f.open.ms.toFixed(1), cpu(f.open.cpuMs), mb(f.open.scannedBytes)],
        target: `<= ${T.openMs} ms`,
        meets: f.open.ms <= T.openMs,
      },
      {
        label: `jump: ${ROWS} rows from a random seq, median of ${JUMPS} (CPU: mean)`,
        cells: [String(ROWS), f.jumpMedianMs.toFixed(1), cpu(f.jumpCpuMs), ''],
        target: `<= ${T.jumpMs} ms`,
        meets: f.jumpMedianMs <= T.jumpMs,
      },
      { label: 'jump, p90', cells: [String(ROWS), f.jumpP90Ms.toFixed(1), '', ''], target: `<= ${T.jumpMs} ms`, meets: f.jumpP90Ms <= T.jumpMs },
      {
        label: `the newest ${ROWS} tools/call requests (1 frame in 4)`,
        cells: [String(f.method.frames), f.method.ms.toFixed(1), cpu(f.method.cpuMs), mb(f.method.scannedBytes)],
      },
      {
        label: `the newest 10 ${RARE_METHOD} (1 frame in a million)`,
        cells: [String(f.rare.frames), f.rare.ms.toFixed(1), cpu(f.rare.cpuMs), mb(f.rare.scannedBytes)],
      },
      {
        label: 'a text search over every frame (one frame holds it)',
        cells: ['1', (f.searchSeconds * 1000).toFixed(0), cpu(f.searchCpuMs), mb(f.searchScannedBytes)],
        target: `<= ${T.searchSeconds} s at 10M frames`,
        meets: f.searchSeconds / scaled <= T.searchSeconds,
      },
    ],
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = await storedWindowBench(Number(process.argv[2] ?? 10_000_000), (text) => process.stderr.write(`bench: ${text}\n`));
  console.log(renderStoredWindowBench(f));
}
