/**
 * The recorder's worker thread: takes the chunks the tap forwarded, frames them (tap-framer.ts)
 * and appends the frames to the tap's stored session in batches (tap-output.ts: the tap file holds
 * only the header that names it). Everything here is off the host's path.
 * Tells the tap how many bytes it has taken off its hands, once per turn, so the tap can bound
 * how far the recording may fall behind; and how much of the spool (tap-spool.ts) it has read
 * back, so the tap knows when it has caught up with what it spooled while it was too far behind.
 *
 * A host that ends the tap while this thread is still catching up (an SDK sends SIGTERM two
 * seconds after closing, SIGKILL two later) gets the recording ended within a second: the tap sets
 * the `abandon` flag, which this thread reads before each batch (a message would queue behind the
 * batches), and from then on each batch's chunks are noted as gaps rather than framed, its other
 * items still taken; the recording is then closed clean without waiting for
 * the session's findings, which are judged later, on demand (proxy/store/late-judge.ts).
 */
import { closeSync, openSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { Frame } from '../../lib/mcp/frame';
import type { OtlpEndpoint } from '../../lib/wire/otlp-endpoint';
import type { RecorderItem, RecorderMessage, RecorderReply, RecorderSetup } from './tap-recorder';
import { readSpooled, spoolPathFor, type SpooledBatch } from './tap-spool';
import type { TapStream } from './tap-framer';
import type { HandoffWriter } from './tap-handoff';

const setup = workerData as RecorderSetup;
/** Set (to 1) by the tap's main thread when the host ends the tap before this thread has caught up. */
const abandonFlag = setup.abandon ? new Int32Array(setup.abandon) : undefined;
const abandoned = () => abandonFlag !== undefined && Atomics.load(abandonFlag, 0) !== 0;

/**
 * On a busy machine the recording must not take CPU from the host, the server or the tap's
 * forwarding thread: this thread runs at the lowest priority (Linux lets a thread be niced by its
 * own id), so it records with the CPU nobody else wants and catches up when the burst is over.
 * Elsewhere it runs at the tap's priority.
 */
function yieldToTheHost(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, 19);
  } catch {
    /* no /proc (macOS, Windows): the thread keeps the process's priority */
  }
}
yieldToTheHost();
const port = parentPort!;
// Loaded once this thread is niced: the schemas the header needs take a while to load, and the
// server the host is waiting for is starting at the same moment.
const [{ TapFile }, { openTapOutput }, { TapFramer, GAP_ABANDONED }, { tapHeader }, { takeItem }, { HandoffWriter: Handoff }] = await Promise.all([
  import('./tap-file'),
  import('./tap-output'),
  import('./tap-framer'),
  import('./tap-header'),
  import('./take-item'),
  import('./tap-handoff'),
]);
/** Where the frames go: the stored session, the tap file holding its header and naming it
 *  (tap-output.ts); or, for a tap file the tap created itself, that file. */
const output = await openOutput();

async function openOutput() {
  // This thread is its own: it writes synchronously, and nothing waits for the disk in memory.
  const fileOptions = { maxQueuedBytes: setup.maxQueuedBytes, sync: true };
  if (!setup.header) {
    const file = new TapFile(path.dirname(setup.file), path.basename(setup.file), undefined, fileOptions);
    return { file, stored: undefined, append: (f: Frame) => file.append(f), close: () => file.close() };
  }
  const input = setup.header;
  try {
    const { redactionInputs } = await import('../../lib/trace/redaction-inputs');
    return openTapOutput({
      file: setup.file,
      storeDir: setup.storeDir,
      header: tapHeader(input),
      startedAt: Date.parse(input.startedAt) || Date.now(),
      secrets: redactionInputs({ args: input.args }),
      warn: (text) => port.postMessage({ kind: 'warning', text } satisfies RecorderReply),
      fileOptions,
    });
  } catch (e) {
    // Recording is secondary: the tap keeps forwarding; it says why nothing is recorded and stops taking bytes.
    port.postMessage({ kind: 'not-recording', error: (e as Error).message } satisfies RecorderReply);
    return undefined;
  }
}
const file = output?.file;
const stored = output?.stored;

/** `--otlp`: the session's spans and metrics, made from the same frames as the file, here, off the host's path. */
const telemetry = file && setup.otlp ? await startTelemetry(setup.otlp) : undefined;
/** The frames of the batch being taken, for the telemetry (one model update per batch). */
let framed: Frame[] = [];
const framer = new TapFramer((f) => {
  output?.append(f);
  if (telemetry) framed.push(f);
}, setup.maxLineBytes);

async function startTelemetry(endpoint: OtlpEndpoint) {
  const { startOtlpExport } = await import('../telemetry/start-otlp');
  const otlp = await startOtlpExport(endpoint, (text) => port.postMessage({ kind: 'warning', text } satisfies RecorderReply));
  const name = setup.header?.name ?? path.basename(setup.file);
  const session = otlp.session({ name, originMs: Date.parse(setup.header?.startedAt ?? '') || Date.now(), transport: 'stdio' });
  return {
    push: (frames: Frame[]) => session?.push(frames),
    end: async () => {
      await session?.end();
      await otlp.shutdown();
    },
  };
}
let taken = 0;
let spooled = 0;
let acking = false;
/** The time of the last item taken: a spooled batch that cannot be read back is noted then. */
let lastTs = 0;

function ack(bytes: number, spool: number): void {
  taken += bytes;
  spooled += spool;
  if (acking) return;
  acking = true;
  setImmediate(() => {
    acking = false;
    port.postMessage({ kind: 'taken', bytes: taken, spooled } satisfies RecorderReply);
    taken = 0;
    spooled = 0;
  });
}

/**
 * Once the tap is abandoned with a stored session, what this thread has not framed is handed on to
 * a process that outlives the tap (tap-handoff.ts); without one (the frames go to the tap file), or
 * when the handoff cannot be written, it is noted as gaps.
 */
let handoff: HandoffWriter | undefined;
let handoffFailed = false;

function handingOff(): HandoffWriter | undefined {
  if (handoffFailed || !stored || stored.error) return undefined;
  return (handoff ??= new Handoff(stored.dir, setup.spool ?? spoolPathFor(setup.file)));
}

/** The batch from `from` on goes to the handoff; false when it cannot (the caller skips it instead). */
function handOn(write: (h: HandoffWriter) => void): boolean {
  const h = handingOff();
  if (!h) return false;
  try {
    write(h);
    return true;
  } catch (e) {
    handOffFailed(e as Error);
    return false;
  }
}

/** The handoff cannot be written (a full disk): what it noted so far becomes gaps, as does the rest. */
function handOffFailed(e: Error): void {
  handoffFailed = true;
  port.postMessage({ kind: 'warning', text: `cannot hand the rest of the recording on (${e.message}): it is noted as not recorded` } satisfies RecorderReply);
  for (const batch of handoff?.batches ?? []) {
    try {
      const fd = openSync(batch.file, 'r');
      try {
        for (const item of readSpooled<RecorderItem>({ fd, at: batch.at, length: batch.length }).items) skip(item);
      } finally {
        closeSync(fd);
      }
    } catch {
      skipped += batch.length;
    }
  }
  handoff = undefined;
}

/** Bytes of each stream noted as not recorded since the tap was abandoned, not yet in a note: one note per run. */
const skipping = new Map<TapStream, { ts: number; bytes: number }>();
let skipped = 0;

/** The tap was abandoned: a chunk's bytes join its stream's gap; anything else is taken, after the gaps before it. */
function skip(item: RecorderItem): void {
  if (item.kind !== 'chunk') {
    noteSkipped();
    return take(item, new Uint8Array());
  }
  const n = item.end - item.start;
  skipped += n;
  lastTs = item.ts;
  const run = skipping.get(item.stream);
  if (run) run.bytes += n;
  else skipping.set(item.stream, { ts: item.ts, bytes: n });
}

function noteSkipped(): void {
  for (const [stream, run] of skipping) framer.gap(stream, run.ts, run.bytes, GAP_ABANDONED);
  skipping.clear();
}

function takeBatch(items: RecorderItem[], bytes: Uint8Array): void {
  // Read before each item, not each batch: a batch of a flood takes a while to frame at this thread's priority.
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!abandoned()) take(item, bytes);
    else if (handOn((h) => h.posted(items.slice(i), bytes))) break;
    else skip(item);
  }
  if (telemetry && framed.length > 0) {
    telemetry.push(framed);
    framed = [];
  }
}

/** A batch the tap spooled: read back, one at a time, and taken exactly as a posted one. */
function takeSpooled(where: SpooledBatch): void {
  // Left in the spool for the resumer, which removes it; not acknowledged, so the tap keeps the file.
  if (abandoned() && handOn((h) => h.spooled(where))) return;
  try {
    const { items, bytes } = readSpooled<RecorderItem>(where);
    takeBatch(items, bytes);
  } catch (e) {
    // Written a moment ago by this process, so very unlikely; the trace then says what it misses.
    const text = `${where.length} bytes of the recording's backlog could not be read back from its spool (${(e as Error).message}): the peer got every byte, the recording misses them`;
    framer.lifecycle({ transport: 'stdio', event: 'note' }, text, lastTs);
    port.postMessage({ kind: 'warning', text } satisfies RecorderReply);
  }
  ack(0, where.length);
}

function take(m: RecorderItem, bytes: Uint8Array): void {
  lastTs = m.ts;
  takeItem(framer, m, bytes);
}

/** Closing with batches handed on: the session's writer and the framer's state go with them. */
function closeHandingOff(h: HandoffWriter): string | undefined {
  try {
    const writer = stored!.handOff();
    port.postMessage({
      kind: 'warning',
      text: `the host ended the tap before its recorder caught up: the rest is recorded into session ${stored!.id} by a process of its own once the tap has ended (the host got every byte)`,
    } satisfies RecorderReply);
    return h.finish({
      storeDir: path.dirname(h.sessionDir),
      id: stored!.id,
      writer,
      framer: framer.state(),
      ...(setup.maxLineBytes ? { maxLineBytes: setup.maxLineBytes } : {}),
    });
  } catch (e) {
    // The session ends unclean with what was written; the tap says why.
    port.postMessage({
      kind: 'warning',
      text: `cannot hand the rest of the recording on (${(e as Error).message}): the session ends unclean`,
    } satisfies RecorderReply);
    return undefined;
  }
}

port.on('message', (m: RecorderMessage) => {
  switch (m.kind) {
    case 'batch':
      if (file) takeBatch(m.items, m.bytes);
      return ack(m.bytes.length, 0);
    case 'spooled':
      // Without a tap file nothing is recorded: the spool is not read either.
      if (file) return takeSpooled(m);
      return ack(0, m.length);
    case 'close':
      if (!file) {
        port.postMessage({ kind: 'closed', dropped: 0 } satisfies RecorderReply);
        return port.close();
      }
      if (handoff && handoff.batches.length > 0) {
        const handedOff = closeHandingOff(handoff);
        void file.close().then(() => {
          port.postMessage({ kind: 'closed', dropped: file.dropped, ...(handedOff ? { handedOff } : {}) } satisfies RecorderReply);
          port.close();
        });
        return;
      }
      noteSkipped();
      if (skipped > 0) {
        const text = `the host ended the tap while its recorder was ${skipped} bytes behind: the recording notes them as not recorded (the host got every byte)`;
        port.postMessage({ kind: 'warning', text } satisfies RecorderReply);
      }
      // The tap's last frames are framed by now; open requests end with the session.
      if (telemetry && framed.length > 0) telemetry.push(framed);
      // The stored session's findings are counted before the tap's process may end; not when the
      // host is ending the tap (it is judged later, on demand), nor the telemetry waited for then.
      void Promise.all(abandoned() ? [output!.close()] : [output!.close(), telemetry?.end(), stored?.counted]).then(() => {
        port.postMessage({ kind: 'closed', dropped: file.dropped, ...(file.error ? { error: file.error.message } : {}) } satisfies RecorderReply);
        port.close();
      });
      return;
  }
});
