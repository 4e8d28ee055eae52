/**
 * The model of a trace file, judged with the framing its header declares. A tap or an import may
 * frame messages otherwise than its transport does, and frames from a file may carry no meta at
 * all: without the declared framing, a check, a diff and the page would cut the same bytes into
 * different messages and tell different stories.
 */
import type { Frame, Framing } from '../mcp/frame';
import type { AnalyzerOptions } from '../analyze';
import { modelOf, type SessionModel } from './session-model';

/** A trace's frames and the part of its header that says how they were cut (lib/trace's Trace). */
interface FramedTrace {
  frames: readonly Frame[];
  header: { target: { framing: Framing } };
}

export function modelOfTrace(trace: FramedTrace, options: Omit<AnalyzerOptions, 'framing' | 'exchanges'> = {}): SessionModel {
  return modelOf(trace.frames, { ...options, framing: trace.header.target.framing });
}
