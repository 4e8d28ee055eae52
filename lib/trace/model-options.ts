/**
 * What a model of a trace file is built with, read from its header: the framing the traffic was
 * cut by and the session's request timeout. The page, `loupe check FILE`, `loupe diff` and the
 * test kit all build their models through this, so one file tells one story everywhere and
 * `timing.no-response` fires where the recording client gave up.
 */
import { DEFAULT_TIMEOUT_MS } from '../mcp/calls';
import type { Framing } from '../mcp/frame';
import type { TraceHeader } from './format';

export interface TraceModelOptions {
  framing: Framing;
  timeoutMs: number;
}

export function traceModelOptions(h: { target: Pick<TraceHeader['target'], 'framing'>; requestTimeoutMs?: number }): TraceModelOptions {
  // A file written before the header carried the timeout (or by a tap, which cannot know the
  // host's) gets the one default, the wait of Loupe's own client.
  return { framing: h.target.framing, timeoutMs: h.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS };
}
