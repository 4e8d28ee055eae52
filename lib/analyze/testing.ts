/** Frame builders for the analyser's tests: a script of messages becomes recorded frames. */
import type { Frame, FrameMeta } from '../mcp/frame';
import { toFrame } from '../mcp/frame-check';

/** Frame fields beyond the essentials (truncated, invalidUtf8, ...); the built frame is validated. */
type Extra = Record<string, unknown>;

export class Script {
  readonly frames: Frame[] = [];
  private ts = 0;

  private add(dir: Frame['dir'], lane: Frame['lane'], raw: string, extra: Extra = {}, gapUs = 1000): this {
    this.ts += gapUs;
    this.frames.push(toFrame({ seq: this.frames.length + 1, ts: this.ts, dir, lane, raw, size: raw.length, meta: { transport: 'stdio' }, ...extra }));
    return this;
  }

  /** Client -> server message (an object is serialised; a string is sent as is). */
  c(msg: unknown, gapUs?: number): this {
    return this.add('c2s', 'message', typeof msg === 'string' ? msg : JSON.stringify(msg), {}, gapUs);
  }

  s(msg: unknown, gapUs?: number): this {
    return this.add('s2c', 'message', typeof msg === 'string' ? msg : JSON.stringify(msg), {}, gapUs);
  }

  /** A message on an MCP App's bridge (`channel` app:<n>): `c2s` app -> host, `s2c` host -> app. No meta: a bridge has no transport. */
  app(channel: string, dir: 'c2s' | 's2c', msg: unknown): this {
    this.ts += 1000;
    const raw = typeof msg === 'string' ? msg : JSON.stringify(msg);
    this.frames.push(toFrame({ seq: this.frames.length + 1, ts: this.ts, dir, lane: 'message', raw, size: raw.length, channel }));
    return this;
  }

  frame(dir: Frame['dir'], lane: Frame['lane'], raw: string, extra: Extra = {}, meta?: FrameMeta): this {
    return this.add(dir, lane, raw, meta ? { ...extra, meta } : extra);
  }

  wait(us: number): this {
    this.ts += us;
    return this;
  }

  /** The stateful handshake with the given versions and capabilities. */
  handshake(o: { version?: string; selected?: string; client?: object; server?: object } = {}): this {
    const version = o.version ?? '2025-11-25';
    return this.c({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: version, capabilities: o.client ?? {}, clientInfo: { name: 'loupe', version: '1' } },
    })
      .s({ jsonrpc: '2.0', id: 0, result: { protocolVersion: o.selected ?? version, capabilities: o.server ?? {}, serverInfo: { name: 'srv', version: '1' } } })
      .c({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }
}

export const script = () => new Script();
