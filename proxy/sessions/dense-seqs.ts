/**
 * Keeps frames numbered elsewhere dense (1, 2, 3 and so on), as a live session's must be: the
 * page holds a frame until the gap before it fills. A tap's frames are dense and pass untouched.
 * A file with holes (an HTTP tap of an older Loupe lost its first frame) is numbered anew, and
 * every meta field that names a seq (an exchange's request, a resumed stream, a tail's range) is
 * mapped the same way, so each link still points at the frame it pointed at.
 */
import type { Frame } from '../../lib/mcp/frame';

/** The meta fields that hold the seq of another frame. */
const LINKS = ['exchange', 'resumes', 'fromSeq', 'toSeq'] as const;

export class DenseSeqs {
  /** From seq `from` on (in the source's numbering), subtract `by`. Both only grow. */
  private readonly shifts: { from: number; by: number }[] = [];
  private next = 1;

  take(f: Frame): Frame {
    const by = f.seq - this.next++;
    if (by !== (this.shifts.at(-1)?.by ?? 0)) this.shifts.push({ from: f.seq, by });
    if (this.shifts.length === 0) return f;
    const meta = f.meta && ({ ...f.meta } as Record<string, unknown>);
    for (const key of LINKS) if (meta && typeof meta[key] === 'number') meta[key] = this.map(meta[key]);
    return { ...f, seq: f.seq - by, ...(meta ? { meta } : {}) } as Frame;
  }

  /** A seq the source named, in this numbering. A frame the source never had (a hole) maps as
   *  the frames after it do: the link stays as wrong as it was, and no worse. */
  private map(seq: number): number {
    let lo = 0;
    let hi = this.shifts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.shifts[mid].from <= seq) lo = mid + 1;
      else hi = mid;
    }
    return Math.max(1, seq - (lo === 0 ? 0 : this.shifts[lo - 1].by));
  }
}
