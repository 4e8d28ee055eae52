/** Builds frames for the view tests: a tiny script language over JSON-RPC messages. */
import type { Direction, Frame, Lane } from '../mcp/frame';
import { toFrame } from '../mcp/frame-check';

export class FrameScript {
  readonly frames: Frame[] = [];
  private ts = 0;

  /** Advance the wire clock by `us` microseconds. */
  wait(us: number): this {
    this.ts += us;
    return this;
  }

  raw(dir: Direction, raw: string, lane: Lane = 'message', meta?: Frame['meta']): Frame {
    const f = toFrame({ seq: this.frames.length + 1, ts: this.ts, dir, lane, raw, size: raw.length, meta });
    this.frames.push(f);
    this.ts += 100;
    return f;
  }

  msg(dir: Direction, json: unknown): Frame {
    return this.raw(dir, JSON.stringify(json));
  }

  request(dir: Direction, id: number | string, method: string, params?: unknown): Frame {
    return this.msg(dir, { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
  }

  result(dir: Direction, id: number | string, result: unknown = {}): Frame {
    return this.msg(dir, { jsonrpc: '2.0', id, result });
  }

  error(dir: Direction, id: number | string, code: number, message: string): Frame {
    return this.msg(dir, { jsonrpc: '2.0', id, error: { code, message } });
  }

  notify(dir: Direction, method: string, params?: unknown): Frame {
    return this.msg(dir, { jsonrpc: '2.0', method, ...(params ? { params } : {}) });
  }

  /** A complete handshake with the given capabilities. */
  handshake(clientCaps: unknown = {}, serverCaps: unknown = { tools: {} }, version = '2025-06-18'): this {
    this.request('c2s', 0, 'initialize', { protocolVersion: version, capabilities: clientCaps, clientInfo: { name: 'loupe', version: '1' } });
    this.result('s2c', 0, { protocolVersion: version, capabilities: serverCaps, serverInfo: { name: 'srv', version: '2' }, instructions: 'be nice' });
    this.notify('c2s', 'notifications/initialized');
    return this;
  }
}
