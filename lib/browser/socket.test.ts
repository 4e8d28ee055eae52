import { describe, expect, it } from 'vitest';
import { LoupeSocket } from './socket';

/** What the page's socket needs of a WebSocket: its state and `send` (the proxy's messages are fed to the page's reader). */
class WireStandIn {
  readyState: number = WebSocket.OPEN;
  readonly sent: Record<string, unknown>[] = [];
  send(text: string): void {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
}

function linked(): { socket: LoupeSocket; wire: WireStandIn; fromProxy(msg: object): void } {
  const socket = new LoupeSocket();
  const wire = new WireStandIn();
  socket['ws'] = wire as unknown as WebSocket;
  return { socket, wire, fromProxy: (msg) => socket['arrive'](wire as unknown as WebSocket, JSON.stringify(msg)) };
}

describe('the page socket: messages the proxy answers only when it refuses them (app/frame)', () => {
  it('sends each under one rid that waits for nothing, and hears every refusal of it until closed', () => {
    const { socket, wire, fromProxy } = linked();
    const refusals: string[] = [];
    const sender = socket.unacked((e) => refusals.push(e.message));
    const frame = { type: 'app/frame', sessionId: 's1', channel: 'app:1', dir: 'c2s', text: '{}' } as const;
    sender.send(frame);
    sender.send({ ...frame, dir: 's2c' });
    expect(wire.sent).toHaveLength(2);
    const rid = wire.sent[0].rid;
    expect(wire.sent).toEqual([
      { ...frame, rid },
      { ...frame, dir: 's2c', rid },
    ]);
    expect(socket['waiting'].size).toBe(0);

    fromProxy({ type: 'ack', rid: 'r999', ok: false, error: 'not this sender' });
    fromProxy({ type: 'ack', rid, ok: false, error: 'the session has no open app on channel app:1: mount it first (app/open)' });
    fromProxy({ type: 'error', rid, message: 'invalid app/frame: dir: expected one of "c2s"|"s2c"' });
    expect(refusals).toEqual([
      'the session has no open app on channel app:1: mount it first (app/open)',
      'invalid app/frame: dir: expected one of "c2s"|"s2c"',
    ]);

    sender.close();
    fromProxy({ type: 'ack', rid, ok: false, error: 'after close' });
    expect(refusals).toHaveLength(2);
  });

  it('says so at once when the page is not connected, rather than sending into nothing', () => {
    const { socket, wire } = linked();
    wire.readyState = WebSocket.CLOSED;
    const refusals: string[] = [];
    socket.unacked((e) => refusals.push(e.message)).send({ type: 'app/frame', sessionId: 's1', channel: 'app:1', dir: 'c2s', text: '{}' });
    expect(wire.sent).toEqual([]);
    expect(refusals).toEqual(['Not connected to the Loupe proxy; it will be retried automatically.']);
  });
});
