/**
 * Turns what a stdio tap saw (chunks of each stream, in wire order, each with the time it
 * arrived) into frames: one per line, numbered in the order they crossed. It runs off the host's
 * path (in the recorder's worker), so it may take its time; the host already has the bytes.
 *
 * A gap is a run of bytes the tap passed on but did not record: the recorder was too far behind
 * and its spool (tap-spool.ts) could not be written, or the host ended the tap while the recorder
 * was catching up. It becomes a `note` frame that says how many bytes of which stream are missing
 * and why, and the lines cut by the gap are kept, marked truncated, never dropped.
 */
import { LineSplitter, type CarriedLine, type Line } from '../../lib/mcp/framing';
import type { Frame, LifecycleMeta } from '../../lib/mcp/frame';

export type TapStream = 'c2s' | 's2c' | 'stderr';

/** The meta of every line frame, one object each, shared by the frames (and never changed): a
 *  flood made one per frame, and the tap file and the store recognise a shared one at once. */
export const STDIO_META: Frame['meta'] = { transport: 'stdio' };
export const STDIO_CRLF_META: Frame['meta'] = { transport: 'stdio', crlf: true };

export const STREAM_TEXT: Record<TapStream, string> = { c2s: "the host's messages", s2c: "the server's messages", stderr: "the server's stderr" };

/** Why a gap's bytes were not recorded, as its note says. */
const GAP_BEHIND = 'the recorder fell behind and could not spool them';
export const GAP_ABANDONED = 'the host ended the tap while its recorder was catching up';

/** Where a framer stands, to go on in another process (tap-handoff.ts). */
export interface FramerState {
  seq: number;
  lines: Record<TapStream, CarriedLine>;
  cut: Record<TapStream, boolean>;
}

export class TapFramer {
  private seq = 0;
  private readonly splitters: Record<TapStream, LineSplitter>;
  /** The next line of a stream after a gap lost its beginning. */
  private readonly cut: Record<TapStream, boolean> = { c2s: false, s2c: false, stderr: false };

  constructor(
    private readonly emit: (frame: Frame) => void,
    maxLineBytes?: number,
  ) {
    this.splitters = { c2s: new LineSplitter(maxLineBytes), s2c: new LineSplitter(maxLineBytes), stderr: new LineSplitter(maxLineBytes) };
  }

  /** Where it stands: the last seq, each stream's unterminated line, the lines a gap cut. */
  state(): FramerState {
    const lines = { c2s: this.splitters.c2s.carry(), s2c: this.splitters.s2c.carry(), stderr: this.splitters.stderr.carry() };
    return { seq: this.seq, lines, cut: { ...this.cut } };
  }

  /** Goes on from where another framer stood (state()). */
  resume(state: FramerState): void {
    this.seq = state.seq;
    for (const stream of ['c2s', 's2c', 'stderr'] as const) {
      this.splitters[stream].resume(state.lines[stream]);
      this.cut[stream] = state.cut[stream];
    }
  }

  chunk(stream: TapStream, ts: number, bytes: Uint8Array): void {
    this.lines(stream, ts, this.splitters[stream].push(bytes));
  }

  /** The stream ended: a last line without `\n` is still a line. */
  end(stream: TapStream, ts: number): void {
    this.lines(stream, ts, this.splitters[stream].end());
  }

  gap(stream: TapStream, ts: number, bytes: number, why = GAP_BEHIND): void {
    // The line in progress lost its end, and the next one will have lost its beginning.
    const partial = this.splitters[stream].end();
    this.lines(stream, ts, partial, true);
    this.cut[stream] = true;
    this.lifecycle(
      { transport: 'stdio', event: 'note' },
      `${bytes} bytes of ${STREAM_TEXT[stream]} were passed on but not recorded: ${why} (the peer got every byte)`,
      ts,
    );
  }

  lifecycle(meta: LifecycleMeta, raw: string, ts: number): void {
    this.emit({ seq: ++this.seq, ts, dir: 'local', lane: 'lifecycle', raw, size: 0, meta });
  }

  private lines(stream: TapStream, ts: number, lines: Line[], truncated = false): void {
    const dir = stream === 'c2s' ? 'c2s' : 's2c';
    const lane = stream === 'stderr' ? 'stderr' : 'message';
    for (const l of lines) {
      const frame = {
        seq: ++this.seq,
        ts,
        dir,
        lane,
        raw: l.raw,
        size: l.size,
        meta: l.crlf ? STDIO_CRLF_META : STDIO_META,
      } as Frame;
      if (l.truncated || truncated || this.cut[stream]) frame.truncated = true;
      this.cut[stream] = false;
      if (l.invalidUtf8) {
        frame.invalidUtf8 = true;
        frame.rawBase64 = l.rawBase64;
      }
      this.emit(frame);
    }
  }
}
