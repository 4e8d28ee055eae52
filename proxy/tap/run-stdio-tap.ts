/**
 * `loupe tap -- COMMAND`: relays the host's bytes (stdio-tap.ts), records beside it, and says how
 * the server ended.
 */
import { StdioTap } from './stdio-tap';
import type { TapOutcome } from './tap-events';
import type { TapHeaderInput } from './tap-header';
import { TapRecorder } from './tap-recorder';

export interface StdioTapRun {
  command: string;
  args: string[];
  /** The trace file, and its header. */
  file: string;
  header: TapHeaderInput;
  /** How far recording may fall behind the wire before it records gaps instead (default 64 MiB). */
  backlogBytes?: number;
  warn: (text: string) => void;
}

export async function runStdioTap(o: StdioTapRun): Promise<TapOutcome> {
  const recorder = recorderFor(o);
  const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
  const outcome = await new StdioTap({ command: o.command, args: o.args, io, sink: recorder }).run();
  const recorded = await recorder.close();
  if (recorded.error && !recorded.notRecording) o.warn(`the trace ${o.file} is incomplete: ${recorded.error}`);
  return outcome;
}

function recorderFor(o: StdioTapRun): TapRecorder {
  // The recorder's worker thread creates the file with its header, frames and writes. Recording
  // is secondary: when the file cannot be created, the server runs regardless.
  return new TapRecorder({ file: o.file, header: o.header }, o.backlogBytes, (reason) => o.warn(`not recording this session: ${reason}`));
}
