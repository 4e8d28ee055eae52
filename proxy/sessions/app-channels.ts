/**
 * The MCP Apps a page renders in a session, each on a channel of its own (`app:1`, `app:2`, …,
 * lib/mcp/channel.ts). The page runs the bridge (the View <-> host JSON-RPC over postMessage) and
 * sends every message of it here; the session stamps it on its own clock and records it like any
 * frame, so a reload, an export and every view see it. Numbers are the session's, not a page's:
 * two pages rendering apps at once never share a channel.
 */
import { appChannel } from '../../lib/mcp/channel';
import type { AppLifecycleMeta, Frame } from '../../lib/mcp/frame';
import { isObject } from '../../lib/mcp/json';
import type { Recording } from './recording';

/** What the page tells of the app it mounts. */
export interface AppMount {
  toolName: string;
  resourceUri: string;
  /** The JSON-RPC id of the session's `tools/call` whose result the app shows. */
  requestId?: string | number;
}

type AppEvent = DistributiveOmitTransport<AppLifecycleMeta>;
type DistributiveOmitTransport<T> = T extends unknown ? Omit<T, 'transport'> : never;

export class AppChannels {
  private count = 0;
  private readonly open = new Set<string>();

  constructor(
    private readonly recording: Recording,
    /** Why nothing can be recorded now (the session ended), or undefined. */
    private readonly closedBecause: () => string | undefined,
  ) {}

  /** Opens the next channel and records `app-mounted` on it. */
  mount(app: AppMount): string {
    this.writable();
    const channel = appChannel(++this.count);
    this.open.add(channel);
    const requestSeq = app.requestId === undefined ? undefined : this.callSeq(app.requestId);
    const raw = `the host rendered ${app.resourceUri} for the tool ${app.toolName}`;
    this.lifecycle(channel, raw, {
      event: 'app-mounted',
      toolName: app.toolName,
      resourceUri: app.resourceUri,
      ...(app.requestId !== undefined ? { requestId: app.requestId } : {}),
      ...(requestSeq !== undefined ? { requestSeq } : {}),
    });
    return channel;
  }

  /** One bridge message as it crossed: `c2s` from the app to the host, `s2c` the other way. */
  message(channel: string, dir: 'c2s' | 's2c', text: string): void {
    this.check(channel);
    const r = this.recording;
    r.recorder.record({ channel, ts: r.clock.now(), dir, lane: 'message', raw: text, size: Buffer.byteLength(text, 'utf8') });
  }

  /** Something the host saw of the app (a CSP violation in its frame). */
  event(channel: string, raw: string, event: AppEvent): void {
    this.check(channel);
    this.lifecycle(channel, raw, event);
  }

  /** Records `app-unmounted` and closes the channel; a channel already closed is left as it is. */
  unmount(channel: string, reason: string): void {
    if (!this.open.delete(channel) || this.closedBecause() !== undefined) return;
    this.lifecycle(channel, `the host removed the app: ${reason}`, { event: 'app-unmounted', reason });
  }

  private lifecycle(channel: string, raw: string, event: AppEvent): void {
    const r = this.recording;
    const meta = { transport: 'app', ...event } as AppLifecycleMeta;
    r.recorder.record({ channel, ts: r.clock.now(), dir: 'local', lane: 'lifecycle', raw, size: 0, meta });
  }

  private writable(): void {
    const why = this.closedBecause();
    if (why) throw new Error(`cannot record the app: ${why}`);
  }

  private check(channel: string): void {
    this.writable();
    if (!this.open.has(channel)) throw new Error(`the session has no open app on channel ${channel}: mount it first (app/open)`);
  }

  /** The seq of the newest `tools/call` request with that id on the session's own channel. */
  private callSeq(id: string | number): number | undefined {
    const frames: readonly Frame[] = this.recording.frames();
    for (let i = frames.length - 1; i >= 0; i--) {
      const f = frames[i];
      if (f.channel !== undefined || f.dir !== 'c2s' || f.lane !== 'message' || !f.raw.includes('tools/call')) continue;
      try {
        const msg: unknown = JSON.parse(f.raw);
        if (isObject(msg) && msg.method === 'tools/call' && msg.id === id) return f.seq;
      } catch {
        // Not JSON: not the call.
      }
    }
    return undefined;
  }
}
