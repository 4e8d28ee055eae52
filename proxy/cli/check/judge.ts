/** What `loupe check` reports of one session: the analyser's findings and the failed gates, all
 *  read from the session's one model, so a gate never pairs or frames messages otherwise than the
 *  findings beside it. Both go to the check's tally, which counts them all and lists the first. */
import type { JudgedModel } from '../../../lib/model/bounded-model';
import type { FindingTally } from './finding-tally';
import { runGates, type Gates } from './gates';

/** `annotations`: whether the tally still has to take the model's annotations (a file's were taken
 *  as it was judged: check-file.ts). Returns the gates' notes. */
export function judge(model: JudgedModel, gates: Gates, tally: FindingTally, annotations: boolean): string[] {
  if (annotations) tally.takeAnnotations(model.annotations);
  const gated = runGates(model, gates);
  tally.takeGates(gated.findings);
  return gated.notes;
}
