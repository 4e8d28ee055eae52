/**
 * The header of a stdio tap's trace file: what was run, for which host, since when. Made in the
 * recorder's worker thread, not on the tap's main thread: describing the target loads the trace
 * schemas (zod), which would add a noticeable part of a second to the start of every server a
 * host runs through the tap.
 */
import { LOUPE_VERSION } from '../../lib/version';
import { TRACE_FORMAT, TRACE_VERSION, type TraceHeader } from '../../lib/trace/format';
import { describeTarget } from '../../lib/trace/target';

/** What the tap knows when it starts; plain data, so it crosses to the worker as is. */
export interface TapHeaderInput {
  name: string;
  command: string;
  args: string[];
  /** ISO time the tap started. */
  startedAt: string;
  tap: { pid: number; host: { pid: number; name?: string }; cwd: string };
}

export type TapHeader = TraceHeader & { tap: TapHeaderInput['tap'] };

export function tapHeader(o: TapHeaderInput): TapHeader {
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    loupeVersion: LOUPE_VERSION,
    createdAt: o.startedAt,
    startedAt: o.startedAt,
    // Described as every trace header is: secret-looking arguments masked (the frames keep the truth).
    target: describeTarget({ id: 'tap', transport: 'stdio', name: o.name, command: o.command, args: o.args, env: {} }),
    source: 'tap',
    tap: o.tap,
  };
}
