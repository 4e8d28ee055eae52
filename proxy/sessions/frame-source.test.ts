import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import type { Connection } from '../../lib/wire/connection';
import { SessionBudget } from './budget';
import { SourceRecording, type FrameSource } from './frame-source';
import { Registry } from './registry';
import { WireRecording } from './wire-recording';
import { waitFor } from './test-support';

const tapped: Connection = { id: 'tapped', name: 'tapped', transport: 'http', url: 'http://tapped.invalid/mcp', headers: {}, mode: 'auto' };
const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';

/** One HTTP exchange as an HTTP tap numbers it, from `at`: request, its message, response, end. */
function exchange(at: number): Frame[] {
  const link = { transport: 'http' as const, exchange: at, stream: 'post' as const };
  return [
    {
      seq: at,
      ts: at * 10,
      dir: 'c2s',
      lane: 'http',
      raw: 'POST /mcp HTTP/1.1\r\n\r\n',
      size: 20,
      meta: { transport: 'http', phase: 'request', stream: 'post', method: 'POST', url: 'http://tapped.invalid/mcp', headers: [], bodyBytes: ping.length },
    },
    { seq: at + 1, ts: at * 10 + 1, dir: 'c2s', lane: 'message', raw: ping, size: ping.length, meta: link },
    {
      seq: at + 2,
      ts: at * 10 + 2,
      dir: 's2c',
      lane: 'http',
      raw: 'HTTP/1.1 202 Accepted\r\n\r\n',
      size: 25,
      meta: { ...link, phase: 'response', status: 202, statusText: 'Accepted', headers: [], sentAt: at * 10, headersAt: at * 10 + 2 },
    },
    { seq: at + 3, ts: at * 10 + 3, dir: 's2c', lane: 'http', raw: '', size: 0, meta: { ...link, phase: 'end', sentAt: at * 10, doneAt: at * 10 + 3 } },
  ] as Frame[];
}

const disconnect = (seq: number): Frame => ({
  seq,
  ts: seq * 10,
  dir: 'local',
  lane: 'lifecycle',
  raw: 'stopped tapping',
  size: 0,
  meta: { transport: 'http', event: 'disconnect', url: 'http://tapped.invalid/mcp' },
});

/** Hands its frames on in one batch once started, then ends; counts what was asked of it. */
class Frames implements FrameSource {
  onFrames?: FrameSource['onFrames'];
  onEnded?: FrameSource['onEnded'];
  closed = 0;
  constructor(private readonly frames: Frame[]) {}
  async start(): Promise<void> {
    setImmediate(() => {
      this.onFrames?.(this.frames);
      this.onEnded?.('the tap stopped');
    });
  }
  async close(): Promise<void> {
    this.closed++;
  }
}

/** Each link a frame's meta holds, as `seq -> the lane and phase of the frame it names`. */
function links(frames: readonly Frame[]): string[] {
  const bySeq = new Map(frames.map((f) => [f.seq, f]));
  return frames.flatMap((f) => {
    const to = f.meta && 'exchange' in f.meta ? f.meta.exchange : undefined;
    if (to === undefined) return [];
    const target = bySeq.get(to);
    return [`${f.seq} -> ${target?.lane}:${target?.meta && 'phase' in target.meta ? target.meta.phase : '?'}`];
  });
}

let registry: Registry | undefined;
afterEach(async () => {
  await registry?.closeAll();
  registry = undefined;
});

describe('a tapped session fed from a FrameSource', () => {
  it("keeps the tap's seqs, so each HTTP link still names its request frame, and has no send", async () => {
    registry = new Registry();
    const source = new Frames([...exchange(1), ...exchange(5), disconnect(9)]);
    const session = registry.openSource({ kind: 'tap', connection: tapped, frames: () => source });
    await waitFor(() => session.summary().status === 'closed', 5000, 'the tap to end');
    const frames = session.frames();
    expect(frames.map((f) => f.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(frames).toEqual([...exchange(1), ...exchange(5), disconnect(9)]);
    expect(links(frames)).toEqual([
      '2 -> http:request',
      '3 -> http:request',
      '4 -> http:request',
      '6 -> http:request',
      '7 -> http:request',
      '8 -> http:request',
    ]);
    // Nothing pretends to send: the recording is not a wire one, and the session refuses.
    expect(session.recording).toBeInstanceOf(SourceRecording);
    expect(session.recording).not.toBeInstanceOf(WireRecording);
    expect('send' in session.recording).toBe(false);
    await expect(session.sendRaw('{}')).rejects.toThrow(/only records/);
  });

  it('numbers a file with a hole anew and maps its links the same way (an older HTTP tap lost its first frame)', async () => {
    registry = new Registry();
    const session = registry.openSource({ kind: 'tap', connection: tapped, frames: () => new Frames([...exchange(2), ...exchange(6), disconnect(10)]) });
    await waitFor(() => session.summary().status === 'closed', 5000, 'the tap to end');
    const frames = session.frames();
    expect(frames.map((f) => f.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(links(frames)).toEqual([
      '2 -> http:request',
      '3 -> http:request',
      '4 -> http:request',
      '6 -> http:request',
      '7 -> http:request',
      '8 -> http:request',
    ]);
    expect(frames[5].raw).toBe(ping);
  });

  it('past its frame limit ends with a frame-limit frame rather than numbering frames anew', async () => {
    const source = new Frames([...exchange(1), ...exchange(5), disconnect(9)]);
    const recording = new SourceRecording('tap', () => source, new SessionBudget(1 << 20, 5));
    const ended = new Promise<string>((r) => recording.on('ended', r));
    await recording.start();
    expect(await ended).toMatch(/limit of 5 frames/);
    const frames = recording.frames();
    expect(frames.slice(0, 5)).toEqual([...exchange(1), exchange(5)[0]]);
    expect(frames[5]).toMatchObject({ seq: 6, lane: 'lifecycle', meta: { event: 'frame-limit', limit: 5 } });
    // The frame that did not fit is repeated in the tail, after everything kept.
    expect(frames.slice(6).map((f) => f.meta && 'event' in f.meta && f.meta.event)).toEqual(['tail']);
    expect(frames).toHaveLength(7);
    expect(source.closed).toBe(1);
  });
});
