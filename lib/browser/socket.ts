/**
 * The only code in the page that touches the WebSocket. It validates every proxy message with the
 * wire schema, settles replies to requests that carried a `rid`, batches everything else into one
 * store write per animation frame, and reconnects with backoff, re-attaching to the session tabs
 * that are open, so a dropped link or a reload loses nothing.
 */
import { ProxyMessageSchema, unreachable, type PageMessage, type ProxyMessage } from '../wire/protocol';
import { useLoupe } from './store';
import { takeToken } from './token';
import { isRedactedView, REDACTED_QUERY } from './redacted-view';
import { restoreViewFromUrl } from './viewUrlSync';
import { Backoff } from './backoff';
import { checkFramesChunk, checkFramesMessage } from './frames-message';
import { isDeflatedFramesChunk } from '../wire/frame-chunk';
import { inflateRaw } from './inflate';
import { startClientFollowers } from './client-panel/followers';
import { restorePanels } from './client-panel/panelStore';
import { restoreTemplates } from './client-panel/templatesStore';
import { restoreDismissed } from './client-panel/dismissedStore';

type WithoutRid<T> = T extends unknown ? Omit<T, 'rid'> : never;
export type PageRequest = WithoutRid<PageMessage>;

type Reply = Extract<
  ProxyMessage,
  {
    type:
      | 'ack'
      | 'request/result'
      | 'session/exported'
      | 'connections/exported'
      | 'history/listed'
      | 'history/trace'
      | 'session/stored-frames'
      | 'session/search-result'
      | 'history/window'
      | 'history/search-result'
      | 'history/timing'
      | 'history/findings';
  }
>;

/** A request the proxy answered with an error; `code` is the JSON-RPC code when there is one. */
export class ProxyRequestError extends Error {
  /** `local`: Loupe gave up on the request (timeout, cancel, closed); not the server's error. */
  constructor(
    message: string,
    readonly code?: number,
    readonly data?: unknown,
    readonly local = false,
  ) {
    super(message);
  }
}

type TracePiece = Extract<ProxyMessage, { type: 'history/trace' }>;

interface Waiting {
  resolve: (r: Reply) => void;
  reject: (e: Error) => void;
  /** A reply in pieces (`history/trace`): each piece in order, the last one included. */
  piece?: (p: TracePiece) => void;
}

function zodParse(json: unknown): { success: true; data: ProxyMessage } | { success: false; problem?: string } {
  const r = ProxyMessageSchema.safeParse(json);
  return r.success ? { success: true, data: r.data } : { success: false, problem: r.error.issues[0]?.message };
}

export class LoupeSocket {
  private ws?: WebSocket;
  private token?: string;
  private started = false;
  private nextRid = 0;
  private readonly waiting = new Map<string, Waiting>();
  /** The rids of `unacked` senders, each with what hears the proxy refuse one of its messages. */
  private readonly refusals = new Map<string, (e: Error) => void>();
  private queue: ProxyMessage[] = [];
  private flushTimer?: ReturnType<typeof setTimeout>;
  private flushFrame?: number;
  private readonly backoff = new Backoff(250, 5000);
  private retryTimer?: ReturnType<typeof setTimeout>;
  /** While a deflated message is being inflated: the messages that came after it wait here, in
   *  order, so nothing overtakes it (a reply, the next chunk, a live batch). */
  private inbox?: Promise<void>;
  /** Sessions this socket has asked the proxy to stream; emptied when the link drops. */
  private readonly attached = new Set<string>();

  start(): void {
    if (this.started) return;
    this.started = true;
    useLoupe.getState().restoreTabs();
    restoreViewFromUrl();
    restorePanels();
    restoreTemplates();
    restoreDismissed();
    startClientFollowers();
    // A tab opened any way at all (the session list, Back/Forward, a link) streams its session.
    useLoupe.subscribe((now, before) => {
      if (now.tabs !== before.tabs || now.sessions !== before.sessions) this.attachOpenTabs();
    });
    this.token = takeToken();
    if (!this.token) {
      useLoupe.getState().setLink({
        status: 'no-token',
        message: 'This page needs the access token: open the URL that `loupe start` printed (it ends in ?token=…).',
      });
      return;
    }
    this.connect();
  }

  private connect(): void {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    // A redacted view asks for it on the socket itself: everything the proxy sends it is redacted.
    const url = `${scheme}://${window.location.host}/ws?token=${encodeURIComponent(this.token ?? '')}${isRedactedView() ? `&${REDACTED_QUERY}` : ''}`;
    useLoupe.getState().setLink({ status: 'connecting' });
    const ws = new WebSocket(url);
    // Frames come as binary messages in the compact form (lib/wire/frame-chunk.ts), asked for on attach.
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    ws.onmessage = (ev) => this.arrive(ws, ev.data);
    ws.onclose = () => this.closed(ws);
  }

  private closed(ws: WebSocket): void {
    if (this.ws !== ws) return;
    this.ws = undefined;
    this.attached.clear();
    this.flush();
    for (const w of this.waiting.values()) w.reject(new Error('The connection to the Loupe proxy was lost before it answered.'));
    this.waiting.clear();
    const delay = this.backoff.next();
    useLoupe.getState().setLink({
      status: 'closed',
      retryAt: Date.now() + delay,
      message: `Cannot reach the Loupe proxy at ${window.location.host}. Is \`loupe start\` still running? If it restarted, open the new URL it printed.`,
    });
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Reconnects now instead of waiting for the backoff. */
  retryNow(): void {
    if (this.ws || !this.token) return;
    clearTimeout(this.retryTimer);
    this.connect();
  }

  /** Takes a message in now, or after those still being inflated. */
  private arrive(ws: WebSocket, data: unknown): void {
    const deflated = data instanceof ArrayBuffer && isDeflatedFramesChunk(new Uint8Array(data, 0, Math.min(4, data.byteLength)));
    if (!deflated && !this.inbox) return this.receive(data);
    // Inflating starts at once; taking in waits for its turn.
    const ready: Promise<unknown> = deflated ? inflateRaw(new Uint8Array(data, 4)).catch((e: Error) => new InflateFailure(e)) : Promise.resolve(data);
    const turn = (this.inbox ?? Promise.resolve())
      .then(() => ready)
      .then((d) => {
        if (this.ws !== ws) return;
        if (d instanceof InflateFailure)
          useLoupe
            .getState()
            .notify(
              `The proxy sent a compressed frames message that does not inflate (${d.cause.message}); its frames are missing until the page is reloaded.`,
            );
        else this.receive(d);
      });
    this.inbox = turn;
    void turn.finally(() => {
      if (this.inbox === turn) this.inbox = undefined;
    });
  }

  private receive(data: unknown): void {
    if (data instanceof ArrayBuffer) return this.receiveFrames(data);
    let json: unknown;
    try {
      json = JSON.parse(String(data));
    } catch {
      useLoupe.getState().notify('The proxy sent a message that is not JSON; it was ignored.');
      return;
    }
    // Frame batches, the bulk of the traffic, take a hand-written check with the schema's rules.
    const frames = checkFramesMessage(json);
    const parsed = frames ? (frames.ok ? { success: true as const, data: frames.msg } : { success: false as const, problem: frames.problem }) : zodParse(json);
    if (!parsed.success) {
      const type = (json as { type?: unknown } | null)?.type;
      useLoupe
        .getState()
        .notify(
          `The proxy sent a ${String(type ?? 'malformed')} message this page does not understand (${parsed.problem}). Is the page older than the proxy? Reload it.`,
        );
      return;
    }
    this.dispatch(parsed.data);
  }

  /** A frames message in the compact form: the same checks as its JSON form, then the same way in. */
  private receiveFrames(buffer: ArrayBuffer): void {
    const r = checkFramesChunk(buffer);
    if (!r.ok) {
      useLoupe
        .getState()
        .notify(`The proxy sent a binary frames message this page does not understand (${r.problem}). Is the page older than the proxy? Reload it.`);
      return;
    }
    this.dispatch(r.msg);
  }

  private dispatch(msg: ProxyMessage): void {
    switch (msg.type) {
      case 'hello':
        this.backoff.reset();
        this.queue.push(msg);
        this.flush();
        this.reattach();
        return;
      case 'frames/snapshot':
        this.queue.push(msg);
        // A chunk with more to come goes into the session's model now, while the next ones are on
        // their way (the reducer takes it quietly: no view redraws until the last chunk). Waiting
        // for an animation frame would only leave the chunks to pile up for the end.
        if (msg.more) this.flush();
        else this.scheduleFlush();
        return;
      case 'connections/update':
      case 'sessions/update':
      case 'taps/update':
      case 'frames/append':
      case 'server-requests/update':
      case 'client/snapshot':
      case 'client/update':
        this.queue.push(msg);
        this.scheduleFlush();
        return;
      case 'error':
        if (msg.rid && this.refused(msg.rid, msg.message)) return;
        if (msg.rid) return this.settle(msg.rid, (w) => w.reject(new ProxyRequestError(msg.message, undefined, undefined, true)));
        this.queue.push(msg);
        this.scheduleFlush();
        return;
      case 'ack':
        if (!msg.ok && this.refused(msg.rid, msg.error ?? 'The proxy refused the message.')) return;
        return this.settle(msg.rid, (w) => w.resolve(msg));
      case 'request/result':
      case 'session/exported':
      case 'connections/exported':
      case 'history/listed':
      case 'session/stored-frames':
      case 'session/search-result':
      case 'history/window':
      case 'history/search-result':
      case 'history/timing':
      case 'history/findings':
        return this.settle(msg.rid, (w) => w.resolve(msg));
      case 'history/trace':
        this.waiting.get(msg.rid)?.piece?.(msg);
        if (msg.more) return;
        return this.settle(msg.rid, (w) => w.resolve(msg));
      default:
        unreachable(msg);
    }
  }

  /** Whether `rid` is an `unacked` sender's; if so, its listener hears the refusal. */
  private refused(rid: string, message: string): boolean {
    const hear = this.refusals.get(rid);
    hear?.(new ProxyRequestError(message, undefined, undefined, true));
    return hear !== undefined;
  }

  /** Replies are settled after the store has seen everything that arrived before them. */
  private settle(rid: string, how: (w: Waiting) => void): void {
    const w = this.waiting.get(rid);
    if (!w) return;
    this.waiting.delete(rid);
    this.flush();
    how(w);
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== undefined) return;
    // requestAnimationFrame does not fire in a hidden tab; the timer keeps a background tab current.
    this.flushFrame = requestAnimationFrame(() => this.flush());
    this.flushTimer = setTimeout(() => this.flush(), 100);
  }

  private flush(): void {
    if (this.flushFrame !== undefined) cancelAnimationFrame(this.flushFrame);
    clearTimeout(this.flushTimer);
    this.flushFrame = undefined;
    this.flushTimer = undefined;
    if (!this.queue.length) return;
    const batch = this.queue;
    this.queue = [];
    useLoupe.getState().applyMessages(batch);
  }

  /** After (re)connecting, ask again for every live session shown in a tab (the set was emptied when the link dropped). */
  private reattach(): void {
    this.attachOpenTabs();
  }

  private attachOpenTabs(): void {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    const { tabs, sessions } = useLoupe.getState();
    const known = new Set(sessions.map((s) => s.id));
    for (const id of tabs) {
      if (id.startsWith('file:') || !known.has(id) || this.attached.has(id)) continue;
      this.attach(id).catch((e: Error) => useLoupe.getState().notify(`Could not attach to a session: ${e.message}`));
    }
  }

  /** Starts the stream of a session's frames (a snapshot, then live batches), once per link. */
  async attach(sessionId: string): Promise<void> {
    if (this.attached.has(sessionId)) return;
    this.attached.add(sessionId);
    try {
      await this.call({ type: 'session/attach', sessionId, binaryFrames: true });
    } catch (e) {
      this.attached.delete(sessionId);
      throw e;
    }
  }

  /** Sends a message and resolves with the proxy's reply (`ack` or `request/result`); a reply in
   *  pieces gives each to `piece` as it comes and resolves with the last. */
  request(msg: PageRequest, piece?: (p: TracePiece) => void): Promise<Reply> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.reject(new Error('Not connected to the Loupe proxy; it will be retried automatically.'));
    const rid = `r${++this.nextRid}`;
    return new Promise<Reply>((resolve, reject) => {
      this.waiting.set(rid, { resolve, reject, piece });
      ws.send(JSON.stringify({ ...msg, rid }));
    });
  }

  /**
   * A sender of messages the proxy answers only when it refuses one (`app/frame`: one for each
   * message of an MCP App's bridge, where an answer to each would double the bridge's traffic on
   * the socket, on the path of every call the app forwards). Its messages share one rid, so
   * nothing waits for an answer; `onRefusal` hears each refusal, and that the page is not
   * connected when a message could not be sent. `close` stops listening.
   */
  unacked(onRefusal: (e: Error) => void): { send(msg: PageRequest): void; close(): void } {
    const rid = `u${++this.nextRid}`;
    this.refusals.set(rid, onRefusal);
    return {
      send: (msg) => {
        const ws = this.ws;
        if (!ws || ws.readyState !== WebSocket.OPEN) return onRefusal(new Error('Not connected to the Loupe proxy; it will be retried automatically.'));
        ws.send(JSON.stringify({ ...msg, rid }));
      },
      close: () => void this.refusals.delete(rid),
    };
  }

  /** Like `request`, but an `ack` with ok:false or a `request/result` error rejects. */
  async call(msg: PageRequest, piece?: (p: TracePiece) => void): Promise<Reply> {
    const reply = await this.request(msg, piece);
    if (reply.type === 'ack' && !reply.ok) throw new ProxyRequestError(reply.error ?? 'The proxy refused the request.', undefined, undefined, true);
    if (reply.type === 'request/result' && reply.error)
      throw new ProxyRequestError(reply.error.message, reply.error.code, reply.error.data, reply.error.local === true);
    return reply;
  }
}

class InflateFailure {
  constructor(readonly cause: Error) {}
}

let socket: LoupeSocket | undefined;
export function getSocket(): LoupeSocket {
  socket ??= new LoupeSocket();
  return socket;
}
