/**
 * A stored session's findings, judged once its writer has closed it: the frames are read back from
 * disk through the bounded model (the analyser `loupe check` runs, in memory that does not grow
 * with the session), a batch per turn of the event loop so a proxy counting a long session keeps
 * serving its pages. The counts by severity are kept in session.json for the lists, and the
 * findings themselves (the first MAX_STORED_FINDINGS) in findings.ndjson (findings-file.ts).
 *
 * A session of more than COUNT_UP_TO_FRAMES frames, and one stored before findings were kept, is
 * judged later, on demand and off every writer's path: by the dashboard's proxy in a worker thread
 * when History lists it or Browse opens it (late-judge.ts), and by `loupe sessions ID --findings`.
 * Both write through keepFindings, atomically, so two processes judging one session cost only
 * time. A session whose writer stopped without closing it is never judged: History and the CLI
 * say why rather than guess.
 */
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { BoundedModel } from '../../lib/model/bounded-model';
import type { Annotation } from '../../lib/analyze';
import type { FindingCounts } from '../../lib/analyze/finding-counts';
import { traceModelOptions } from '../../lib/trace/model-options';
import { SESSION_FILE } from './layout';
import { StoredSession } from './reader';
import { writeJsonAtomically } from './writer';
import { writeFindings } from './findings-file';
import { MAX_STORED_FINDINGS } from '../../lib/wire/stored-window';

const BATCH = 2000;
/**
 * Past this many frames a session is not judged when its writer closes it: reading it back costs
 * tens of microseconds a frame, and a tap or `loupe record` ends only once its count is kept, which
 * for a session of millions of frames would keep the host's server slot (or the command) waiting
 * for minutes. A longer one is judged on demand instead (see above).
 */
export const COUNT_UP_TO_FRAMES = 250_000;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface JudgeOptions {
  /** Frames judged so far, after each batch. */
  onProgress?: (frames: number) => void;
  /** Wait a turn of the event loop after each batch (default): off where nothing else runs on
   *  the thread (the proxy's worker, the CLI), so the judging goes at full speed. */
  yieldEachBatch?: boolean;
}

/**
 * The findings as the judging goes: counted by severity, and only the first MAX_STORED_FINDINGS in
 * seq order kept (what findings.ndjson keeps), trimmed whenever twice that many wait, so a session
 * with a finding on every frame is judged in bounded memory too. The sort is stable, as
 * writeFindings' is, so findings on one frame keep the analyser's order.
 */
export class FindingsSoFar {
  readonly counts: FindingCounts = { error: 0, warning: 0, info: 0 };
  kept: Annotation[] = [];

  take(found: readonly Annotation[]): void {
    for (const a of found) {
      this.counts[a.severity]++;
      this.kept.push(a);
    }
    if (this.kept.length >= 2 * MAX_STORED_FINDINGS) this.kept = this.kept.sort((a, b) => at(a) - at(b)).slice(0, MAX_STORED_FINDINGS);
  }

  get total(): number {
    return this.counts.error + this.counts.warning + this.counts.info;
  }

  /** The first MAX_STORED_FINDINGS in seq order, as findings.ndjson keeps them. */
  first(): Annotation[] {
    return [...this.kept].sort((a, b) => at(a) - at(b)).slice(0, MAX_STORED_FINDINGS);
  }
}

const at = (a: Annotation) => a.frames[0] ?? 0;

/** Runs the analyser over the stored frames; its findings go to `found` as it goes. */
async function judgeStored(session: StoredSession, found: FindingsSoFar, opts: JudgeOptions): Promise<void> {
  // Only the annotations are read here: calls are let go once no rule can need them again.
  const model = new BoundedModel({ ...traceModelOptions(session.meta.header), compact: 'findings' });
  const drain = () => {
    found.take(model.annotations);
    model.annotations = [];
  };
  let batch: Frame[] = [];
  for (const f of session.frames()) {
    batch.push(f);
    if (batch.length < BATCH) continue;
    model.append(batch);
    batch = [];
    drain();
    opts.onProgress?.(model.frameCount);
    if (opts.yieldEachBatch !== false) await turn();
  }
  model.append(batch);
  model.finish();
  drain();
  opts.onProgress?.(model.frameCount);
}

/** Judges the closed session in `dir`: its findings go to findings.ndjson, their counts into its session.json. */
export async function keepFindings(dir: string, opts: JudgeOptions = {}): Promise<FindingCounts> {
  const found = new FindingsSoFar();
  await judgeStored(StoredSession.open(dir), found, opts);
  const findings = found.counts;
  // The list first: a session.json with counts then always has its list beside it.
  writeFindings(dir, found.kept, found.total);
  // Read again: the file is the writer's last word, and only the counts are added to it.
  const meta = StoredSession.open(dir).meta;
  writeJsonAtomically(path.join(dir, SESSION_FILE), { ...meta, findings });
  return findings;
}
