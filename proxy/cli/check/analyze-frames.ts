/** The one place the CLI reads findings: the session model of the frames, finished. */
import type { Frame } from '../../../lib/mcp/frame';
import type { Annotation } from '../../../lib/analyze';
import { modelOf } from '../../../lib/model/session-model';

export function analyzeFrames(frames: readonly Frame[], timeoutMs?: number): Annotation[] {
  return modelOf(frames, timeoutMs === undefined ? {} : { timeoutMs }).annotations;
}
