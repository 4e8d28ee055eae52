/**
 * A stored session's findings, counted by severity once its writer has closed it: the frames are
 * read back from disk through the bounded model (the analyser `loupe check` runs, in memory that
 * does not grow with the session), a batch per turn of the event loop so a proxy counting a long
 * session keeps serving its pages, and the counts are kept in session.json for the lists. A
 * session whose writer stopped without closing it, one of more than COUNT_UP_TO_FRAMES frames, and
 * one stored before counts were kept have none: the lists then show nothing rather than a guess.
 */
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { BoundedModel } from '../../lib/model/bounded-model';
import type { FindingCounts } from '../../lib/analyze/finding-counts';
import { traceModelOptions } from '../../lib/trace/model-options';
import { SESSION_FILE } from './layout';
import { StoredSession } from './reader';
import { writeJsonAtomically } from './writer';

const BATCH = 2000;
/**
 * Past this many frames a session is not counted: reading it back costs tens of microseconds a
 * frame, and a tap or `loupe record` ends only once its count is kept, which for a session of
 * millions of frames would keep the host's server slot (or the command) waiting for a minute.
 * `loupe check` on its export gives the findings of a longer one.
 */
export const COUNT_UP_TO_FRAMES = 250_000;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs the analyser over the stored frames and returns its findings by severity. */
export async function countFindings(session: StoredSession): Promise<FindingCounts> {
  const model = new BoundedModel(traceModelOptions(session.meta.header));
  let batch: Frame[] = [];
  for (const f of session.frames()) {
    batch.push(f);
    if (batch.length < BATCH) continue;
    model.append(batch);
    batch = [];
    await turn();
  }
  model.append(batch);
  model.finish();
  const counts: FindingCounts = { error: 0, warning: 0, info: 0 };
  for (const a of model.annotations) counts[a.severity]++;
  return counts;
}

/** Counts the findings of the closed session in `dir` and writes them into its session.json. */
export async function keepFindings(dir: string): Promise<FindingCounts> {
  const findings = await countFindings(StoredSession.open(dir));
  // Read again: the file is the writer's last word, and only the counts are added to it.
  const meta = StoredSession.open(dir).meta;
  writeJsonAtomically(path.join(dir, SESSION_FILE), { ...meta, findings });
  return findings;
}
