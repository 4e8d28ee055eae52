/**
 * `loupe tap -- COMMAND`: relays the host's bytes (stdio-tap.ts), records beside it, and says how
 * the server ended.
 */
import { endStaleGroups, recordGroupsIn } from '../transports/pid-files';
import { StdioTap } from './stdio-tap';
import { FORWARDED, type TapOutcome } from './tap-events';
import type { TapHeaderInput } from './tap-header';
import { TapRecorder, type RecorderOutcome } from './tap-recorder';
import type { OtlpEndpoint } from '../../lib/wire/otlp-endpoint';

export interface StdioTapRun {
  command: string;
  args: string[];
  /** The trace file, and its header. */
  file: string;
  header: TapHeaderInput;
  /** How far recording may fall behind the wire in memory before the rest is spooled to disk (default 64 MiB). */
  backlogBytes?: number;
  /** How long a signal during catch-up gives the recorder to close clean (default ABANDON_MS). */
  abandonMs?: number;
  /** Where `loupe start` and the taps keep a pid file per server group (`<config>/run`). */
  groupsDir: string;
  /** The stored sessions' folder, where the session is also written as it runs. */
  storeDir?: string;
  /** `--otlp`: the receiver the session's spans and metrics are streamed to (by the recorder's worker). */
  otlp?: OtlpEndpoint;
  warn: (text: string) => void;
  /** Tells the person something that is not a problem with this tap (an orphan it ended). */
  note: (text: string) => void;
}

export async function runStdioTap(o: StdioTapRun): Promise<TapOutcome> {
  // Servers a SIGKILLed tap or Loupe left running end here; before this tap records its own
  // group, since the records of a process that is not running any more are what count as stale.
  for (const line of await endStaleGroups(o.groupsDir)) o.note(line);
  const recorder = recorderFor(o);
  keepGroupRecords(o);
  const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
  const outcome = await new StdioTap({ command: o.command, args: o.args, io, sink: recorder }).run();
  const recorded = await closeRecorder(recorder, o.abandonMs ?? ABANDON_MS);
  if (recorded.error && !recorded.notRecording) o.warn(`the trace ${o.file} is incomplete: ${recorded.error}`);
  return outcome;
}

/** How long a host that ends the tap gives its recorder to close clean: SIGKILL follows SIGTERM 2 s later (MCP SDK). */
const ABANDON_MS = 1500;

/**
 * The host has everything by now (its stdout ended with the server's); the recorder may still be
 * reading its spool back. A host that ends the tap meanwhile (an SDK sends SIGTERM a few seconds
 * after closing) has the recording abandoned: what the recorder has not taken yet is handed on to a
 * detached process that records it into the same session once the tap has ended (tap-handoff.ts;
 * without a stored session it is noted as gaps), the tap file is closed, and the signal ends the
 * tap as it would have. A second signal, or a recorder not closed within `abandonMs`, ends it at
 * once, the session then stored `unclean` with what was written; the spool still goes first
 * rather than be left beside the tap file.
 */
async function closeRecorder(recorder: TapRecorder, abandonMs: number): Promise<RecorderOutcome> {
  let ending: NodeJS.Signals | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const removeHandlers = () => {
    clearTimeout(timer);
    for (const { signal, h } of handlers) process.off(signal, h);
  };
  const endNow = (signal: NodeJS.Signals) => {
    recorder.forgetSpool();
    removeHandlers();
    process.kill(process.pid, signal);
  };
  const handlers = FORWARDED.map((signal) => {
    const h = () => {
      if (ending) return endNow(signal);
      ending = signal;
      recorder.abandon();
      timer = setTimeout(() => endNow(signal), abandonMs);
    };
    process.on(signal, h);
    return { signal, h };
  });
  try {
    const outcome = await recorder.close();
    // Closed after a signal (the spool removed by now, or handed on with the rest): the signal ends the tap as it would have.
    if (ending) {
      // Loaded only here: the tap's start-up loads nothing it does not need before the spawn.
      if (outcome.handedOff) (await import('./tap-handoff')).startResumer(outcome.handedOff);
      removeHandlers();
      process.kill(process.pid, ending);
    }
    return outcome;
  } finally {
    removeHandlers();
  }
}

/** From here on the server's group gets a pid file, so that it does not outlive a SIGKILLed tap for good. */
function keepGroupRecords(o: StdioTapRun): void {
  try {
    recordGroupsIn(o.groupsDir);
  } catch (e) {
    o.warn(`cannot keep a pid file in ${o.groupsDir} (${(e as Error).message}): if this tap is killed, the server may keep running`);
  }
}

function recorderFor(o: StdioTapRun): TapRecorder {
  // The recorder's worker thread creates the file with its header, frames and writes. Recording
  // is secondary: when the file cannot be created, the server runs regardless.
  return new TapRecorder(
    { file: o.file, header: o.header, ...(o.otlp ? { otlp: o.otlp } : {}), ...(o.storeDir ? { storeDir: o.storeDir } : {}) },
    o.backlogBytes,
    (reason) => o.warn(`not recording this session: ${reason}`),
    o.warn,
  );
}
