/**
 * What the native relay (native/tap-relay.c) writes on its record pipe, read back. Each record is
 * a 16-byte header, little-endian: kind (u8), stream (u8), two zero bytes, payload length (u32),
 * the time it happened as monotonic nanoseconds (u64, low word first); then the payload. Keep the
 * numbers in step with the enums at the top of tap-relay.c.
 */
import { concat } from '../../lib/mcp/framing';
import type { TapStream } from './tap-framer';

const HEADER = 16;
const STREAMS: readonly TapStream[] = ['c2s', 's2c', 'stderr'];

/** `ns` is the relay's clock as a high and a low 32-bit word (see RelayClock). */
export type RelayRecord =
  | { kind: 'chunk'; stream: TapStream; hi: number; lo: number; bytes: Uint8Array }
  | { kind: 'end'; stream: TapStream; hi: number; lo: number }
  | { kind: 'gap'; stream: TapStream; hi: number; lo: number; bytes: number }
  | { kind: 'spawned'; hi: number; lo: number; pid: number }
  | { kind: 'exec-failed'; hi: number; lo: number; errno: number }
  | { kind: 'stdin-closed'; hi: number; lo: number }
  | { kind: 'signal'; hi: number; lo: number; signo: number }
  | { kind: 'exit'; hi: number; lo: number; code: number | null; signo: number };

/** Splits the record pipe's bytes into records, whatever the chunking, in time linear in the bytes. */
export class RelayRecordReader {
  /** Bytes not yet making a whole record, and how many the next record needs before it is whole. */
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private needed = HEADER;

  push(chunk: Uint8Array, emit: (r: RelayRecord) => void): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < this.needed) return;
    const buf = concat(this.pending, this.pendingBytes);
    let at = 0;
    this.needed = HEADER;
    while (buf.length - at >= HEADER) {
      const view = new DataView(buf.buffer, buf.byteOffset + at, HEADER);
      const length = view.getUint32(4, true);
      if (buf.length - at < HEADER + length) {
        this.needed = HEADER + length;
        break;
      }
      emit(decode(buf[at], buf[at + 1], view.getUint32(12, true), view.getUint32(8, true), buf.subarray(at + HEADER, at + HEADER + length)));
      at += HEADER + length;
    }
    // Kept as a copy: the stream may reuse the buffer it handed over.
    const rest = buf.subarray(at);
    this.pending = rest.length ? [rest.slice()] : [];
    this.pendingBytes = rest.length;
  }

  /** Bytes of a record cut off when the pipe ended (a relay that died mid-write). */
  get leftover(): number {
    return this.pendingBytes;
  }
}

function decode(kind: number, streamId: number, hi: number, lo: number, payload: Uint8Array): RelayRecord {
  const word = (i: number) => new DataView(payload.buffer, payload.byteOffset + i * 4, 4).getInt32(0, true);
  const stream = STREAMS[streamId];
  switch (kind) {
    case 1:
      return { kind: 'chunk', stream, hi, lo, bytes: payload };
    case 2:
      return { kind: 'end', stream, hi, lo };
    case 3:
      return { kind: 'gap', stream, hi, lo, bytes: (word(0) >>> 0) + (word(1) >>> 0) * 2 ** 32 };
    case 4:
      return { kind: 'spawned', hi, lo, pid: word(0) };
    case 5:
      return { kind: 'exec-failed', hi, lo, errno: word(0) };
    case 6:
      return { kind: 'stdin-closed', hi, lo };
    case 7:
      return { kind: 'signal', hi, lo, signo: word(0) };
    case 8:
      return { kind: 'exit', hi, lo, code: word(0) < 0 ? null : word(0), signo: word(1) };
    default:
      throw new Error(`the native relay wrote a record of unknown kind ${kind}: it does not match this Loupe (rebuild it)`);
  }
}

/**
 * Turns the relay's monotonic nanoseconds into the session's microseconds. The relay reads the
 * clock process.hrtime reads, so the origin is this process's hrtime when the session began, as
 * SessionClock's is.
 */
export class RelayClock {
  private readonly hi: number;
  private readonly lo: number;

  constructor(origin: bigint = process.hrtime.bigint()) {
    this.hi = Number(origin >> 32n);
    this.lo = Number(origin & 0xffffffffn);
  }

  /** Session microseconds of a relay timestamp; integer, never before the origin. */
  us(hi: number, lo: number): number {
    return Math.max(0, Math.floor(((hi - this.hi) * 2 ** 32 + (lo - this.lo)) / 1000));
  }

  /** Session microseconds now, for what this process itself observes. */
  now(): number {
    const t = process.hrtime.bigint();
    return this.us(Number(t >> 32n), Number(t & 0xffffffffn));
  }
}
