import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { ProxyMessage } from '../../lib/wire/protocol';
import { BATCH_FRAMES, FrameStream, HIGH_WATER_BYTES } from './frame-stream';
import { ScriptedSession } from './testing/scripted-registry';

const conn = { id: 'c', name: 'c', transport: 'stdio' as const, command: 'x', args: [], env: {} };
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function setup() {
  const session = new ScriptedSession('s', conn, { protocolVersion: '2025-11-25', clientCapabilities: {} });
  const socket = { readyState: 1, OPEN: 1, bufferedAmount: 0 };
  const sent: ProxyMessage[] = [];
  const stream = new FrameStream(session, socket as unknown as WebSocket, (m) => sent.push(m));
  const seqs = () => sent.flatMap((m) => (m.type === 'frames/snapshot' || m.type === 'frames/append' ? m.frames.map((f) => f.seq) : []));
  return { session, socket, sent, stream, seqs };
}

describe('FrameStream', () => {
  it('batches a flood into few messages of at most BATCH_FRAMES', async () => {
    const { session, sent, stream, seqs } = setup();
    stream.start();
    for (let i = 0; i < 100; i++) session.record(30);
    await wait(40);
    const appends = sent.filter((m) => m.type === 'frames/append');
    expect(seqs()).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1));
    expect(appends.length).toBeLessThanOrEqual(Math.ceil(3000 / BATCH_FRAMES) + 1);
  });

  it('holds frames while the socket is over its high-water mark, then sends them all', async () => {
    const { session, socket, sent, stream, seqs } = setup();
    stream.start();
    socket.bufferedAmount = HIGH_WATER_BYTES + 1;
    session.record(2000);
    await wait(60);
    expect(sent.filter((m) => m.type === 'frames/append')).toEqual([]);
    socket.bufferedAmount = 0;
    await wait(60);
    expect(seqs()).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
  });

  it('stops sending once stopped', async () => {
    const { session, sent, stream } = setup();
    stream.start();
    session.record(5);
    stream.stop();
    await wait(40);
    expect(sent.map((m) => m.type)).toEqual(['frames/snapshot', 'server-requests/update', 'client/snapshot']);
  });
});
