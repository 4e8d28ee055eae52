/**
 * `loupe tap -- COMMAND`: picks the relay that carries the host's bytes, records beside it, and
 * says how the server ended. The native relay (native-tap.ts) is the default; the Node relay
 * (stdio-tap.ts) carries the session where the native one cannot be built or started, silently,
 * since a tap must never fail for want of a compiler. LOUPE_TAP_RELAY=native|node forces one. The
 * trace's header says which relay carried the session.
 */
import { NativeTap } from './native-tap';
import { nativeRelay } from './native/relay-build';
import { endStaleGroups, recordGroupsIn } from '../transports/pid-files';
import { StdioTap } from './stdio-tap';
import type { TapOutcome } from './tap-events';
import type { TapHeaderInput, TapRelay } from './tap-header';
import { TapRecorder } from './tap-recorder';

export type RelayWanted = TapRelay | 'auto';

export interface StdioTapRun {
  command: string;
  args: string[];
  /** The trace file, and its header but for the relay (known once one is running). */
  file: string;
  header: Omit<TapHeaderInput, 'tap'> & { tap: Omit<TapHeaderInput['tap'], 'relay'> };
  relay: RelayWanted;
  /** How far recording may fall behind the wire before it records gaps instead (default 64 MiB). */
  backlogBytes?: number;
  /** Where `loupe start` and the taps keep a pid file per server group (`<config>/run`). */
  groupsDir: string;
  warn: (text: string) => void;
  /** Tells the person something that is not a problem with this tap (an orphan it ended). */
  note: (text: string) => void;
}

export type StdioTapResult = { outcome: TapOutcome; relay: TapRelay } | { unavailable: string };

export async function runStdioTap(o: StdioTapRun): Promise<StdioTapResult> {
  let outcome: TapOutcome | undefined;
  let recorder: TapRecorder | undefined;
  let relay: TapRelay = 'native';
  // Servers a SIGKILLed tap or Loupe left running end here; before this tap records its own
  // group, since the records of a process that is not running any more are what count as stale.
  for (const line of await endStaleGroups(o.groupsDir)) o.note(line);
  if (o.relay !== 'node') {
    const native = await nativeRelay();
    if (!native.ok && o.relay === 'native') return { unavailable: native.reason };
    if (native.ok) {
      recorder = recorderFor(o, 'native');
      const sink = recorder;
      outcome = await new NativeTap({ relay: native.path, command: o.command, args: o.args, sink, caughtUp: (bytes) => sink.caughtUp(bytes), maxBehindBytes: o.backlogBytes }).run();
      if (!outcome && o.relay === 'native') return { unavailable: `${native.path} could not be started` };
    }
  }
  if (!outcome) {
    // Nothing was handed to an abandoned recorder, so it never started a worker or made a file.
    relay = 'node';
    recorder = recorderFor(o, 'node');
    keepGroupRecords(o);
    const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
    outcome = await new StdioTap({ command: o.command, args: o.args, io, sink: recorder }).run();
  }
  const recorded = await recorder!.close();
  if (recorded.error && !recorded.notRecording) o.warn(`the trace ${o.file} is incomplete: ${recorded.error}`);
  return { outcome, relay };
}

/** From here on the server's group gets a pid file, so that it does not outlive a SIGKILLed tap for good. */
function keepGroupRecords(o: StdioTapRun): void {
  try {
    recordGroupsIn(o.groupsDir);
  } catch (e) {
    o.warn(`cannot keep a pid file in ${o.groupsDir} (${(e as Error).message}): if this tap is killed, the server may keep running`);
  }
}

function recorderFor(o: StdioTapRun, relay: TapRelay): TapRecorder {
  // The recorder's worker thread creates the file with its header, frames and writes. Recording
  // is secondary: when the file cannot be created, the server runs regardless.
  const header = { ...o.header, tap: { ...o.header.tap, relay } };
  return new TapRecorder({ file: o.file, header }, o.backlogBytes, (reason) => o.warn(`not recording this session: ${reason}`));
}
