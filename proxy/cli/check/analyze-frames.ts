/** The one place the CLI reads findings: the session model of the frames, finished. */
import type { Frame } from '../../../lib/mcp/frame';
import type { AnalyzerOptions, Annotation } from '../../../lib/analyze';
import { modelOf } from '../../../lib/model/session-model';

export function analyzeFrames(frames: readonly Frame[], options: Pick<AnalyzerOptions, 'timeoutMs' | 'framing'> = {}): Annotation[] {
  const { timeoutMs, framing } = options;
  return modelOf(frames, { ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(framing === undefined ? {} : { framing }) }).annotations;
}
