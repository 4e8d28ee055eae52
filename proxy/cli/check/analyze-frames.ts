/** The one place the CLI calls the analyser: every frame in, annotations out. */
import type { Frame } from '../../../lib/mcp/frame';
import { analyze, type AnalyzerOptions, type Annotation } from '../../../lib/analyze';

export function analyzeFrames(frames: readonly Frame[], options: Pick<AnalyzerOptions, 'timeoutMs' | 'framing'> = {}): Annotation[] {
  const { timeoutMs, framing } = options;
  return analyze(frames, { ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(framing === undefined ? {} : { framing }) }).annotations;
}
