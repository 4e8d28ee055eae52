/**
 * A host that ends a stdio tap (an SDK sends SIGTERM two seconds after closing the server's stdin)
 * while the tap's recorder is still catching up with a flood no longer costs the recording its
 * tail. The recorder's worker hands the rest on instead of framing it:
 *
 * - the batches it has not framed stay where they are (the tap's spool, `….backlog` beside the tap
 *   file) or, for those posted to it in memory, are appended to `handoff.backlog` in the session's
 *   folder, in the spool's format;
 * - the stored session's writer stops after indexing its segment (SessionWriter.handOff), and the
 *   framer's state (its last seq, each stream's unterminated line) is kept with the list of batches
 *   in `handoff.json`, mode 0600 like everything the session holds;
 * - the tap starts a detached `tap-resume` process on that file (it outlives the tap and the host's
 *   SIGKILL of the tap's group), names it the session's writer (the session reads as recording),
 *   and ends by the signal as before, well within the SDK's two seconds.
 *
 * The resumer (tap-resume.ts) frames the batches in order into the session's next segments, closes
 * it clean with its findings counted, and removes the backlog files and `handoff.json`. Killed
 * itself, it leaves the session ended unclean with every frame it wrote, as a killed tap does.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FramerState } from './tap-framer';
import type { RecorderItem } from './tap-recorder';
import { SpoolWriter, readSpooled, type SpooledBatch } from './tap-spool';
import { writeJsonAtomically, type WriterHandoff } from '../store/writer';
import { SESSION_FILE, type StoredMeta } from '../store/layout';

export const HANDOFF_FILE = 'handoff.json';
const BACKLOG_FILE = 'handoff.backlog';

/** Where a batch the resumer frames lies: a record of the spool format (tap-spool.ts) in `file`. */
export interface HandedBatch {
  file: string;
  at: number;
  length: number;
}

export interface Handoff {
  /** The sessions' folder and the session's id. */
  storeDir: string;
  id: string;
  writer: WriterHandoff;
  framer: FramerState;
  maxLineBytes?: number;
  /** The batches not framed yet, in the order they crossed. */
  batches: HandedBatch[];
  /** Removed once every batch is framed: the tap's spool and the session's backlog. */
  files: string[];
}

/** The worker's side: notes, in order, the batches it leaves to the resumer. */
export class HandoffWriter {
  readonly batches: HandedBatch[] = [];
  private readonly backlog: SpoolWriter;

  constructor(
    /** The stored session's folder. */
    readonly sessionDir: string,
    /** The tap's spool, where the batches it spooled lie. */
    private readonly spool: string,
  ) {
    this.backlog = new SpoolWriter(path.join(sessionDir, BACKLOG_FILE));
  }

  /** A batch posted to the worker: copied into the session's backlog (`bytes` is the batch's buffer). */
  posted(items: RecorderItem[], bytes: Uint8Array): void {
    const where = this.backlog.append(items, bytes);
    this.batches.push({ file: this.backlog.path, at: where.at, length: where.length });
  }

  /** A batch the tap spooled: left where it lies. */
  spooled(where: SpooledBatch): void {
    this.batches.push({ file: this.spool, at: where.at, length: where.length });
  }

  /** Writes `handoff.json` and returns its path. */
  finish(state: Omit<Handoff, 'batches' | 'files'>): string {
    this.backlog.close();
    const file = path.join(this.sessionDir, HANDOFF_FILE);
    writeJsonAtomically(file, { ...state, batches: this.batches, files: [this.spool, this.backlog.path] } satisfies Handoff);
    return file;
  }
}

/** One batch handed on, read back. */
export function readHanded(batch: HandedBatch, fd: number): { items: RecorderItem[]; bytes: Uint8Array } {
  return readSpooled<RecorderItem>({ fd, at: batch.at, length: batch.length });
}

/**
 * Starts the resumer on a handoff, detached (its own process group, no terminal), and names it the
 * session's writer at once, so the session never reads as ended unclean between the tap's end and
 * the resumer's start. Returns its pid.
 */
export function startResumer(handoffFile: string): number | undefined {
  const script = fileURLToPath(new URL('./tap-resume.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, handoffFile], { detached: true, stdio: 'ignore' });
  child.unref();
  // A process that cannot be started leaves the session ended unclean with what was written, and the handoff's files.
  child.on('error', () => {});
  if (child.pid === undefined) return undefined;
  const metaFile = path.join(path.dirname(handoffFile), SESSION_FILE);
  try {
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as StoredMeta;
    writeJsonAtomically(metaFile, { ...meta, writerPid: child.pid });
  } catch {
    /* the resumer names itself when it starts */
  }
  return child.pid;
}
