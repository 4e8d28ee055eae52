/** The one place the CLI builds the session model its findings are read from. */
import type { Frame } from '../../../lib/mcp/frame';
import type { AnalyzerOptions, Annotation } from '../../../lib/analyze';
import { modelOf, type SessionModel } from '../../../lib/model/session-model';

type CheckModelOptions = Pick<AnalyzerOptions, 'timeoutMs' | 'framing'>;

/** The frames, finished, judged with the source's framing (a trace's header, a live transport's)
 *  and the client's timeout. `loupe check` builds it once per trace and hands it to the findings,
 *  the gates and the interface baseline, so they all read the same pairs. */
export function checkModel(frames: readonly Frame[], options: CheckModelOptions = {}): SessionModel {
  const { timeoutMs, framing } = options;
  return modelOf(frames, { ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(framing === undefined ? {} : { framing }) });
}

export function analyzeFrames(frames: readonly Frame[], options: CheckModelOptions = {}): Annotation[] {
  return checkModel(frames, options).annotations;
}
