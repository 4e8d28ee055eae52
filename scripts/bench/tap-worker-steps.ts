/**
 * What the stdio tap's recorder spends per frame, step by step, on the flood fixture's lines cut
 * into 64 KiB chunks as a pipe hands them over: framing (tap-framer.ts), the tap file's encoding
 * and write (tap-file.ts), the stored session's encoding and write (store/writer.ts), and all of
 * them as the worker runs them. `npx tsx scripts/bench/tap-worker-steps.ts [frames]` prints the figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Frame } from '../../lib/mcp/frame';
import { frameLine, TapFile } from '../../proxy/tap/tap-file';
import { TapFramer } from '../../proxy/tap/tap-framer';
import { storeTapSession } from '../../proxy/tap/tap-session-store';
import { LineEncoder } from '../../proxy/store/segment-lines';
import { renderTable } from './table';

const CHUNK = 64 * 1024;

/** The flood fixture's notifications, cut into pipe-sized chunks. */
function floodChunks(frames: number): Uint8Array[] {
  let text = '';
  for (let i = 1; i <= frames; i++) text += JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: { i } } }) + '\n';
  const bytes = Buffer.from(text);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK) chunks.push(bytes.subarray(at, at + CHUNK));
  return chunks;
}

function frame(chunks: Uint8Array[], emit: (f: Frame) => void): void {
  const framer = new TapFramer(emit);
  chunks.forEach((c, i) => framer.chunk('s2c', i, c));
  framer.end('s2c', chunks.length);
}

function header() {
  return { format: 'loupe-trace', version: 1, name: 'bench', startedAt: new Date().toISOString(), transport: 'stdio', target: { command: 'bench' } } as never;
}

async function time(run: (dir: string) => void | Promise<void>): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-bench-steps-'));
  try {
    // CPU time, not wall time: on a shared machine the wall clock measures the neighbours too.
    const started = process.cpuUsage();
    await run(dir);
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function workerSteps(frames: number): Promise<{ label: string; ms: number }[]> {
  const chunks = floodChunks(frames);
  const collected: Frame[] = [];
  frame(chunks, (f) => collected.push(f));
  const steps: [string, (dir: string) => void | Promise<void>][] = [
    ['framing (lines to frames)', () => frame(chunks, () => {})],
    ['tap file: encode', () => collected.forEach((f) => frameLine(f))],
    [
      'tap file: encode and write',
      async (dir) => {
        const file = new TapFile(dir, 't.ndjson', header(), { sync: true });
        collected.forEach((f) => file.append(f));
        await file.close();
      },
    ],
    [
      'store: encode (LineEncoder)',
      () => {
        const e = new LineEncoder();
        collected.forEach((f) => e.encode(f));
      },
    ],
    [
      'store: encode, summarise and write',
      (dir) => {
        const stored = storeTapSession({ storeDir: dir, header: header(), startedAt: Date.now(), secrets: [], warn: () => {} })!;
        collected.forEach((f) => stored.append(f));
        stored.close();
      },
    ],
    [
      'all, as the worker runs them',
      async (dir) => {
        const file = new TapFile(dir, 't.ndjson', header(), { sync: true });
        const stored = storeTapSession({ storeDir: dir, header: header(), startedAt: Date.now(), secrets: [], warn: () => {} })!;
        frame(chunks, (f) => {
          file.append(f);
          stored.append(f);
        });
        stored.close();
        await file.close();
      },
    ],
  ];
  const out: { label: string; ms: number }[] = [];
  for (const [label, run] of steps) {
    await time(run); // warm-up
    let best = Infinity;
    for (let i = 0; i < 5; i++) best = Math.min(best, await time(run));
    out.push({ label, ms: best });
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const frames = Number(process.argv[2] ?? 200_000);
  const steps = await workerSteps(frames);
  console.log(
    renderTable(
      `The recorder's steps on ${frames} flood notifications (CPU time, the least of 5 after a warm-up)`,
      ['ms', 'µs per frame'],
      steps.map((s) => ({ label: s.label, cells: [s.ms.toFixed(0), ((s.ms * 1000) / frames).toFixed(2)] })),
    ),
  );
}
