/**
 * The recorder's worker thread: takes the chunks the tap forwarded, frames them (tap-framer.ts)
 * and appends the frames to the tap file in batches. Everything here is off the host's path.
 * Tells the tap how many bytes it has taken off its hands, once per turn, so the tap can bound
 * how far the recording may fall behind; and how much of the spool (tap-spool.ts) it has read
 * back, so the tap knows when it has caught up with what it spooled while it was too far behind.
 */
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { Frame } from '../../lib/mcp/frame';
import type { OtlpEndpoint } from '../../lib/wire/otlp-endpoint';
import type { RecorderItem, RecorderMessage, RecorderReply, RecorderSetup } from './tap-recorder';
import { readSpooled, type SpooledBatch } from './tap-spool';

const setup = workerData as RecorderSetup;

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
const [{ TapFile }, { TapFramer }, { tapHeader }] = await Promise.all([import('./tap-file'), import('./tap-framer'), import('./tap-header')]);
/** The tap file: created with its header here when the tap hands over what the header says. */
function openFile(): InstanceType<typeof TapFile> | undefined {
  // This thread is its own: it writes synchronously, and nothing waits for the disk in memory.
  const options = { maxQueuedBytes: setup.maxQueuedBytes, sync: true };
  if (!setup.header) return new TapFile(path.dirname(setup.file), path.basename(setup.file), undefined, options);
  try {
    return new TapFile(path.dirname(setup.file), path.basename(setup.file), tapHeader(setup.header), options);
  } catch (e) {
    // Recording is secondary: the tap keeps forwarding; it says why nothing is recorded and stops taking bytes.
    port.postMessage({ kind: 'not-recording', error: (e as Error).message } satisfies RecorderReply);
    return undefined;
  }
}

const file = openFile();
/** The session in the store (`loupe sessions`), written whole from the same frames as the file. */
const stored = file && setup.storeDir && setup.header ? await openStored(setup.storeDir, setup.header) : undefined;

async function openStored(storeDir: string, input: NonNullable<RecorderSetup['header']>) {
  const [{ storeTapSession }, { redactionInputs }] = await Promise.all([import('./tap-session-store'), import('../../lib/trace/redaction-inputs')]);
  return storeTapSession({
    storeDir,
    header: tapHeader(input),
    startedAt: Date.parse(input.startedAt) || Date.now(),
    secrets: redactionInputs({ args: input.args }),
    warn: (text) => port.postMessage({ kind: 'warning', text } satisfies RecorderReply),
  });
}
/** `--otlp`: the session's spans and metrics, made from the same frames as the file, here, off the host's path. */
const telemetry = file && setup.otlp ? await startTelemetry(setup.otlp) : undefined;
/** The frames of the batch being taken, for the telemetry (one model update per batch). */
let framed: Frame[] = [];
const framer = new TapFramer((f) => {
  file?.append(f);
  stored?.append(f);
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

function takeBatch(items: RecorderItem[], bytes: Uint8Array): void {
  for (const item of items) take(item, bytes);
  if (telemetry && framed.length > 0) {
    telemetry.push(framed);
    framed = [];
  }
}

/** A batch the tap spooled: read back, one at a time, and taken exactly as a posted one. */
function takeSpooled(where: SpooledBatch): void {
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
  switch (m.kind) {
    case 'chunk':
      return framer.chunk(m.stream, m.ts, bytes.subarray(m.start, m.end));
    case 'gap':
      return framer.gap(m.stream, m.ts, m.bytes);
    case 'end':
      return framer.end(m.stream, m.ts);
    case 'lifecycle':
      return framer.lifecycle(m.meta, m.raw, m.ts);
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
      // The tap's last frames are framed by now; open requests end with the session.
      if (telemetry && framed.length > 0) telemetry.push(framed);
      stored?.close();
      // The stored session's findings are counted before the tap's process may end.
      void Promise.all([file.close(), telemetry?.end(), stored?.counted]).then(() => {
        port.postMessage({ kind: 'closed', dropped: file.dropped, ...(file.error ? { error: file.error.message } : {}) } satisfies RecorderReply);
        port.close();
      });
      return;
  }
});
