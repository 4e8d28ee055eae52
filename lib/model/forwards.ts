/**
 * Calls an MCP App asked its host to forward: the app sends `tools/call` (or `resources/read`) on
 * its channel, and the host sends the same request to the server on the session's channel. The
 * bridge carries no id that names the session's request, so the two are linked by what they ask:
 * the session's request is linked with the oldest app request of the same method and params
 * (canonical JSON without `_meta`, where each side puts its own progress token) that was sent
 * before it, is still unanswered, and is not linked yet. A host that asks the same thing on its own
 * while an app's identical call waits would be linked to it: nothing on the wire tells them apart.
 */
import { matchKey } from '../mcp/canonical';
import type { CallIndex } from '../mcp/calls';
import type { Classified } from '../mcp/classify';
import type { Frame } from '../mcp/frame';
import { asObject } from '../mcp/json';

/** The methods an app asks its host to forward to the server. */
const FORWARDED = new Set(['tools/call', 'resources/read']);

export interface ForwardLink {
  /** The app's request frame, and its channel. */
  appSeq: number;
  channel: string;
  /** The session's request frame the host sent for it. */
  sessionSeq: number;
}

export class Forwards {
  /** App requests not linked yet, oldest first, by match key. */
  private readonly waiting = new Map<string, { seq: number; channel: string }[]>();
  private readonly bySeq = new Map<number, ForwardLink>();

  /** An app asked its host for something on `channel`. */
  private appRequest(seq: number, channel: string, method: string, params: unknown): void {
    if (!FORWARDED.has(method)) return;
    const key = matchKey(method, params);
    const list = this.waiting.get(key);
    if (list) list.push({ seq, channel });
    else this.waiting.set(key, [{ seq, channel }]);
  }

  /** The client sent a request on the session's channel; `stillOpen` says whether an app request
   *  (by seq and channel) is unanswered. Returns the link it made, if any. */
  private sessionRequest(seq: number, method: string, params: unknown, stillOpen: (appSeq: number, channel: string) => boolean): ForwardLink | undefined {
    if (!FORWARDED.has(method)) return undefined;
    const key = matchKey(method, params);
    const list = this.waiting.get(key);
    if (!list) return undefined;
    // An app request answered before the host's arrived was not forwarded by it: passed for good.
    while (list.length && !stillOpen(list[0].seq, list[0].channel)) list.shift();
    const app = list.shift();
    if (list.length === 0) this.waiting.delete(key);
    if (!app) return undefined;
    const link: ForwardLink = { appSeq: app.seq, channel: app.channel, sessionSeq: seq };
    this.bySeq.set(app.seq, link);
    this.bySeq.set(seq, link);
    return link;
  }

  /** After a frame was analysed (`c` its classification, `callsOf` the analyser's calls by
   *  channel): an app's request the host may forward, or the host's request that forwards one. */
  link(f: Frame, c: Classified, callsOf: (channel: string | undefined) => CallIndex | undefined): void {
    if (f.lane !== 'message' || f.dir !== 'c2s' || c.kind !== 'request' || c.method === undefined) return;
    if (callsOf(f.channel)?.callAt(f.seq)?.seq !== f.seq) return;
    const params = asObject(c.json)?.params;
    if (f.channel !== undefined) this.appRequest(f.seq, f.channel, c.method, params);
    else
      this.sessionRequest(f.seq, c.method, params, (seq, channel) => {
        // A call no longer held (a reader let go of it once it was over) is not open either.
        const call = callsOf(channel)?.callAt(seq);
        return call !== undefined && call.responseSeq === undefined;
      });
  }

  /** The link a request frame is part of, from either end. */
  at(seq: number): ForwardLink | undefined {
    return this.bySeq.get(seq);
  }

  /** Lets go of the link a request frame is part of, for a reader done with it (both ends). */
  forget(seq: number): void {
    const link = this.bySeq.get(seq);
    if (!link) return;
    this.bySeq.delete(link.appSeq);
    this.bySeq.delete(link.sessionSeq);
  }
}
