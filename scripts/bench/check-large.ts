/**
 * `loupe check` of a long trace: frames per second and peak RSS, beside their targets.
 *   npx tsx scripts/bench/check-large.ts [frames=10000000] [runs=1] [shape=notifications|pings|tools]
 * The trace is synthesised from a real recording: the flood fixture is recorded answering a ping
 * and sending a few log notifications; its opening (spawn, handshake, the ping, the tools/call) is
 * written once, then the body, and its ending (the answer, the exit) closes it, so the file reads
 * as one long session of the shape the flood records. The body is, by `shape`:
 * - `notifications`: its first notification repeated, seq, ts and its counter renumbered (one
 *   request in the whole trace: what the analyser keeps per frame);
 * - `pings`: the ping and its answer repeated as pairs with a new id each (a request every other
 *   frame: what it keeps per call, which a ping loop or a busy client makes);
 * - `tools`: the same pairs as a `tools/call` with arguments (its id, a query, a list) and its
 *   answer, a text result, one in 50 marked isError (what it keeps per call that carries params:
 *   the tool's name, not the arguments; and the tool errors the doctor quotes);
 * - `findings`, `sse-ids`, `refusals`: written without a recording, a finding, an SSE event id or
 *   an HTTP refusal on every frame or exchange (written-shapes.ts). The
 * trace goes to a temporary folder and is deleted after. Each run is `node bin/loupe.mjs check
 * FILE --format json` in its own process (dist/ must be built: `npx tsx scripts/build.ts
 * --dist-only`), timed by the wall clock, with its CPU time and the load average beside, and its
 * RSS sampled from /proc. Figures only: nothing here passes or fails. LOUPE_BENCH_CHECK_ARGS gives the
 * check's process Node options of its own (`--cpu-prof --cpu-prof-dir=DIR` to see where its time goes).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { readTraceText, type TraceHeader } from '../../lib/trace';
import { FLOOD_SERVER, ROOT } from './paths';
import { perSecond, renderTable } from './table';
import { sampleProcess } from './proc';
import { WRITTEN_SHAPES, shapedTrace, type WrittenShape } from './written-shapes';

const TARGETS = { framesPerSecond: 150_000, peakRssMb: 500 };
const LOUPE = path.join(ROOT, 'bin/loupe.mjs');
const MB = 1024 * 1024;

/** A short real recording of the flood fixture: the pattern the long trace repeats. */
function recordPattern(dir: string): { header: TraceHeader; frames: Frame[] } {
  const script = path.join(dir, 'script.json');
  const out = path.join(dir, 'pattern.ndjson');
  writeFileSync(script, JSON.stringify([{ method: 'ping' }, { method: 'tools/call', params: { name: 'flood', arguments: { count: 3 } } }]));
  const r = spawnSync(process.execPath, [LOUPE, 'record', '--out', out, '--script', script, '--', process.execPath, FLOOD_SERVER], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`loupe record failed (${r.status}): ${r.stderr}`);
  return readTraceText(readFileSync(out, 'utf8'));
}

const isNotification = (f: Frame) => f.lane === 'message' && f.raw.includes('"notifications/message"');
const isPing = (f: Frame) => f.lane === 'message' && f.dir === 'c2s' && f.raw.includes('"method":"ping"');

type Shape = 'notifications' | 'pings' | 'tools' | WrittenShape;
const isWrittenShape = (shape: Shape): shape is WrittenShape => (WRITTEN_SHAPES as readonly string[]).includes(shape);

/** The frame's line with `seq`, `ts` and the notification's counter as holes to fill: one string
 *  concatenation per frame, so ten million frames are written in seconds. */
function template(f: Frame): (seq: number, ts: number) => string {
  const marked = JSON.stringify({ ...f, seq: -1111111, ts: -2222222, raw: f.raw.replace(/"i":\d+/, '"i":-3333333') });
  const [a, rest] = marked.split('-1111111');
  const [b, rest2] = rest.split('-2222222');
  const [c, d] = rest2.split('-3333333');
  return (seq, ts) => `${a}${seq}${b}${ts}${c}${seq}${d}\n`;
}

/** The ping's line with `seq`, `ts` and its id as holes: ids from 1e9 up, clear of the opening's. */
function pingTemplate(f: Frame): (seq: number, ts: number, id: number) => string {
  const marked = JSON.stringify({ ...f, seq: -1111111, ts: -2222222, raw: f.raw.replace(/"id":\d+/, '"id":-3333333') });
  const [a, rest] = marked.split('-1111111');
  const [b, rest2] = rest.split('-2222222');
  const [c, d] = rest2.split('-3333333');
  return (seq, ts, id) => `${a}${seq}${b}${ts}${c}${1e9 + id}${d}\n`;
}

/** The ping's frame carrying `raw` instead, with `seq`, `ts` and every `-3333333` in `raw` (the
 *  id, the arguments' counter) as holes. */
function rawTemplate(f: Frame, raw: string): (seq: number, ts: number, id: number) => string {
  const [a, rest] = JSON.stringify({ ...f, seq: -1111111, ts: -2222222, raw }).split('-1111111');
  const [b, rest2] = rest.split('-2222222');
  const parts = rest2.split('-3333333');
  return (seq, ts, id) => `${a}${seq}${b}${ts}${parts.join(String(1e9 + id))}\n`;
}

/** A tools/call with arguments and its answer, in the frames of the recorded ping and its answer. */
function toolCallLines(ping: Frame, answer: Frame): (seq: number, ts: number) => string {
  const call = rawTemplate(
    ping,
    '{"jsonrpc":"2.0","id":-3333333,"method":"tools/call","params":{"name":"flood","arguments":{"count":-3333333,"query":"long trace","tags":["a","b"]}}}',
  );
  const ok = rawTemplate(answer, '{"jsonrpc":"2.0","id":-3333333,"result":{"content":[{"type":"text","text":"sent -3333333 notifications"}]}}');
  const failed = rawTemplate(answer, '{"jsonrpc":"2.0","id":-3333333,"result":{"content":[{"type":"text","text":"flood -3333333 failed"}],"isError":true}}');
  let n = 0;
  return (seq, ts) => {
    const pair = n++;
    const id = pair >> 1;
    if (pair % 2 === 0) return call(seq, ts, id);
    return (id % 50 === 7 ? failed : ok)(seq, ts, id);
  };
}

/** The body's frames, one line each: by `shape` (see the file's comment). */
function bodyLines(frames: Frame[], shape: Shape): { first: number; last: number; line: (seq: number, ts: number) => string } {
  const first = frames.findIndex(isNotification);
  const last = frames.findLastIndex(isNotification);
  if (first < 0) throw new Error('the recording holds no notification to repeat');
  if (shape === 'notifications') return { first, last, line: template(frames[first]) };
  const ping = frames.find(isPing);
  const id = ping && /"id":(\d+)/.exec(ping.raw)?.[1];
  const answer = frames.find((f) => f.dir === 's2c' && f.lane === 'message' && f.raw.includes(`"id":${id}`) && f.raw.includes('"result"'));
  if (!ping || !answer) throw new Error('the recording holds no answered ping to repeat');
  if (shape === 'tools') return { first, last, line: toolCallLines(ping, answer) };
  const [ask, reply] = [pingTemplate(ping), pingTemplate(answer)];
  // Pairs share an id: a request, then its answer.
  let n = 0;
  return { first, last, line: (seq, ts) => (n++ % 2 === 0 ? ask(seq, ts, n) : reply(seq, ts, n - 1)) };
}

/** Writes a trace of `total` frames; returns its size in bytes. */
async function writeLongTrace(file: string, pattern: { header: TraceHeader; frames: Frame[] }, total: number, shape: Shape): Promise<number> {
  const { first, last, line } = bodyLines(pattern.frames, shape);
  return writeFrames(file, pattern.header, pattern.frames.slice(0, first), line, pattern.frames.slice(last + 1), total);
}

async function writeFrames(
  file: string,
  header: TraceHeader,
  opening: Frame[],
  line: (seq: number, ts: number) => string,
  ending: Frame[],
  total: number,
): Promise<number> {
  const repeats = total - opening.length - ending.length;
  // The whole session stays within its request timeout, so the tools/call is answered in time.
  const timeoutUs = (header.requestTimeoutMs ?? 60_000) * 1000;
  const step = Math.max(1, Math.floor(timeoutUs / 2 / total));
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`${JSON.stringify(header)}\n`);
  let seq = 0;
  let ts = 0;
  for (const f of opening) await write(`${JSON.stringify({ ...f, seq: ++seq, ts: (ts = f.ts) })}\n`);
  let block = '';
  for (let i = 0; i < repeats; i++) {
    block += line(++seq, (ts += step));
    if (block.length > 4 * MB) {
      await write(block);
      block = '';
    }
  }
  await write(block);
  for (const f of ending) await write(`${JSON.stringify({ ...f, seq: ++seq, ts: (ts += step) })}\n`);
  out.end();
  await once(out, 'finish');
  return statSync(file).size;
}

interface Run {
  seconds: number;
  cpuSeconds: number;
  peakRssMb: number;
  frames: number;
  load: number;
}

async function checkOnce(file: string): Promise<Run> {
  const load = os.loadavg()[0];
  const started = performance.now();
  // `time` would need a shell; /proc's counters of the child say the same.
  const child = spawn(
    process.execPath,
    [...(process.env.LOUPE_BENCH_CHECK_ARGS?.split(/\s+/).filter(Boolean) ?? []), LOUPE, 'check', file, '--format', 'json'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const sample = sampleProcess(child.pid!);
  const [code] = (await once(child, 'exit')) as [number];
  const { peakRssMb: peak, cpuSeconds: cpu } = sample.stop();
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0 && code !== 1) throw new Error(`loupe check exited ${code}: ${err}`);
  const report = JSON.parse(out) as { frames: number };
  return { seconds, cpuSeconds: cpu, peakRssMb: peak, frames: report.frames, load };
}

const [framesArg, runsArg, shapeArg = 'notifications'] = process.argv.slice(2);
const total = Number(framesArg ?? 10_000_000);
const runs = Number(runsArg ?? 1);
const shape = shapeArg as Shape;
if (
  !Number.isInteger(total) ||
  total < 100 ||
  !Number.isInteger(runs) ||
  runs < 1 ||
  ![...['notifications', 'pings', 'tools'], ...WRITTEN_SHAPES].includes(shape)
) {
  console.error(`usage: npx tsx scripts/bench/check-large.ts [frames >= 100] [runs] [notifications|pings|tools|${WRITTEN_SHAPES.join('|')}]`);
  process.exit(2);
}
const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-check-large-'));
try {
  const file = path.join(dir, 'long.loupe.ndjson');
  const t0 = performance.now();
  const shaped = isWrittenShape(shape) ? shapedTrace(shape) : undefined;
  const bytes = shaped
    ? await writeFrames(file, shaped.header, shaped.opening, shaped.line, shaped.ending, total)
    : await writeLongTrace(file, recordPattern(dir), total, shape);
  process.stderr.write(
    `bench: wrote ${total.toLocaleString('en-US')} frames (${(bytes / MB).toFixed(0)} MiB) in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
  );
  const rows = [];
  for (let i = 0; i < runs; i++) {
    const r = await checkOnce(file);
    if (r.frames !== total) throw new Error(`loupe check judged ${r.frames} frames of ${total}`);
    const rate = r.frames / r.seconds;
    rows.push(
      {
        label: `run ${i + 1}: frames/s`,
        cells: [perSecond(rate), `${r.seconds.toFixed(1)} s`, `${perSecond(r.frames / r.cpuSeconds)} of CPU`, r.load.toFixed(1)],
        target: `>= ${perSecond(TARGETS.framesPerSecond)}`,
        meets: rate >= TARGETS.framesPerSecond,
      },
      {
        label: `run ${i + 1}: peak RSS`,
        cells: [`${r.peakRssMb.toFixed(0)} MB`, '', '', ''],
        target: `< ${TARGETS.peakRssMb} MB`,
        meets: r.peakRssMb < TARGETS.peakRssMb,
      },
    );
  }
  console.log(
    renderTable(
      `loupe check of a ${total.toLocaleString('en-US')}-frame trace of ${shape} (${(bytes / MB).toFixed(0)} MiB)`,
      ['figure', 'wall', 'per CPU second', 'load'],
      rows,
    ),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
