import { describe, expect, it, vi } from 'vitest';
import type WebSocket from 'ws';
import type { ProxyMessage } from '../../lib/wire/protocol';
import { BATCH_FRAMES, DEFLATE_FROM_BYTES, FrameStream, HIGH_WATER_BYTES, SNAPSHOT_CHUNK_FRAMES } from './frame-stream';
import { ScriptedSession } from './testing/scripted-registry';
import { inflateRawSync } from 'node:zlib';
import { decodeFramesChunk, isDeflatedFramesChunk } from '../../lib/wire/frame-chunk';

const conn = { id: 'c', name: 'c', transport: 'stdio' as const, command: 'x', args: [], env: {} };
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const turn = () => new Promise((r) => setImmediate(r));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

type Form = 'JSON' | 'binary';

function setup(form: Form = 'JSON') {
  const session = new ScriptedSession('s', conn, { protocolVersion: '2025-11-25', clientCapabilities: {} });
  const sent: ProxyMessage[] = [];
  // The binary form goes straight onto the socket; it is decoded here as the page would.
  const socket = {
    readyState: 1,
    OPEN: 1,
    bufferedAmount: 0,
    deflated: [] as number[],
    send(bytes: Uint8Array) {
      if (isDeflatedFramesChunk(bytes)) {
        socket.deflated.push(bytes.length);
        bytes = inflateRawSync(bytes.subarray(4));
      }
      const r = decodeFramesChunk(bytes.slice().buffer);
      if (!r.ok) throw new Error(r.problem);
      sent.push(r.msg as ProxyMessage);
    },
  };
  const stream = new FrameStream(
    session,
    socket as unknown as WebSocket,
    (m) => {
      if (form === 'binary' && (m.type === 'frames/snapshot' || m.type === 'frames/append'))
        throw new Error('frames went as JSON to a page that asked for the binary form');
      sent.push(m);
    },
    form === 'binary',
  );
  const seqs = () => sent.flatMap((m) => (m.type === 'frames/snapshot' || m.type === 'frames/append' ? m.frames.map((f) => f.seq) : []));
  return { session, socket, sent, stream, seqs };
}

describe.each<Form>(['JSON', 'binary'])('FrameStream, frames as %s', (form) => {
  const setupForm = () => setup(form);

  it('sends what the session recorded with its credentials masked', async () => {
    const { session, sent, stream, seqs } = setupForm();
    const secret = 'sk-live-0123456789abcdef';
    session.maskedSecrets = () => [secret];
    session.record(3);
    session.recorded[1].raw = `{"token":"${secret}"}`;
    stream.start();
    session.record(1)[0].raw = `{"again":"${secret}"}`;
    await vi.waitFor(() => expect(seqs()).toEqual([1, 2, 3, 4]));
    const raws = sent.flatMap((m) => (m.type === 'frames/snapshot' || m.type === 'frames/append' ? m.frames.map((f) => f.raw) : []));
    expect(raws.join()).not.toContain(secret);
    expect(raws[1]).toContain('«redacted:oauth');
  });

  it('deflates the large messages of the binary form, and only those', async () => {
    const { session, socket, sent, stream, seqs } = setupForm();
    session.record(SNAPSHOT_CHUNK_FRAMES + 1);
    stream.start();
    session.record(3);
    await vi.waitFor(() => expect(seqs()).toEqual(range(1, SNAPSHOT_CHUNK_FRAMES + 4)));
    expect(sent.filter((m) => m.type === 'frames/snapshot' || m.type === 'frames/append').map((m) => m.frames.length)).toEqual([SNAPSHOT_CHUNK_FRAMES, 1, 3]);
    if (form === 'binary') expect(socket.deflated).toHaveLength(1);
    expect(socket.deflated.every((n) => n < DEFLATE_FROM_BYTES)).toBe(true);
  });

  it('batches a flood into few messages of at most BATCH_FRAMES', async () => {
    const { session, sent, stream, seqs } = setupForm();
    stream.start();
    for (let i = 0; i < 100; i++) session.record(30);
    await wait(40);
    const appends = sent.filter((m) => m.type === 'frames/append');
    expect(seqs()).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1));
    expect(appends.length).toBeLessThanOrEqual(Math.ceil(3000 / BATCH_FRAMES) + 1);
  });

  it('holds frames while the socket is over its high-water mark, then sends them all', async () => {
    const { session, socket, sent, stream, seqs } = setupForm();
    stream.start();
    socket.bufferedAmount = HIGH_WATER_BYTES + 1;
    session.record(2000);
    await wait(60);
    expect(sent.filter((m) => m.type === 'frames/append')).toEqual([]);
    socket.bufferedAmount = 0;
    await wait(60);
    expect(seqs()).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
  });

  it('sends a large snapshot in chunks, one per turn, and the frames recorded meanwhile after the last', async () => {
    const { session, sent, stream, seqs } = setupForm();
    const end = 2 * SNAPSHOT_CHUNK_FRAMES + 1;
    session.record(end);
    stream.start();
    // The first chunk at once, and the client panel's state with it, not after the frames.
    expect(sent.map((m) => m.type)).toEqual(['frames/snapshot', 'server-requests/update', 'client/snapshot']);
    // Frames recorded between two chunks, and some the snapshot holds announced again.
    session.record(10);
    session.announce(session.recorded.slice(0, 5));
    await turn();
    session.record(10);
    await vi.waitFor(() => expect(seqs().at(-1)).toBe(end + 20));
    const frameMessages = sent.filter((m) => m.type === 'frames/snapshot' || m.type === 'frames/append');
    expect(frameMessages.map((m) => `${m.type}${m.type === 'frames/snapshot' && m.more ? ' more' : ''} ${m.frames[0].seq}-${m.frames.at(-1)!.seq}`)).toEqual([
      `frames/snapshot more 1-${SNAPSHOT_CHUNK_FRAMES}`,
      `frames/snapshot more ${SNAPSHOT_CHUNK_FRAMES + 1}-${2 * SNAPSHOT_CHUNK_FRAMES}`,
      `frames/snapshot ${end}-${end}`,
      `frames/append ${end + 1}-${end + 20}`,
    ]);
    expect(frameMessages.every((m) => m.type !== 'frames/snapshot' || m.endSeq === end)).toBe(true);
    expect(seqs()).toEqual(range(1, end + 20));
  });

  it('cuts a chunk short when its frames hold much text', async () => {
    const { session, sent, stream, seqs } = setupForm();
    session.record(3);
    for (const f of session.recorded) f.raw = 'x'.repeat(300 * 1024);
    stream.start();
    await vi.waitFor(() => expect(seqs()).toEqual([1, 2, 3]));
    expect(sent.filter((m) => m.type === 'frames/snapshot').map((m) => m.frames.length)).toEqual([2, 1]);
  });

  it('holds the next chunk while the socket is over its high-water mark', async () => {
    const { session, socket, sent, stream, seqs } = setupForm();
    session.record(SNAPSHOT_CHUNK_FRAMES + 1);
    stream.start();
    socket.bufferedAmount = HIGH_WATER_BYTES + 1;
    await wait(60);
    expect(sent.filter((m) => m.type === 'frames/snapshot')).toHaveLength(1);
    socket.bufferedAmount = 0;
    await vi.waitFor(() => expect(seqs()).toEqual(range(1, SNAPSHOT_CHUNK_FRAMES + 1)));
  });

  it('sends no more chunks once stopped', async () => {
    const { session, sent, stream } = setupForm();
    session.record(3 * SNAPSHOT_CHUNK_FRAMES);
    stream.start();
    stream.stop();
    await wait(40);
    expect(sent.filter((m) => m.type === 'frames/snapshot')).toHaveLength(1);
  });

  it('stops sending once stopped', async () => {
    const { session, sent, stream } = setupForm();
    stream.start();
    session.record(5);
    stream.stop();
    await wait(40);
    expect(sent.map((m) => m.type)).toEqual(['frames/snapshot', 'server-requests/update', 'client/snapshot']);
  });
});
