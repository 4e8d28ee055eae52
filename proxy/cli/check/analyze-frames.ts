/** The one place the CLI calls the analyser: every frame in, annotations out. */
import type { Frame } from '../../../lib/mcp/frame';
import { analyze, type Annotation } from '../../../lib/analyze';

export function analyzeFrames(frames: readonly Frame[], timeoutMs?: number): Annotation[] {
  return analyze(frames, timeoutMs === undefined ? {} : { timeoutMs }).annotations;
}
