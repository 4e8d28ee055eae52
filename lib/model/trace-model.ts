/**
 * The model of a trace file, judged with the framing its header declares and the request timeout
 * its session waited (the default where the header has none: an older file, or a tap). A tap or an import may
 * frame messages otherwise than its transport does, and frames from a file may carry no meta at
 * all: without the declared framing, a check, a diff and the page would cut the same bytes into
 * different messages and tell different stories.
 */
import { DEFAULT_TIMEOUT_MS } from '../mcp/calls';
import type { Frame, Framing } from '../mcp/frame';
import type { AnalyzerOptions } from '../analyze';
import { modelOf, type SessionModel } from './session-model';

/** A trace's frames and the part of its header that says how they were cut (lib/trace's Trace). */
interface FramedTrace {
  frames: readonly Frame[];
  header: { target: { framing: Framing }; requestTimeoutMs?: number };
}

export function modelOfTrace(trace: FramedTrace, options: Omit<AnalyzerOptions, 'framing' | 'exchanges' | 'timeoutMs'> = {}): SessionModel {
  return modelOf(trace.frames, { ...options, framing: trace.header.target.framing, timeoutMs: trace.header.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS });
}

/**
 * A finished model of the frames `model` holds now, judged as `model` judges them (its framing
 * and request timeout): what the page compares, so two open tabs differ exactly where `loupe diff`
 * finds the same two files differ. A live tab's own model never ends, and end-of-trace findings
 * (no answer by the last frame) belong in a comparison, hence a copy.
 */
export function finishedCopyOf(model: SessionModel): SessionModel {
  return modelOf(model.frames, { ...(model.framing === undefined ? {} : { framing: model.framing }), timeoutMs: model.timeoutMs });
}
