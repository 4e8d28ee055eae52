/**
 * Judging a long stored session's findings on demand (`loupe sessions ID --findings`, the path the
 * dashboard's judging worker takes too): frames per second and peak RSS, beside their targets.
 *   npx tsx scripts/bench/judge-large.ts [frames=10000000]
 * The session is a ping loop written through the store's own writer into a temporary config dir:
 * a handshake, then the client's pings and the server's answers, one id each, the traffic that
 * makes the analyser keep a call per request (lib/mcp/answered-runs.ts is what keeps that from
 * growing). Not judged when it closes (the store is told to judge none), so the command judges
 * it all. Each run is `node bin/loupe.mjs sessions ID --findings --json` in its own process
 * (dist/ must be built: `npx tsx scripts/build.ts --dist-only`), timed by the wall clock, with
 * its CPU time and the load average beside, and its RSS sampled from /proc. Figures only.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { sessionsDir } from '../../proxy/store/layout';
import { SessionStore } from '../../proxy/store/store';
import { testHeader } from '../../proxy/store/testing';
import { ROOT } from './paths';
import { sampleProcess } from './proc';
import { perSecond, renderTable } from './table';

const TARGETS = { framesPerSecond: 150_000, peakRssMb: 500 };
const LOUPE = path.join(ROOT, 'bin/loupe.mjs');

const HANDSHAKE = [
  '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}',
  '{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"pinged","version":"1"}}}',
  '{"jsonrpc":"2.0","method":"notifications/initialized"}',
];

function frame(seq: number, dir: 'c2s' | 's2c', raw: string): Frame {
  return { seq, ts: seq * 100, dir, lane: 'message', raw, size: Buffer.byteLength(raw) + 1, meta: { transport: 'stdio' } };
}

/** Writes the ping loop as a stored session; returns its id and how long writing took. */
function writePingSession(configDir: string, frames: number): { id: string; seconds: number } {
  const huge = 1024 ** 4;
  const store = new SessionStore(sessionsDir(configDir), { sessionBytes: huge, totalBytes: huge }, undefined, undefined, 0);
  const t0 = performance.now();
  const w = store.create({ source: 'launched', header: testHeader('pings'), startedAt: Date.now() });
  HANDSHAKE.forEach((raw, i) => w.append(frame(i + 1, i === 1 ? 's2c' : 'c2s', raw)));
  for (let seq = HANDSHAKE.length + 1; seq <= frames; seq++) {
    const id = seq >> 1;
    w.append(seq % 2 === 0 ? frame(seq, 'c2s', `{"jsonrpc":"2.0","id":${id},"method":"ping"}`) : frame(seq, 's2c', `{"jsonrpc":"2.0","id":${id},"result":{}}`));
  }
  const end = w.close();
  if (end.frames !== frames) throw new Error(`the store kept ${end.frames} frames of ${frames}`);
  return { id: w.id, seconds: (performance.now() - t0) / 1000 };
}

const total = Number(process.argv[2] ?? 10_000_000);
if (!Number.isInteger(total) || total < 100) {
  console.error('usage: npx tsx scripts/bench/judge-large.ts [frames >= 100]');
  process.exit(2);
}
const configDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-judge-large-'));
try {
  const { id, seconds: writeSeconds } = writePingSession(configDir, total);
  process.stderr.write(`bench: stored ${total.toLocaleString('en-US')} frames in ${writeSeconds.toFixed(1)} s\n`);
  const load = os.loadavg()[0];
  const started = performance.now();
  const child = spawn(process.execPath, [LOUPE, 'sessions', id, '--findings', '--json', '--config-dir', configDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const sample = sampleProcess(child.pid!);
  const [code] = (await once(child, 'exit')) as [number];
  const { peakRssMb, cpuSeconds } = sample.stop();
  const wall = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`loupe sessions exited ${code}`);
  const report = JSON.parse(out) as { total: number; none?: string };
  if (report.none) throw new Error(`no findings: ${report.none}`);
  const rate = total / wall;
  console.log(
    renderTable(
      `loupe sessions ID --findings of a stored ${total.toLocaleString('en-US')}-frame ping loop (${report.total} findings)`,
      ['figure', 'wall', 'per CPU second', 'load'],
      [
        {
          label: 'frames/s',
          cells: [perSecond(rate), `${wall.toFixed(1)} s`, `${perSecond(total / cpuSeconds)} of CPU`, load.toFixed(1)],
          target: `>= ${perSecond(TARGETS.framesPerSecond)}`,
          meets: rate >= TARGETS.framesPerSecond,
        },
        { label: 'peak RSS', cells: [`${peakRssMb.toFixed(0)} MB`, '', '', ''], target: `< ${TARGETS.peakRssMb} MB`, meets: peakRssMb < TARGETS.peakRssMb },
      ],
    ),
  );
} finally {
  rmSync(configDir, { recursive: true, force: true });
}
