/**
 * The last lines of one stream of dropped frames, within a byte and a line budget, for the `tail`
 * frame (budget.ts). Lines leave from the front as new ones come; the array is cut in bulk, since
 * shift() moves the whole array (with 30,000 one-character lines a flood spent most of its time there).
 */
export interface TailLine {
  seq: number;
  text: string;
}

/** A line and when it was remembered: frames past the frame limit share a seq, so the order of
 *  two rings is told by this count, not by seq. */
export interface RingLine extends TailLine {
  n: number;
}

export class TailRing {
  private lines: RingLine[] = [];
  /** Lines before this index have left the ring. */
  private start = 0;
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxLines: number,
  ) {}

  push(line: RingLine): void {
    this.lines.push(line);
    // Each line costs its newline too, so the joined text stays within maxBytes.
    this.bytes += line.text.length + 1;
    while (this.bytes > this.maxBytes + 1 || this.lines.length - this.start > this.maxLines) this.bytes -= this.lines[this.start++].text.length + 1;
    if (this.start > 1024 && this.start * 2 > this.lines.length) {
      this.lines = this.lines.slice(this.start);
      this.start = 0;
    }
  }

  /** The lines held, oldest first, once: the ring is emptied. */
  take(): RingLine[] {
    const out = this.lines.slice(this.start);
    this.lines = [];
    this.start = 0;
    this.bytes = 0;
    return out;
  }
}
