/**
 * Where a tap's frames go. A tap writes its traffic once: to its stored session (the compact
 * segments of proxy/store, about the size the traffic had on the wire), while its file in the
 * config dir's `taps/` folder holds only its header, which names that session (`tap.stored`).
 * The file is how the dashboard finds a tap and knows whether it still runs; the session is what
 * it follows, lists, searches and exports. A trace-format copy beside it doubled the disk a tap
 * took (its envelope escapes every message into a string).
 *
 * When the session cannot be stored (the store's folder cannot be made, its total budget cannot
 * be kept), the tap file takes the frames instead, as a whole trace: recording never depends on
 * the store.
 */
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import type { TraceHeader } from '../../lib/trace/format';
import type { KnownSecret } from '../../lib/trace/redact';
import type { SessionWriter } from '../store/writer';
import { TapFile, type TapFileOptions } from './tap-file';
import { storeTapSession } from './tap-session-store';

export interface TapOutputInput {
  /** The tap file's path, in `<config dir>/taps/`. */
  file: string;
  /** `<config dir>/sessions`; without it, the frames go to the tap file. */
  storeDir?: string;
  header: TraceHeader & { tap: object };
  startedAt: number;
  secrets: KnownSecret[];
  warn: (text: string) => void;
  fileOptions?: TapFileOptions;
}

export interface TapOutput {
  readonly file: TapFile;
  /** The stored session holding the frames; absent when the tap file holds them. */
  readonly stored?: SessionWriter;
  append(frame: Frame): void;
  /** Closes both; the stored session's findings are counted after (`stored.counted`). */
  close(): Promise<void>;
}

/** Starts the stored session, then the tap file that names it. Throws when the tap file cannot be created. */
export function openTapOutput(o: TapOutputInput): TapOutput {
  const stored = o.storeDir ? storeTapSession({ storeDir: o.storeDir, header: o.header, startedAt: o.startedAt, secrets: o.secrets, warn: o.warn }) : undefined;
  const header = stored ? { ...o.header, tap: { ...o.header.tap, stored: stored.id } } : o.header;
  let file: TapFile;
  try {
    file = new TapFile(path.dirname(o.file), path.basename(o.file), header, o.fileOptions);
  } catch (e) {
    // Without its file nobody finds the session: it is closed at once, as an empty one.
    stored?.close();
    throw e;
  }
  return {
    file,
    stored,
    append: stored ? (f) => stored.append(f) : (f) => file.append(f),
    async close() {
      stored?.close();
      await file.close();
    },
  };
}
