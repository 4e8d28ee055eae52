/**
 * Vertical positions of diagram rows, appended one at a time (O(1) each) and searched by binary
 * search, so a window of a 100,000-row diagram costs O(log n + visible).
 *
 * `rows` mode: every row is `rowHeight` tall. `time` mode: the space above a row follows the time
 * since the previous one (never less than a row), and a gap longer than `gapUs` is compressed to a
 * fixed band that the view marks with the time it stands for.
 */
export type TimeMode = 'rows' | 'time';

export interface OffsetOptions {
  mode: TimeMode;
  rowHeight: number;
  /** time mode: pixels per millisecond of wire time. */
  pxPerMs: number;
  /** time mode: gaps longer than this are compressed. */
  gapUs: number;
  /** time mode: the height of a compressed gap band. */
  gapHeight: number;
}

export const DEFAULT_OFFSETS: OffsetOptions = { mode: 'rows', rowHeight: 24, pxPerMs: 0.5, gapUs: 400_000, gapHeight: 22 };

export interface Gap {
  /** The row the gap ends at (the band sits just above it). */
  position: number;
  /** Wire time the band stands for. */
  us: number;
}

export class RowOffsets {
  private tops = new Float64Array(1024);
  private count = 0;
  private lastTs = 0;
  private end = 0;
  /** Compressed gaps, in row order. */
  readonly gaps: Gap[] = [];

  constructor(readonly options: OffsetOptions = DEFAULT_OFFSETS) {}

  get length(): number {
    return this.count;
  }

  /** Total height of all rows. */
  get height(): number {
    return this.end;
  }

  push(ts: number): void {
    const o = this.options;
    let space = 0;
    if (o.mode === 'time' && this.count > 0) {
      const dt = Math.max(0, ts - this.lastTs);
      if (dt > o.gapUs) {
        space = o.gapHeight;
        this.gaps.push({ position: this.count, us: dt });
      } else {
        space = Math.max(0, (dt / 1000) * o.pxPerMs - o.rowHeight);
      }
    }
    if (this.count === this.tops.length) {
      const next = new Float64Array(this.tops.length * 2);
      next.set(this.tops);
      this.tops = next;
    }
    const top = this.end + space;
    this.tops[this.count++] = top;
    this.end = top + o.rowHeight;
    this.lastTs = ts;
  }

  top(position: number): number {
    return this.tops[position];
  }

  /** The position of the row at pixel `y` (the last row whose top is at or above it). */
  positionAt(y: number): number {
    let lo = 0;
    let hi = this.count - 1;
    if (hi < 0) return 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.tops[mid] <= y) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Rows to render for a viewport: [first, last] inclusive, with `overscan` extra on each side. */
  window(scrollTop: number, viewportHeight: number, overscan = 8): { first: number; last: number } {
    if (this.count === 0) return { first: 0, last: -1 };
    const first = Math.max(0, this.positionAt(scrollTop) - overscan);
    const last = Math.min(this.count - 1, this.positionAt(scrollTop + viewportHeight) + overscan);
    return { first, last };
  }

  /** Gaps whose band lies between rows first..last. */
  gapsIn(first: number, last: number): Gap[] {
    let lo = 0;
    let hi = this.gaps.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.gaps[mid].position < first) lo = mid + 1;
      else hi = mid;
    }
    const out: Gap[] = [];
    for (let i = lo; i < this.gaps.length && this.gaps[i].position <= last; i++) out.push(this.gaps[i]);
    return out;
  }
}
