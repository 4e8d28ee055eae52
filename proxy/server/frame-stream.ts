/**
 * Streams one session's frames to one socket: a snapshot, then live `frames/append` batches; and
 * the same for its server requests and client state.
 *
 * The snapshot goes in chunks of consecutive frames (`more: true` on all but the last), one per
 * turn of the event loop: a 100,000-frame session is 23 MiB of JSON, and one message of it kept
 * the proxy busy for hundreds of milliseconds (every other session and socket waited) while the
 * page sat idle until the last byte came. In chunks, the page parses and shows one while the
 * proxy builds the next. The first chunk is sent at once, then the server requests and the client
 * state, so the client panel does not wait for the frames.
 *
 * Ordering: the `frames` listener is installed and the snapshot's end taken in the same
 * synchronous turn, so no frame can be recorded in between; frames recorded while the chunks are
 * on their way wait in the queue and follow the last chunk. A session may still report a frame
 * that the snapshot already holds (if it announces frames after storing them, e.g. batched), or
 * skip ahead; so every live frame is checked against `lastSeq`, the newest seq this socket has
 * been given or has queued: older ones are dropped as duplicates, and a hole is filled from the
 * session's own append-only list. The page thus sees every seq exactly once, in order.
 *
 * Batching keeps a flood cheap (one message per 16 ms or per 512 frames), and a slow socket is
 * never sent more while its buffer is over the high-water mark: frames (and snapshot chunks) wait
 * (they are references to frames the session keeps anyway) and nothing is dropped.
 */
import type WebSocket from 'ws';
import type { Frame } from '../../lib/mcp/frame';
import type { ProxyMessage } from '../../lib/wire/protocol';
import type { LiveSession } from '../sessions/types';
import { maskCredentials } from '../../lib/trace/masked-frames';
import { redactFrames, type RedactOptions } from '../../lib/trace/redact';
import { deflateRawSync } from 'node:zlib';
import { deflatedPrefix, encodeFramesChunk } from '../../lib/wire/frame-chunk';

type WireFrames = Extract<ProxyMessage, { type: 'frames/append' }>['frames'];

/** A Frame is a wire frame; only TypeScript's index-signature rule for interfaces tells them apart. */
function asWire(frames: Frame[]): WireFrames {
  return frames as unknown as WireFrames;
}

/** What a page is sent of a session's frames: its OAuth credentials masked, so a token never
 *  reaches the page in clear (exports, made in the proxy, redact them the same way); for a
 *  redacted view (`redaction`), the frames exactly as an export of the session holds them. */
export function framesForPage(session: LiveSession, frames: Frame[], redaction?: RedactOptions): WireFrames {
  if (redaction) return asWire(redactFrames(frames, redaction).frames);
  return asWire(maskCredentials(frames, session.maskedSecrets?.() ?? []));
}

export const BATCH_FRAMES = 512;
export const BATCH_MS = 16;
export const HIGH_WATER_BYTES = 8 * 1024 * 1024;
/** A snapshot chunk ends at this many frames or once its frames' text passes SNAPSHOT_CHUNK_CHARS:
 *  small enough that the page takes one in between two animation frames, large enough that the
 *  per-message costs stay a small share. */
export const SNAPSHOT_CHUNK_FRAMES = 2000;
export const SNAPSHOT_CHUNK_CHARS = 512 * 1024;
/** A binary frames message of this many bytes or more goes deflated: a snapshot's chunks do, a
 *  live batch (a few KiB at 2,000 frames/s) goes as it is, with no inflating on its way. At
 *  zlib's fastest level a chunk costs the proxy a millisecond or two, in its own turn. */
export const DEFLATE_FROM_BYTES = 64 * 1024;

export class FrameStream {
  private queue: Frame[] = [];
  private lastSeq = 0;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: Array<() => void> = [];
  /** While the snapshot's chunks are being sent: what is left of it. Live frames wait meanwhile. */
  private snapshot: { frames: readonly Frame[]; next: number; end: number; endSeq: number } | undefined;
  private snapshotTimer: NodeJS.Immediate | NodeJS.Timeout | undefined;

  constructor(
    private readonly session: LiveSession,
    private readonly ws: WebSocket,
    private readonly send: (msg: ProxyMessage) => void,
    /** Frames go in the compact binary form (lib/wire/frame-chunk.ts) rather than JSON. */
    private readonly binary = false,
    /** A redacted view's page: the frames go through the export's redaction with these options
     *  (asked for at each send: the session's OAuth credentials grow as its client signs in). */
    private readonly redaction?: () => RedactOptions,
  ) {}

  /** Sends a frames message in the form this page asked for. */
  private sendFrames(msg: Extract<ProxyMessage, { type: 'frames/snapshot' | 'frames/append' }>): void {
    if (!this.binary) return this.send(msg);
    if (this.ws.readyState !== this.ws.OPEN) return;
    const bytes = encodeFramesChunk(msg);
    this.ws.send(bytes.length < DEFLATE_FROM_BYTES ? bytes : Buffer.concat([deflatedPrefix(bytes), deflateRawSync(bytes, { level: 1 })]));
  }

  private wire(frames: Frame[]): WireFrames {
    return framesForPage(this.session, frames, this.redaction?.());
  }

  start(): void {
    this.unsubscribe.push(this.session.on('frames', (frames) => this.enqueue(frames)));
    // The session's list only grows: its first `end` frames are the snapshot, whatever comes later.
    const frames = this.session.frames();
    const end = frames.length;
    this.lastSeq = end > 0 ? frames[end - 1].seq : 0;
    this.snapshot = { frames, next: 0, end, endSeq: this.lastSeq };
    this.sendChunk();
    this.unsubscribe.push(this.session.on('pending', (pending) => this.send({ type: 'server-requests/update', sessionId: this.session.id, pending })));
    this.send({ type: 'server-requests/update', sessionId: this.session.id, pending: this.session.pending() });
    // Each patch replaces whole parts of the state, so one that repeats what the snapshot already
    // holds changes nothing: listening first, then the snapshot, loses no change.
    const client = this.session.client;
    if (!client) return;
    this.unsubscribe.push(client.onState((patch) => this.send({ type: 'client/update', sessionId: this.session.id, patch })));
    this.send({ type: 'client/snapshot', sessionId: this.session.id, state: client.state() });
  }

  stop(): void {
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
    this.cancelSnapshot();
  }

  private cancelSnapshot(): void {
    clearImmediate(this.snapshotTimer as NodeJS.Immediate);
    clearTimeout(this.snapshotTimer as NodeJS.Timeout);
    this.snapshotTimer = undefined;
    this.snapshot = undefined;
  }

  /** Sends the snapshot's next chunk, and schedules the one after it (or the live frames). */
  private sendChunk(): void {
    this.snapshotTimer = undefined;
    const snap = this.snapshot;
    if (!snap) return;
    if (this.ws.readyState !== this.ws.OPEN) return this.cancelSnapshot();
    if (this.ws.bufferedAmount >= HIGH_WATER_BYTES) {
      this.snapshotTimer = setTimeout(() => this.sendChunk(), BATCH_MS);
      return;
    }
    const from = snap.next;
    let to = from;
    for (let chars = 0; to < snap.end && to - from < SNAPSHOT_CHUNK_FRAMES && chars < SNAPSHOT_CHUNK_CHARS; to++) chars += snap.frames[to].raw.length;
    snap.next = to;
    const more = to < snap.end;
    this.sendFrames({
      type: 'frames/snapshot',
      sessionId: this.session.id,
      frames: this.wire(snap.frames.slice(from, to)),
      endSeq: snap.endSeq,
      ...(more && { more }),
    });
    if (more) {
      this.snapshotTimer = setImmediate(() => this.sendChunk());
      return;
    }
    this.snapshot = undefined;
    // Live frames that came while the chunks went out follow now.
    if (this.queue.length > 0) this.flush();
  }

  private enqueue(frames: readonly Frame[]): void {
    for (const f of frames) {
      if (f.seq <= this.lastSeq) continue;
      if (f.seq > this.lastSeq + 1) this.fillGap(f.seq);
      this.queue.push(f);
      this.lastSeq = f.seq;
    }
    if (this.snapshot) return;
    if (this.queue.length >= BATCH_FRAMES) this.flush(true);
    else this.schedule();
  }

  private fillGap(before: number): void {
    const all = this.session.frames();
    // seq is dense and 1-based, so seq n is normally at index n-1; search only if it is not.
    let i = all[this.lastSeq]?.seq === this.lastSeq + 1 ? this.lastSeq : all.findIndex((f) => f.seq > this.lastSeq);
    for (; i >= 0 && i < all.length && all[i].seq < before; i++) this.queue.push(all[i]);
  }

  private schedule(): void {
    if (!this.timer && this.queue.length > 0) this.timer = setTimeout(() => this.flush(), BATCH_MS);
  }

  /** `fullOnly`: a flood sends whole batches now and leaves the remainder to the timer. */
  private flush(fullOnly = false): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.snapshot) return;
    const min = fullOnly ? BATCH_FRAMES : 1;
    while (this.queue.length >= min && this.ws.readyState === this.ws.OPEN && this.ws.bufferedAmount < HIGH_WATER_BYTES) {
      this.sendFrames({ type: 'frames/append', sessionId: this.session.id, frames: this.wire(this.queue.splice(0, BATCH_FRAMES)) });
    }
    if (this.ws.readyState === this.ws.OPEN) this.schedule();
  }
}
