/**
 * A stored session's findings, judged once its writer has closed it: the frames are read back from
 * disk through the bounded model (the analyser `loupe check` runs, in memory that does not grow
 * with the session), a batch per turn of the event loop so a proxy counting a long session keeps
 * serving its pages. The counts by severity are kept in session.json for the lists, and the
 * findings themselves (the first MAX_STORED_FINDINGS) in findings.ndjson (findings-file.ts). A session
 * whose writer stopped without closing it, one of more than COUNT_UP_TO_FRAMES frames, and one
 * stored before they were kept have none: History and the CLI then say why rather than guess.
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

const BATCH = 2000;
/**
 * Past this many frames a session is not counted: reading it back costs tens of microseconds a
 * frame, and a tap or `loupe record` ends only once its count is kept, which for a session of
 * millions of frames would keep the host's server slot (or the command) waiting for a minute.
 * `loupe check` on its export gives the findings of a longer one.
 */
export const COUNT_UP_TO_FRAMES = 250_000;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs the analyser over the stored frames and returns its findings. */
async function judgeStored(session: StoredSession): Promise<Annotation[]> {
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
  return model.annotations;
}

/** Judges the closed session in `dir`: its findings go to findings.ndjson, their counts into its session.json. */
export async function keepFindings(dir: string): Promise<FindingCounts> {
  const annotations = await judgeStored(StoredSession.open(dir));
  const findings: FindingCounts = { error: 0, warning: 0, info: 0 };
  for (const a of annotations) findings[a.severity]++;
  // The list first: a session.json with counts then always has its list beside it.
  writeFindings(dir, annotations);
  // Read again: the file is the writer's last word, and only the counts are added to it.
  const meta = StoredSession.open(dir).meta;
  writeJsonAtomically(path.join(dir, SESSION_FILE), { ...meta, findings });
  return findings;
}
