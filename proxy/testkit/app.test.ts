import { describe, expect, it } from 'vitest';
import { appMessagesOf } from './app';
import type { Frame } from '../../lib/mcp/frame';

const frame = (seq: number, dir: Frame['dir'], raw: string, extra: Record<string, unknown> = {}): Frame =>
  ({ seq, ts: seq, dir, lane: 'message', raw, size: raw.length, ...extra }) as Frame;

describe("an app handle's messages", () => {
  it("are its channel's bridge messages, in order, with direction, method, id, params and result", () => {
    const frames = [
      frame(1, 'c2s', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get-time"}}'),
      frame(2, 'local', '{}', {
        lane: 'lifecycle',
        channel: 'app:1',
        meta: { transport: 'app', event: 'app-mounted', toolName: 'get-time', resourceUri: 'ui://get-time/app.html' },
      }),
      frame(3, 'c2s', '{"jsonrpc":"2.0","id":1,"method":"ui/initialize","params":{}}', { channel: 'app:1' }),
      frame(4, 'c2s', '{"jsonrpc":"2.0","id":1,"method":"ui/initialize","params":{}}', { channel: 'app:2' }),
      frame(5, 's2c', '{"jsonrpc":"2.0","id":1,"result":{"hostContext":{}}}', { channel: 'app:1' }),
      frame(6, 'c2s', '{not json', { channel: 'app:1' }),
    ];
    expect(appMessagesOf(frames, 'app:1')).toEqual([
      { seq: 3, direction: 'app-to-host', method: 'ui/initialize', id: 1, params: {}, raw: frames[2].raw },
      { seq: 5, direction: 'host-to-app', id: 1, result: { hostContext: {} }, raw: frames[4].raw },
      // A message that is not JSON is still one the app sent: kept with its text.
      { seq: 6, direction: 'app-to-host', raw: '{not json' },
    ]);
  });
});
