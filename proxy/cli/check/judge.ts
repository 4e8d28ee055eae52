/** What `loupe check` reports of one session: the analyser's findings and the failed gates, all
 *  read from the session's one model, so a gate never pairs or frames messages otherwise than the
 *  findings beside it. */
import type { JudgedModel } from '../../../lib/model/bounded-model';
import { toFindings, type Finding } from './findings';
import { runGates, type Gates } from './gates';

export function judge(model: JudgedModel, gates: Gates): { findings: Finding[]; notes: string[] } {
  const gated = runGates(model, gates);
  const findings = [...toFindings(model.annotations), ...gated.findings].sort((a, b) => a.frame - b.frame);
  return { findings, notes: gated.notes };
}
